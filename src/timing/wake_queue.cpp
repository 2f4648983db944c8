// The sub-partitions' wake-up queue (see timing/wake_queue.hpp).
#include <warpsim/timing/wake_queue.hpp>

#include <algorithm>

namespace warpsim::timing {

Cycle WakeQueue::next_issue() {
  for (const std::uint32_t sub : soon_)
    if (issue_[sub] == now_ + 1) return now_ + 1;
  while (!issue_heap_.empty() && issue_heap_.top().first != issue_[issue_heap_.top().second]) issue_heap_.pop();
  return issue_heap_.empty() ? Cycle::never() : issue_heap_.top().first;
}

void WakeQueue::drain(std::vector<Cycle>& cur, Heap& heap, Cycle now, std::vector<std::uint32_t>& out) {
  while (!heap.empty() && heap.top().first <= now) {
    const auto [at, sub] = heap.top();
    heap.pop();
    if (at != cur[sub]) continue;  // superseded
    cur[sub] = Cycle::never();
    if (seen_[sub] != stamp_) {
      seen_[sub] = stamp_;
      out.push_back(sub);
    }
  }
}

void WakeQueue::due(Cycle now, std::vector<std::uint32_t>& out) {
  out.clear();
  ++stamp_;
  for (const std::uint32_t sub : soon_) {
    if (issue_[sub] != now_ + 1 || now_ + 1 > now || seen_[sub] == stamp_) continue;
    issue_[sub] = Cycle::never();
    seen_[sub] = stamp_;
    out.push_back(sub);
  }
  // Entries of soon_ not taken now were superseded (a visit is never skipped past now_ + 1 while one is valid).
  soon_.clear();
  now_ = now;
  drain(issue_, issue_heap_, now, out);
  drain(recount_, recount_heap_, now, out);
  if (!std::is_sorted(out.begin(), out.end())) std::sort(out.begin(), out.end());  // mostly in order already
}

}  // namespace warpsim::timing
