// The memory hierarchy below the LSU: one sectored L1 per SM, an address-sliced L2, GPU-wide DRAM, and the
// constant cache. The grid runner calls it once per warp memory instruction with the instruction's distinct
// 32-byte sectors (timing/mem_cost.hpp) and gets back when the result lands.
//
// Models:
//   L1      per SM, mem.l1_size bytes, mem.l1_assoc ways, LRU (timing/sector_cache.hpp); an access keeps it
//           busy for the longer of its sectors at mem.l1_sectors_per_cycle and its distinct lines at
//           mem.l1_load_cycles_per_line / mem.l1_store_cycles_per_line, its sectors leaving evenly over that time. Loads (global, .nc and local) that hit return
//           mem.l1_hit_latency after that; misses allocate the sector. Stores are write-through and do not
//           allocate (a present sector is updated). Atomics bypass L1.
//   L2      mem.l2_slices slices, line l in slice hash(l) mod slices (address_hash: strides spread over the
//           slices and their sets as the hardware's address hashing spreads them), each mem.l2_size / slices bytes of
//           mem.l2_assoc ways, LRU, serving mem.l2_sectors_per_cycle_per_slice sectors per cycle in arrival
//           order. A load hit returns mem.l2_hit_latency after the slice serves it (latencies are load-to-use,
//           as measured, so L2's already includes the L1 miss). Write-back, write-allocate: a store makes its
//           sector present and dirty without fetching it (partial-sector writes count as whole). An atomic
//           is done at the slice: L2 hit (or DRAM) latency + mem.atomic_latency; its sector becomes dirty.
//   DRAM    timing/dram.hpp: misses queue at mem.dram_bytes_per_cycle for the whole GPU, then
//           mem.dram_latency. Evicted dirty sectors are written back (timed as DRAM traffic); those still
//           dirty when the kernel ends are counted as dram__bytes_write at finish(), untimed.
//   const   ld.const: lanes reading one address are one access (broadcast); n distinct addresses are n
//           accesses in series, each mem.const_latency (constant-cache hits; the bank is small and hot).
// A sector whose fill is still in flight counts as a hit and waits for the fill (MSHR merging).
// Leaves out: MSHR and queue limits (no back-pressure), the NoC and L2 partitions (near/far), L1 write
// combining, sector-granular L2 replacement, ECC, TLBs, constant-cache misses, the per-kernel L1/shared
// carve-out (mem.l1_size is fixed), L2 persistence controls, shared-memory atomics (timed as shared accesses).
// Stores report when their slices took them (MemResult::accepted): the grid runner holds an SM's memory
// instructions back while its stores wait at busy slices (timing/grid_timing.hpp). A dirty line evicted from a
// slice leaves through that slice's share of the DRAM bandwidth (mem.dram_bytes_per_cycle / slices), and the
// slice takes nothing more until its write-back has started; write-backs also take their bytes from the
// GPU-wide DRAM queue that reads wait in. (Not the queue itself for the slice: it serves in call order, and a
// slice would wait behind requests timed later than its own.)
// Same-address atomics: the lanes of a warp's atomic on one address keep the slice busy
// mem.atomic_same_address_cycles each, and the result waits for the last of them.
#pragma once

#include <warpsim/config/gpu_config.hpp>
#include <warpsim/func/executor.hpp>
#include <warpsim/timing/dram.hpp>
#include <warpsim/timing/sector_cache.hpp>
#include <warpsim/timing/stats.hpp>

#include <cstdint>
#include <vector>

namespace warpsim::timing {

enum class MemOp : std::uint8_t { Load, Store, Atomic };

struct MemResult {
  std::uint64_t ready = 0;     // when a load's or atomic's data lands (stores: when the last sector left L1)
  std::uint64_t accepted = 0;  // stores: when the last sector was taken by its L2 slice
  std::uint32_t l1_hits = 0;   // sectors that hit L1
};

class MemorySystem {
 public:
  MemorySystem(const config::GpuConfig& cfg, std::size_t sms);
  // One warp access to global or local memory from SM `sm` at cycle `now`; `sectors` distinct and sorted.
  // Atomics: `same_address[i]` lanes on one address of sector i are served one after another at its slice
  // (mem.atomic_same_address_cycles each); empty = one lane per address.
  MemResult access(std::size_t sm, const std::vector<std::uint64_t>& sectors, MemOp op, std::uint64_t now,
                   const std::vector<unsigned>& same_address = {});
  // One warp ld.const at cycle `now`: when its data lands.
  std::uint64_t constant(const func::MemAccess& m, LaneMask lanes, std::uint64_t now);
  // Kernel end: dirty L2 sectors are counted as DRAM writes.
  void finish();
  const MemoryStats& stats() const { return stats_; }

 private:
  struct Slice {
    SectorCache tags;
    double free = 0;         // the tag/data pipeline: next sector it can take
    double atomic_free = 0;  // the atomic unit: when it has finished the atomics it was given
    double wb_free = 0;      // its write-back path to DRAM (1/slices of the DRAM bandwidth): next free cycle
  };
  std::uint64_t l2(std::uint64_t sector, MemOp op, std::uint64_t at, unsigned same_address = 1);

  const config::GpuConfig& cfg_;
  std::vector<SectorCache> l1_;
  std::vector<double> l1_free_;
  std::vector<Slice> slices_;
  Dram dram_;
  MemoryStats stats_;
};

// Local memory as the hardware lays it out: consecutive lanes' words at the same local offset are adjacent, so a warp
// reading one offset touches one line per 128 bytes. Returns the distinct sectors of the access for warp number
// `warp` of the grid (each warp has its own window above every global address).
std::vector<std::uint64_t> local_sectors(const func::MemAccess& m, LaneMask lanes, std::uint64_t warp);

}  // namespace warpsim::timing
