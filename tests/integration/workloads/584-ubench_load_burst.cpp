// Workload test ubench_load_burst (traces/ubench_load_burst): four launches in which every warp reads N consecutive
// lines of its own chunk of `in` (N = 32 or 8) and each lane stores s = fold(s * 3 + v) over its N words. The CPU
// replays every launch's output; each launch's entry, CTAs and warps are checked.
// Runs as configured (H200, sm_90a PTX) only (a small workload; the B200 runs of other workloads cover its paths).
// Leaves out: the times (traces/ubench_load_burst/h200.json).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

TEST_CASE("ubench_load_burst: 32 or 8 back-to-back line loads per warp (H200, sm_90a PTX)", "[workloads]") {
  const auto r = wl::sim::run_file(wl::trace_json("ubench_load_burst"));
  REQUIRE(r.config.kernels.size() == 4);
  const auto in = wl::initial<std::uint32_t>(r.config, "in");
  struct Launch {
    const char* entry;
    std::size_t n, ctas, threads;
  };
  const Launch launches[] = {{"burst32", 32, 256, 256}, {"burst8", 8, 1024, 256}, {"burst32", 32, 132, 64},
                             {"burst8", 8, 132, 256}};
  for (std::size_t k = 0; k < 4; ++k) {
    const Launch& l = launches[k];
    wl::check_launch(r, k, l.entry, l.ctas, l.ctas * l.threads / 32);
    std::vector<std::uint32_t> want(l.ctas * l.threads);
    for (std::size_t t = 0; t < want.size(); ++t) {
      const std::size_t g = t / 32, lane = t % 32;
      std::uint32_t s = 0;
      for (std::size_t j = 0; j < l.n; ++j) {
        const std::size_t i = g * l.n * 32 + 32 * j + lane;
        REQUIRE(i < in.size());
        s = s * 3u + in[i];
      }
      want[t] = s;
    }
    wl::check_equal(wl::final_contents<std::uint32_t>(r, "out" + std::to_string(k)), want, "out" + std::to_string(k));
  }
  wl::check_unchanged<std::uint32_t>(r, "in");
}

}  // namespace WARPSIM_UNITY_ID
