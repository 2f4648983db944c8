// 785: with mem.l2_far_lookup (timing/memory_system.hpp), a far-side access its side cannot serve (a store, an atomic,
// a load of a line the side holds no copy of) also takes a slice of the near partition (the slice halfway round from
// its home slice) for the op's per-sector time, and counts as a second L2 sector access; a load that finds a near
// copy and every home-side access are looked up once. The home slice's own queue is not held up by the near one.
#include "l2_test_config.hpp"

#include <warpsim/timing/memory_system.hpp>

#include <catch2/catch.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::timing;

namespace {
// Two slices, two partitions by address bit 12; one sector per cycle per slice for loads, half that for stores.
MemoryConfig two_partitions(bool far_lookup) {
  MemoryConfig c = l2test::two_partitions();
  c.l2_store_sectors_per_cycle_per_slice = 0.5;
  c.far_lookup = far_lookup;
  return c;
}
}  // namespace

TEST_CASE("785 a far store is counted and timed at a near slice too, a home-side store once") {
  for (const bool on : {false, true}) {
    MemorySystem m(two_partitions(on));
    const std::uint64_t s = 0;  // address 0: home partition 1
    m.access(s, MemOp::Store, 0, 32, 1);  // from home
    CHECK(m.stats().lts_sectors == 1);
    m.access(s + 1, MemOp::Store, 0, 32, 0);  // from the far side
    CHECK(m.stats().lts_sectors == (on ? 3u : 2u));
  }
}

TEST_CASE("785 loads: a far miss is looked up twice, a far load that finds a near copy once") {
  MemorySystem m(two_partitions(true));
  const std::uint64_t s = 0;  // home partition 1; side 0 is far
  m.access(s, MemOp::Load, 0, 1, 0);  // miss: near lookup + home
  CHECK(m.stats().lts_sectors == 2);
  m.access(s, MemOp::Load, 5000, 1, 0);  // the side now holds a copy
  CHECK(m.stats().lts_sectors == 3);
  m.access(s, MemOp::Load, 6000, 1, 1);  // from home
  CHECK(m.stats().lts_sectors == 4);
}

TEST_CASE("785 the near slice's time is spent: far stores hold up the other slice's own requests") {
  // Ten far stores (sector 0, home partition 1, from side 0) at cycle 0, 2 cycles each at a slice. Then a home-side
  // store to sector c at cycle 0 starts when c's slice is free (a store returns when its slice takes it). Without
  // the lookup, a c in the other slice starts at once; with it, that slice did the ten near lookups first: 20.
  const auto start_after_far_stores = [](bool on, std::uint64_t c) {
    MemorySystem m(two_partitions(on));
    for (int i = 0; i < 10; ++i) m.access(0, MemOp::Store, 0, 32, 0, false);
    return m.access(c, MemOp::Store, 0, 32, m.partition_of(c), false);
  };
  std::uint64_t other = 0;  // a line in the other slice than sector 0's (the slice comes from the line's hash)
  for (std::uint64_t line = 1; line < 64 && other == 0; ++line)
    if (start_after_far_stores(false, line * 4) == 0) other = line * 4;
  REQUIRE(other != 0);
  CHECK(start_after_far_stores(false, other) == 0);
  CHECK(start_after_far_stores(true, other) == 20);
  // Sector 0's own slice is as busy either way.
  CHECK(start_after_far_stores(false, 1) == 20);
  CHECK(start_after_far_stores(true, 1) == 20);
}

}  // namespace WARPSIM_UNITY_ID
