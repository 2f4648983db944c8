// Workload test ubench_sfu_chain (traces/ubench_sfu_chain): dependent rsqrt.approx.ftz chain from the fixed point 1.0 (stays 1.0). Checks every element of out against a CPU
// mirror of the chain (launches: slot 0 one warp n = 1024, slot 1 one warp n = 2048, slot 2 four warps n = 1024,
// slot 3 the unroll-by-32 entry, one warp n = 1024; unwritten elements stay 0) and that cyc holds a nonzero
// cycle count exactly where lane 0 of a warp wrote one.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: the cycle counts' values (a timing-model matter: traces/ubench_sfu_chain/h200.json has the H200's).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  // rsqrt.approx of 1 is exactly 1, so every step keeps x = 1.
  wl::check_alu_chain<float>(
      r, "sfu_chain", [](int) { return 1.0f; }, [](float) { return 1.0f; });
}

TEST_CASE("ubench_sfu_chain: dependent rsqrt.approx.ftz chain from the fixed point 1.0 (stays 1.0) (H200, sm_90a PTX)",
          "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_sfu_chain")));
}

TEST_CASE("ubench_sfu_chain: dependent rsqrt.approx.ftz chain from the fixed point 1.0 (stays 1.0) (B200, sm_100a PTX)",
          "[workloads]") {
  check_run(wl::run_b200("ubench_sfu_chain"));
}

}  // namespace WARPSIM_UNITY_ID
