// Workload test ubench_l2_chase (traces/ubench_l2_chase): 5240. Checks the whole index array
// the setup launch built (next[i * 32] = the next node's first element, every other element 0), that the chase
// ends at the index a CPU walk of the same chain reaches after 65536 + 4096 steps from 0, and that cyc[0] is nonzero.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: the cycle count's value (a timing-model matter: traces/ubench_l2_chase/h200.json has the H200's).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  const std::uint32_t nodes = 65536, stride = 32;
  std::vector<std::uint32_t> a(2097152, 0);
  for (std::uint32_t i = 0; i < nodes; ++i) a[i * stride] = ((i + 1) % nodes) * stride;
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "a"), a, "a");
  std::uint32_t j = 0;
  for (long i = 0; i < 65536 + 4096; ++i) j = a[j];
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "res"), std::vector<std::uint32_t>{j}, "res");
  CHECK(wl::final_contents<std::uint64_t>(r, "cyc")[0] != 0);
  wl::check_launch(r, 0, "chain_setup", 256, 2048);
  wl::check_launch(r, 1, "l2_chase", 1, 1);
}

TEST_CASE("ubench_l2_chase: chain built on the GPU, chase ends at the CPU walk's index (H200, sm_90a PTX)",
          "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_l2_chase")));
}

TEST_CASE("ubench_l2_chase: chain built on the GPU, chase ends at the CPU walk's index (B200, sm_100a PTX)",
          "[workloads]") {
  check_run(wl::run_b200("ubench_l2_chase"));
}

}  // namespace WARPSIM_UNITY_ID
