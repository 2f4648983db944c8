// Workload test ubench_mbar_lanes (traces/ubench_mbar_lanes): 17 one-warp launches of mbar_lanes, 256 rounds each of
// lane 0's arrive and a try_wait (test_wait in form 3) by lanes 0 .. waiters-1. out[32 slot + lane] = 256 for a lane
// that waited, else 0, plus the parity of the last round (1 for one stage: round 255 is phase 255; 1 for four stages:
// round 255 is phase 63 of bar[3]); every cyc[slot] is nonzero. Runs timed and functional, H200 (sm_90a PTX) and
// B200 (sm_100a PTX).
// Leaves out: the cycle counts' values (traces/ubench_mbar_lanes/h200.json).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  // (stages, waiters) of each slot, as ubench_mbar_lanes.json launches them
  const int stages[17] = {1, 4, 1, 1, 1, 1, 1, 4, 4, 1, 1, 1, 1, 1, 1, 1, 1};
  const int waiters[17] = {32, 32, 1, 2, 4, 8, 16, 32, 1, 32, 1, 32, 1, 32, 1, 0, 0};
  REQUIRE(r.config.kernels.size() == 17);
  for (std::size_t k = 0; k < 17; ++k) wl::check_launch(r, k, "mbar_lanes", 1, 1);
  std::vector<std::uint32_t> out(32 * 17, 0);
  for (int slot = 0; slot < 17; ++slot) {
    const std::uint32_t parity = static_cast<std::uint32_t>((255 / stages[slot]) & 1);
    for (int lane = 0; lane < 32; ++lane) out[32 * slot + lane] = (lane < waiters[slot] ? 256u : 0u) + parity;
  }
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "out"), out, "out");
  for (const auto c : wl::final_contents<std::uint64_t>(r, "cyc")) CHECK(c != 0);
}

TEST_CASE("ubench_mbar_lanes: mbarrier waits by 0 to 32 lanes, five address forms (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_mbar_lanes"), wl::timed_run()));
}

TEST_CASE("ubench_mbar_lanes: the same, functional (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_mbar_lanes")));
}

TEST_CASE("ubench_mbar_lanes: mbarrier waits by 0 to 32 lanes, five address forms (B200, sm_100a PTX)", "[workloads]") {
  check_run(wl::run_b200("ubench_mbar_lanes", wl::timed_run()));
}

}  // namespace WARPSIM_UNITY_ID
