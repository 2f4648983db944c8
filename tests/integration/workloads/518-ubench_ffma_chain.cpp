// Workload test ubench_ffma_chain (traces/ubench_ffma_chain): dependent f32 fma chain, x = fma(x, 0.999f, 0.5f) from tid * 0.001f. Checks every element of out against a CPU
// mirror of the chain (launches: slot 0 one warp n = 1024, slot 1 one warp n = 2048, slot 2 four warps n = 1024,
// slot 3 the unroll-by-32 entry, one warp n = 1024; unwritten elements stay 0) and that cyc holds a nonzero
// cycle count exactly where lane 0 of a warp wrote one.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: the cycle counts' values (a timing-model matter: traces/ubench_ffma_chain/h200.json has the H200's).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  wl::check_alu_chain<float>(
      r, "ffma_chain", [](int tid) { return static_cast<float>(tid) * 0.001f; },
      [](float x) { return std::fma(x, 0.999f, 0.5f); });
}

TEST_CASE("ubench_ffma_chain: dependent f32 fma chain, x = fma(x, 0.999f, 0.5f) from tid * 0.001f (H200, sm_90a PTX)",
          "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_ffma_chain")));
}

TEST_CASE("ubench_ffma_chain: dependent f32 fma chain, x = fma(x, 0.999f, 0.5f) from tid * 0.001f (B200, sm_100a PTX)",
          "[workloads]") {
  check_run(wl::run_b200("ubench_ffma_chain"));
}

}  // namespace WARPSIM_UNITY_ID
