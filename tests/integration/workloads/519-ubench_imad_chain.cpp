// Workload test ubench_imad_chain (traces/ubench_imad_chain): dependent u32 multiply-add chain, x = x * 1664525 + 1013904223 from tid (mod 2^32). Checks every element of out against a CPU
// mirror of the chain (launches: slot 0 one warp n = 1024, slot 1 one warp n = 2048, slot 2 four warps n = 1024,
// slot 3 the unroll-by-32 entry, one warp n = 1024; unwritten elements stay 0) and that cyc holds a nonzero
// cycle count exactly where lane 0 of a warp wrote one.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: the cycle counts' values (a timing-model matter: traces/ubench_imad_chain/h200.json has the H200's).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  wl::check_alu_chain<std::uint32_t>(
      r, "imad_chain", [](int tid) { return static_cast<std::uint32_t>(tid); },
      [](std::uint32_t x) { return x * 1664525u + 1013904223u; });
}

TEST_CASE(
    "ubench_imad_chain: dependent u32 multiply-add chain, x = x * 1664525 + 1013904223 from tid (mod 2^32) (H200, "
    "sm_90a PTX)",
    "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_imad_chain")));
}

TEST_CASE(
    "ubench_imad_chain: dependent u32 multiply-add chain, x = x * 1664525 + 1013904223 from tid (mod 2^32) (B200, "
    "sm_100a PTX)",
    "[workloads]") {
  check_run(wl::run_b200("ubench_imad_chain"));
}

}  // namespace WARPSIM_UNITY_ID
