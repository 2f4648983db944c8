// 765: per-sector state of a line (timing/sector_cache.hpp): a line with one valid sector misses on its others, and
// the ready cycle of a fill still in flight is what a probe returns (a later hit waits for it).
#include <warpsim/timing/sector_cache.hpp>

#include <catch2/catch.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using warpsim::timing::SectorCache;

TEST_CASE("765 a line with one sector valid misses on its other sectors") {
  SectorCache c(4096, 4);  // tiny's L1 shape: 8 sets of 4 ways
  c.fill(1, 10, false);    // line 0, sector 1
  CHECK(c.probe(1).has_value());
  CHECK_FALSE(c.probe(0).has_value());
  CHECK_FALSE(c.probe(2).has_value());
  CHECK_FALSE(c.probe(3).has_value());
  // Filling another sector of the line allocates nothing new: the line's other sector stays.
  CHECK(c.fill(3, 20, false) == 0);
  CHECK(*c.probe(1) == 10);
  CHECK(*c.probe(3) == 20);
  CHECK_FALSE(c.probe(2).has_value());
}

TEST_CASE("765 a probe returns the ready cycle of a fill in flight, and a write does not move it earlier") {
  SectorCache c(4096, 4);
  c.fill(4, 500, false);  // a miss whose data arrives at 500, probed before then
  REQUIRE(c.probe(4).has_value());
  CHECK(*c.probe(4) == 500);
  c.fill(4, 100, true);  // a write at 100 while the fill is in flight: the data is there at 500, not 100
  CHECK(*c.probe(4) == 500);
  CHECK(c.dirty_sectors() == 1);
  c.fill(4, 900, false);  // a later fill does move it
  CHECK(*c.probe(4) == 900);
}

TEST_CASE("765 a hashed cache (an L2 slice) keeps the same per-sector rules") {
  SectorCache c(16384, 4, true);  // tiny's L2 slice: 32768 / 2 slices
  c.fill(9, 7, false);            // line 2, sector 1
  CHECK(*c.probe(9) == 7);
  CHECK_FALSE(c.probe(8).has_value());
}

}  // namespace WARPSIM_UNITY_ID
