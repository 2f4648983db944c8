// Workload test ubench_mbarrier (traces/ubench_mbarrier): four one-CTA launches timing mbarriers and cp.async:
// mbar_self and mbar_pingpong leave r (1024) in out[0..31] and out[32..95], mbar_timeout leaves 2k (32, every
// try_wait fails before the phase is completed at the end) in out[64..95] (overwriting mbar_pingpong's second warp),
// cp_async_rt leaves in out[96 + lane] the sum over both loops of the words it loaded (src[i] = i, read as
// uint4 .x of 256 blocks and .y of the next 256); every cyc[k] is nonzero, and in timed runs every ns[k]. Runs timed and functional.
// Runs as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: the cycle counts' values (traces/ubench_mbarrier/h200.json).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r, bool timed) {
  REQUIRE(r.config.kernels.size() == 4);
  wl::check_launch(r, 0, "mbar_self", 1, 1);
  wl::check_launch(r, 1, "mbar_pingpong", 1, 2);
  wl::check_launch(r, 2, "mbar_timeout", 1, 1);
  wl::check_launch(r, 3, "cp_async_rt", 1, 1);
  std::vector<std::uint32_t> out(128, 0);
  for (int t = 0; t < 32; ++t) out[t] = 1024;
  for (int t = 0; t < 64; ++t) out[32 + t] = 1024;
  for (int t = 0; t < 32; ++t) out[64 + t] = 32;
  for (std::uint32_t lane = 0; lane < 32; ++lane) {
    std::uint32_t sum = 0;
    for (std::uint32_t i = 0; i < 256; ++i) sum += (i * 32 + lane) * 4;              // uint4 .x of block i
    for (std::uint32_t i = 0; i < 256; ++i) sum += ((i + 256) * 32 + lane) * 4 + 1;  // .y of block i + 256
    out[96 + lane] = sum;
  }
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "out"), out, "out");
  for (const auto c : wl::final_contents<std::uint64_t>(r, "cyc")) CHECK(c != 0);
  if (timed)
    for (const auto c : wl::final_contents<std::uint64_t>(r, "ns")) CHECK(c != 0);
}

TEST_CASE("ubench_mbarrier: mbarrier hand-overs, try_wait time limits and cp.async round trips (H200, sm_90a PTX)",
          "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_mbarrier"), wl::timed_run()), true);
}

TEST_CASE("ubench_mbarrier: the same, functional (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_mbarrier")), false);
}

TEST_CASE("ubench_mbarrier: mbarrier hand-overs, try_wait time limits and cp.async round trips (B200, sm_100a PTX)",
          "[workloads]") {
  check_run(wl::run_b200("ubench_mbarrier", wl::timed_run()), true);
}

}  // namespace WARPSIM_UNITY_ID
