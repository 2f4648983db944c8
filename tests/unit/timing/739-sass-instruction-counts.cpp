// SASS-level instruction counts and folded timing (compiler.fold): smsp__inst_executed.sum is the PTX
// warp-instructions less the folded ones plus the extra instructions of expanded ones; a folded instruction
// issues nothing and its result is ready when its sources are.
#include "mem_test_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

// Per warp: ld.param, cvta.to (folds), mov %tid, mul.wide used only by an add (folds), add.s64, mov.f32 (folds),
// div.rn.f32 (expands), st, exit: 9 PTX instructions, 3 folded.
const std::string kKernel = ttest::header() + R"(
.visible .entry k(.param .u64 out) {
  .reg .u32 %r<4>;
  .reg .u64 %rd<4>;
  .reg .f32 %f<4>;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  mov.f32 %f1, 0f40000000;
  div.rn.f32 %f2, %f1, %f1;
  st.global.f32 [%rd3], %f2;
  exit;
}
)";

const std::vector<std::string> kEmul{"emul.div_f32.latency=50", "emul.div_f32.instructions=10"};

std::vector<std::string> with(std::vector<std::string> v, const std::string& s) {
  v.push_back(s);
  return v;
}

}  // namespace

TEST_CASE("smsp__inst_executed.sum = PTX - folded + expanded") {
  const auto r = ttest::run(kKernel, 1, 64, 64, true, with(kEmul, "compiler.fold=1"));
  const auto& s = r.timing.stats;
  CHECK(s.ptx_inst_executed == 2 * 9);
  CHECK(s.ptx_inst_folded == 2 * 3);
  CHECK(s.sass_inst_expanded == 2 * 9);
  CHECK(s.smsp_inst_executed_sum == s.ptx_inst_executed - s.ptx_inst_folded + s.sass_inst_expanded);
  CHECK(s.smsp_inst_executed_sum == 2 * 15);
  CHECK(s.smsp_thread_inst_executed_sum == 64 * 15);
  const auto m = s.to_map();
  CHECK(m.at("smsp__inst_executed.sum") == 30);
  CHECK(m.at("warpsim__ptx_inst_executed.sum") == 18);
  CHECK(m.at("warpsim__ptx_inst_folded.sum") == 6);
  CHECK(m.at("warpsim__sass_inst_expanded.sum") == 18);
  CHECK(r.timing.functional.warp_instructions == 18);
  for (unsigned t = 0; t < 64; ++t) CHECK(r.out[t] == 0x3F800000u);  // 2 / 2
  // Without folding nothing is subtracted.
  const auto nofold = ttest::run(kKernel, 1, 64, 64, true, kEmul);
  CHECK(nofold.timing.stats.ptx_inst_folded == 0);
  CHECK(nofold.timing.stats.smsp_inst_executed_sum == 2 * (9 + 9));
}

TEST_CASE("folded instructions issue nothing and pass their sources' ready time on") {
  // compiler.fold=0: ld.param 0 (ready 4), cvta 4 (6), mov %tid 5 (7), mul.wide 7 (int, 11), add.s64 11 (15),
  // mov.f32 12 (14), div 14 (ready 64, the warp waits until 24), st 64, exit 65; the store's four sectors (one
  // line) reach their L2 slice one per cycle (tiny: 1 sector per cycle per slice), the last taken at 67, and
  // the kernel ends once its stores are in L2: 67.
  CHECK(ttest::run(kKernel, 1, 32, 32, true, kEmul).timing.cycles == 67);
  // compiler.fold=1: ld.param 0; cvta folds at 1 (%rd1 ready 4 as ld.param's), mov %tid issues at 1 (ready 3);
  // mul.wide folds at 2 (%rd2 ready 3, as %r1); add.s64 at 4 (ready 8); mov.f32 folds at 5 (no sources: ready
  // at once), so div issues at 5 too (ready 55); st at 55 (its last sector taken by L2 at 58), exit at 56: 58.
  const auto r = ttest::run(kKernel, 1, 32, 32, true, with(kEmul, "compiler.fold=1"));
  CHECK(r.timing.cycles == 58);
  CHECK(r.timing.stats.warp_states.issued == 6);  // the 6 instructions that issue
}

TEST_CASE("a folded cvta.to.global takes no time before a load") {
  // 711's load: ld.param at 0 (ready 4); cvta folded (its result ready at 4 too); mov 7 folded; the load issues
  // at 4 instead of 6: DRAM 500 after.
  CHECK(mtest::run_chain({"ld 0"}).cycles == 506);
  const auto folded = mtest::run_chain({"ld 0"}, {"compiler.fold=1"});
  CHECK(folded.cycles == 504);
  CHECK(folded.stats.ptx_inst_folded == 2);
  CHECK(folded.stats.smsp_inst_executed_sum == 5 - 2);
}

}  // namespace WARPSIM_UNITY_ID

namespace WARPSIM_UNITY_ID {

TEST_CASE("a 64-bit add is two SASS instructions, one with a folded mul.wide, none as an address offset") {
  // IADD3 + IADD3.X for add.s64 r, r, r; IMAD.WIDE for mul.wide + add.s64; [R.64+0x8] for a base plus an immediate
  // that only addresses memory (traces/sass: j_colsum, ubench_lsu_issue).
  const std::string k = ttest::header() + R"(
.visible .entry k(.param .u64 out) {
  .reg .u32 %r<4>;
  .reg .u64 %rd<8>;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  shl.b32 %r2, %r1, 2;
  cvt.u64.u32 %rd4, %r2;
  add.s64 %rd5, %rd3, %rd4;
  add.s64 %rd6, %rd3, 8;
  st.global.u32 [%rd6], %r1;
  st.global.u32 [%rd5+256], %r1;
  exit;
}
)";
  // ld.param, mov, add (IMAD.WIDE), shl, cvt, add.s64 (2), st, st, exit: 10 SASS of 12 PTX (cvta, mul.wide and the
  // offset add fold; the 64-bit add of two registers adds one).
  const auto r = ttest::run(k, 1, 32, 128, true, {"compiler.fold=1"});
  const auto& s = r.timing.stats;
  CHECK(s.ptx_inst_executed == 12);
  CHECK(s.ptx_inst_folded == 3);
  CHECK(s.sass_inst_expanded == 1);
  CHECK(s.smsp_inst_executed_sum == 10);
  for (unsigned t = 0; t < 32; ++t) {
    CHECK(r.out[2 + t] == t);         // [%rd6] = out + 4t + 8: word t + 2
    CHECK(r.out[64 + 2 * t] == t);  // [%rd5+256] = out + 8t + 256: word 2t + 64
  }
}

}  // namespace WARPSIM_UNITY_ID
