// Workload test ubench_launch (traces/ubench_launch): the almost empty kernel, one CTA of 32 threads, writes
// out[tid] = tid.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: the launch time (a timing-model matter: traces/ubench_launch/h200.json has the H200's).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  std::vector<std::uint32_t> out(32);
  for (std::uint32_t t = 0; t < 32; ++t) out[t] = t;
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "out"), out, "out");
  wl::check_launch(r, 0, "launch_empty", 1, 1);
}

TEST_CASE("ubench_launch: one 32-thread CTA writes its thread ids (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_launch")));
}

TEST_CASE("ubench_launch: one 32-thread CTA writes its thread ids (B200, sm_100a PTX)", "[workloads]") {
  check_run(wl::run_b200("ubench_launch"));
}

}  // namespace WARPSIM_UNITY_ID
