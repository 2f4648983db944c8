// 693: sm.guard_predicate_cycles. A predicate a setp (ISETP) or a .pred and/or/xor/not (PLOP3) writes serves as a later
// instruction's guard (@p: a branch or a predicated instruction) that many cycles after the setp's issue, while an
// instruction reading it as data (selp) waits only the pipe's latency (traces/ubench_branch_lat: 13 cycles on the
// H100's and H200's SM, against 4). A setp that only tests a selp of a predicate against 0 or 1 is ptxas's reuse of
// that predicate and adds nothing. ptxas's list scheduler issues the setp of a block's closing branch early
// (lower/ptxas_model.cpp, schedule_region).
#include "ptxas_test_util.hpp"
#include "timing_test_util.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

// tiny: pipe.uniform 2, pipe.int latency 4, sm.branch_taken_cycles 0. Test 735's loop with the branch waiting
// max(4, G) after its setp: iteration k's add at a_k, setp at a_k + 4, bra at a_k + 4 + max(4, G), the next add one
// cycle later; a_1 = 2; the last bra falls through, exit one cycle after it, the kernel ends one cycle after that.
std::uint64_t expected(unsigned n, unsigned g) {
  const std::uint64_t wait = std::max(4u, g);
  return 2 + std::uint64_t{n - 1} * (4 + wait + 1) + 4 + wait + 2;
}

std::uint64_t cycles(const std::string& ptx, unsigned g, std::vector<std::string> set = {}) {
  set.push_back(fmt::format("sm.guard_predicate_cycles={}", g));
  return ttest::run(ptx, 1, 32, 32, true, set).timing.cycles;
}

// setp, then `use` of %p1 (as a guard or as data), then each lane's store of %r3 to out[lane] (the kernel's end
// waits for it).
std::string after_setp(const std::string& use) {
  return ttest::header() + R"(
.visible .entry k(.param .u64 out) {
  .reg .u32 %r<8>;
  .reg .u64 %rd<3>;
  .reg .pred %p<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd2, %r1, 4;
  add.u64 %rd1, %rd1, %rd2;
  mov.u32 %r3, 5;
  setp.lt.u32 %p1, %r1, 16;
)" + use +
         R"(
  st.global.u32 [%rd1], %r3;
  exit;
}
)";
}

}  // namespace

TEST_CASE("693 a loop branch waits sm.guard_predicate_cycles for its setp's predicate") {
  CHECK(expected(10, 4) == 93);  // test 735's value at sm.branch_taken_cycles 0
  for (unsigned n : {1u, 10u}) {
    for (unsigned g : {0u, 4u, 13u, 20u}) {
      INFO("iterations " << n << ", sm.guard_predicate_cycles " << g);
      CHECK(cycles(ttest::counted_loop(n), g) == expected(n, g));
    }
  }
  CHECK(cycles(ttest::counted_loop(10), 13) - cycles(ttest::counted_loop(10), 0) == 10 * 9);
}

TEST_CASE("693 a predicated instruction waits for its guard, a selp of the predicate does not") {
  const std::string guarded = after_setp("  @%p1 add.u32 %r3, %r3, 1;");
  const std::string selp = after_setp("  selp.u32 %r3, 1, 2, %p1;");
  CHECK(cycles(guarded, 30) - cycles(guarded, 0) == 30 - 4);  // the add issues at setp + 30 instead of + 4
  CHECK(cycles(selp, 30) == cycles(selp, 0));
  // Lanes 0-15 add one, the others keep 5 (the timing changes no value).
  const auto r = ttest::run(guarded, 1, 32, 32, true, {"sm.guard_predicate_cycles=30"});
  for (unsigned lane = 0; lane < 32; ++lane) CHECK(r.out[lane] == (lane < 16 ? 6u : 5u));
}

TEST_CASE("693 a setp that re-tests a selp of a predicate serves as a guard at once, a predicate xor does not") {
  const std::string retest =
      after_setp("  selp.u32 %r4, 1, 0, %p1;\n  setp.eq.u32 %p2, %r4, 0;\n  @%p2 add.u32 %r3, %r3, 1;");
  CHECK(cycles(retest, 30) == cycles(retest, 0));
  const std::string pxor = after_setp("  xor.pred %p2, %p1, 1;\n  @%p2 add.u32 %r3, %r3, 1;");
  // the xor's own guard wait on %p1 does not apply (it reads %p1 as data); its result serves 30 cycles after it
  CHECK(cycles(pxor, 30) - cycles(pxor, 0) == 30 - 4);
  CHECK(warpsim::lower::guard_producer(ptest::load(pxor), ptest::pc_of(ptest::load(pxor), "xor.pred")));
  CHECK_FALSE(warpsim::lower::guard_producer(ptest::load(retest), ptest::pc_of(ptest::load(retest), "setp.eq")));
  CHECK(warpsim::lower::guard_producer(ptest::load(retest), ptest::pc_of(ptest::load(retest), "setp.lt")));
}

TEST_CASE("693 the list scheduler issues the closing branch's setp before independent instructions") {
  const std::string decls = "  .reg .u32 %r<20>;\n  .reg .u64 %rd<4>;\n  .reg .pred %p<4>;\n";
  const std::string ptx = ptest::kernel(decls, R"(
  mov.u32 %r1, %tid.x;
  mov.u32 %r9, 0;
LOOP:
  add.u32 %r2, %r1, 1;
  add.u32 %r3, %r1, 2;
  add.u32 %r4, %r1, 3;
  add.u32 %r6, %r1, 4;
  add.u32 %r7, %r1, 5;
  add.u32 %r8, %r1, 6;
  add.u32 %r9, %r9, 1;
  setp.lt.u32 %p1, %r9, 4;
  @%p1 bra LOOP;
  add.u32 %r5, %r2, %r3;
  add.u32 %r5, %r5, %r4;
  add.u32 %r5, %r5, %r6;
  add.u32 %r5, %r5, %r7;
  add.u32 %r5, %r5, %r8;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  st.global.u32 [%rd1], %r5;
  exit;
)");
  const auto with = ptest::scheduled(ptx, {"sm.guard_predicate_cycles=13"});
  const auto without = ptest::scheduled(ptx, {"sm.guard_predicate_cycles=0"});
  INFO(ptest::listing(with));
  // Heights with G = 13: add %r9 4 + 13 = 17, setp 13, the other adds 4. t0 add %r9 (the setp may issue at t4),
  // t1-t3 the first three independent adds, t4 the setp, then the other three.
  CHECK(ptest::pc_of(with, "add.u32 %r9,") < ptest::pc_of(with, "add.u32 %r2,"));
  CHECK(ptest::pc_of(with, "setp.lt") < ptest::pc_of(with, "add.u32 %r6,"));
  CHECK(ptest::pc_of(with, "setp.lt") > ptest::pc_of(with, "add.u32 %r4,"));
  // Without it the setp's height is 4, as the adds': it waits behind all of them.
  CHECK(ptest::pc_of(without, "setp.lt") > ptest::pc_of(without, "add.u32 %r8,"));
  CHECK(ptest::run(with, 1, 32, 64) == ptest::run(ptest::load(ptx), 1, 32, 64));
}

}  // namespace WARPSIM_UNITY_ID
