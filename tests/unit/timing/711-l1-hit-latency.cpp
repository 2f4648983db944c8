// L1 hit vs miss at the sector boundary: reading the sector just loaded costs mem.l1_hit_latency, the next sector of
// the same line (not loaded: L1 and L2 miss) costs mem.dram_latency.
#include "mem_test_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

TEST_CASE("same sector hits L1, the neighbouring sector misses to DRAM") {
  // tiny: mem.l1_hit_latency 40, mem.dram_latency 500 (one sector, no queueing).
  const auto one = mtest::run_chain({"ld 0"});
  const auto same = mtest::run_chain({"ld 0", "ld 28"});  // bytes 28..31: still sector 0
  const auto next = mtest::run_chain({"ld 0", "ld 32"});  // sector 1 of line 0
  CHECK(one.cycles == 506);  // the load issues at cycle 6 (after ld.param and cvta), then DRAM
  CHECK(same.cycles - one.cycles == 40);
  CHECK(next.cycles - one.cycles == 500);
  CHECK(same.stats.mem.l1_sector_hits == 1);
  CHECK(same.stats.mem.l1_sector_misses == 1);
  CHECK(next.stats.mem.l1_sector_hits == 0);
  CHECK(next.stats.mem.l1_sector_misses == 2);
  CHECK(same.stats.to_map().at("l1tex__t_sector_hit_rate.pct") == 50.0);
}

}  // namespace WARPSIM_UNITY_ID
