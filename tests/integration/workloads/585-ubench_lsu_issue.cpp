// Workload test ubench_lsu_issue (traces/ubench_lsu_issue): seven launches in which every warp loads the same 8 lines
// of `a` (iota) `iters` times, 8 loads per iteration, with the lane's word given by the launch's pattern (0: lane,
// 1: 0, 2: 16 * (lane / 16)). Each thread stores the sum of its 8 warm-up words plus iters times the XOR of the
// 8 words; the CPU computes that for every thread. Each launch's entry, CTAs and warps are checked.
// Runs as configured (H200, sm_90a PTX) only (its paths are plain loads the B200 runs of other workloads cover).
// Leaves out: the times (traces/ubench_lsu_issue/h200.json).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

TEST_CASE("ubench_lsu_issue: one-line L1 hits from many warps, three lane patterns, ld.ca and ld.nc (H200, sm_90a PTX)",
          "[workloads]") {
  const auto r = wl::sim::run_file(wl::trace_json("ubench_lsu_issue"));
  REQUIRE(r.config.kernels.size() == 7);
  const auto a = wl::initial<std::uint32_t>(r.config, "a");
  for (std::size_t k = 0; k < 7; ++k) {
    const auto& kc = r.config.kernels[k];
    const std::size_t ctas = kc.grid.x, threads = kc.block.x;
    const auto iters = static_cast<std::uint32_t>(kc.args[2].bits);
    const auto pattern = static_cast<std::uint32_t>(kc.args[4].bits);
    REQUIRE(kc.args[3].bits == 0);  // mask 0: the same 8 lines every iteration
    wl::check_launch(r, k, k < 5 ? "lsu_issue" : "lsu_issue_nc", ctas, ctas * threads / 32);
    std::vector<std::uint32_t> want(ctas * threads);
    for (std::size_t t = 0; t < want.size(); ++t) {
      const std::uint32_t lane = t % 32;
      const std::uint32_t word = pattern == 0 ? lane : pattern == 1 ? 0u : 16u * (lane / 16);
      std::uint32_t s = 0, x = 0;
      for (std::uint32_t u = 0; u < 8; ++u) {
        s += a.at(u * 32 + word);
        x ^= a.at(u * 32 + word);
      }
      want[t] = s + iters * x;
    }
    wl::check_equal(wl::final_contents<std::uint32_t>(r, "out" + std::to_string(k)), want, "out" + std::to_string(k));
  }
  wl::check_unchanged<std::uint32_t>(r, "a");
}

}  // namespace WARPSIM_UNITY_ID
