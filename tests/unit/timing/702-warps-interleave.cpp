// Two warps on one sub-partition hide each other's FFMA latency; warps on different sub-partitions issue in
// the same cycle.
#include "timing_test_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

std::string chain(unsigned n) {
  std::string body;
  for (unsigned i = 0; i < n; ++i) body += "  fma.rn.f32 %f1, %f1, %f1, %f1;\n";
  return ttest::header() + ".visible .entry k(.param .u64 out) {\n  .reg .f32 %f<2>;\n  mov.f32 %f1, 0f3F800000;\n" +
         body + "  exit;\n}\n";
}

}  // namespace

TEST_CASE("warps on different sub-partitions run side by side") {
  // 4 warps, tiny has 4 sub-partitions: each warp alone on its own, so the kernel takes what one warp takes.
  const auto one = ttest::run(chain(8), 1, 32, 1);
  const auto four = ttest::run(chain(8), 1, 128, 1);
  CHECK(one.timing.cycles == 34);
  CHECK(four.timing.cycles == 34);
  CHECK(four.timing.stats.smsp_inst_executed_sum == 4 * 10);
}

TEST_CASE("two warps on one sub-partition interleave (gto)") {
  // 5 warps: slots 0 and 4 share sub-partition 0. Warp 0 issues mov at 0, warp 4 at 1 (warp 0 waits on %f1);
  // from then on they alternate: warp 0's FFMA k at 2 + 4(k-1), warp 4's at 3 + 4(k-1). At cycle 31 both are
  // ready (warp 0's exit, warp 4's 8th FFMA); greedy keeps warp 0, the last one issued, so warp 4's FFMA goes at
  // 32 and lands at 36: two cycles more than a warp alone, not twice as long.
  const auto r = ttest::run(chain(8), 1, 160, 1);
  CHECK(r.timing.cycles == 36);
}

TEST_CASE("two warps on one sub-partition interleave (lrr)") {
  // As above, but at cycle 31 round-robin moves past warp 0 (issued last) to warp 4: its FFMA lands at 35.
  const auto r = ttest::run(chain(8), 1, 160, 1, true, {"sm.scheduler=lrr"});
  CHECK(r.timing.cycles == 35);
}

}  // namespace WARPSIM_UNITY_ID
