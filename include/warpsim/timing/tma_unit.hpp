// The Tensor Memory Accelerator of one SM: when each bulk or tensor copy (cp.async.bulk*, cp.reduce.async.bulk*)
// issued on the SM completes, so that the instruction source lands its bytes then (timing/async_events.hpp).
//
// Models: one unit per SM serving copies in issue order. A copy starts sm.tma_issue_cycles after its issue, or when
// the unit is free; a tensor copy whose tensor map (by address) is not among the sm.tma_descriptor_cache most
// recently used ones first fetches it (sm.tma_descriptor_cycles). The unit then moves the larger of the copy's
// shared-memory bytes and its global bytes at sm.tma_bytes_per_cycle: its 32-byte sector requests leave evenly over
// that time straight to L2 (timing/memory_system.hpp; no L1), loads and prefetches as loads, stores as stores of the
// bytes they write in each sector, reductions as atomics. A load (or a shared-to-shared copy, which touches no
// global memory) completes sm.tma_land_cycles after its last data is back (and not before the unit has moved its
// bytes); a store or reduction when its last sector is taken by its slice (not before the unit has moved its bytes)
// plus mem.store_ack_cycles. The next copy
// starts when the unit has issued this one's requests.
// Multicast (.multicast::cluster loads): the issuing SM's unit fetches the data from L2 once (one copy as above,
// which lands in the issuing CTA when the mask names it) and delivers it to each other destination SM: once its last
// data is back, the copy's shared-memory bytes leave through the SM's DSMEM port (cluster.dsmem_bytes_per_cycle, the
// port ld/st.shared::cluster use, one destination after another in rank order) and land cluster.dsmem_latency after
// they left, with the complete_tx on that CTA's mbarrier. Assumed, not measured: that the delivery costs what a
// remote shared-memory access costs (the latency was calibrated on a dependent ld.shared::cluster chase, a round trip,
// where a delivery is one way) and that the unit sends one copy per destination (the GPC's network might replicate
// the data instead); traces/tma_multicast is the workload to measure both on the H200 (its cycles against a cluster
// of one).
// Leaves out: the shared-memory bank traffic of the writes and reads (no wavefronts taken from the SM's shared-memory
// unit), a limit on the unit's requests in flight, the L2 promotion and cache-policy hints, and prefetch.tensormap
// (the descriptor cache learns a map only from a copy).
#pragma once

#include <warpsim/config/gpu_config.hpp>
#include <warpsim/source/instruction_source.hpp>
#include <warpsim/timing/cycle.hpp>
#include <warpsim/timing/memory_system.hpp>

#include <cstdint>
#include <span>
#include <vector>

namespace warpsim::timing {

struct TmaConfig {
  unsigned issue_cycles = 0;       // sm.tma_issue_cycles
  unsigned descriptor_cycles = 0;  // sm.tma_descriptor_cycles
  unsigned descriptor_cache = 0;   // sm.tma_descriptor_cache
  double bytes_per_cycle = 1;      // sm.tma_bytes_per_cycle
  unsigned land_cycles = 0;        // sm.tma_land_cycles
  unsigned store_ack = 0;          // mem.store_ack_cycles
  unsigned l2_side = 0;            // the SM's near L2 partition
  unsigned dsmem_latency = 0;      // cluster.dsmem_latency
  double dsmem_bytes_per_cycle = 1;  // cluster.dsmem_bytes_per_cycle
  static TmaConfig from(const config::GpuConfig& g, unsigned side) {
    return {g.tma_issue_cycles, g.tma_descriptor_cycles, g.tma_descriptor_cache, g.tma_bytes_per_cycle,
            g.tma_land_cycles, g.store_ack_cycles, side, g.dsmem_latency, g.dsmem_bytes_per_cycle};
  }
};

struct TmaStats {
  std::uint64_t copies = 0;              // bulk and tensor copies (prefetches included)
  std::uint64_t bytes = 0;               // bytes moved (the larger of shared and global per copy)
  std::uint64_t descriptor_misses = 0;   // tensor maps fetched
  std::uint64_t deliveries = 0;          // multicast copies delivered to other SMs of the cluster
};

class TmaUnit {
 public:
  explicit TmaUnit(const TmaConfig& cfg) : cfg_(cfg) {}
  // A copy issued at `now` whose global memory is `spans`: when it completes (see above). `data`, if given, receives
  // the cycle its last data is back (its global reads; for a store, when the unit has moved its bytes).
  Cycle copy(const source::BulkAccess& a, std::span<const source::Span> spans, Cycle now, MemorySystem& l2,
             Cycle* data = nullptr);
  // A multicast copy of `bytes` whose data is back at `data`, delivered to one other SM of the cluster through the
  // SM's DSMEM port `port` (the cycle it is free; advanced): when it lands there.
  Cycle deliver(Cycle data, std::uint32_t bytes, Cycle& port);
  const TmaStats& stats() const { return stats_; }

 private:
  TmaConfig cfg_;
  double free_ = 0;                    // the next cycle the unit can start a copy
  std::vector<Addr> descriptors_;      // cached tensor maps, most recently used last
  std::vector<std::uint64_t> sectors_;  // scratch
  std::vector<unsigned> sector_bytes_;  // scratch
  TmaStats stats_;
};

}  // namespace warpsim::timing
