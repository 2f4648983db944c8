// One SM's L1 data cache for global and local accesses, in front of the shared L2 (timing/memory_system.hpp).
//
// Models: mem.l1_size bytes, mem.l1_assoc ways, LRU, sectored (timing/sector_cache.hpp). An access keeps it busy
// for the longer of its sectors at mem.l1_sectors_per_cycle and its distinct lines at mem.l1_load_cycles_per_line
// / mem.l1_store_cycles_per_line, its sectors leaving evenly over that time. Loads (global, .nc and local) that hit
// return mem.l1_hit_latency after that; misses go to L2 and allocate the sector. Stores are write-through and do
// not allocate (a present sector is updated). Atomics bypass L1. A sector whose fill is still in flight counts as a
// hit and waits for the fill (MSHR merging).
// Leaves out: MSHR limits (no back-pressure on loads), write combining, the per-kernel L1/shared carve-out
// (mem.l1_size is fixed), the texture path.
#pragma once

#include <warpsim/config/gpu_config.hpp>
#include <warpsim/timing/memory_system.hpp>
#include <warpsim/timing/sector_cache.hpp>

#include <cstdint>
#include <vector>

namespace warpsim::timing {

struct MemResult {
  std::uint64_t ready = 0;     // when a load's or atomic's data lands (stores: when the last sector left L1)
  std::uint64_t accepted = 0;  // stores: when the last sector was taken by its L2 slice
  std::uint32_t l1_hits = 0;   // sectors that hit L1
};

struct L1Stats {
  std::uint64_t sector_hits = 0, sector_misses = 0;  // l1tex__t_sectors_lookup_{hit,miss}.sum (loads)
};

struct L1Config {
  std::uint64_t size = 0;            // mem.l1_size, bytes
  unsigned assoc = 1;                // mem.l1_assoc, ways
  unsigned hit_latency = 0;          // mem.l1_hit_latency, cycles
  double sectors_per_cycle = 1;      // mem.l1_sectors_per_cycle
  double load_cycles_per_line = 0;   // mem.l1_load_cycles_per_line
  double store_cycles_per_line = 0;  // mem.l1_store_cycles_per_line
  static L1Config from(const config::GpuConfig& g) {
    return {g.l1_size,
            g.l1_assoc,
            g.l1_hit_latency,
            g.l1_sectors_per_cycle,
            g.l1_load_cycles_per_line,
            g.l1_store_cycles_per_line};
  }
};

class L1Cache {
 public:
  explicit L1Cache(const L1Config& cfg);
  explicit L1Cache(const config::GpuConfig& g) : L1Cache(L1Config::from(g)) {}
  // One warp access at cycle `now` to `sectors` (distinct, sorted); for atomics `same_address[i]` lanes on one
  // address of sector i (empty: one each). Misses, stores and atomics go on to `l2`.
  MemResult access(const std::vector<std::uint64_t>& sectors, MemOp op, std::uint64_t now,
                   const std::vector<unsigned>& same_address, MemorySystem& l2);
  const L1Stats& stats() const { return stats_; }

 private:
  L1Config cfg_;
  SectorCache tags_;
  double free_ = 0;  // next cycle its data path can take a sector
  L1Stats stats_;
};

}  // namespace warpsim::timing
