// Workload test ubench_occupancy_sweep (traces/ubench_occupancy_sweep): eight launches (occ_chase_1..8, dynamic
// shared memory for 1..8 CTAs per SM) of the same chase; out[tid] must be where 32 steps j = a[j] from
// j = tid & 4095 end (a is the config's random table, unchanged), and each launch's dynamic_smem must fit
// exactly c CTAs in 228 KiB with 1 KiB reserved per CTA.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: the times (a timing-model matter: traces/ubench_occupancy_sweep/h200.json has the H200's).
#include "workload_util.hpp"

static void check_run(const wl::sim::RunResult& r) {
  const auto a = wl::initial<std::uint32_t>(r.config, "a");
  std::vector<std::uint32_t> out(1056 * 64);
  for (std::uint32_t t = 0; t < out.size(); ++t) {
    std::uint32_t j = t & 4095;
    for (int i = 0; i < 32; ++i) j = a[j];
    out[t] = j;
  }
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "out"), out, "out");
  wl::check_unchanged<std::uint32_t>(r, "a");
  REQUIRE(r.config.kernels.size() == 8);
  for (std::uint32_t c = 1; c <= 8; ++c) {
    const std::uint32_t smem = r.config.kernels[c - 1].dynamic_smem;
    INFO("launch " << c - 1 << " dynamic_smem " << smem);
    CHECK((smem + 1024) * c <= 233472u);
    CHECK((smem + 1024) * (c + 1) > 233472u);
    wl::check_launch(r, c - 1, "occ_chase_" + std::to_string(c), 1056, 2112);
  }
}

TEST_CASE("ubench_occupancy_sweep: the same chase at 1..8 CTAs per SM (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_occupancy_sweep")));
}

TEST_CASE("ubench_occupancy_sweep: the same chase at 1..8 CTAs per SM (B200, sm_100a PTX)", "[workloads]") {
  check_run(wl::run_b200("ubench_occupancy_sweep"));
}
