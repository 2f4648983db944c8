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

class BarrierUnit {
 public:
  explicit BarrierUnit(const config::GpuConfig& cfg)
      : latency_(cfg.barrier_latency), per_warp_(cfg.barrier_cycles_per_warp) {}
  // When the warps of a `warps`-warp CTA may issue after a barrier opened at `now`.
  Cycle release(Cycle now, std::uint64_t warps) const { return now + latency_ + per_warp_ * (warps - 1); }

 private:
  std::uint64_t latency_, per_warp_;
};

}  // namespace warpsim::timing
