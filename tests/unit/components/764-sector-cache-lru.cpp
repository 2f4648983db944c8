// 764: the sectored tag store (timing/sector_cache.hpp) as tiny's L1 uses it: hit, miss, LRU eviction within a set,
// and the dirty sectors an eviction reports.
#include <warpsim/config/gpu_config.hpp>
#include <warpsim/timing/sector_cache.hpp>

#include <catch2/catch.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using warpsim::timing::SectorCache;

namespace {

// tiny: mem.l1_size 4096, mem.l1_assoc 4: 4096 / 128 = 32 lines in 8 sets of 4 ways, set = line mod 8 (unhashed).
// Lines 0, 8, 16, 24, 32 are all in set 0; line L's first sector is 4L.
SectorCache tiny_l1() {
  const auto cfg = warpsim::config::load_gpu_config("tiny");
  REQUIRE(cfg.l1_size == 4096);
  REQUIRE(cfg.l1_assoc == 4);
  return SectorCache(cfg.l1_size, cfg.l1_assoc);
}
constexpr std::uint64_t sector_of_line(std::uint64_t line) { return line * 4; }

}  // namespace

TEST_CASE("764 a filled sector hits with its ready cycle, an absent one misses") {
  SectorCache c = tiny_l1();
  CHECK_FALSE(c.probe(0).has_value());
  CHECK(c.fill(0, 123, false) == 0);  // no eviction
  REQUIRE(c.probe(0).has_value());
  CHECK(*c.probe(0) == 123);
  CHECK_FALSE(c.probe(sector_of_line(8)).has_value());  // same set, other tag
}

TEST_CASE("764 filling assoc + 1 lines of one set evicts the least recently used") {
  SectorCache c = tiny_l1();
  for (std::uint64_t line : {0, 8, 16, 24}) CHECK(c.fill(sector_of_line(line), 1, false) == 0);
  for (std::uint64_t line : {0, 8, 16, 24}) CHECK(c.probe(sector_of_line(line)).has_value());  // 4 ways: all fit
  // LRU order now 0, 8, 16, 24 (the probes above touched them in that order). Line 32 is the fifth: line 0 goes.
  c.fill(sector_of_line(32), 1, false);
  CHECK_FALSE(c.probe(sector_of_line(0)).has_value());
  for (std::uint64_t line : {8, 16, 24, 32}) CHECK(c.probe(sector_of_line(line)).has_value());
  // LRU order 8, 16, 24, 32. A probe makes line 8 most recently used, so line 40 evicts line 16 instead.
  CHECK(c.probe(sector_of_line(8)).has_value());
  c.fill(sector_of_line(40), 1, false);
  CHECK_FALSE(c.probe(sector_of_line(16)).has_value());
  for (std::uint64_t line : {8, 24, 32, 40}) CHECK(c.probe(sector_of_line(line)).has_value());
  // Other sets were never touched: line 1 (set 1) misses, and filling it evicts nothing.
  CHECK(c.fill(sector_of_line(1), 1, false) == 0);
}

TEST_CASE("764 an evicted line reports its dirty sectors") {
  SectorCache c = tiny_l1();
  // Line 0: sectors 0 and 1 dirty, 2 clean; sector 3 never filled.
  c.fill(0, 5, true);
  c.fill(1, 5, true);
  c.fill(2, 5, false);
  CHECK(c.dirty_sectors() == 2);
  // Three more lines of set 0, one with a dirty sector.
  c.fill(sector_of_line(8), 5, false);
  c.fill(sector_of_line(16), 5, true);
  c.fill(sector_of_line(24), 5, false);
  CHECK(c.dirty_sectors() == 3);
  CHECK(c.fill(sector_of_line(32), 5, false) == 2);  // line 0 leaves with its 2 dirty sectors
  CHECK(c.dirty_sectors() == 1);
  CHECK(c.fill(sector_of_line(40), 5, false) == 0);  // line 8 (clean) leaves
  CHECK(c.fill(sector_of_line(48), 5, false) == 1);  // line 16 leaves with its one
  CHECK(c.dirty_sectors() == 0);
}

}  // namespace WARPSIM_UNITY_ID
