// 688: sm.reconverge_cycles and sm.reconverge_branch_cycles: a warp whose lanes split at a branch and come together
// again at its reconvergence point goes on that many cycles after the last path's last instruction: the first where
// that point is a bar.warp.sync (ptxas's WARPSYNC; traces/ubench_mbar_lanes: 69 cycles on the H200), the second
// anywhere else (ptxas's BSYNC; traces/ubench_branch_lat: 40). A branch every lane takes the same way costs nothing
// more, and neither does a bar.warp.sync of a converged warp.
#include "timing_test_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {
// With `diverge` the odd lanes take one side and the even lanes the other (without it every lane takes the EVEN
// side), each side a different add; then, with `syncwarp`, a bar.warp.sync; then the store of the value.
std::string kernel(bool diverge, bool syncwarp) {
  return ttest::header() + R"(
.visible .entry k(.param .u64 out) {
  .reg .u32 %r<5>;
  .reg .pred %p;
  .reg .u64 %rd<3>;
  mov.u32 %r1, %tid.x;
  and.b32 %r2, %r1, )" + std::string(diverge ? "1" : "0") + R"(;
  setp.eq.u32 %p, %r2, 0;
  @%p bra EVEN;
  add.u32 %r3, %r1, 100;
  add.u32 %r3, %r3, 1;
  add.u32 %r3, %r3, 1;
  bra.uni JOIN;
EVEN:
  add.u32 %r3, %r1, 200;
  add.u32 %r3, %r3, 2;
  add.u32 %r3, %r3, 2;
JOIN:
  )" + std::string(syncwarp ? "bar.warp.sync -1;" : "") + R"(
  ld.param.u64 %rd1, [out];
  mul.wide.u32 %rd2, %r1, 4;
  add.u64 %rd1, %rd1, %rd2;
  st.global.u32 [%rd1], %r3;
  ret;
}
)";
}

std::uint64_t cycles(bool diverge, bool syncwarp, unsigned reconverge, unsigned branch = 0) {
  const auto r = ttest::run(kernel(diverge, syncwarp), 1, 32, 32, true,
                            {"sm.reconverge_cycles=" + std::to_string(reconverge),
                             "sm.reconverge_branch_cycles=" + std::to_string(branch), "compiler.if_convert_max=0"});
  for (unsigned lane = 0; lane < 32; ++lane) {
    const std::uint32_t want = diverge && (lane & 1) ? lane + 102 : lane + 204;
    if (r.out[lane] != want) FAIL("lane " << lane << ": " << r.out[lane] << ", expected " << want);
  }
  return r.timing.cycles;
}
// The odd lanes run an `if` whose last instruction is a mov of an immediate, which ptxas folds away (no SASS of its
// own): the reunion its step completes costs as much as any other.
std::uint64_t folded_end_cycles(unsigned branch) {
  const std::string ptx = ttest::header() + R"(
.visible .entry k(.param .u64 out) {
  .reg .u32 %r<6>;
  .reg .pred %p;
  .reg .u64 %rd<3>;
  mov.u32 %r1, %tid.x;
  mov.u32 %r4, 1;
  and.b32 %r2, %r1, 1;
  setp.eq.u32 %p, %r2, 0;
  @%p bra JOIN;
  add.u32 %r3, %r1, 100;
  mov.u32 %r4, 7;
JOIN:
  add.u32 %r5, %r1, %r4;
  ld.param.u64 %rd1, [out];
  mul.wide.u32 %rd2, %r1, 4;
  add.u64 %rd1, %rd1, %rd2;
  st.global.u32 [%rd1], %r5;
  ret;
}
)";
  const auto r = ttest::run(ptx, 1, 32, 32, true,
                            {"sm.reconverge_branch_cycles=" + std::to_string(branch), "compiler.if_convert_max=0"});
  for (unsigned lane = 0; lane < 32; ++lane)
    if (r.out[lane] != lane + ((lane & 1) ? 7u : 1u)) FAIL("lane " << lane << ": " << r.out[lane]);
  return r.timing.cycles;
}
}  // namespace

TEST_CASE("688 a reunion completed by an instruction ptxas folds away costs sm.reconverge_branch_cycles too") {
  // The cost counts from the folded mov's step, which warpsim takes a cycle before the warp's next issue: 29 of the
  // 30 cycles show over no cost at all, and every cycle more adds one.
  CHECK(folded_end_cycles(30) - folded_end_cycles(0) == 29);
  CHECK(folded_end_cycles(60) - folded_end_cycles(30) == 30);
}

TEST_CASE("688 a diverged warp reunites at a bar.warp.sync sm.reconverge_cycles after its last path arrives") {
  CHECK(cycles(true, true, 50) - cycles(true, true, 0) == 50);  // reunited once, at the bar.warp.sync
  CHECK(cycles(true, true, 50, 30) == cycles(true, true, 50, 0));
}

TEST_CASE("688 a diverged warp reunites elsewhere sm.reconverge_branch_cycles after its last path arrives") {
  CHECK(cycles(true, false, 0, 30) - cycles(true, false, 0, 0) == 30);
  CHECK(cycles(true, false, 50, 30) == cycles(true, false, 0, 30));
}

TEST_CASE("688 a branch all lanes take alike, and a converged bar.warp.sync, cost nothing more") {
  CHECK(cycles(false, false, 50, 30) == cycles(false, false, 0, 0));
  CHECK(cycles(false, true, 50, 30) == cycles(false, true, 0, 0));
}

}  // namespace WARPSIM_UNITY_ID
