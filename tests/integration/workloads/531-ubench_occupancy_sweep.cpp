// Workload test ubench_occupancy_sweep (traces/ubench_occupancy_sweep): eight launches (occ_chase_1..8, dynamic
// shared memory for 1..8 CTAs per SM) of the same per-warp chase; out[tid] must be the sum of the 16 words
// v = a[(k * nwarps + warp) * 32 + ((lane + v) & 31)] (k = 0..15, v = 0 first) that thread loads (a is the
// config's 16 MiB random table, unchanged), each chain's 16 lines must be its own and lie in a, and each
// launch's dynamic_smem must fit exactly c CTAs in 228 KiB with 1 KiB reserved per CTA.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: the times (a timing-model matter: traces/ubench_occupancy_sweep/h200.json, when measured, has the
// H200's).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  const auto a = wl::initial<std::uint32_t>(r.config, "a");
  constexpr std::uint32_t kCtas = 3168, kThreads = 64, kSteps = 16, kWarps = kCtas * kThreads / 32;
  REQUIRE(a.size() == 4194304u);
  REQUIRE(std::uint64_t{kSteps} * kWarps * 32 <= a.size());  // every node in a, one line per (step, warp)
  std::vector<std::uint32_t> out(kCtas * kThreads);
  for (std::uint32_t t = 0; t < out.size(); ++t) {
    const std::uint32_t warp = t >> 5, lane = t & 31;
    std::uint32_t v = 0, sum = 0;
    for (std::uint32_t k = 0; k < kSteps; ++k) {
      v = a[(k * kWarps + warp) * 32 + ((lane + v) & 31)];
      sum += v;
    }
    out[t] = sum;
  }
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "out"), out, "out");
  wl::check_unchanged<std::uint32_t>(r, "a");
  REQUIRE(r.config.kernels.size() == 8);
  for (std::uint32_t c = 1; c <= 8; ++c) {
    const std::uint32_t smem = r.config.kernels[c - 1].dynamic_smem;
    INFO("launch " << c - 1 << " dynamic_smem " << smem);
    CHECK((smem + 1024) * c <= 233472u);
    CHECK((smem + 1024) * (c + 1) > 233472u);
    wl::check_launch(r, c - 1, "occ_chase_" + std::to_string(c), kCtas, kWarps);
    REQUIRE(r.config.kernels[c - 1].args.size() == 3);
    CHECK(r.config.kernels[c - 1].args[2].bits == kSteps);  // the reference above assumes 16 steps
  }
}

TEST_CASE("ubench_occupancy_sweep: the same chase at 1..8 CTAs per SM (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_occupancy_sweep")));
}

TEST_CASE("ubench_occupancy_sweep: the same chase at 1..8 CTAs per SM (B200, sm_100a PTX)", "[workloads]") {
  check_run(wl::run_b200("ubench_occupancy_sweep"));
}

}  // namespace WARPSIM_UNITY_ID
