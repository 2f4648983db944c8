// The CTA dispatcher: which SM the next CTA of a grid goes to, and when.
//
// Models: every CTA of a kernel needs the same resources, so an SM has room for one more CTA while it holds
// fewer than the occupancy calculator's ctas_per_sm (registers per sub-partition, shared memory with the
// reserved part, warps, threads and CTA slots, see occupancy.hpp); a grid larger than sm.count x ctas_per_sm
// runs in waves, a waiting CTA starting when a resident one retires. CTAs launch in linear order, whole
// (never split across SMs, never migrated), at most one every launch.cta_dispatch_interval cycles GPU-wide
// (0: any number in one cycle; a fractional interval is kept as an average: with 1.2, launches that follow one
// another without waiting for room come at cycles 0, 2, 3, 4, 5, 6, 8, ...). launch.cta_dispatch_order picks the SM:
//   round_robin  the next SM with room after the previous CTA's SM, in dispatch order: SMs are numbered GPC
//                by GPC (SM s is in TPC s / sm.per_tpc, TPC t in GPC t / gpc.tpcs) and visited round-robin
//                over GPCs first, then TPCs within a GPC, then SMs within a TPC (CTA 0 -> GPC 0, CTA 1 ->
//                GPC 1, ...), so consecutive CTAs spread over the GPU;
//   fill         the lowest-numbered SM with room (SM 0 fills up first).
// Leaves out: clusters (a cluster's CTAs must land together on one GPC), several kernels sharing SMs,
// per-sub-partition fragmentation of warp slots, and GPCs with unequal TPC counts other than the last ones.
#pragma once

#include <warpsim/config/gpu_config.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

namespace warpsim::timing {

// The round-robin visiting order of sm.count SMs (see above).
std::vector<unsigned> sm_dispatch_order(const config::GpuConfig& cfg);

class CtaDispatcher {
 public:
  static constexpr std::uint64_t kNever = std::numeric_limits<std::uint64_t>::max();

  // `start`: the cycle of the first possible launch (after launch.kernel_latency).
  CtaDispatcher(const config::GpuConfig& cfg, unsigned ctas_per_sm, std::uint64_t total_ctas, std::uint64_t start);

  // Launches the next CTA at cycle `now` if it may launch: one is left, the dispatch interval has passed and
  // an SM has room. Returns its SM.
  std::optional<unsigned> launch(std::uint64_t now);
  // A CTA on `sm` retired: its resources are free.
  void retire(unsigned sm);
  // The earliest cycle >= now at which launch() succeeds if nothing retires (kNever: no CTA left or no room).
  std::uint64_t next_launch(std::uint64_t now) const;

  bool all_launched() const { return launched_ == total_; }
  unsigned ctas_per_sm() const { return per_sm_; }

 private:
  std::optional<unsigned> pick() const;
  // The cycle of allowed_at_: the first whole cycle at or after it.
  std::uint64_t first_cycle() const { return static_cast<std::uint64_t>(std::ceil(allowed_at_)); }

  config::DispatchOrder policy_;
  unsigned per_sm_;
  double interval_;
  std::uint64_t total_, launched_ = 0;
  double allowed_at_;  // the next launch's earliest time (its cycle: the ceiling)
  std::vector<unsigned> order_;     // round-robin visiting order
  std::vector<unsigned> resident_;  // CTAs per SM
  std::size_t cursor_ = 0;          // round_robin: position in order_ to try first
};

}  // namespace warpsim::timing
