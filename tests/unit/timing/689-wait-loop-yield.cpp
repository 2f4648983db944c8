// 689: ptxas's YIELD before an mbarrier wait loop's try (ir::Program::yield_at; sm.yield_cycles).
// Two wait loops side by side as the arms of one branch (`@p bra B; A: try loop; bra.uni J; B: test loop; J:`) stay
// inline in ptxas's SASS and every try runs the YIELD: the warp pays sm.yield_cycles even when the first try
// succeeds. A lone wait loop gets its first try peeled and its YIELD out of line: a first try that succeeds pays
// nothing.
#include "timing_test_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {
std::string kernel(bool paired) {
  const std::string arms = paired ? R"(
  setp.ge.u32 %p1, %r2, 64;
  @%p1 bra B;
A:
  mbarrier.try_wait.parity.shared::cta.b64 %p2, [%r1], 0;
  @!%p2 bra A;
  bra.uni J;
B:
  mbarrier.test_wait.parity.shared::cta.b64 %p3, [%r1], 0;
  @!%p3 bra B;
J:)"
                                  : R"(
A:
  mbarrier.try_wait.parity.shared::cta.b64 %p2, [%r1], 0;
  @!%p2 bra A;)";
  return ttest::header() + R"(
.visible .entry k(.param .u64 out) {
  .reg .u32 %r<4>;
  .reg .pred %p<4>;
  .reg .b64 %st;
  .reg .u64 %rd<3>;
  .shared .align 8 .b64 bar;
  mov.u32 %r1, bar;
  mov.u32 %r2, %tid.x;
  setp.eq.u32 %p0, %r2, 0;
  @%p0 mbarrier.init.shared::cta.b64 [%r1], 32;
  bar.warp.sync -1;
  mbarrier.arrive.shared::cta.b64 %st, [%r1];)" +
         arms + R"(
  ld.param.u64 %rd1, [out];
  mul.wide.u32 %rd2, %r2, 4;
  add.u64 %rd1, %rd1, %rd2;
  st.global.u32 [%rd1], %r2;
  ret;
}
)";
}

std::uint64_t cycles(bool paired, unsigned yield) {
  const auto r = ttest::run(kernel(paired), 1, 32, 32, true, {"sm.yield_cycles=" + std::to_string(yield)});
  for (unsigned lane = 0; lane < 32; ++lane)
    if (r.out[lane] != lane) FAIL("lane " << lane << ": " << r.out[lane]);
  return r.timing.cycles;
}
}  // namespace

TEST_CASE("689 a wait loop paired with another as a branch's arms pays the YIELD on its first try") {
  CHECK(cycles(true, 40) - cycles(true, 0) == 40);
}

TEST_CASE("689 a lone wait loop whose first try succeeds pays no YIELD (ptxas peels the first try)") {
  CHECK(cycles(false, 40) == cycles(false, 0));
}

}  // namespace WARPSIM_UNITY_ID
