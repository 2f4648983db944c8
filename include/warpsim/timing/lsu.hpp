// One SM's load/store unit for global, local and constant accesses: the coalescer, the L1 (timing/l1_cache.hpp)
// and the constant cache, and the store back-pressure it puts on its sub-partitions.
//
// Models: a global or local warp access becomes its distinct 32-byte sectors (timing/mem_cost.hpp; local addresses
// interleaved per lane as the hardware lays them out) and goes through the L1 to the shared L2; a load's or
// atomic's result lands when its slowest sector does (atom.cas: mem.atomic_cas_latency more), a store's after
// pipe.ldst.latency. Stores in flight: when a store's last sector is taken by its slice more than
// mem.store_backpressure_cycles from now, the sub-partition that issued it issues no memory instruction until
// then (slices behind DRAM write-backs hold the SM back). A store is acknowledged mem.store_ack_cycles after its last
// sector reached its slice: the SM keeps an exited warp's CTA until then (timing/sm.hpp), and the kernel is not done
// before its last acknowledgement.
// ld.const: lanes reading one address are one access (broadcast); n distinct addresses are n accesses in series,
// each mem.const_latency (constant-cache hits; the bank is small and hot).
// Leaves out: a finite LSU queue, MSHR limits, constant-cache misses, TMA and bulk copies.
#pragma once

#include <warpsim/config/gpu_config.hpp>
#include <warpsim/timing/cycle.hpp>
#include <warpsim/timing/l1_cache.hpp>
#include <warpsim/timing/mem_cost.hpp>

#include <cstdint>
#include <vector>

namespace warpsim::timing {

struct LsuStats {
  std::uint64_t global_ld_requests = 0;        // l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum
  std::uint64_t global_ld_sectors = 0;         // l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum
  std::uint64_t global_ld_sectors_l1_hit = 0;  // of those, hits in this SM's L1
  std::uint64_t const_accesses = 0;            // distinct addresses of ld.const
};

struct LsuResult {
  Cycle ready;            // when the result lands
  Cycle hold = Cycle(0);  // the issuing sub-partition's memory instructions wait until then (stores)
  bool store = false;
  Cycle stored = Cycle(0);  // stores: when the last sector reached its L2 slice
  Cycle acked = Cycle(0);   // stores: when the SM has the acknowledgement (stored + mem.store_ack_cycles)
};

struct LsuConfig {
  unsigned store_latency = 0;       // pipe.ldst.latency: a store's issue to its pipe result, cycles
  unsigned store_backpressure = 0;  // mem.store_backpressure_cycles
  unsigned cas_latency = 0;         // mem.atomic_cas_latency: more for atom.cas
  unsigned const_latency = 4;       // mem.const_latency: per distinct ld.const address
  unsigned store_ack = 0;           // mem.store_ack_cycles: a store's slice to the SM's acknowledgement
  static LsuConfig from(const config::GpuConfig& g) {
    return {g.pipe_ldst.latency, g.store_backpressure_cycles, g.atomic_cas_latency, g.const_latency,
            g.store_ack_cycles};
  }
};

class Lsu {
 public:
  Lsu(const LsuConfig& cfg, const L1Config& l1, MemorySystem& l2) : cfg_(cfg), l1_(l1), l2_(l2) {}
  Lsu(const config::GpuConfig& g, MemorySystem& l2) : Lsu(LsuConfig::from(g), L1Config::from(g), l2) {}
  // A global (`local` false) or local access by grid warp number `grid_warp`; `cas`: an atom.cas; `l1_bypass`:
  // a load that L2 serves (lower::InstrTiming::l1_bypass). `sub`: the issuing sub-partition (its path into L1
  // has its own rate).
  // `async_copy`: a cp.async's global read (LDGSTS: L1Cache::access). `red`: an atomic whose result nothing reads
  // (ptxas's RED: L1Cache::access's chain per line).
  LsuResult global(const source::MemAccess& m, LaneMask lanes, bool local, std::uint64_t grid_warp, bool cas,
                   bool l1_bypass, std::uint32_t sub, Cycle now, bool async_copy = false, bool red = false);
  // An ld.const: when its data lands.
  Cycle constant(const source::MemAccess& m, LaneMask lanes, Cycle now);
  const LsuStats& stats() const { return stats_; }
  const L1Stats& l1_stats() const { return l1_.stats(); }
  // The distinct sectors of the last global() access, sorted (for TraceSink::on_mem).
  const std::vector<std::uint64_t>& last_sectors() const { return scratch_.sectors; }

 private:
  LsuConfig cfg_;
  L1Cache l1_;
  MemorySystem& l2_;
  MemScratch scratch_;
  LsuStats stats_;
};

}  // namespace warpsim::timing
