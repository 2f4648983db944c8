// Workload test printf_demo (traces/printf_demo): device printf; checks RunResult::printf_output exactly.
// The expected order (documented in printf_demo.cu and traces/README.md): CTAs in linear order; inside a
// CTA, phase 1 (before __syncthreads) then phase 2; inside a phase, warp 0's printf then warp 1's; inside
// one warp-level printf, lanes in increasing order. Numbers are formatted as the host's printf does
// (float arguments are promoted to double by the caller, as in C).
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: printf's return value, output buffer limits.
#include "workload_util.hpp"

#include <cstdio>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

template <typename... Args>
std::string format(const char* f, Args... args) {
  char buf[256];
  std::snprintf(buf, sizeof buf, f, args...);
  return buf;
}

}  // namespace

static void check_run(const wl::sim::RunResult& r) {
  const auto vals = wl::initial<float>(r.config, "vals");
  std::string want;
  for (unsigned cta = 0; cta < 2; ++cta) {
    for (unsigned warp = 0; warp < 2; ++warp) {
      for (unsigned lane = 0; lane < 3; ++lane) {
        const unsigned tid = warp * 32 + lane;
        want += format("block %d thread %d value %f\n", static_cast<int>(cta), static_cast<int>(tid),
                       static_cast<double>(vals[cta * 64 + tid]));
      }
    }
    for (unsigned warp = 0; warp < 2; ++warp) {
      int sum = 0;
      for (unsigned lane = 0; lane < 32; ++lane) sum += static_cast<int>(warp * 32 + lane);
      const float v = vals[cta * 64 + warp * 32];
      want += format("cta %u warp %u sum %d hex 0x%x half %.2f %s\n", cta, warp, sum, static_cast<unsigned>(sum) * 16u,
                     static_cast<double>(v) * 0.5, warp == 0 ? "first" : "second");
    }
  }
  CHECK(r.printf_output == want);
  wl::check_unchanged<float>(r, "vals");
  wl::check_launch(r, 0, "printf_demo", 2, 4);
}

TEST_CASE("printf_demo: device printf output in a deterministic order (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("printf_demo")));
}

TEST_CASE("printf_demo: device printf output in a deterministic order (B200, sm_100a PTX)", "[workloads]") {
  check_run(wl::run_b200("printf_demo"));
}

}  // namespace WARPSIM_UNITY_ID
