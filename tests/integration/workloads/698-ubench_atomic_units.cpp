// Workload test ubench_atomic_units (traces/ubench_atomic_units): 44 launches of red_pair, 132 CTAs x 256 threads;
// each thread does n atomicAdd(&g[(b even ? 0 : other * 64) + lane], 1) with `other` from the config. The CPU adds
// the same counts launch after launch into the one buffer (8 threads per lane number per CTA, 66 even and 66 odd
// CTAs).
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: the times (`warpsim validate` compares them with traces/ubench_atomic_units/<gpu>.json).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  constexpr std::uint32_t kCtas = 132, kThreads = 256;
  REQUIRE(r.config.kernels.size() == 44);
  std::vector<std::uint32_t> g = wl::initial<std::uint32_t>(r.config, "g");
  REQUIRE(g.size() == ((1u << 16) + 1) * 64);
  for (std::size_t k = 0; k < r.config.kernels.size(); ++k) {
    const auto& args = r.config.kernels[k].args;
    const auto n = static_cast<std::uint32_t>(args[1].bits);
    const auto other = static_cast<std::uint32_t>(args[2].bits);
    CHECK(n == 16u);
    for (std::uint32_t b = 0; b < kCtas; ++b)
      for (std::uint32_t t = 0; t < kThreads; ++t) g[(b % 2 == 0 ? 0 : other * 64) + t % 32] += n;
    wl::check_launch(r, k, "red_pair", kCtas, kCtas * kThreads / 32);
  }
  CHECK(g[0] == 16u * 8 * (66 * 44 + 66));  // every launch's even CTAs, and the odd ones of other = 0
  CHECK(g[(1u << 16) * 64 + 31] == 16u * 8 * 66);
  CHECK(g[32] == 0u);
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "g"), g, "g");
}

TEST_CASE("ubench_atomic_units: RED from 132 SMs into two 256-byte pieces, 0 and 1 .. 2^16 (H200, sm_90a PTX)",
          "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_atomic_units")));
}

TEST_CASE("ubench_atomic_units: RED from 132 SMs into two 256-byte pieces, 0 and 1 .. 2^16 (B200, sm_100a PTX)",
          "[workloads]") {
  check_run(wl::run_b200("ubench_atomic_units"));
}

}  // namespace WARPSIM_UNITY_ID
