// One SM's L1 data cache for global and local accesses, in front of the shared L2 (timing/memory_system.hpp).
//
// Models: mem.l1_size bytes (per launch: more when the launch's carve-out leaves more of the pool), mem.l1_assoc
// ways, sets picked by mem.l1_set_index (modulo or a hash of the address), LRU or random replacement
// (mem.l1_replacement), sectored (timing/sector_cache.hpp). Two stages set an access's pace: the issuing sub-partition's path
// into L1 (mem.l1_load_cycles_per_line / mem.l1_store_cycles_per_line per distinct 128-byte line: what one warp
// gets alone) and the SM's shared tag and data stages (the longer of mem.l1_tag_cycles_per_line per line and its
// sectors at mem.l1_sectors_per_cycle: what all warps together get), hits and misses alike; its sectors leave
// evenly over the longer of the two. Loads (global, .nc and local) that hit
// return mem.l1_hit_latency after that; misses go to L2, allocate the sector and return mem.l1_miss_latency after
// L2's answer (the fill is written into L1 and read out). Loads that bypass L1 (.cg,
// .cv, .volatile, strong wider than .cta: LDG.E.STRONG.GPU) take the same stages, then go to L2 without a lookup. Stores are write-through and do
// not allocate (a present sector is updated). Atomics bypass L1. A sector whose fill is still in flight counts as a
// hit and waits for the fill (MSHR merging). An SM's REDs into one line go one request after another
// (mem.red_line_request_cycles + mem.red_line_lane_cycles per lane each, one request per lane on the most-used
// address): Nsight on an H100 (traces/ubench_atomic_line, 2026-12-06) counts that many L2 requests per warp RED, and
// 132 SMs each adding 128 REDs into a line of its own (1, 4 or 32 requests each) take 9,420, 12,818 and 41,765 cycles
// on the H200, while one unit serves 132 SMs' requests into one line every 4.9 (32 lanes) and 1.46 (1 lane) cycles.
// Leaves out: MSHR limits (no back-pressure on loads), write combining, the H200's exact set hash and replacement
// policy (its cycles per load past the capacity rise in steps that random replacement does not give:
// traces/README.md, ubench_l1_assoc), the texture path.
#pragma once

#include <warpsim/config/gpu_config.hpp>
#include <warpsim/timing/memory_system.hpp>
#include <warpsim/timing/sector_cache.hpp>

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace warpsim::timing {

struct MemResult {
  std::uint64_t ready = 0;     // when a load's or atomic's data lands (stores: when the last sector left L1)
  std::uint64_t accepted = 0;  // stores: when the last sector was taken by its L2 slice
  std::uint64_t taken = 0;     // stores: the last sector's MemorySystem::store_taken() (back-pressure counts from it)
  std::uint32_t l1_hits = 0;   // sectors that hit L1
};

struct L1Stats {
  std::uint64_t sector_hits = 0, sector_misses = 0;  // l1tex__t_sectors_lookup_{hit,miss}.sum (loads)
};

struct L1Config {
  std::uint64_t size = 0;            // mem.l1_size, bytes
  unsigned assoc = 1;                // mem.l1_assoc, ways
  unsigned hit_latency = 0;          // mem.l1_hit_latency, cycles
  unsigned miss_latency = 0;         // mem.l1_miss_latency, cycles
  double sectors_per_cycle = 1;      // mem.l1_sectors_per_cycle
  double load_cycles_per_line = 0;   // mem.l1_load_cycles_per_line (one sub-partition's path)
  double store_cycles_per_line = 0;  // mem.l1_store_cycles_per_line (one sub-partition's path)
  double tag_cycles_per_line = 0;    // mem.l1_tag_cycles_per_line (the SM's tag stage)
  unsigned sub_partitions = 1;       // sm.sub_partitions
  unsigned l2_side = 0;              // the SM's near L2 partition (set per SM: mem.l2_partition0_sms)
  unsigned l2_gpc = 0;               // the SM's GPC (set per SM: cluster.group_of_sm), for mem.l2_merge_per_gpc
  bool random_replacement = false;   // mem.l1_replacement = random
  bool hashed_sets = false;          // mem.l1_set_index = hashed
  double cp_async_cycles_per_line = 0;  // mem.cp_async_cycles_per_line (the SM's stages, LDGSTS; 0: tag_cycles_per_line)
  double red_request_cycles = 0;        // mem.red_line_request_cycles
  double red_lane_cycles = 0;           // mem.red_line_lane_cycles
  static L1Config from(const config::GpuConfig& g) {
    return {g.l1_size,
            g.l1_assoc,
            g.l1_hit_latency,
            g.l1_miss_latency,
            g.l1_sectors_per_cycle,
            g.l1_load_cycles_per_line,
            g.l1_store_cycles_per_line,
            g.l1_tag_cycles_per_line,
            std::max(g.sub_partitions, 1u),
            0,
            0,
            g.l1_replacement == config::Replacement::Random,
            g.l1_set_index == config::SetIndex::Hashed,
            g.cp_async_cycles_per_line,
            g.red_line_request_cycles,
            g.red_line_lane_cycles};
  }
};

class L1Cache {
 public:
  explicit L1Cache(const L1Config& cfg);
  explicit L1Cache(const config::GpuConfig& g) : L1Cache(L1Config::from(g)) {}
  // One warp access at cycle `now` to `sectors` (distinct, sorted); for atomics `same_address[i]` lanes on one
  // address of sector i (empty: one each), for stores the bytes of sector i written (empty: all 32). Misses,
  // stores and atomics go on to `l2`.
  // `sub`: the issuing sub-partition. `bypass`: a load served by L2 (.cg, strong .gpu/.sys): it takes L1's stages
  // like any load but neither hits nor allocates. `async_copy`: a cp.async's read (LDGSTS): the SM's stages take
  // mem.cp_async_cycles_per_line per line instead of mem.l1_tag_cycles_per_line. `operand_bytes`: for atomics,
  // the bytes of the lanes' operands in each sector (null or empty: not counted); `covered_bytes`: the bytes of
  // each sector's distinct addresses (null or empty: not known, the sector counts as partly filled); for a store,
  // the mask of the bytes it writes in each sector (null or empty: the first same_address bytes).
  // `red_lane_bytes`: non-zero for a RED (an atomic whose result nothing reads) of that many bytes per lane: its
  // requests into each line wait for the SM's earlier REDs into that line (mem.red_line_request_cycles and
  // mem.red_line_lane_cycles; lanes per sector from operand_bytes).
  MemResult access(const std::vector<std::uint64_t>& sectors, MemOp op, std::uint64_t now,
                   const std::vector<unsigned>& same_address, MemorySystem& l2, std::uint32_t sub = 0,
                   bool bypass = false, bool async_copy = false, const std::vector<unsigned>* operand_bytes = nullptr,
                   const std::vector<unsigned>* covered_bytes = nullptr, unsigned red_lane_bytes = 0);
  const L1Stats& stats() const { return stats_; }

 private:
  // A RED's place in the SM's chain on each of its lines: red_start_[i] for sector i.
  void red_chain(const std::vector<std::uint64_t>& sectors, const std::vector<unsigned>& same_address,
                 const std::vector<unsigned>& operand_bytes, unsigned lane_bytes, double start, std::uint64_t now);
  L1Config cfg_;
  SectorCache tags_;
  double free_ = 0;                // next cycle the SM's tag and data stages take an access
  std::vector<double> path_free_;  // per sub-partition: next cycle its path into L1 takes an access
  std::unordered_map<std::uint64_t, double> red_chain_;  // per line: when the SM's next RED into it may start
  std::vector<double> red_start_;                        // scratch: per sector of an access, its RED chain start
  L1Stats stats_;
};

}  // namespace warpsim::timing
