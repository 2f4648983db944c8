// Workload test ubench_atomic_sector (traces/ubench_atomic_sector): 12 launches of red_sector, 132 CTAs x 256 threads;
// each thread with lane l < active does n atomicAdd(&g[(b % blocks) * 128 + (l / group) * stride + l % group], 1)
// with (active, group, stride, blocks) from the config. The CPU adds the same counts launch after launch into the one
// buffer (8 threads per lane number per CTA).
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: the times (traces/ubench_atomic_sector/h200.json).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  constexpr std::uint32_t kCtas = 132, kThreads = 256;
  REQUIRE(r.config.kernels.size() == 12);
  std::vector<std::uint32_t> g = wl::initial<std::uint32_t>(r.config, "g");
  REQUIRE(g.size() == kCtas * 128);
  for (std::size_t k = 0; k < r.config.kernels.size(); ++k) {
    const auto& args = r.config.kernels[k].args;
    const auto n = static_cast<std::uint32_t>(args[1].bits);
    const auto active = static_cast<std::uint32_t>(args[2].bits);
    const auto group = static_cast<std::uint32_t>(args[3].bits);
    const auto stride = static_cast<std::uint32_t>(args[4].bits);
    const auto blocks = static_cast<std::uint32_t>(args[5].bits);
    CHECK(n == 16u);
    for (std::uint32_t b = 0; b < kCtas; ++b)
      for (std::uint32_t t = 0; t < kThreads; ++t) {
        const std::uint32_t l = t % 32;
        if (l < active) g[(b % blocks) * 128 + (l / group) * stride + l % group] += n;
      }
    wl::check_launch(r, k, "red_sector", kCtas, kCtas * kThreads / 32);
  }
  CHECK(g[0] > 0u);
  CHECK(g[8] > 0u);
  CHECK(g[127] == 0u);  // word 127 of block 0: no launch's lane lands there
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "g"), g, "g");
}

TEST_CASE("ubench_atomic_sector: RED into 1-16 sectors of a 512-byte block shared by 132 SMs (H200, sm_90a PTX)",
          "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_atomic_sector")));
}

TEST_CASE("ubench_atomic_sector: RED into 1-16 sectors of a 512-byte block shared by 132 SMs (B200, sm_100a PTX)",
          "[workloads]") {
  check_run(wl::run_b200("ubench_atomic_sector"));
}

}  // namespace WARPSIM_UNITY_ID
