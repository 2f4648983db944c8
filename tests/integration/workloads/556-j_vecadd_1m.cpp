// Workload test j_vecadd_1m (traces/j_vecadd_1m, judgement set): c = a + b over n = 1,048,576 f32, twice.
// Launch 0 (vecadd, 4096 x 256, one thread per element: every element, no idle thread) writes c; launch 1
// (vecadd_grid_stride, 1056 x 256: thread t does elements t, t + 270336, ...) writes d. Both must equal the
// f32 sum a[i] + b[i] (a single correctly rounded add.f32) at every element; a and b stay unchanged.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: the times (a timing-model matter: the judgement set is measured on an H200).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  constexpr std::uint32_t n = 1048576;
  REQUIRE(r.config.kernels.size() == 2);
  for (int k = 0; k < 2; ++k) {
    REQUIRE(r.config.kernels[k].args.size() == 4);
    CHECK(static_cast<std::uint32_t>(r.config.kernels[k].args[3].bits) == n);
  }
  const auto a = wl::initial<float>(r.config, "a");
  const auto b = wl::initial<float>(r.config, "b");
  REQUIRE(a.size() == n);
  REQUIRE(b.size() == n);
  std::vector<float> sum(n);
  for (std::uint32_t i = 0; i < n; ++i) sum[i] = a[i] + b[i];
  wl::check_equal(wl::final_contents<float>(r, "c"), sum, "c (vecadd)");
  wl::check_equal(wl::final_contents<float>(r, "d"), sum, "d (vecadd_grid_stride)");
  wl::check_unchanged<float>(r, "a");
  wl::check_unchanged<float>(r, "b");
  wl::check_launch(r, 0, "vecadd", 4096, 4096 * 8);
  wl::check_launch(r, 1, "vecadd_grid_stride", 1056, 1056 * 8);
}

TEST_CASE("j_vecadd_1m: one-thread-per-element and one-wave grid-stride vector add (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("j_vecadd_1m")));
}

TEST_CASE("j_vecadd_1m: one-thread-per-element and one-wave grid-stride vector add (B200, sm_100a PTX)",
          "[workloads]") {
  check_run(wl::run_b200("j_vecadd_1m"));
}

}  // namespace WARPSIM_UNITY_ID
