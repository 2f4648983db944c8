// Warp scheduling policies: which of a sub-partition's ready warps issues this cycle. One interface, one file per
// policy (timing/scheduler_<name>.cpp), chosen by sm.scheduler through the one explicit registry below.
//
// Models: the sub-partition hands the policy its ready warps in slot order (slot numbers and launch order, the
// `age`), and the slot that issued last on it; the policy returns which one issues.
//   gto  greedy-then-oldest: the last issued warp while it stays ready, else the oldest (lowest age)
//   gty  greedy-then-youngest: the last issued warp while it stays ready, else the youngest
//   lrr  loose round-robin: the first ready slot after the last issued one, in slot order
// Leaves out: two-level and dependence-aware schedulers, dual issue, and priorities from the instruction (NVIDIA
// documents none of these for Hopper).
#pragma once

#include <warpsim/config/gpu_config.hpp>

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

namespace warpsim::timing {

struct ReadyWarp {
  std::uint32_t slot = 0;  // warp slot on the SM
  std::uint64_t age = 0;   // launch order (lower = older)
};

class WarpScheduler {
 public:
  virtual ~WarpScheduler() = default;
  // Index into `ready` (non-empty, in slot order) of the warp that issues; `last`: the slot that issued last on
  // this sub-partition (-1: none yet); `slots`: warp slots on the SM.
  virtual std::size_t pick(std::span<const ReadyWarp> ready, std::int64_t last, std::uint32_t slots) const = 0;
};

struct SchedulerEntry {
  config::SchedulerPolicy policy;
  std::string_view name;  // sm.scheduler's value
  std::unique_ptr<WarpScheduler> (*make)();
};

// Every policy, in one list.
std::span<const SchedulerEntry> scheduler_registry();
// The policy `p` (throws ErrorKind::Internal if it has no entry).
std::unique_ptr<WarpScheduler> make_scheduler(config::SchedulerPolicy p);

// Factories, one per policy file.
std::unique_ptr<WarpScheduler> make_gto_scheduler();
std::unique_ptr<WarpScheduler> make_gty_scheduler();
std::unique_ptr<WarpScheduler> make_lrr_scheduler();

}  // namespace warpsim::timing
