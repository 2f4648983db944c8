// A barrier holds warps until the last one arrives; they issue again sm.barrier_latency cycles after it.
#include "timing_test_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

// Warp 1 runs a dependent FFMA chain before the barrier; warp 0 arrives early and waits.
const std::string kKernel = ttest::header() + R"(
.visible .entry k(.param .u64 out) {
  .reg .pred %p<2>;
  .reg .u32 %r<2>;
  .reg .f32 %f<2>;
  mov.u32 %r1, %tid.x;
  mov.f32 %f1, 0f3F800000;
  setp.lt.u32 %p1, %r1, 32;
  @%p1 bra WAIT;
  fma.rn.f32 %f1, %f1, %f1, %f1;
  fma.rn.f32 %f1, %f1, %f1, %f1;
  fma.rn.f32 %f1, %f1, %f1, %f1;
  fma.rn.f32 %f1, %f1, %f1, %f1;
WAIT:
  bar.sync 0;
  exit;
}
)";

}  // namespace

TEST_CASE("barrier release waits sm.barrier_latency after the last arrival") {
  const auto fast = ttest::run(kKernel, 1, 64, 1, true, {"sm.barrier_latency=10"});
  const auto slow = ttest::run(kKernel, 1, 64, 1, true, {"sm.barrier_latency=50"});
  // Both warps' exits move by the difference; nothing else changes.
  CHECK(slow.timing.cycles - fast.timing.cycles == 40);
  CHECK(slow.timing.stats.warp_states.barrier > fast.timing.stats.warp_states.barrier);
  CHECK(fast.timing.stats.smsp_inst_executed_sum == slow.timing.stats.smsp_inst_executed_sum);
}

}  // namespace WARPSIM_UNITY_ID
