// 774: the wake-up queue (timing/wake_queue.hpp): due(now) gives the sub-partitions due at or before `now`, ascending,
// each once, and consumes their times; a time replaced by a later set_* is ignored; recount times make a
// sub-partition due but are no visit of their own (next_issue ignores them).
#include <warpsim/timing/wake_queue.hpp>

#include <catch2/catch.hpp>

#include <vector>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using warpsim::timing::Cycle;
using warpsim::timing::WakeQueue;
using Subs = std::vector<std::uint32_t>;

namespace {
Subs due(WakeQueue& q, std::uint64_t now) {
  Subs out{99};  // due() clears it first
  q.due(Cycle(now), out);
  return out;
}
}  // namespace

TEST_CASE("774 due at N, not at N-1, ascending, each once") {
  WakeQueue q(4);
  CHECK(q.next_issue() == Cycle::never());
  q.set_issue(2, Cycle(5));
  q.set_issue(0, Cycle(5));
  q.set_issue(3, Cycle(7));
  q.set_recount(2, Cycle(5));  // due twice at 5: listed once
  CHECK(q.next_issue() == Cycle(5));
  CHECK(due(q, 4) == Subs{});
  CHECK(due(q, 5) == Subs{0, 2});
  CHECK(due(q, 5) == Subs{});  // consumed
  CHECK(q.next_issue() == Cycle(7));
  CHECK(due(q, 6) == Subs{});
  CHECK(due(q, 7) == Subs{3});
  CHECK(q.next_issue() == Cycle::never());
}

TEST_CASE("774 a skipped time is still due at the next visited cycle") {
  WakeQueue q(4);
  q.set_issue(1, Cycle(3));
  q.set_recount(2, Cycle(4));
  CHECK(due(q, 10) == Subs{1, 2});
}

TEST_CASE("774 a superseded time is ignored") {
  WakeQueue q(4);
  q.set_issue(1, Cycle(6));
  q.set_issue(1, Cycle(9));  // replaces 6
  CHECK(q.next_issue() == Cycle(9));
  CHECK(due(q, 6) == Subs{});
  CHECK(due(q, 8) == Subs{});
  CHECK(due(q, 9) == Subs{1});
  // Moving earlier works too, and never() cancels.
  q.set_issue(2, Cycle(20));
  q.set_issue(2, Cycle(15));
  q.set_issue(3, Cycle(16));
  q.set_issue(3, Cycle::never());
  q.set_recount(0, Cycle(16));
  q.set_recount(0, Cycle::never());
  CHECK(due(q, 15) == Subs{2});
  CHECK(due(q, 100) == Subs{});
  CHECK(q.next_issue() == Cycle::never());
}

TEST_CASE("774 wake_by only ever brings a time earlier") {
  WakeQueue q(2);
  q.set_issue(0, Cycle(10));
  q.wake_by(0, Cycle(12));
  CHECK(q.next_issue() == Cycle(10));
  q.wake_by(0, Cycle(8));
  CHECK(q.next_issue() == Cycle(8));
  q.wake_by(1, Cycle(30));  // from never
  CHECK(due(q, 8) == Subs{0});
  CHECK(due(q, 10) == Subs{});  // 10 was superseded by 8
  CHECK(q.next_issue() == Cycle(30));
}

TEST_CASE("774 recount times make a sub-partition due but create no visit") {
  WakeQueue q(4);
  q.set_recount(1, Cycle(3));
  q.set_recount(3, Cycle(4));
  CHECK(q.next_issue() == Cycle::never());  // the GPU loop would not stop at 3 or 4 for these
  q.set_issue(0, Cycle(12));
  CHECK(q.next_issue() == Cycle(12));
  CHECK(due(q, 2) == Subs{});
  CHECK(due(q, 12) == Subs{0, 1, 3});  // rescanned at the first visited cycle after their recount
}

}  // namespace WARPSIM_UNITY_ID
