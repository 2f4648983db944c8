// One SM's barrier unit: how long a CTA barrier takes to release its warps once the last one has arrived.
//
// Models: sm.barrier_latency cycles plus sm.barrier_cycles_per_warp for each further warp of the CTA (calibrated on
// ubench_syncthreads). Which warps wait and when a barrier opens is the instruction source's (PTX semantics);
// this unit only times the release. A warp that only arrives (bar.arrive) does not wait and pays nothing.
// Leaves out: contention between CTAs' barriers on one SM, and the barrier's own issue cost beyond its pipe.
#pragma once

#include <warpsim/config/gpu_config.hpp>
#include <warpsim/timing/cycle.hpp>

#include <cstdint>

namespace warpsim::timing {

struct BarrierConfig {
  unsigned latency = 20;  // sm.barrier_latency: last arrival to release, cycles
  unsigned per_warp = 0;  // sm.barrier_cycles_per_warp: more per warp of the CTA beyond the first
  static BarrierConfig from(const config::GpuConfig& g) { return {g.barrier_latency, g.barrier_cycles_per_warp}; }
};

class BarrierUnit {
 public:
  explicit BarrierUnit(const BarrierConfig& c) : latency_(c.latency), per_warp_(c.per_warp) {}
  explicit BarrierUnit(const config::GpuConfig& g) : BarrierUnit(BarrierConfig::from(g)) {}
  // When the warps of a `warps`-warp CTA may issue after a barrier opened at `now`.
  Cycle release(Cycle now, std::uint64_t warps) const { return now + latency_ + per_warp_ * (warps - 1); }

 private:
  std::uint64_t latency_, per_warp_;
};

}  // namespace warpsim::timing
