// The Tensor Memory Accelerator of one SM: when each bulk or tensor copy (cp.async.bulk*, cp.reduce.async.bulk*)
// issued on the SM completes, so that the instruction source lands its bytes then (timing/async_events.hpp).
//
// Models: one unit per SM serving copies in issue order. A copy starts sm.tma_issue_cycles after its issue, or when
// the unit is free; a tensor copy whose tensor map (by address) is not among the sm.tma_descriptor_cache most
// recently used ones first fetches it (sm.tma_descriptor_cycles; the unit's first fetch in a kernel costs
// sm.tma_descriptor_first_cycles more: traces/ubench_tma's first pass over 12-32 maps). The unit then moves the larger of the copy's
// shared-memory bytes and its global bytes at sm.tma_bytes_per_cycle: its 32-byte sector requests leave evenly over
// that time straight to L2 (timing/memory_system.hpp; no L1), loads and prefetches as loads, stores as stores of the
// bytes they write in each sector, reductions as atomics. A load (or a shared-to-shared copy, which touches no
// global memory) completes sm.tma_land_cycles after its last data is back (and not before the unit has moved its
// bytes); a store or reduction when its last sector is taken by its slice (not before the unit has moved its bytes)
// plus mem.store_ack_cycles. The next copy starts when the unit has issued this one's requests, and no sooner than
// sm.tma_copy_cycles after this one started (the H200 takes about 79 cycles per copy of 128 B to 1 KiB issued
// back to back: traces/ubench_tma).
// Multicast (.multicast::cluster loads): the issuing SM's unit fetches the data from L2 once (one copy as above,
// which lands in the issuing CTA when the mask names it) and its copies in the other destination CTAs land
// sm.tma_multicast_cycles after its last data is back, all at once, with the complete_tx on each CTA's mbarrier:
// the H200's rounds of a multicast load and a release back to the issuer take the same time in clusters of 2 and 4
// and for 1 and 8 KiB (traces/ubench_tma), so the data is replicated on its way rather than sent once per
// destination through the SM's DSMEM port (which the model used before), and it is not limited by that port's rate.
// prefetch.tensormap fetches a map beside the copies (sm.tma_descriptor_cycles after its issue delay, the unit not
// held) into the descriptor cache: on the H200 a prefetched map costs no fetch at its first use (traces/ubench_tma:
// 621.0 cycles per first use of 8 prefetched maps, 620.5 per cached one).
// Leaves out: the shared-memory bank traffic of the writes and reads (no wavefronts taken from the SM's shared-memory
// unit), a limit on the unit's requests in flight, the L2 promotion and cache-policy hints, and any traffic the multicast deliveries put on the GPC's network or the destinations' shared memory.
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
  unsigned descriptor_first = 0;   // sm.tma_descriptor_first_cycles
  unsigned descriptor_cache = 0;   // sm.tma_descriptor_cache
  double bytes_per_cycle = 1;      // sm.tma_bytes_per_cycle
  unsigned copy_cycles = 0;        // sm.tma_copy_cycles
  unsigned land_cycles = 0;        // sm.tma_land_cycles
  unsigned multicast_cycles = 0;   // sm.tma_multicast_cycles
  unsigned store_ack = 0;          // mem.store_ack_cycles
  unsigned l2_side = 0;            // the SM's near L2 partition
  unsigned l2_gpc = 0;             // the SM's GPC (mem.l2_merge_per_gpc)
  static TmaConfig from(const config::GpuConfig& g, unsigned side, unsigned gpc = 0) {
    return {g.tma_issue_cycles, g.tma_descriptor_cycles, g.tma_descriptor_first_cycles, g.tma_descriptor_cache, g.tma_bytes_per_cycle,
            g.tma_copy_cycles, g.tma_land_cycles, g.tma_multicast_cycles, g.store_ack_cycles, side, gpc};
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
  // A multicast copy whose data is back at `data`, delivered to one other CTA of the cluster: when it lands there.
  Cycle deliver(Cycle data);
  const TmaStats& stats() const { return stats_; }

 private:
  TmaConfig cfg_;
  double free_ = 0;                    // the next cycle the unit can start a copy
  struct Descriptor {
    Addr at = 0;        // the tensor map's address
    double ready = 0;   // when a prefetched map is in the cache
  };
  std::vector<Descriptor> descriptors_;  // cached tensor maps, most recently used last
  bool fetched_ = false;                 // the unit has fetched a tensor map in this kernel
  double fetch_cycles();                 // the cost of the next fetch
  // When tensor map `map`, asked for at `from`, is in the cache (a hit, or a fetch now); it becomes the most recent.
  double map_ready(Addr map, double from);
  std::vector<std::uint64_t> sectors_;  // scratch
  std::vector<unsigned> sector_bytes_;  // scratch
  TmaStats stats_;
};

}  // namespace warpsim::timing
