// 743: loads that L1 does not serve (ir::kL1Bypass): ld.global.cg and .cv, ld.volatile and strong loads wider than
// the CTA (ld.relaxed.gpu, ld.acquire.gpu/.sys) go to L2 even when their sector is in L1, and do not allocate it;
// ld.relaxed.cta may hit. (ptxas emits LDG.E.STRONG.GPU for .cg: SASS of traces/ubench_store_drain.)
#include "mem_test_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

TEST_CASE("743 an L1-resident sector: ld hits L1, ld.cg / ld.volatile / ld.relaxed.gpu go to L2, ld.relaxed.cta hits") {
  // tiny: mem.l1_hit_latency 40, mem.l2_hit_latency 200, mem.dram_latency 500.
  const auto one = mtest::run_chain({"ld 0"});
  CHECK(one.cycles == 506);
  CHECK(mtest::run_chain({"ld 0", "ld 0"}).cycles - one.cycles == 40);
  CHECK(mtest::run_chain({"ld 0", "cg 0"}).cycles - one.cycles == 200);
  CHECK(mtest::run_chain({"ld 0", "vo 0"}).cycles - one.cycles == 200);
  CHECK(mtest::run_chain({"ld 0", "rg 0"}).cycles - one.cycles == 200);
  CHECK(mtest::run_chain({"ld 0", "rc 0"}).cycles - one.cycles == 40);
}

TEST_CASE("743 ld.global.cg does not allocate in L1: the next plain load misses L1 and hits L2") {
  const auto cg = mtest::run_chain({"cg 0"});
  CHECK(cg.cycles == 506);
  const auto then = mtest::run_chain({"cg 0", "ld 0"});
  CHECK(then.cycles - cg.cycles == 200);
  CHECK(then.stats.mem.l1_sector_hits == 0);
  CHECK(then.stats.mem.l1_sector_misses == 2);  // the bypassing load counts as a lookup miss, as ncu shows it
}

}  // namespace WARPSIM_UNITY_ID
