// 694: emul.div_u32_invariant. Inside a loop whose iterations leave the divisor register unchanged, ptxas computes an
// unsigned divisor's reciprocal once before the loop, and the div/rem .u32 in the loop is the shorter rest of the
// sequence: emul.div_u32_invariant.instructions SASS and .latency cycles instead of emul.div_u32's
// (traces/ubench_branch_lat's `i / d`). A divisor written in the loop, a division outside any loop and a signed
// division keep the full sequence; a latency of 0 turns the rule off.
#include "timing_test_util.hpp"

#include <fmt/format.h>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

// Four iterations of q += i <op> d, i = 0..3, d = 3 (with `bump`, d grows by one each iteration, after the division);
// `loop` false: the same four divisions written out (no loop). out[lane] = q.
std::string kernel(const char* op, const char* type, bool bump, bool loop = true) {
  const std::string div = fmt::format("  {}.{} %r3, %r1, %r2;\n  add.u32 %r5, %r5, %r3;\n", op, type);
  std::string body;
  if (loop) {
    body = "LOOP:\n" + div + (bump ? "  add.u32 %r2, %r2, 1;\n" : "") +
           "  add.u32 %r1, %r1, 1;\n  setp.lt.u32 %p1, %r1, 4;\n  @%p1 bra LOOP;\n";
  } else {
    for (int k = 0; k < 4; ++k) body += div + "  add.u32 %r1, %r1, 1;\n";
  }
  return ttest::header() + R"(
.visible .entry k(.param .u64 out) {
  .reg .u32 %r<8>;
  .reg .u64 %rd<3>;
  .reg .pred %p<2>;
  mov.u32 %r1, 0;
  mov.u32 %r2, 3;
  mov.u32 %r5, 0;
)" + body +
         R"(  ld.param.u64 %rd1, [out];
  mov.u32 %r6, %tid.x;
  mul.wide.u32 %rd2, %r6, 4;
  add.u64 %rd1, %rd1, %rd2;
  st.global.u32 [%rd1], %r5;
  exit;
}
)";
}

struct Run {
  std::uint64_t cycles, sass;
  std::uint32_t q;
};

Run run(const std::string& ptx, unsigned invariant_latency) {
  const auto r =
      ttest::run(ptx, 1, 32, 32, true,
                 {"emul.div_u32.latency=60", "emul.div_u32.instructions=9", "emul.div_s32.latency=70",
                  "emul.div_s32.instructions=11", fmt::format("emul.div_u32_invariant.latency={}", invariant_latency),
                  "emul.div_u32_invariant.instructions=3"});
  for (unsigned lane = 1; lane < 32; ++lane) CHECK(r.out[lane] == r.out[0]);
  return {r.timing.cycles, r.timing.stats.smsp_inst_executed_sum, r.out[0]};
}

}  // namespace

TEST_CASE("694 a loop-invariant unsigned divisor: the shorter sequence, 6 SASS and 40 cycles less per division") {
  for (const char* op : {"div", "rem"}) {
    INFO(op);
    const std::string ptx = kernel(op, "u32", false);
    const Run full = run(ptx, 0), hoisted = run(ptx, 20);
    CHECK(full.sass - hoisted.sass == 4 * (9 - 3));
    CHECK(full.cycles - hoisted.cycles == 4 * (60 - 20));  // each division is on the loop's critical path
    CHECK(hoisted.q == full.q);
    CHECK(full.q == (std::string(op) == "div" ? 0u + 0 + 0 + 1 : 0u + 1 + 2 + 0));
  }
}

TEST_CASE("694 a divisor written in the loop, a division outside a loop, a signed division: the full sequence") {
  const std::string bumped = kernel("div", "u32", true), straight = kernel("div", "u32", false, false),
                    signed_div = kernel("div", "s32", false);
  for (const std::string* ptx : {&bumped, &straight, &signed_div}) {
    const Run a = run(*ptx, 0), b = run(*ptx, 20);
    CHECK(a.sass == b.sass);
    CHECK(a.cycles == b.cycles);
  }
  CHECK(run(bumped, 20).q == 0u / 3 + 1u / 4 + 2u / 5 + 3u / 6);
  CHECK(run(straight, 20).q == 1u);
}

}  // namespace WARPSIM_UNITY_ID
