// ptxas_schedule's if-conversion: `@p bra L; <a few unguarded instructions>; L:` becomes a nop and the same
// instructions guarded by the inverted predicate, as ptxas predicates short blocks. It is left alone when the
// skipped instructions hold a barrier, a warp shuffle, a label another branch jumps to, or write the predicate,
// and when they are more than 24.
#include "ptxas_test_util.hpp"

#include <fmt/format.h>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

using warpsim::ir::Op;

const std::string kDecls = "  .reg .u32 %r<20>;\n  .reg .u64 %rd<10>;\n  .reg .pred %p<4>;\n";

// Odd lanes run `skipped` (the even ones branch around it); every lane stores %r2 and %r3.
std::string guarded(const std::string& branch, const std::string& skipped, const std::string& extra_decls = "") {
  return ptest::kernel(kDecls + extra_decls, R"(
  mov.u32 %r10, %tid.x;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  mov.u32 %r2, 1;
  mov.u32 %r3, 2;
  and.b32 %r4, %r10, 1;
  setp.eq.u32 %p1, %r4, 0;
  )" + branch + "\n" + skipped + R"(
SKIP:
  mul.wide.u32 %rd2, %r10, 8;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r2;
  st.global.u32 [%rd3+4], %r3;
  exit;
)");
}

const std::string kTwo = "  add.u32 %r2, %r10, 10;\n  mul.lo.u32 %r3, %r10, 3;\n";

// Whether the guarded branch of `ptx` survived scheduling unchanged (and no skipped instruction got a guard).
void check_not_converted(const std::string& ptx, const std::string& branch_text = "bra SKIP") {
  const auto orig = ptest::load(ptx);
  const auto p = ptest::scheduled(ptx);
  INFO(ptest::listing(p));
  const auto br = ptest::pc_of(p, branch_text);
  CHECK(p.code[br].op == Op::Bra);
  CHECK(p.code[br].guard == orig.code[ptest::pc_of(orig, branch_text)].guard);
  const auto count = [](const warpsim::ir::Program& q, auto pred) {
    std::size_t n = 0;
    for (const auto& in : q.code) n += pred(in) ? 1 : 0;
    return n;
  };
  const auto is_guarded = [](const warpsim::ir::Instr& in) { return in.guard != warpsim::ir::kNoReg; };
  const auto is_nop = [](const warpsim::ir::Instr& in) { return in.op == Op::Nop; };
  CHECK(count(p, is_guarded) == count(orig, is_guarded));
  CHECK(count(p, is_nop) == count(orig, is_nop));
}

}  // namespace

TEST_CASE("if-conversion: a short guarded forward branch becomes a nop and instructions guarded by !p") {
  const std::string ptx = guarded("@%p1 bra SKIP;", kTwo);
  const auto orig = ptest::load(ptx);
  const auto p = ptest::scheduled(ptx);
  INFO(ptest::listing(p));
  const auto obr = ptest::pc_of(orig, "bra SKIP");
  const std::uint32_t guard = orig.code[obr].guard;
  REQUIRE(guard != warpsim::ir::kNoReg);
  CHECK_FALSE(orig.code[obr].guard_neg);
  // The branch is gone: a nop instead (the pcs do not move; the scheduler then treats it as any instruction of
  // the merged block), which ptxas_folded counts as folded.
  for (const auto& in : p.code) CHECK(in.op != Op::Bra);
  CHECK(p.code.size() == orig.code.size());
  const auto nop = ptest::pc_of(p, "if-converted");
  CHECK(p.code[nop].op == Op::Nop);
  CHECK(p.code[nop].guard == warpsim::ir::kNoReg);
  CHECK(p.text[nop] == "nop; // if-converted: @%p1 bra SKIP");
  CHECK(warpsim::lower::ptxas_folded(p, ptest::tiny())[nop] == 1);
  // The skipped instructions are guarded by @!%p1; nothing else is guarded.
  for (const char* skipped : {"add.u32 %r2, %r10, 10;", "mul.lo.u32 %r3, %r10, 3;"}) {
    const auto& in = p.code[ptest::pc_of(p, skipped)];
    CHECK(in.guard == guard);
    CHECK(in.guard_neg);
  }
  std::size_t guarded_count = 0;
  for (const auto& in : p.code) guarded_count += in.guard != warpsim::ir::kNoReg ? 1 : 0;
  CHECK(guarded_count == 2);
  // The control-flow graph was recomputed: the nop no longer ends a block.
  CHECK(p.cfgs[0].blocks.size() < orig.cfgs[0].blocks.size());
  // Same values: even lanes keep 1 and 2, odd lanes get tid + 10 and 3 tid.
  const auto before = ptest::run(orig, 1, 32, 64);
  const auto after = ptest::run(p, 1, 32, 64);
  CHECK(before == after);
  for (unsigned t = 0; t < 32; ++t) {
    CHECK(after[2 * t] == (t % 2 == 0 ? 1u : t + 10));
    CHECK(after[2 * t + 1] == (t % 2 == 0 ? 2u : 3 * t));
  }
}

TEST_CASE("if-conversion: @!p bra guards the skipped instructions with @p") {
  const std::string ptx = guarded("@!%p1 bra SKIP;", kTwo);
  const auto orig = ptest::load(ptx);
  const auto p = ptest::scheduled(ptx);
  INFO(ptest::listing(p));
  const auto& in = p.code[ptest::pc_of(p, "add.u32 %r2, %r10, 10;")];
  CHECK(in.guard == orig.code[ptest::pc_of(orig, "bra SKIP")].guard);
  CHECK_FALSE(in.guard_neg);
  CHECK(p.code[ptest::pc_of(p, "if-converted")].op == Op::Nop);
  CHECK(ptest::run(orig, 1, 32, 64) == ptest::run(p, 1, 32, 64));
}

TEST_CASE("if-conversion: up to 24 skipped instructions") {
  const auto adds = [](unsigned n) {
    std::string s;
    for (unsigned i = 0; i < n; ++i) s += "  add.u32 %r2, %r2, 1;\n";
    return s;
  };
  {
    const std::string ptx = guarded("@%p1 bra SKIP;", adds(24));
    const auto p = ptest::scheduled(ptx);
    CHECK(p.code[ptest::pc_of(p, "if-converted")].op == Op::Nop);
    CHECK(ptest::run(ptest::load(ptx), 1, 32, 64) == ptest::run(p, 1, 32, 64));
  }
  check_not_converted(guarded("@%p1 bra SKIP;", adds(25)));
}

TEST_CASE("if-conversion: not when the skipped instructions hold bar.sync, a shuffle or a branch target") {
  SECTION("bar.sync") { check_not_converted(guarded("@%p1 bra SKIP;", "  add.u32 %r2, %r10, 10;\n  bar.sync 0;\n")); }
  SECTION("shfl.sync") {
    check_not_converted(
        guarded("@%p1 bra SKIP;", "  shfl.sync.bfly.b32 %r2, %r10, 1, 31, 0xffffffff;\n  add.u32 %r3, %r2, 1;\n"));
  }
  SECTION("vote") { check_not_converted(guarded("@%p1 bra SKIP;", "  vote.sync.ballot.b32 %r2, %p1, 0xffffffff;\n")); }
  SECTION("a label another branch jumps to") {
    // The first branch is not converted either: what it skips holds a branch.
    const std::string ptx = guarded("setp.lt.u32 %p2, %r10, 8;\n  @%p2 bra MID;\n  @%p1 bra SKIP;",
                                    "  add.u32 %r2, %r10, 10;\nMID:\n  mul.lo.u32 %r3, %r10, 3;\n");
    check_not_converted(ptx);
    check_not_converted(ptx, "bra MID");
    CHECK(ptest::run(ptest::load(ptx), 1, 32, 64) == ptest::run(ptest::scheduled(ptx), 1, 32, 64));
  }
  SECTION("a write to the branch's predicate") {
    check_not_converted(guarded("@%p1 bra SKIP;", "  add.u32 %r2, %r10, 10;\n  setp.ne.u32 %p1, %r2, 0;\n"));
  }
  SECTION("an already guarded instruction") {
    check_not_converted(guarded("@%p1 bra SKIP;", "  setp.lt.u32 %p2, %r10, 8;\n  @%p2 add.u32 %r2, %r10, 10;\n"));
  }
  SECTION("a clock read") { check_not_converted(guarded("@%p1 bra SKIP;", "  mov.u32 %r2, %clock;\n")); }
}

namespace {

// An if/else in the two shapes nvcc emits: the fall-through side first (`@p bra E; A; bra J; E: B; J:`) and the
// inverted one (`@p bra T; bra E; T: A; bra J; E: B; J:`). Even lanes (p1) take one side, odd lanes the other;
// every lane stores %r2 and %r3.
std::string diamond(bool inverted) {
  const std::string shape = inverted ? R"(
  @%p1 bra THEN;
  bra.uni ELSE;
THEN:
  add.u32 %r2, %r10, 10;
  bra.uni JOIN;
ELSE:
  mul.lo.u32 %r3, %r10, 3;
JOIN:)"
                                     : R"(
  @%p1 bra THEN;
  mul.lo.u32 %r3, %r10, 3;
  bra.uni JOIN;
THEN:
  add.u32 %r2, %r10, 10;
JOIN:)";
  return ptest::kernel(kDecls, R"(
  mov.u32 %r10, %tid.x;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  mov.u32 %r2, 1;
  mov.u32 %r3, 2;
  and.b32 %r4, %r10, 1;
  setp.eq.u32 %p1, %r4, 0;)" + shape +
                                   R"(
  mul.wide.u32 %rd2, %r10, 8;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r2;
  st.global.u32 [%rd3+4], %r3;
  exit;
)");
}

}  // namespace

TEST_CASE("if-conversion: both sides of a short if/else become guarded instructions, the branches nops") {
  for (const bool inverted : {false, true}) {
    INFO((inverted ? "inverted shape" : "fall-through shape"));
    const std::string ptx = diamond(inverted);
    const auto orig = ptest::load(ptx);
    const auto p = ptest::scheduled(ptx);
    INFO(ptest::listing(p));
    const std::uint32_t guard = orig.code[ptest::pc_of(orig, "@%p1 bra THEN")].guard;
    for (const auto& in : p.code) CHECK(in.op != Op::Bra);
    // the guarded branch, the branch over the other side, and (inverted) the branch to ELSE: all nops
    std::size_t nops = 0;
    for (const auto& in : p.code) nops += in.op == Op::Nop ? 1 : 0;
    CHECK(nops == (inverted ? 3u : 2u));
    // THEN (even lanes, p1 true) runs under @%p1, the other side under @!%p1.
    const auto& then_side = p.code[ptest::pc_of(p, "add.u32 %r2, %r10, 10")];
    const auto& else_side = p.code[ptest::pc_of(p, "mul.lo.u32 %r3, %r10, 3")];
    CHECK(then_side.guard == guard);
    CHECK_FALSE(then_side.guard_neg);
    CHECK(else_side.guard == guard);
    CHECK(else_side.guard_neg);
    CHECK(p.text[ptest::pc_of(p, "add.u32 %r2, %r10, 10")] == "@%p1 add.u32 %r2, %r10, 10");
    CHECK(p.text[ptest::pc_of(p, "mul.lo.u32 %r3, %r10, 3")] == "@!%p1 mul.lo.u32 %r3, %r10, 3");
    // The values: even lanes %r2 = tid + 10, %r3 = 2; odd lanes %r2 = 1, %r3 = 3 tid.
    const auto out = ptest::run(p, 1, 32, 64);
    for (std::uint32_t t = 0; t < 32; ++t) {
      CHECK(out[2 * t] == (t % 2 == 0 ? t + 10 : 1u));
      CHECK(out[2 * t + 1] == (t % 2 == 0 ? 2u : 3 * t));
    }
    CHECK(out == ptest::run(orig, 1, 32, 64));
  }
}

TEST_CASE("if-conversion: an if/else is left alone when another branch enters a side or a side is too long") {
  // A second branch into ELSE's side (from before the if/else) keeps the shape as written.
  std::string ptx = diamond(false);
  ptx.replace(ptx.find("  @%p1 bra THEN;"), 0, "  @%p2 bra THEN;\n");
  ptx.replace(ptx.find("  and.b32 %r4"), 0, "  setp.eq.u32 %p2, %r10, 5;\n");
  {
    const auto p = ptest::scheduled(ptx);
    INFO(ptest::listing(p));
    CHECK(p.code[ptest::pc_of(p, "@%p1 bra THEN")].op == Op::Bra);
    CHECK(p.code[ptest::pc_of(p, "add.u32 %r2, %r10, 10")].guard == warpsim::ir::kNoReg);
  }
  // A side holding an emulated division counts its SASS length (emul.div_u32.instructions): 30 > 24.
  std::string div = diamond(false);
  div.replace(div.find("  mul.lo.u32 %r3, %r10, 3;"), std::string("  mul.lo.u32 %r3, %r10, 3;").size(),
              "  div.u32 %r3, 1000, %r10;");
  {
    const auto p = ptest::scheduled(div, {"emul.div_u32.latency=100", "emul.div_u32.instructions=30"});
    INFO(ptest::listing(p));
    CHECK(p.code[ptest::pc_of(p, "@%p1 bra THEN")].op == Op::Bra);
    const auto q = ptest::scheduled(div, {"emul.div_u32.latency=100", "emul.div_u32.instructions=20"});
    INFO(ptest::listing(q));
    CHECK(q.code[ptest::pc_of(q, "div.u32")].guard != warpsim::ir::kNoReg);
  }
}

}  // namespace WARPSIM_UNITY_ID
