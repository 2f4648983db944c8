// Workload test ubench_atomic_line (traces/ubench_atomic_line): 12 launches of red_line, 132 CTAs x 256 threads,
// each thread 16 atomicAdd(&g[(b % lines) * 32 + lane % words], 1) with (words, lines) from the config. The CPU
// adds the same counts: g[(b % lines) * 32 + l % words] += 16 for every CTA b and thread lane l (8 threads per
// lane number per CTA), launch after launch into the one buffer.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: the times (traces/ubench_atomic_line/h200.json).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  constexpr std::uint32_t kCtas = 132, kThreads = 256;
  REQUIRE(r.config.kernels.size() == 12);
  std::vector<std::uint32_t> g = wl::initial<std::uint32_t>(r.config, "g");
  REQUIRE(g.size() == kCtas * 32);
  for (std::size_t k = 0; k < r.config.kernels.size(); ++k) {
    const auto& args = r.config.kernels[k].args;
    const auto n = static_cast<std::uint32_t>(args[1].bits);
    const auto words = static_cast<std::uint32_t>(args[2].bits);
    const auto lines = static_cast<std::uint32_t>(args[3].bits);
    CHECK(n == 16u);
    for (std::uint32_t b = 0; b < kCtas; ++b)
      for (std::uint32_t t = 0; t < kThreads; ++t) g[(b % lines) * 32 + (t % 32) % words] += n;
    wl::check_launch(r, k, "red_line", kCtas, kCtas * kThreads / 32);
  }
  CHECK(g[0] > 0u);
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "g"), g, "g");
}

TEST_CASE("ubench_atomic_line: RED into the words of 1-132 lines shared by 132 SMs (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_atomic_line")));
}

TEST_CASE("ubench_atomic_line: RED into the words of 1-132 lines shared by 132 SMs (B200, sm_100a PTX)", "[workloads]") {
  check_run(wl::run_b200("ubench_atomic_line"));
}

}  // namespace WARPSIM_UNITY_ID
