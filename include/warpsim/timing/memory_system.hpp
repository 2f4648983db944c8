// The memory hierarchy below the SMs' L1s (timing/l1_cache.hpp): an address-sliced L2 and GPU-wide DRAM. An L1
// sends it each sector it does not serve itself and gets back when the data lands.
//
// Models:
//   L2      mem.l2_slices slices, line l in slice hash(l) mod slices (address_hash: strides spread over the
//           slices and their sets as the hardware's address hashing spreads them), each mem.l2_size / slices bytes of
//           mem.l2_assoc ways, LRU, serving mem.l2_sectors_per_cycle_per_slice sectors per cycle in arrival
//           order, behind a tag stage that takes mem.l2_requests_per_cycle_per_slice requests (an L1's or TMA unit's
//           sectors of one line) per cycle, so that single-sector requests are limited by it and whole lines by the
//           sector rate (traces/ubench_warp_lat). A load hit returns mem.l2_hit_latency after the slice serves it
//           (latencies are load-to-use, as measured, so L2's already includes the L1 miss), spread pseudo-randomly over
//           mem.l2_hit_latency_spread cycles around it when that is set (0 in the models). Write-back,
//           write-allocate: a store of a whole sector makes it present and dirty without fetching it; with
//           mem.l2_partial_write_fill, a store of part of a sector that is not present either reads the sector from
//           DRAM at once (mem.l2_partial_sectors 0; 32 bytes: traces/ubench_partial_write reads 29.8 per partly
//           written sector), the sector's data there when that read is back (the store itself does not wait for it),
//           or, with mem.l2_partial_sectors, makes it a partial sector: the slice keeps the bytes written so far
//           (a byte mask from the L1: store_bytes), a later store that completes them makes it whole, a load or
//           atomic of it reads the rest from DRAM and waits, and when the slice holds more than its share
//           (mem.l2_partial_sectors / slices) its oldest is resolved through DRAM: 32 bytes read, merged, 32 bytes
//           written back through the slice's write-back path, the sector kept whole and clean (on an H100 random
//           half-sector stores over 8 MiB read and write 41.5 % of their sectors, over 2 MiB none:
//           traces/ubench_store_rand). A store of part of a sector the slice does not hold whole (absent or
//           partial) also keeps the slice mem.l2_partial_store_cycles, overlapping a line allocation's time (about
//           six times a whole sector's on the H100); one into a whole sector costs what a whole one does. With
//           mem.l2_store_queue a slice
//           takes stores into a queue of their own (store_taken(): the SM's back-pressure counts from there), while
//           processing them in arrival order with the loads. An atomic
//           is done at the slice: L2 hit (or DRAM) latency + mem.atomic_latency; its sector becomes dirty.
//   DRAM    timing/dram.hpp: misses wait for their channel's refresh if one is under way (mem.dram_refresh_*) and
//           for their bank (mem.dram_banks, mem.dram_bank_cycles each), then
//           queue at mem.dram_bytes_per_cycle for the whole GPU, then mem.dram_latency. A load miss reads mem.dram_access_bytes, the aligned block of sectors around the
//           missed one, and fills the block's other sectors of the line that are not present (with the same data
//           arrival). Evicted dirty sectors are written back (timed as DRAM traffic); those still
//           dirty when the kernel ends are counted as dram__bytes_write at finish(), untimed.
// A sector whose fill is still in flight counts as a hit and waits for the fill (MSHR merging).
// Partitions (mem.l2_partitions = 2): each line has a home partition, 1 XOR the parity of its address bits
// mem.l2_partition_hash_bits; each SM is near one partition (mem.l2_partition0_sms). An atomic from the far side
// takes mem.l2_far_atomic_cycles more, every time; a load from the far side that hits a line its side has no copy
// of takes mem.l2_far_first_load_cycles more (then the near partition holds a copy: later loads from that side
// take the near latency; a write to the line drops the copies); a miss fills the requesting side's copy at DRAM
// latency. Traced on the H200 by traces/ubench_l2_partition. With mem.l2_far_lookup, a far-side access its side's
// partition cannot serve (a load of a line its side holds no copy of, a store, an atomic) is looked up in a slice of
// the near partition first (the slice halfway round from its home slice): that slice spends the op's per-sector
// time on it and counts it as an L2 sector access, and the home slice takes it after that. Nsight counts these:
// lts__t_sectors is 1.53-1.64 times the sectors requested on every streaming microbenchmark that misses or stores
// (ubench_store_drain, ubench_dram_stream) and 1.13 times on L2 sweeps that hit near copies.
// Merging (mem.l2_merge_cycles): a TMA unit's load (a tensor or bulk copy) of a sector present in L2 (or being
// filled) that reaches the L2 within that many cycles after another TMA load of the same sector from the same side
// was looked up at its slice (or while that one is still queued there) rides on it: no slice time, no lts__t_sectors,
// its data back with the other's (not before its own mem.l2_hit_latency). On the H200 132 SMs loading the same
// L2-resident tiles at once (traces/ubench_tma's 132-CTA tma_serial: every CTA four 8-KiB tensor loads per burst, in
// step) make lts__t_sectors only 0.28 times the sectors they ask for and take 1,048 cycles per burst, as one SM alone
// (1,030): the requests are combined before the slices' tag stage, so that one slice's bandwidth does not serialise
// the 132 copies of its lines. Warps' loads (LDG, LDGSTS) merge the same way within mem.l2_merge_load_cycles (0 in
// the H100 and H200 models: not merged), and with mem.l2_merge_per_gpc any load merges only with one from an SM of
// the same GPC: the GPU's L2 request coalescer (Nsight's lrc__* counters, one per slice) combines warps' loads as
// well as the TMA's, but only those of one GPC (traces/ubench_l2_merge, traces/README.md "The L2 request coalescer
// and CTA placement": with 16 cycles per GPC the H100 model's cycles on it go from +29-125 % to -15-+12 %). Merging
// warps' loads is off in the models because warpsim's warps run closer to lockstep than the GPU's, so loads of
// random sectors coincide and merge more often than on the GPU (the judgement set's random-access kernels get faster
// still). A store or atomic to the sector ends its merging (the data changes).
// Clock domains (mem.reference_clock_mhz): the L2 and HBM keep their own clocks while the SM clock moves (an H100
// under Nsight, 2026-12-05: lts 1.69-1.71 GHz and dram 2.60-2.62 GHz at SM clocks from 1.555 GHz, ws_gemm 4096^3 at
// 71 % tensor-pipe use, to 1.97 GHz; traces/README.md, "Clocks under load"): every L2/DRAM cycle parameter is given
// at that SM clock and MemoryConfig::from converts it to cycles of sm.clock_mhz. The conversion is of the whole
// load-to-use latency, the part spent in the SM and crossbar included.
// Leaves out: MSHR and slice queue limits (the only back-pressure from below is mem.dram_queue_cycles on missing stores), the NoC's own bandwidth,
// the order in which the GPU resolves partial sectors (oldest first here: the H100's share read does not follow one
// capacity exactly, ubench_store_rand's 4 MiB of half sectors reads 21.7 % there and none here), partial sectors in
// lines the slice evicts (written back as whole ones), the capacity the far copies
// take, the slice count per partition (slices are shared), L1 write
// combining, sector-granular L2 replacement, ECC, TLBs, constant-cache misses, the per-kernel L1/shared
// carve-out (mem.l1_size is fixed), L2 persistence controls, shared-memory atomics (timed as shared accesses).
// Stores report when their slices took them: the LSU holds an SM's memory instructions back while its stores
// wait at busy slices (timing/lsu.hpp). A dirty line evicted from a
// slice leaves through that slice's share of the DRAM bandwidth (mem.dram_bytes_per_cycle / slices), and the
// slice takes nothing more until its write-back has started; write-backs also take their bytes from the
// GPU-wide DRAM queue that reads wait in. (Not the queue itself for the slice: it serves in call order, and a
// slice would wait behind requests timed later than its own.)
// A load that misses also keeps its slice 1 / mem.l2_fill_sectors_per_cycle_per_slice cycles per sector its DRAM read
// fills (the slice writes the data into its array as it does a store's: the H200 copies 16 MiB in about the time it
// takes to read it plus the time it takes to write it, traces/ubench_stream_mix). The fill is booked when the miss
// is looked up (the slice serves in arrival order), so a burst of misses delays the misses behind it at the slice
// more than the H200's returning fills would (traces/ubench_load_burst's 8 MiB bursts: +4 to +10 %).
// Stores take a slice for 1 / mem.l2_store_sectors_per_cycle_per_slice cycles per sector (the H200 takes stores
// at about 60 % of its load rate: traces/ubench_store_drain), plus mem.l2_store_line_cycles per line the request
// allocates (a line already there, by an earlier store to another of its sectors, costs none: random whole
// sectors of ubench_store_rand). With mem.l2_dirty_max_lines, L2 writes back the dirty sectors of the line dirtied longest ago whenever
// more lines than that hold dirty data (the line stays, clean): on the H200 stores that fit in L2 are written back
// while the kernel runs once about 150,000-210,000 lines are dirty (traces/ubench_store_drain).
// With mem.dram_queue_cycles, a store that misses waits at its slice while the DRAM bus is more than that far
// behind (fills and write-backs queue in front of DRAM; without a limit nobody waits for them).
// Same-address atomics: the lanes of a warp's atomic on one address keep the slice busy
// mem.atomic_same_address_cycles each, and the result waits for the last of them. With mem.atomic_bytes_per_cycle,
// the unit instead takes a sector's operands at that rate (lanes on different words in parallel) while the lanes on
// one address after the first wait mem.atomic_same_address_cycles each, whichever is longer
// (traces/ubench_atomic_line: 32 lanes on 32, 16 or 8 words of a line take about the same time, 8 lanes on each of
// 4 words 2.5 times as long), for sectors the atomic fills; a sector filled in part costs the per-lane time
// (traces/ubench_atomic_sector). Which unit: a mem.atomic_unit_bytes block's mem.atomic_interleave_bytes pieces go in
// turn to mem.atomic_block_units units (traces/ubench_atomic_units: a 1 KiB block's 256-byte pieces 0 and 2 share a
// unit, 1 and 3 another), and the pieces of an aligned run of mem.atomic_group_blocks blocks go to distinct units
// by a pseudo-random affine permutation of the mem.atomic_units units per run (traces/atomic_unit_map: on the H100
// the 64 halves of each aligned 32 KiB are on 64 distinct units of 80). Left out: that the H100's larger windows
// stay near even too (runs here take independent permutations), and the queues that pairs of its units share.
#pragma once

#include <warpsim/config/gpu_config.hpp>
#include <warpsim/timing/dram.hpp>
#include <warpsim/timing/sector_cache.hpp>
#include <warpsim/timing/stats.hpp>

#include <cmath>
#include <cstdint>
#include <deque>
#include <unordered_map>
#include <utility>
#include <vector>

namespace warpsim::timing {

enum class MemOp : std::uint8_t { Load, Store, Atomic };

// The L2 slices and DRAM, shared by every SM's L1 (timing/l1_cache.hpp).
struct MemoryConfig {
  unsigned l2_slices = 1;                     // mem.l2_slices
  std::uint64_t l2_size = 0;                  // mem.l2_size, bytes (all slices)
  unsigned l2_assoc = 1;                      // mem.l2_assoc, ways
  double l2_sectors_per_cycle_per_slice = 1;  // mem.l2_sectors_per_cycle_per_slice
  double l2_store_sectors_per_cycle_per_slice = 0;  // mem.l2_store_sectors_per_cycle_per_slice (0: as loads)
  std::uint64_t dirty_max_lines = 0;               // mem.l2_dirty_max_lines (0: no cap)
  unsigned l2_hit_latency = 0;                // mem.l2_hit_latency, cycles (load to use)
  unsigned atomic_latency = 0;                // mem.atomic_latency: an atomic at its slice, beyond the data
  double atomic_same_address_cycles = 0;      // mem.atomic_same_address_cycles: per lane on one address
  double atomic_bytes_per_cycle = 0;          // mem.atomic_bytes_per_cycle (0: lanes x the above instead)
  std::uint64_t atomic_unit_bytes = 128;      // mem.atomic_unit_bytes: aligned bytes one atomic unit serves
  double store_line_cycles = 0;               // mem.l2_store_line_cycles
  double fill_sectors_per_cycle = 0;          // mem.l2_fill_sectors_per_cycle_per_slice (0: fills are free)
  unsigned dram_queue_cycles = 0;             // mem.dram_queue_cycles (0: no limit)
  DramConfig dram;                            // mem.dram_* (timing/dram.hpp)
  bool partial_write_fill = false;            // mem.l2_partial_write_fill
  unsigned dram_access_bytes = 32;            // mem.dram_access_bytes
  unsigned partitions = 1;                    // mem.l2_partitions
  std::uint64_t partition_mask = 0;           // mem.l2_partition_hash_bits as a mask of byte-address bits
  unsigned far_first_load = 0;                // mem.l2_far_first_load_cycles
  unsigned far_atomic = 0;                    // mem.l2_far_atomic_cycles
  bool far_lookup = false;                    // mem.l2_far_lookup
  unsigned merge_cycles = 0;                  // mem.l2_merge_cycles (0: no merging)
  unsigned merge_load_cycles = 0;             // mem.l2_merge_load_cycles (0: warps' loads never merge)
  bool merge_per_gpc = false;                 // mem.l2_merge_per_gpc
  unsigned atomic_block_units = 1;            // mem.atomic_block_units
  std::uint64_t atomic_interleave_bytes = 256;  // mem.atomic_interleave_bytes
  unsigned atomic_units = 0;                  // mem.atomic_units (0: one per slice)
  unsigned atomic_group_blocks = 1;           // mem.atomic_group_blocks
  unsigned hit_spread = 0;                    // mem.l2_hit_latency_spread, cycles (0: every hit takes the same)
  double requests_per_cycle = 0;              // mem.l2_requests_per_cycle_per_slice (0: no limit apart from sectors)
  bool store_queue = false;                   // mem.l2_store_queue
  std::uint64_t partial_sectors = 0;          // mem.l2_partial_sectors (0: a partial miss reads its sector at once)
  double partial_store_cycles = 0;            // mem.l2_partial_store_cycles (0: as a whole sector)
  // The L2 and DRAM run on their own clocks: their cycle parameters are given at the SM clock
  // mem.reference_clock_mhz, and at another sm.clock_mhz (a GPU that boosts lower under load) a latency of c
  // reference cycles is c x sm.clock_mhz / mem.reference_clock_mhz SM cycles and a rate of r per reference cycle is
  // r / that per SM cycle. mem.reference_clock_mhz 0 (or equal clocks): the values as given.
  static MemoryConfig from(const config::GpuConfig& g) {
    std::uint64_t mask = 0;
    for (const unsigned b : g.l2_partition_hash_bits) mask |= std::uint64_t{1} << b;
    const double f = g.mem_reference_clock_mhz > 0 ? g.clock_mhz / g.mem_reference_clock_mhz : 1.0;
    const auto lat = [f](auto c) { return static_cast<decltype(c)>(std::llround(static_cast<double>(c) * f)); };
    const auto cyc = [f](double c) { return c * f; };
    const auto rate = [f](double r) { return r / f; };
    return {g.l2_slices,
            g.l2_size,
            g.l2_assoc,
            rate(g.l2_sectors_per_cycle_per_slice),
            rate(g.l2_store_sectors_per_cycle_per_slice),
            g.l2_dirty_max_lines,
            lat(g.l2_hit_latency),
            lat(g.atomic_latency),
            cyc(g.atomic_same_address_cycles),
            rate(g.atomic_bytes_per_cycle),
            g.atomic_unit_bytes,
            cyc(g.l2_store_line_cycles),
            rate(g.l2_fill_sectors_per_cycle_per_slice),
            lat(g.dram_queue_cycles),
            DramConfig{rate(g.dram_bytes_per_cycle), lat(g.dram_latency), g.dram_banks, cyc(g.dram_bank_cycles),
                       g.dram_write_batch_bytes, g.dram_burst_bytes, cyc(g.dram_turnaround_cycles), g.dram_channels,
                       g.dram_channel_bytes, lat(std::uint64_t{g.dram_refresh_interval_cycles}),
                       lat(std::uint64_t{g.dram_refresh_cycles}), cyc(g.dram_activate_cycles)},
            g.l2_partial_write_fill != 0,
            g.dram_access_bytes,
            g.l2_partitions,
            mask,
            lat(g.l2_far_first_load_cycles),
            lat(g.l2_far_atomic_cycles),
            g.l2_far_lookup != 0,
            lat(g.l2_merge_cycles),
            lat(g.l2_merge_load_cycles),
            g.l2_merge_per_gpc != 0,
            g.atomic_block_units,
            g.atomic_interleave_bytes,
            g.atomic_units,
            g.atomic_group_blocks,
            lat(g.l2_hit_latency_spread),
            rate(g.l2_requests_per_cycle_per_slice),
            g.l2_store_queue != 0,
            g.l2_partial_sectors,
            cyc(g.l2_partial_store_cycles)};
  }
};

class MemorySystem {
 public:
  explicit MemorySystem(const MemoryConfig& cfg);
  explicit MemorySystem(const config::GpuConfig& g) : MemorySystem(MemoryConfig::from(g)) {}
  // One sector arriving from an L1 at cycle `at`: a load that missed L1, a store writing `same_address` of its
  // bytes (32: the whole sector), or an atomic with `same_address` lanes on one of its addresses. Returns when a
  // load's or atomic's data is back at the SM, or when a store's slice took it.
  // `side`: the requesting SM's near partition (side_of). `line_start`: the first sector of its line in the warp's
  // request (the L1 sends a line's sectors together): a store's line pays mem.l2_store_line_cycles there, and it is a
  // new request for the slice's tag stage (mem.l2_requests_per_cycle_per_slice).
  // `operand_bytes`: an atomic's operand bytes in the sector (0: not counted; see mem.atomic_bytes_per_cycle);
  // `covered_bytes`: the bytes of its distinct addresses (32: the atomic fills the sector; 0: not known); for a
  // store, the bytes it writes as a mask (bit b: byte b of the sector; 0: the first `same_address` bytes).
  // `bulk`: the SM's TMA unit asks (a tensor or bulk copy), not a warp's load through L1 (mem.l2_merge_cycles, not
  // mem.l2_merge_load_cycles, is its merge window). `gpc`: the requesting SM's GPC (mem.l2_merge_per_gpc).
  std::uint64_t access(std::uint64_t sector, MemOp op, std::uint64_t at, unsigned same_address = 1, unsigned side = 0,
                       bool line_start = true, unsigned operand_bytes = 0, unsigned covered_bytes = 0,
                       bool bulk = false, unsigned gpc = 0);
  // The last store's cycle of being taken by its slice: with mem.l2_store_queue its place in the slice's store
  // queue, else the cycle access() returned for it. The SM's store back-pressure counts from it.
  std::uint64_t store_taken() const { return store_taken_; }
  // The home partition of a sector's line (0 with one partition).
  unsigned partition_of(std::uint64_t sector) const;
  // Kernel end: dirty L2 sectors are counted as DRAM writes.
  void finish();
  // lts__* and dram__* counters (the L1 and constant-cache fields are the SMs').
  const MemoryStats& stats() const { return stats_; }

 private:
  struct Slice {
    explicit Slice(SectorCache t) : tags(std::move(t)) {}
    SectorCache tags;
    double free = 0;         // the tag/data pipeline: next sector it can take
    double wb_free = 0;      // its write-back path to DRAM (1/slices of the DRAM bandwidth): next free cycle
    double request_free = 0; // mem.l2_requests_per_cycle_per_slice: when it can take the next request (line)
    double store_free = 0;   // mem.l2_store_queue: when its store queue can take the next store sector
    // mem.l2_partial_sectors: the slice's partly written sectors (the bytes written so far, bit b for byte b, and
    // the entry's number) and their order of arrival (sector, number; an entry whose sector was completed, read or
    // dropped since is stale).
    struct Partial {
      std::uint32_t mask = 0;
      std::uint64_t number = 0;
    };
    std::unordered_map<std::uint64_t, Partial> partial;
    std::deque<std::pair<std::uint64_t, std::uint64_t>> partial_order;
  };
  // `bytes` of slice `s` written back to DRAM at `at`: they leave through the slice's share of the DRAM bandwidth
  // (at least a burst), and the slice (and its store queue) takes nothing more until the write-back has started.
  void write_back(Slice& s, std::uint64_t bytes, std::uint64_t at);
  // mem.l2_partial_sectors: a store's bytes `mask` in `sector` of slice `s` (present before it: `hit`); a new partly
  // written sector beyond the slice's share makes the oldest go through DRAM (resolve_oldest).
  void note_partial(Slice& s, std::uint64_t sector, bool hit, std::uint32_t mask, std::uint64_t at);
  void resolve_oldest(Slice& s, std::uint64_t at);
  // A load or atomic of `sector`: when it is partly written, the rest is read from DRAM (returned: when it is there,
  // else 0) and the sector is whole from then on.
  std::uint64_t complete_partial(Slice& s, std::uint64_t sector, std::uint64_t at);

  // Dirty cap (mem.l2_dirty_max_lines): lines in the order they became dirty (slice, a sector of the line), and
  // how many lines hold dirty sectors now. The oldest line's dirty sectors are written back together. An entry whose
  // line was evicted or written back is stale (a line dirtied again gets a second entry).
  void note_dirty(std::uint32_t slice, std::uint64_t sector, bool new_line, std::uint64_t at);
  MemoryConfig cfg_;
  std::deque<std::pair<std::uint32_t, std::uint64_t>> dirty_order_;
  std::uint64_t dirty_ = 0;
  std::uint64_t store_taken_ = 0;  // store_taken()
  std::uint64_t partial_cap_ = 0;      // mem.l2_partial_sectors per slice (rounded up)
  std::uint64_t partial_number_ = 0;   // numbers the partial entries
  std::vector<Slice> slices_;
  // The atomic units (mem.atomic_units): when each has finished the atomics it was given. The multipliers coprime
  // with their count, from which each run of mem.atomic_group_blocks blocks takes its permutation.
  std::vector<double> atomic_free_;
  std::vector<std::uint32_t> unit_steps_;
  std::uint32_t atomic_unit_of(std::uint64_t sector) const;
  // mem.l2_merge_cycles / mem.l2_merge_load_cycles: the last load looked up for each sector from each group of SMs
  // that merge (GPC x 2 + partition side; GPC 0 without mem.l2_merge_per_gpc): when its slice started on it and when
  // its data is back. Entries too old to merge with anything are dropped now and then (note_lookup).
  struct Lookup {
    std::uint32_t group = 0;
    double start = 0;
    std::uint64_t ready = 0;
  };
  std::unordered_map<std::uint64_t, std::vector<Lookup>> lookups_;  // by sector
  std::uint64_t latest_ = 0;  // the latest arrival seen (for dropping old entries)
  std::size_t prune_at_ = std::size_t{1} << 16;  // table size at which old entries are dropped next
  std::uint64_t hit_latency(std::uint64_t sector, std::uint64_t at, unsigned side) const;
  void note_lookup(std::uint64_t sector, std::uint32_t group, double start, std::uint64_t ready);
  Dram dram_;
  MemoryStats stats_;
};

}  // namespace warpsim::timing
