// sm.printf_cycles, sm.printf_cycles_per_lane, sm.printf_instructions: a warp's call to vprintf keeps the warp
// from issuing for printf_cycles + printf_cycles_per_lane x (printing lanes - 1) after the call issues, and
// counts printf_instructions SASS instructions.
#include "timing_test_util.hpp"

#include <warpsim/func/grid.hpp>

#include <fmt/format.h>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

// printf("hi\n") as nvcc emits it (no arguments).
const std::string kPrintf = ttest::header() + R"(
.extern .func (.param .b32 func_retval0) vprintf (.param .b64 vprintf_param_0, .param .b64 vprintf_param_1);
.global .align 1 .b8 $str[4] = {104, 105, 10, 0};

.visible .entry k(.param .u64 out) {
  .reg .b32 %r<2>;
  .reg .b64 %rd<4>;
  mov.u64 %rd1, $str;
  cvta.global.u64 %rd2, %rd1;
  mov.u64 %rd3, 0;
  {
  .param .b64 param0;
  st.param.b64 [param0], %rd2;
  .param .b64 param1;
  st.param.b64 [param1], %rd3;
  .param .b32 retval0;
  call.uni (retval0), vprintf, (param0, param1);
  ld.param.b32 %r1, [retval0];
  }
  exit;
}
)";

// kPrintf timed on tiny with one CTA of `block` threads (its module variables placed: the format string).
ttest::Result run(unsigned block, const std::vector<std::string>& overrides) {
  using namespace warpsim;
  auto parsed = ptx::parse(kPrintf, "k.ptx");
  if (!parsed.ok()) FAIL(parsed.format_errors());
  const ir::Program prog = ir::load_program(parsed.module, "k");
  return ttest::run_program(prog, config::load_gpu_config("tiny", overrides), 1, block, 1, true, {}, 0, nullptr,
                            &parsed.module);
}

std::string times(unsigned n, const std::string& s) {
  std::string out;
  for (unsigned i = 0; i < n; ++i) out += s;
  return out;
}

}  // namespace

TEST_CASE("printf keeps the warp for sm.printf_cycles") {
  // tiny: mov $str at 0 (uniform, ready 2), cvta at 2 (ready 4), mov 0 at 3, st.param at 4 and 5 (ldst), call
  // at 6 (branch). The warp may issue again at 6 + C (C = printf_cycles, one printing lane): ld.param of the
  // return value at max(7, 6 + C) (ready 4 later), exit one cycle after it: the kernel ends at max(11, 10 + C).
  for (unsigned c : {0u, 1u, 1000u}) {
    INFO("sm.printf_cycles " << c);
    const auto r = run(1, {fmt::format("sm.printf_cycles={}", c), "sm.printf_cycles_per_lane=7"});
    CHECK(r.timing.cycles == std::max<std::uint64_t>(11, 10 + c));
    CHECK(r.printed == "hi\n");
    CHECK(r.timing.stats.smsp_inst_executed_sum == 8);  // printf_instructions 1: the call is one instruction
  }
}

TEST_CASE("printf costs sm.printf_cycles_per_lane per further printing lane") {
  // 32 lanes print: the warp waits 1000 + 10 x 31 after the call at 6; then ld.param (4) and exit.
  const auto r = run(32, {"sm.printf_cycles=1000", "sm.printf_cycles_per_lane=10"});
  CHECK(r.timing.cycles == 10 + 1000 + 10 * 31);
  CHECK(r.printed == times(32, "hi\n"));
  // Two warps in different sub-partitions print at the same time: same end.
  const auto two = run(64, {"sm.printf_cycles=1000", "sm.printf_cycles_per_lane=10"});
  CHECK(two.timing.cycles == 10 + 1000 + 10 * 31);
  CHECK(two.printed == times(64, "hi\n"));
}

TEST_CASE("a printf counts sm.printf_instructions SASS instructions") {
  const auto r = run(64, {"sm.printf_instructions=50"});
  // Per warp: 8 PTX instructions, the call 49 more.
  CHECK(r.timing.stats.ptx_inst_executed == 2 * 8);
  CHECK(r.timing.stats.sass_inst_expanded == 2 * 49);
  CHECK(r.timing.stats.smsp_inst_executed_sum == 2 * (8 + 49));
  CHECK(r.timing.stats.smsp_thread_inst_executed_sum == 64 * (8 + 49));
  CHECK(r.timing.cycles == 11);  // no printf_cycles: the instructions alone take no time
}

}  // namespace WARPSIM_UNITY_ID
