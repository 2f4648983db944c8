// Workload test histogram (traces/histogram): 256-bin histogram of 5000 bytes via shared-memory atomics
// and global reductions; the final bins are order independent, so the check is exact.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: the order in which CTAs add to the global bins.
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  const auto data = wl::initial<std::uint8_t>(r.config, "data");
  REQUIRE(data.size() == 5000);
  auto bins = wl::initial<std::uint32_t>(r.config, "bins");
  for (std::uint8_t d : data) ++bins[d];
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "bins"), bins, "bins");
  wl::check_unchanged<std::uint8_t>(r, "data");
  wl::check_launch(r, 0, "histogram", 4, 16);
}

TEST_CASE("histogram: shared-memory atomicAdd then global atomicAdd per bin (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("histogram")));
}

TEST_CASE("histogram: shared-memory atomicAdd then global atomicAdd per bin (B200, sm_100a PTX)", "[workloads]") {
  check_run(wl::run_b200("histogram"));
}

}  // namespace WARPSIM_UNITY_ID
