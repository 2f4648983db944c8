// Workload test lane_loop (traces/lane_loop): loops whose trip counts differ per lane (a counted loop of
// (lane % 7) + data iterations and a capped Collatz step count); checks both outputs for all 64 threads.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: the exact instruction counts (only that something ran).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  const auto data = wl::initial<std::uint32_t>(r.config, "data");
  std::vector<std::uint32_t> acc(64), steps(64);
  for (std::uint32_t tid = 0; tid < 64; ++tid) {
    const std::uint32_t d = data[tid];
    const std::uint32_t trips = (tid & 31u) % 7u + d;
    std::uint32_t a = tid;
    for (std::uint32_t k = 0; k < trips; ++k) a = a * 3u + k;
    acc[tid] = a;
    std::uint32_t x = tid * 7u + d + 1u, s = 0;
    while (x != 1u) {
      x = (x & 1u) ? 3u * x + 1u : x >> 1;
      ++s;
      if (s == 100u + d) break;
    }
    steps[tid] = s;
  }
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "acc"), acc, "acc");
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "steps"), steps, "steps");
  wl::check_unchanged<std::uint32_t>(r, "data");
  wl::check_launch(r, 0, "lane_loop", 1, 2);
}

TEST_CASE("lane_loop: lane-dependent trip counts (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("lane_loop")));
}

TEST_CASE("lane_loop: lane-dependent trip counts (B200, sm_100a PTX)", "[workloads]") {
  check_run(wl::run_b200("lane_loop"));
}

}  // namespace WARPSIM_UNITY_ID
