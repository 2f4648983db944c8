// Workload test branch_demo (traces/branch_demo): one warp diverges on lane < 16; checks each lane's
// path-specific result and path id, and the tail every lane writes after reconvergence.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: which order the two paths ran in (not observable in the outputs).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  const auto in = wl::initial<std::int32_t>(r.config, "in");
  std::vector<std::int32_t> out(64, 0), which(32, 0);
  for (std::uint32_t t = 0; t < 32; ++t) {
    const std::uint32_t v = static_cast<std::uint32_t>(in[t]);
    if (t < 16) {
      std::uint32_t acc = v;
      for (int k = 0; k < 3; ++k) acc = acc * 2u + t;
      out[t] = static_cast<std::int32_t>(acc);
      which[t] = 1;
    } else {
      out[t] = static_cast<std::int32_t>(v - 1000u * t);
      which[t] = 2;
    }
    out[t + 32] = static_cast<std::int32_t>(v + t);
  }
  wl::check_equal(wl::final_contents<std::int32_t>(r, "out"), out, "out");
  wl::check_equal(wl::final_contents<std::int32_t>(r, "which"), which, "which");
  wl::check_unchanged<std::int32_t>(r, "in");
  wl::check_launch(r, 0, "branch_demo", 1, 1);
}

TEST_CASE("branch_demo: lanes 0-15 and 16-31 take different paths and reconverge (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("branch_demo")));
}

TEST_CASE("branch_demo: lanes 0-15 and 16-31 take different paths and reconverge (B200, sm_100a PTX)", "[workloads]") {
  check_run(wl::run_b200("branch_demo"));
}

}  // namespace WARPSIM_UNITY_ID
