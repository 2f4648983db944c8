// A dependent FFMA chain on one warp takes exactly N x pipe.fp32.latency after its first operand is ready.
#include "timing_test_util.hpp"

#include <fmt/format.h>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

std::string chain(unsigned n) {
  std::string body;
  for (unsigned i = 0; i < n; ++i) body += "  fma.rn.f32 %f1, %f1, %f1, %f1;\n";
  return ttest::header() + ".visible .entry k(.param .u64 out) {\n  .reg .f32 %f<2>;\n  mov.f32 %f1, 0f3F800000;\n" +
         body + "  exit;\n}\n";
}

}  // namespace

TEST_CASE("dependent FFMA chain: mov latency + N x fp32 latency") {
  // tiny: pipe.uniform.latency 2, pipe.fp32.latency 4. mov issues at cycle 0 (ready at 2); FFMA k issues at
  // 2 + 4(k-1); the last result lands at 2 + 4N. exit issues one cycle after the last FFMA.
  for (unsigned n : {1u, 8u, 16u}) {
    const auto r = ttest::run(chain(n), 1, 32, 1);
    CHECK(r.timing.cycles == 2 + 4 * n);
    CHECK(r.timing.stats.smsp_inst_executed_sum == n + 2);
    CHECK(r.timing.stats.smsp_thread_inst_executed_sum == 32 * (n + 2));
    CHECK(r.timing.stats.warp_states.issued == n + 2);
  }
}

TEST_CASE("dependent FFMA chain scales with pipe.fp32.latency") {
  const auto r = ttest::run(chain(10), 1, 32, 1, true, {"pipe.fp32.latency=7"});
  CHECK(r.timing.cycles == 2 + 7 * 10);
  // The warp issues at 0 (mov), 2 + 7(k-1) (FFMA k, the last at 65) and 66 (exit): 67 resident cycles, 12
  // issued, the other 55 waiting on a register. The kernel ends when the last FFMA's result lands (72).
  CHECK(r.timing.stats.warp_states.issued == 12);
  CHECK(r.timing.stats.warp_states.dependency == 55);
  CHECK(r.timing.stats.warp_states.memory == 0);
}

}  // namespace WARPSIM_UNITY_ID
