// Workload test syncwarp_partial (traces/syncwarp_partial): __syncwarp with a partial mask inside a divergent
// branch. Checks each half's exchange (lane + 1 within lanes 0-15, lane + 3 within lanes 16-31) and the read
// of the mirrored lane after the full __syncwarp(), in both warps, under both reconvergence models.
// Each check runs as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: timing, and the error a mask naming lanes of the other path would raise (not this workload).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  const auto in = wl::initial<std::int32_t>(r.config, "in");
  std::vector<std::int32_t> s(64), half(64), cross(64);
  for (int t = 0; t < 64; ++t) s[t] = (t & 31) < 16 ? in[t] * 3 + 1 : in[t] - 5;
  for (int t = 0; t < 64; ++t) {
    const int lane = t & 31, base = t & ~31;
    half[t] = lane < 16 ? s[base + ((lane + 1) & 15)] : s[base + 16 + ((lane + 3) & 15)];
    cross[t] = s[base + (31 - lane)];
  }
  wl::check_equal(wl::final_contents<std::int32_t>(r, "out_half"), half, "out_half");
  wl::check_equal(wl::final_contents<std::int32_t>(r, "out_cross"), cross, "out_cross");
  wl::check_unchanged<std::int32_t>(r, "in");
  wl::check_launch(r, 0, "syncwarp_partial", 1, 2);
}

TEST_CASE("syncwarp_partial: __syncwarp with the mask of one side of a branch (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("syncwarp_partial")));
}

TEST_CASE("syncwarp_partial: __syncwarp with the mask of one side of a branch (B200, sm_100a PTX)", "[workloads]") {
  check_run(wl::run_b200("syncwarp_partial"));
}

TEST_CASE("syncwarp_partial: the same results under the IPDOM stack (sm.reconvergence=ipdom_stack)", "[workloads]") {
  wl::sim::RunOptions opts;
  opts.gpu_overrides = {"sm.reconvergence=ipdom_stack"};
  check_run(wl::sim::run_file(wl::trace_json("syncwarp_partial"), opts));
}

}  // namespace WARPSIM_UNITY_ID
