// 744: ptxas's warp aggregation (lower/lowered.hpp, InstrTiming::warp_aggregate): with compiler.schedule, an
// integer atom.add on an address every lane of the warp shares by construction (from parameters and %ctaid) is one
// lane's atomic at L2; the same add on an address derived from %tid.x (equal in every lane at run time, but not
// provably so) is 32 lanes on one address. Values are the same. (The result is stored, so the kernel waits for it.)
#include "timing_test_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {
std::string kernel(bool from_tid) {
  return ttest::header() + std::string(R"(
.visible .entry k(.param .u64 out) {
  .reg .u32 %r<4>;
  .reg .u64 %rd<5>;
  ld.param.u64 %rd4, [out];
  cvta.to.global.u64 %rd1, %rd4;
)") + (from_tid ? "  mov.u32 %r1, %tid.x;\n  and.b32 %r1, %r1, 0;\n" : "  mov.u32 %r1, 0;\n") + R"(
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  atom.global.add.u32 %r2, [%rd3], 1;
  st.global.u32 [%rd1+4], %r2;
  exit;
}
)";
}
}  // namespace

TEST_CASE("744 an atom.add on a provably uniform address is one lane's at L2, with the same result") {
  const std::vector<std::string> set = {"compiler.schedule=1", "mem.atomic_same_address_cycles=10"};
  const auto uniform = ttest::run(kernel(false), 1, 32, 4, true, set);
  const auto lanes = ttest::run(kernel(true), 1, 32, 4, true, set);
  CHECK(uniform.out[0] == 32u);
  CHECK(lanes.out[0] == 32u);
  // 32 lanes on one word keep the atomic unit 320 cycles, one lane 10; the aggregate's 4 more SASS
  // instructions issue in a few cycles (measured here: 314 apart).
  INFO("uniform " << uniform.timing.cycles << " lanes " << lanes.timing.cycles);
  CHECK(lanes.timing.cycles - uniform.timing.cycles >= 290);
  CHECK(lanes.timing.cycles - uniform.timing.cycles <= 320);
}

}  // namespace WARPSIM_UNITY_ID
