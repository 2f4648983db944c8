// 599: the L2 slice's store queue (timing/memory_system.hpp, mem.l2_store_queue). 100 single-sector loads reach one
// slice at cycle 1000 (a sector a cycle: it is busy until 1100), then two whole-sector stores. Without the queue a
// store is taken when the slice reaches it, at 1100 and 1101; with it the stores are taken at once (1000, then 1001
// behind the first store), while the slice still processes them after the loads (a load behind them starts at 1102
// either way). The SM's back-pressure (mem.store_backpressure_cycles) counts from the cycle taken.
#include "l2_test_config.hpp"

#include <warpsim/timing/memory_system.hpp>

#include <catch2/catch.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::timing;

namespace {
struct Seen {
  std::uint64_t taken0, done0, taken1, done1, load_after;
};

Seen run(bool queue) {
  MemoryConfig c = l2test::one_slice();
  c.store_queue = queue;
  MemorySystem m(c);
  for (unsigned line = 0; line < 16; ++line)  // lines 0..15 present (whole-line stores at cycle 0)
    for (unsigned s = 0; s < 4; ++s) m.access(line * 4 + s, MemOp::Store, 0, 32, 0, s == 0);
  for (unsigned k = 0; k < 100; ++k) m.access((k % 16) * 4, MemOp::Load, 1000, 1, 0, true);
  Seen out{};
  out.done0 = m.access(5, MemOp::Store, 1000, 32, 0, true);
  out.taken0 = m.store_taken();
  out.done1 = m.access(9, MemOp::Store, 1000, 32, 0, true);
  out.taken1 = m.store_taken();
  out.load_after = m.access(12, MemOp::Load, 1000, 1, 0, true) - c.l2_hit_latency;
  return out;
}
}  // namespace

TEST_CASE("599 without a store queue a store is taken when the slice reaches it behind the loads") {
  const Seen s = run(false);
  CHECK(s.done0 == 1100);
  CHECK(s.taken0 == 1100);
  CHECK(s.done1 == 1101);
  CHECK(s.taken1 == 1101);
  CHECK(s.load_after == 1102);
}

TEST_CASE("599 with a store queue stores are taken at once and still processed after the loads") {
  const Seen s = run(true);
  CHECK(s.taken0 == 1000);
  CHECK(s.taken1 == 1001);
  CHECK(s.done0 == 1100);
  CHECK(s.done1 == 1101);
  CHECK(s.load_after == 1102);
}

}  // namespace WARPSIM_UNITY_ID
