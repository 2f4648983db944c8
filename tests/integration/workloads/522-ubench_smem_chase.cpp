// Workload test ubench_smem_chase (traces/ubench_smem_chase): one thread chases next[i] = (i + 33) % 4096 through
// shared memory, 64 warm-up + 1024 timed steps from 0; res[0] must be the index a CPU walk of the same chain
// reaches, cyc[0] a nonzero cycle count.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: the cycle count's value (a timing-model matter: traces/ubench_smem_chase/h200.json has the H200's).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  std::uint32_t j = 0;
  for (int i = 0; i < 64 + 1024; ++i) j = (j + 33) % 4096;
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "res"), std::vector<std::uint32_t>{j}, "res");
  CHECK(wl::final_contents<std::uint64_t>(r, "cyc")[0] != 0);
  wl::check_launch(r, 0, "smem_chase", 1, 1);
}

TEST_CASE("ubench_smem_chase: shared-memory pointer chase ends at the CPU walk's index (H200, sm_90a PTX)",
          "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_smem_chase")));
}

TEST_CASE("ubench_smem_chase: shared-memory pointer chase ends at the CPU walk's index (B200, sm_100a PTX)",
          "[workloads]") {
  check_run(wl::run_b200("ubench_smem_chase"));
}

}  // namespace WARPSIM_UNITY_ID
