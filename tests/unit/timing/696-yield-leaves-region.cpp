// 696: a path that runs ptxas's YIELD (the head of an mbarrier wait loop, ir::Program::yield_at) inside a divergent
// region that ptxas closes with a convergence barrier leaves that region: the region's other lanes go on past its
// reconvergence point without it (the GPU's BSYNC does not wait for a thread that yielded; traces/ubench_tma_ring,
// whose lane 0 waits inside `if (lane == 0)` while lanes 1-31 run on). Here lane 0 waits for arrivals that lanes
// 1-31 make only after the region: without the rule the warp deadlocks. The two paths then reach a bar.warp.sync
// apart, which costs sm.warpsync_collective_cycles (ptxas's BRA.DIV and out-of-line WARPSYNC.COLLECTIVE) and leaves
// them apart (activemask), until both yield at the head of the next wait loop, where they go on as one. A region
// that a bar.warp.sync at its reconvergence point reunites (nothing but straight-line code after the waits inside
// it, as in ubench_mbar_lanes) is WARPSYNC's, not a convergence barrier's (ir::Program::warpsync_reunion).
#include "timing_test_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {
// Two wait loops side by side as a branch's arms (ptxas keeps them inline: YIELD on every try), on phase 0 of `bar`.
std::string wait_arms(const std::string& tag) {
  return R"(
  setp.ge.u32 %p1, %r2, 64;
  @%p1 bra B)" + tag + R"(;
A)" + tag + R"(:
  mbarrier.try_wait.parity.shared::cta.b64 %p2, [%r1], 0;
  @!%p2 bra A)" + tag + R"(;
  bra.uni J)" + tag + R"(;
B)" + tag + R"(:
  mbarrier.test_wait.parity.shared::cta.b64 %p3, [%r1], 0;
  @!%p3 bra B)" + tag + R"(;
J)" + tag + R"(:)";
}

// out[lane]: lane 0's activemask inside its region (0 for the others); out[32 + lane]: activemask after the
// bar.warp.sync; out[64 + lane]: after a second wait. With `code_after` lane 0's region goes on after its wait
// (an activemask and a branch: ptxas's BSSY); without, the wait is the region's last code.
std::string kernel(bool code_after) {
  const std::string after = code_after ? R"(
  activemask.b32 %r4;
  setp.eq.u32 %p4, %r4, 1;
  @%p4 bra ONE;
  add.u32 %r3, %r3, 1000;
ONE:
  add.u32 %r3, %r3, %r4;)"
                                       : "";
  return ttest::header() + R"(
.visible .entry k(.param .u64 out) {
  .reg .u32 %r<8>;
  .reg .pred %p<6>;
  .reg .b64 %st;
  .reg .u64 %rd<4>;
  .shared .align 8 .b64 bar;
  mov.u32 %r1, bar;
  mov.u32 %r2, %tid.x;
  mov.u32 %r3, 0;
  setp.eq.u32 %p0, %r2, 0;
  @%p0 mbarrier.init.shared::cta.b64 [%r1], 31;
  bar.warp.sync -1;
  @!%p0 bra AFTER;)" +
         wait_arms("1") + after + R"(
AFTER:
  @!%p0 mbarrier.arrive.shared::cta.b64 %st, [%r1];
  bar.warp.sync -1;
  activemask.b32 %r5;)" +
         wait_arms("2") + R"(
  activemask.b32 %r6;
  ld.param.u64 %rd1, [out];
  mul.wide.u32 %rd2, %r2, 4;
  add.u64 %rd1, %rd1, %rd2;
  st.global.u32 [%rd1], %r3;
  st.global.u32 [%rd1+128], %r5;
  st.global.u32 [%rd1+256], %r6;
  ret;
}
)";
}

warpsim::ir::Program load(bool code_after) {
  auto parsed = warpsim::ptx::parse(kernel(code_after), "k.ptx");
  if (!parsed.ok()) FAIL(parsed.format_errors());
  return warpsim::ir::load_program(parsed.module, "k");
}

// The pc of the first instruction whose text contains `s`.
std::uint32_t pc_of(const warpsim::ir::Program& prog, const std::string& s) {
  for (std::uint32_t pc = 0; pc < prog.text.size(); ++pc)
    if (prog.text[pc].find(s) != std::string::npos) return pc;
  FAIL("no instruction " << s);
  return 0;
}

std::vector<std::uint32_t> outputs(bool timed, const std::vector<std::string>& overrides = {}) {
  return ttest::run(kernel(true), 1, 32, 96, timed, overrides).out;
}
}  // namespace

TEST_CASE("696 ptxas's YIELD and the regions it closes with a BSYNC or a WARPSYNC (ir::Program)") {
  for (const bool code_after : {true, false}) {
    const auto prog = load(code_after);
    CHECK(prog.yield_at[pc_of(prog, "try_wait")] == warpsim::ir::kYieldEveryTry);
    CHECK(prog.yield_at[pc_of(prog, "test_wait")] == warpsim::ir::kYieldEveryTry);
    // lane 0's region: a convergence barrier when code follows its wait loops, WARPSYNC's when none does
    CHECK(prog.warpsync_reunion[pc_of(prog, "bra AFTER")] == (code_after ? 0 : 1));
  }
}

TEST_CASE("696 lanes 1-31 go past lane 0's region while lane 0 waits for them, and the paths meet again at a wait") {
  for (const bool timed : {false, true}) {
    const auto out = outputs(timed);
    for (unsigned lane = 0; lane < 32; ++lane) {
      INFO("timed " << timed << ", lane " << lane);
      CHECK(out[lane] == (lane == 0 ? 1u : 0u));                    // lane 0 alone in its region after the wait
      CHECK(out[32 + lane] == (lane == 0 ? 1u : 0xfffffffeu));      // apart after the bar.warp.sync
      CHECK(out[64 + lane] == 0xffffffffu);                         // one path again after the second wait
    }
  }
}

TEST_CASE("696 the paths' bar.warp.sync costs sm.warpsync_collective_cycles") {
  const auto cycles = [](unsigned c) {
    const auto r = ttest::run(kernel(true), 1, 32, 96, true, {"sm.warpsync_collective_cycles=" + std::to_string(c)});
    CHECK(r.out[32] == 1u);
    return r.timing.cycles;
  };
  CHECK(cycles(100) - cycles(0) == 100);
}

}  // namespace WARPSIM_UNITY_ID
