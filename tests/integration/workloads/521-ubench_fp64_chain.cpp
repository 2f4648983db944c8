// Workload test ubench_fp64_chain (traces/ubench_fp64_chain): dependent f64 fma chain, x = fma(x, 0.999, 0.5) from tid * 0.001. Checks every element of out against a CPU
// mirror of the chain (launches: slot 0 one warp n = 1024, slot 1 one warp n = 2048, slot 2 four warps n = 1024,
// slot 3 the unroll-by-32 entry, one warp n = 1024; unwritten elements stay 0) and that cyc holds a nonzero
// cycle count exactly where lane 0 of a warp wrote one.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: the cycle counts' values (a timing-model matter: traces/ubench_fp64_chain/h200.json has the H200's).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  wl::check_alu_chain<double>(
      r, "fp64_chain", [](int tid) { return static_cast<double>(tid) * 0.001; },
      [](double x) { return std::fma(x, 0.999, 0.5); });
}

TEST_CASE("ubench_fp64_chain: dependent f64 fma chain, x = fma(x, 0.999, 0.5) from tid * 0.001 (H200, sm_90a PTX)",
          "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_fp64_chain")));
}

TEST_CASE("ubench_fp64_chain: dependent f64 fma chain, x = fma(x, 0.999, 0.5) from tid * 0.001 (B200, sm_100a PTX)",
          "[workloads]") {
  check_run(wl::run_b200("ubench_fp64_chain"));
}

}  // namespace WARPSIM_UNITY_ID
