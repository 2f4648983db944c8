// When each sub-partition of the GPU next needs the scheduler's attention, so that a simulated cycle visits only
// those that can issue or whose warps change state, not every warp slot of every SM.
//
// Models: two wake-up times per sub-partition (numbered sm x sub-partitions + sub): `issue`, the earliest cycle one
// of its warps may issue (such a cycle is visited: it is an event), and `recount`, the earliest cycle one of its
// warps changes the stall state it is counted in (a barrier release delay or a pending register runs out). A
// recount makes the sub-partition rescanned at the first visited cycle at or after it, but creates no visit of
// its own: the stall breakdown is sampled at visited cycles, as before the queue existed.
// Leaves out: nothing of the hardware: this is the simulator's event queue. Wake-ups for the next cycle (a
// sub-partition that issued, warps a barrier released) go to a plain list; later ones to two binary heaps with lazy
// deletion (an entry counts only while it equals the sub-partition's current time).
#pragma once

#include <warpsim/timing/cycle.hpp>

#include <cstdint>
#include <queue>
#include <vector>

namespace warpsim::timing {

class WakeQueue {
 public:
  explicit WakeQueue(std::size_t subs) : issue_(subs, Cycle::never()), recount_(subs, Cycle::never()), seen_(subs, 0) {}

  // Sets when sub-partition `sub` may next issue / next needs a recount (Cycle::never(): not until woken).
  void set_issue(std::uint32_t sub, Cycle at) {
    if (at == issue_[sub]) return;  // its entry is there already
    issue_[sub] = at;
    if (at == now_ + 1) soon_.push_back(sub);
    else if (!at.is_never()) issue_heap_.emplace(at, sub);
  }
  void set_recount(std::uint32_t sub, Cycle at) {
    if (at == recount_[sub]) return;
    recount_[sub] = at;
    if (!at.is_never()) recount_heap_.emplace(at, sub);
  }
  // Makes `sub` scanned at `at` unless it already is by then.
  void wake_by(std::uint32_t sub, Cycle at) {
    if (issue_[sub] > at) set_issue(sub, at);
  }
  // The earliest issue time of any sub-partition (Cycle::never(): none).
  Cycle next_issue();
  // Every sub-partition due at `now` (issue or recount), ascending, into `out`; their times are consumed.
  void due(Cycle now, std::vector<std::uint32_t>& out);

 private:
  using Entry = std::pair<Cycle, std::uint32_t>;
  using Heap = std::priority_queue<Entry, std::vector<Entry>, std::greater<>>;
  void drain(std::vector<Cycle>& cur, Heap& heap, Cycle now, std::vector<std::uint32_t>& out);

  std::vector<Cycle> issue_, recount_;
  Heap issue_heap_, recount_heap_;
  std::vector<std::uint32_t> soon_;  // issue times of now_ + 1 (may hold superseded ones)
  Cycle now_{0};                     // the cycle of the last due()
  std::vector<std::uint64_t> seen_;  // visit stamp: each sub-partition once per due()
  std::uint64_t stamp_ = 0;
};

}  // namespace warpsim::timing
