// Workload test ubench_cluster (traces/ubench_cluster): rank 0 of a cluster of 2 chases next[i] = (i + 33) % 4096
// through rank 1's shared memory (64 warm-up + 1024 timed steps from 0): res[0] must be the index a CPU walk of the
// same chain reaches; every thread of a cluster of 4 passes 1024 cluster barriers: res[1] = 1024; both cycle counts
// nonzero. As configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: the cycle counts' values (not measured on the H200 yet: they are what calibrates cluster.dsmem_latency
// and cluster.barrier_cycles).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  std::uint32_t j = 0;
  for (int i = 0; i < 64 + 1024; ++i) j = (j + 33) % 4096;
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "res"), std::vector<std::uint32_t>{j, 1024}, "res");
  const auto cyc = wl::final_contents<std::uint64_t>(r, "cyc");
  CHECK(cyc[0] != 0);
  CHECK(cyc[1] != 0);
  wl::check_launch(r, 0, "dsmem_chase", 2, 2);
  wl::check_launch(r, 1, "cluster_sync", 4, 16);
}

TEST_CASE("ubench_cluster: a DSMEM pointer chase and a cluster-barrier loop (H200, sm_90a PTX)", "[workloads][cluster]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_cluster")));
}

TEST_CASE("ubench_cluster: a DSMEM pointer chase and a cluster-barrier loop (B200, sm_100a PTX)", "[workloads][cluster]") {
  check_run(wl::run_b200("ubench_cluster"));
}

}  // namespace WARPSIM_UNITY_ID
