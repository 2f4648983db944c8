// Running a whole grid functionally (no timing): CTAs are made resident a window at a time, and the
// resident warps take turns, each running until it blocks or uses its quantum of instructions. An optional
// StepObserver sees every executed warp-step (pc, active and executed lanes) and every CTA's end.
//
// Models: deadlock detection (every resident warp of a CTA blocked and no barrier can open) and the livelock
// watchdog, both those of the functional source (func/functional_source.hpp), reported with what every warp is
// waiting for and where.
// Clusters are started whole (the window is rounded up to a multiple of the cluster size), in cluster order.
// Leaves out: time, SM assignment policy (the i-th CTA started runs on SM i mod num_sms), occupancy.
#pragma once

#include <warpsim/func/functional_source.hpp>

#include <cstdint>

namespace warpsim::func {

using GridStats = source::Counts;  // CTAs, warps and instructions executed

// Sees what a functional run executes, warp-step by warp-step (`warpsim report` chooses its warp from it): no
// time, steps in the runner's order. run_grid calls it only when one is given.
class StepObserver {
 public:
  virtual ~StepObserver() = default;
  // One executed warp-instruction of warp `warp` of CTA `cta` (linear id): its pc, active and executed lanes.
  virtual void on_step(std::uint64_t cta, std::uint32_t warp, const source::Issued& step) = 0;
  // Every thread of CTA `cta` exited.
  virtual void on_cta_end(std::uint64_t cta) {}
};

GridStats run_grid(Launch& launch, const GridLimits& limits = {}, StepObserver* observer = nullptr);

// A description of every warp of a CTA that has not finished: which lanes wait where (for deadlock and
// watchdog reports).
std::string describe_cta(const Launch& launch, const Cta& cta);

// Sorts printf records into (CTA, call number within its warp, warp, lane) order and concatenates their text.
std::string printf_text(std::vector<PrintfRecord> records);

}  // namespace warpsim::func
