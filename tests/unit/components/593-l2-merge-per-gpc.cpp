// 593: merging loads of one sector before the L2 slice (timing/memory_system.hpp, mem.l2_merge_load_cycles and
// mem.l2_merge_per_gpc): a warp's load that reaches the L2 within the window after another load of the sector was
// looked up rides on it (no slice time, not counted in lts__t_sectors, its data back with the other's and not before
// its own hit latency); with mem.l2_merge_per_gpc only loads from SMs of the same GPC merge; a merged load does not
// open a window of its own; a store ends the merging; the TMA unit's loads use mem.l2_merge_cycles instead.
#include "l2_test_config.hpp"

#include <warpsim/timing/memory_system.hpp>

#include <catch2/catch.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::timing;

namespace {
MemoryConfig merging(bool per_gpc) {
  MemoryConfig c = l2test::one_slice();
  c.merge_load_cycles = 16;
  c.merge_per_gpc = per_gpc;
  return c;
}
// A warp's load (not bulk) from the SM's GPC `gpc`, side 0.
std::uint64_t load(MemorySystem& m, std::uint64_t sector, std::uint64_t at, unsigned gpc, bool bulk = false) {
  return m.access(sector, MemOp::Load, at, 1, 0, true, 0, 0, bulk, gpc);
}
}  // namespace

TEST_CASE("593 warps' loads of one sector from one GPC merge within the window, from another GPC they do not") {
  MemorySystem m(merging(true));
  m.access(0, MemOp::Store, 0);  // the sector is in L2
  const auto base = m.stats().lts_sectors;
  CHECK(load(m, 0, 1000, 0) == 1200);  // looked up at 1000: the window is 1000-1016 for GPC 0
  CHECK(load(m, 0, 1010, 0) == 1210);  // merged: its own hit latency (the other's data is back at 1200)
  CHECK(m.stats().lts_sectors == base + 1);
  CHECK(m.stats().l2_merged_sectors == 1);
  CHECK(load(m, 0, 1010, 1) == 1210);  // GPC 1: looked up (the slice is free again at 1001)
  CHECK(m.stats().lts_sectors == base + 2);
  CHECK(load(m, 0, 1020, 0) == 1220);  // after GPC 0's window (a merged load opens none): looked up
  CHECK(load(m, 0, 1030, 0) == 1230);  // within the new window (1020-1036): merged
  CHECK(m.stats().lts_sectors == base + 3);
  CHECK(m.stats().l2_merged_sectors == 2);
  // A store to the sector ends the merging: the next load is looked up again.
  m.access(0, MemOp::Store, 1031);
  const auto before = m.stats().lts_sectors;
  load(m, 0, 1032, 0);
  CHECK(m.stats().lts_sectors == before + 1);
  CHECK(m.stats().l2_merged_sectors == 2);
}

TEST_CASE("593 without mem.l2_merge_per_gpc loads from any GPC merge, with a window of 0 none do") {
  MemorySystem any(merging(false));
  any.access(0, MemOp::Store, 0);
  load(any, 0, 1000, 0);
  load(any, 0, 1005, 3);
  CHECK(any.stats().l2_merged_sectors == 1);

  MemoryConfig off = merging(true);
  off.merge_load_cycles = 0;
  MemorySystem none(off);
  none.access(0, MemOp::Store, 0);
  load(none, 0, 1000, 0);
  CHECK(load(none, 0, 1000, 0) == 1201);  // looked up after the first (one sector a cycle)
  CHECK(none.stats().l2_merged_sectors == 0);
}

TEST_CASE("593 the TMA unit's loads merge within mem.l2_merge_cycles, warps' loads within their own window") {
  MemoryConfig c = merging(true);
  c.merge_cycles = 64;
  MemorySystem m(c);
  m.access(0, MemOp::Store, 0);
  load(m, 0, 1000, 2, /*bulk=*/true);
  CHECK(load(m, 0, 1050, 2, /*bulk=*/true) == 1250);  // within 64 of the lookup: merged
  CHECK(m.stats().l2_merged_sectors == 1);
  load(m, 0, 1060, 2);  // a warp's load 60 after it: outside the warps' 16
  CHECK(m.stats().l2_merged_sectors == 1);
  load(m, 0, 1070, 2);  // 10 after that warp's load: merged
  CHECK(m.stats().l2_merged_sectors == 2);
}

}  // namespace WARPSIM_UNITY_ID
