// Workload test warp_neighbor (traces/warp_neighbor): shared-memory exchange between lanes ordered by
// __syncwarp(); checks the neighbour (lane + 1) and mirror (31 - lane) reads of both warps.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: bank conflicts and timing.
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  const auto in = wl::initial<std::int32_t>(r.config, "in");
  std::vector<std::int32_t> s(64), next(64), mirror(64);
  for (int t = 0; t < 64; ++t) s[t] = in[t] * 2 + (t & 31);
  for (int t = 0; t < 64; ++t) next[t] = s[(t & ~31) + (((t & 31) + 1) & 31)];
  for (int t = 0; t < 64; ++t) s[t] = next[t] + 7;
  for (int t = 0; t < 64; ++t) mirror[t] = s[(t & ~31) + (31 - (t & 31))];
  wl::check_equal(wl::final_contents<std::int32_t>(r, "out_next"), next, "out_next");
  wl::check_equal(wl::final_contents<std::int32_t>(r, "out_mirror"), mirror, "out_mirror");
  wl::check_unchanged<std::int32_t>(r, "in");
  wl::check_launch(r, 0, "warp_neighbor", 1, 2);
}

TEST_CASE("warp_neighbor: __syncwarp orders shared-memory writes and reads inside a warp (H200, sm_90a PTX)",
          "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("warp_neighbor")));
}

TEST_CASE("warp_neighbor: __syncwarp orders shared-memory writes and reads inside a warp (B200, sm_100a PTX)",
          "[workloads]") {
  check_run(wl::run_b200("warp_neighbor"));
}

}  // namespace WARPSIM_UNITY_ID
