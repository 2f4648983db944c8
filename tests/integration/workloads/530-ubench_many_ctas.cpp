// Workload test ubench_many_ctas (traces/ubench_many_ctas): 65536 CTAs of 32 threads, thread 0 of each writes
// out[cta] = cta ^ 0x5a5a; every element is checked.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: the dispatch rate (a timing-model matter: traces/ubench_many_ctas/h200.json has the H200's).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  std::vector<std::uint32_t> out(65536);
  for (std::uint32_t c = 0; c < 65536; ++c) out[c] = c ^ 0x5a5au;
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "out"), out, "out");
  wl::check_launch(r, 0, "many_ctas", 65536, 65536);
}

TEST_CASE("ubench_many_ctas: 65536 one-warp CTAs each write one value (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_many_ctas")));
}

TEST_CASE("ubench_many_ctas: 65536 one-warp CTAs each write one value (B200, sm_100a PTX)", "[workloads]") {
  check_run(wl::run_b200("ubench_many_ctas"));
}

}  // namespace WARPSIM_UNITY_ID
