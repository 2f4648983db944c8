// Workload test ubench_syncthreads (traces/ubench_syncthreads): 1024 __syncthreads in a 1024-thread CTA (slot 0)
// and a 32-thread CTA (slot 1); out[slot * 1024 + tid] must be tid + 1024 for every thread that ran (0 elsewhere),
// cyc nonzero exactly for warps 0-31 of slot 0 and warp 0 of slot 1.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: the cycle counts' values (a timing-model matter: traces/ubench_syncthreads/h200.json has the H200's).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  std::vector<std::uint32_t> out(2048, 0);
  for (std::uint32_t t = 0; t < 1024; ++t) out[t] = t + 1024;
  for (std::uint32_t t = 0; t < 32; ++t) out[1024 + t] = t + 1024;
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "out"), out, "out");
  const auto cyc = wl::final_contents<std::uint64_t>(r, "cyc");
  for (int i = 0; i < 64; ++i) {
    INFO("cyc[" << i << "] = " << cyc[i]);
    CHECK((cyc[i] != 0) == (i <= 32));
  }
  wl::check_launch(r, 0, "syncthreads_loop", 1, 32);
  wl::check_launch(r, 1, "syncthreads_loop", 1, 1);
}

TEST_CASE("ubench_syncthreads: 1024 barriers in a full and a one-warp CTA (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_syncthreads")));
}

TEST_CASE("ubench_syncthreads: 1024 barriers in a full and a one-warp CTA (B200, sm_100a PTX)", "[workloads]") {
  check_run(wl::run_b200("ubench_syncthreads"));
}

}  // namespace WARPSIM_UNITY_ID
