// ptxas_unroll: a one-block loop with a counter stepped by an immediate and a memory access inside is rewritten as
// four renamed copies in front of the original loop (lower/unroll.hpp). Checked: which loops qualify, the shape of
// the rewrite, that every lane computes exactly what the original loop computes for every trip count (0 to 4
// copies' worth and remainders; counting down to zero, counting up to a register bound, signed and unsigned, the
// branch on !p), and that the unrolled loop's loads issue back to back in the timing model (fewer cycles).
#include "ptxas_test_util.hpp"

#include <warpsim/lower/unroll.hpp>

#include <fmt/format.h>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

using warpsim::ir::Op;

const std::string kDecls = "  .reg .u32 %r<20>;\n  .reg .u64 %rd<10>;\n  .reg .pred %p<4>;\n";

// Words 0..63 of `out` are data; lane i of the one warp stores its result to word 64 + i. `setup` sets %r1 (the
// counter) and anything the loop needs from %r10 = %tid.x; `loop` is the body after the label L (it ends with the
// branch back to L); the loop's value is %r2.
std::string kernel_with(const std::string& setup, const std::string& loop, const std::string& pragma = "") {
  return ptest::kernel(kDecls, R"(
  mov.u32 %r10, %tid.x;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  mov.u32 %r2, 7;
  mov.u64 %rd2, %rd1;
)" + setup + "L:\n" + pragma + loop +
                                   R"(
  mul.wide.u32 %rd3, %r10, 4;
  add.s64 %rd4, %rd1, %rd3;
  st.global.u32 [%rd4+256], %r2;
  exit;
)");
}

// Trips of lane i: 1 + i (1 to 32 iterations: none, some and many passes of four copies plus every remainder).
const std::string kCountDown = R"(
  add.u32 %r1, %r10, 1;
)";
const std::string kBodyDown = R"(
  ld.global.u32 %r3, [%rd2];
  mad.lo.u32 %r2, %r2, 3, %r3;
  add.s64 %rd2, %rd2, 4;
  add.s32 %r1, %r1, -1;
  setp.ne.s32 %p1, %r1, 0;
  @%p1 bra L;
)";

std::vector<std::uint32_t> data() {
  std::vector<std::uint32_t> d(96, 0);
  for (unsigned i = 0; i < 64; ++i) d[i] = i * 2654435761u + 12345u;
  return d;
}

// The CPU's value of lane i after `trips` iterations of s = s * 3 + data[k].
std::uint32_t reference(unsigned trips) {
  const auto d = data();
  std::uint32_t s = 7;
  for (unsigned k = 0; k < trips; ++k) s = s * 3u + d[k];
  return s;
}

warpsim::ir::Program unrolled(const std::string& ptx, std::vector<std::string> overrides = {},
                              unsigned* count = nullptr) {
  overrides.insert(overrides.begin(), {"compiler.schedule=1", "compiler.fold=1", "compiler.unroll=4"});
  auto p = ptest::load(ptx);
  const unsigned n = warpsim::lower::ptxas_unroll(p, ptest::tiny(overrides));
  if (count != nullptr) *count = n;
  return p;
}

unsigned loops_unrolled(const std::string& ptx, const std::vector<std::string>& overrides = {}) {
  unsigned n = 0;
  (void)unrolled(ptx, overrides, &n);
  return n;
}

void check_values(const warpsim::ir::Program& p, auto trips_of_lane) {
  INFO(ptest::listing(p));
  const auto out = ptest::run(p, 1, 32, 96, data());
  for (unsigned lane = 0; lane < 32; ++lane) {
    INFO("lane " << lane);
    CHECK(out[64 + lane] == reference(trips_of_lane(lane)));
  }
}

}  // namespace

TEST_CASE("unroll: nvcc's count-down loop becomes four renamed copies in front of the original loop") {
  const std::string ptx = kernel_with(kCountDown, kBodyDown);
  const auto orig = ptest::load(ptx);
  unsigned n = 0;
  const auto p = unrolled(ptx, {}, &n);
  INFO(ptest::listing(p));
  CHECK(n == 1);
  // Body: 6 instructions, 5 without the branch; the earlier copies drop the compare only the branch reads (4
  // each), the last keeps it (5); the guard is sub + setp (NE form) twice, plus the enter predicate twice and three
  // branches.
  CHECK(p.code.size() == orig.code.size() + 4 * 3 + 5 + 2 * 2 + 2 + 3);
  for (unsigned copy = 1; copy <= 4; ++copy)
    CHECK(ptest::pc_of(p, fmt::format("ld.global.u32 %r3, [%rd2] // ptxas unroll: copy {} of 4", copy)) > 0);
  // Each copy's load writes its own register; only the last writes %r3 itself.
  std::vector<std::uint32_t> dst;
  for (unsigned copy = 1; copy <= 4; ++copy)
    dst.push_back(
        p.code[ptest::pc_of(p, fmt::format("ld.global.u32 %r3, [%rd2] // ptxas unroll: copy {}", copy))].ops[0].reg);
  const std::uint32_t r3 = orig.code[ptest::pc_of(orig, "ld.global.u32 %r3")].ops[0].reg;
  CHECK(dst[3] == r3);
  for (unsigned i = 0; i < 3; ++i) {
    CHECK(dst[i] != r3);
    for (unsigned j = i + 1; j < 4; ++j) CHECK(dst[i] != dst[j]);
  }
  CHECK(p.num_slots > orig.num_slots);
  // The original loop is still there, its branch back to its own first instruction.
  const auto back = ptest::pc_of(p, "@%p1 bra L");
  const auto first = static_cast<std::uint32_t>(p.code[back].ops[0].imm);
  CHECK(p.text[first] == "ld.global.u32 %r3, [%rd2]");
  check_values(p, [](unsigned lane) { return lane + 1; });
}

TEST_CASE("unroll: counting up to a register bound, signed and unsigned, and the branch on !p") {
  // lane i runs trips(i) iterations of k = start .. bound-1
  const std::string up_u32 = R"(
  mov.u32 %r1, 0;
  add.u32 %r11, %r10, 1;
)";
  const std::string body_lt = R"(
  ld.global.u32 %r3, [%rd2];
  mad.lo.u32 %r2, %r2, 3, %r3;
  add.s64 %rd2, %rd2, 4;
  add.s32 %r1, %r1, 1;
  setp.lt.u32 %p1, %r1, %r11;
  @%p1 bra L;
)";
  SECTION("setp.lt.u32 c, n") {
    const std::string ptx = kernel_with(up_u32, body_lt);
    CHECK(loops_unrolled(ptx) == 1);
    check_values(unrolled(ptx), [](unsigned lane) { return lane + 1; });
  }
  SECTION("setp.gt.s32 n, c from a negative start, step 3") {
    // k = -20, -17, ... while k < -20 + 3 * (lane + 1): lane + 1 iterations
    const std::string ptx = kernel_with(R"(
  mov.u32 %r1, -20;
  mad.lo.u32 %r11, %r10, 3, -17;
)",
                                        R"(
  ld.global.u32 %r3, [%rd2];
  mad.lo.u32 %r2, %r2, 3, %r3;
  add.s64 %rd2, %rd2, 4;
  add.s32 %r1, %r1, 3;
  setp.gt.s32 %p1, %r11, %r1;
  @%p1 bra L;
)");
    CHECK(loops_unrolled(ptx) == 1);
    check_values(unrolled(ptx), [](unsigned lane) { return lane + 1; });
  }
  SECTION("setp.ge.u32 c, n with @!p (goes on while c < n)") {
    const std::string ptx = kernel_with(up_u32, R"(
  ld.global.u32 %r3, [%rd2];
  mad.lo.u32 %r2, %r2, 3, %r3;
  add.s64 %rd2, %rd2, 4;
  add.s32 %r1, %r1, 1;
  setp.ge.u32 %p1, %r1, %r11;
  @!%p1 bra L;
)");
    CHECK(loops_unrolled(ptx) == 1);
    check_values(unrolled(ptx), [](unsigned lane) { return lane + 1; });
  }
  SECTION("counting down with setp.gt.s32 c, 0 (step -2)") {
    // c = 2 * (lane + 1), -2 each: lane + 1 iterations
    const std::string ptx = kernel_with(R"(
  add.u32 %r1, %r10, 1;
  shl.b32 %r1, %r1, 1;
)",
                                        R"(
  ld.global.u32 %r3, [%rd2];
  mad.lo.u32 %r2, %r2, 3, %r3;
  add.s64 %rd2, %rd2, 4;
  sub.s32 %r1, %r1, 2;
  setp.gt.s32 %p1, %r1, 0;
  @%p1 bra L;
)");
    CHECK(loops_unrolled(ptx) == 1);
    check_values(unrolled(ptx), [](unsigned lane) { return lane + 1; });
  }
  SECTION("a do-while entered past its bound still runs its first iteration") {
    // c = 40 > n = lane + 1: the loop body runs once (c + 1 < n is false at once)
    const std::string ptx = kernel_with(R"(
  mov.u32 %r1, 40;
  add.u32 %r11, %r10, 1;
)",
                                        body_lt);
    check_values(unrolled(ptx), [](unsigned) { return 1u; });
  }
}

TEST_CASE("unroll: loops ptxas leaves alone are left alone") {
  SECTION("compiler.unroll 1") {
    CHECK(loops_unrolled(kernel_with(kCountDown, kBodyDown), {"compiler.unroll=1"}) == 0);
  }
  SECTION(".pragma \"nounroll\"") {
    CHECK(loops_unrolled(kernel_with(kCountDown, kBodyDown, "  .pragma \"nounroll\";\n")) == 0);
  }
  SECTION("a register step (a grid-stride loop)") {
    CHECK(loops_unrolled(kernel_with(kCountDown + "  mov.u32 %r12, -1;\n",
                                     R"(
  ld.global.u32 %r3, [%rd2];
  mad.lo.u32 %r2, %r2, 3, %r3;
  add.s64 %rd2, %rd2, 4;
  add.s32 %r1, %r1, %r12;
  setp.ne.s32 %p1, %r1, 0;
  @%p1 bra L;
)")) == 0);
  }
  SECTION("no memory access in the body") {
    CHECK(loops_unrolled(kernel_with(kCountDown, R"(
  mad.lo.u32 %r2, %r2, 3, %r1;
  add.s32 %r1, %r1, -1;
  setp.ne.s32 %p1, %r1, 0;
  @%p1 bra L;
)")) == 0);
  }
  SECTION("a body longer than compiler.unroll_max_body") {
    CHECK(loops_unrolled(kernel_with(kCountDown, kBodyDown), {"compiler.unroll_max_body=5"}) == 0);
    CHECK(loops_unrolled(kernel_with(kCountDown, kBodyDown), {"compiler.unroll_max_body=6"}) == 1);
  }
  SECTION("an emulated division in the body") {
    CHECK(loops_unrolled(kernel_with(kCountDown, R"(
  ld.global.u32 %r3, [%rd2];
  div.u32 %r3, %r3, %r1;
  mad.lo.u32 %r2, %r2, 3, %r3;
  add.s64 %rd2, %rd2, 4;
  add.s32 %r1, %r1, -1;
  setp.ne.s32 %p1, %r1, 0;
  @%p1 bra L;
)"),
                         {"emul.div_u32.latency=60"}) == 0);
  }
  SECTION("the counter written twice") {
    CHECK(loops_unrolled(kernel_with(kCountDown, R"(
  ld.global.u32 %r3, [%rd2];
  mad.lo.u32 %r2, %r2, 3, %r3;
  add.s64 %rd2, %rd2, 4;
  add.s32 %r1, %r1, -1;
  and.b32 %r1, %r1, 255;
  setp.ne.s32 %p1, %r1, 0;
  @%p1 bra L;
)")) == 0);
  }
}

TEST_CASE("unroll: the copies' loads issue back to back, so the loop takes fewer cycles") {
  const std::string ptx = kernel_with(kCountDown, kBodyDown);
  const auto cfg = [](const char* unroll) {
    return ptest::tiny({"compiler.schedule=1", "compiler.fold=1", fmt::format("compiler.unroll={}", unroll)});
  };
  auto once = ptest::load(ptx), four = ptest::load(ptx);
  warpsim::lower::ptxas_unroll(four, cfg("4"));
  warpsim::lower::ptxas_schedule(once, cfg("1"));
  warpsim::lower::ptxas_schedule(four, cfg("4"));
  const auto r1 = ttest::run_program(once, cfg("1"), 1, 32, 96, true, data());
  const auto r4 = ttest::run_program(four, cfg("4"), 1, 32, 96, true, data());
  CHECK(r1.out == r4.out);
  INFO("cycles: as written " << r1.timing.cycles << ", unrolled " << r4.timing.cycles);
  // 32 iterations for the last lane: as written each iteration waits for its load before the next is issued;
  // unrolled, four loads are in flight at once and only the mad chain waits, and the first three copies' pointer
  // and counter steps issue nothing (exact cycles of the tiny model).
  CHECK(r1.timing.cycles == 3195);
  CHECK(r4.timing.cycles == 2425);
}

}  // namespace WARPSIM_UNITY_ID

namespace WARPSIM_UNITY_ID {

TEST_CASE("unroll: the earlier copies' counter steps issue nothing unless other arithmetic reads them") {
  // ptxas steps a counter once per trip and the copies use offsets (traces/j_colsum: one VIADD per 16 elements;
  // j_sgemm16_256: [R18.64+0x40]); a counter that feeds arithmetic keeps one instruction per copy (traces/mma_sync's
  // ldst_matrix: an IADD3 per copy's index).
  const auto steps_folded = [](const std::string& body, const std::string& step) {
    const auto p = unrolled(kernel_with(kCountDown, body));
    const auto f = warpsim::lower::ptxas_folded(p, ptest::tiny({"compiler.fold=1"}));
    std::vector<bool> out;
    for (unsigned copy = 1; copy <= 4; ++copy)
      out.push_back(f[ptest::pc_of(p, fmt::format("{} // ptxas unroll: copy {} of 4", step, copy))] == 1);
    return out;
  };
  // The pointer only addresses the next copy's load, the counter is only stepped and compared.
  CHECK(steps_folded(kBodyDown, "add.s64 %rd2, %rd2, 4") == std::vector<bool>{true, true, true, false});
  CHECK(steps_folded(kBodyDown, "add.s32 %r1, %r1, -1") == std::vector<bool>{true, true, true, false});
  // Here the counter is also a term of the sum: every copy's step stays.
  std::string feeds = kBodyDown;
  feeds.replace(feeds.find("mad.lo.u32 %r2, %r2, 3, %r3;"), 28, "mad.lo.u32 %r2, %r2, 3, %r3;\n  add.u32 %r2, %r2, %r1;");
  CHECK(steps_folded(feeds, "add.s32 %r1, %r1, -1") == std::vector<bool>{false, false, false, false});
}

}  // namespace WARPSIM_UNITY_ID
