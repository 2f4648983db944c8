// Workload test ubench_bank_conflict (traces/ubench_bank_conflict): one warp re-reads s[j] = j with lane strides
// 0 (broadcast), 1, 2, 4, 8, 16, 32 words; out[p * 32 + lane] must be lane * stride[p] (the chase's fixed
// point) and every cyc[p] nonzero.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: the cycle counts' values and bank-conflict counts (timing-model matters: the H200's are in
// traces/ubench_bank_conflict/h200.json).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  const std::uint32_t strides[7] = {0, 1, 2, 4, 8, 16, 32};
  std::vector<std::uint32_t> out(224);
  for (int p = 0; p < 7; ++p)
    for (std::uint32_t lane = 0; lane < 32; ++lane) out[p * 32 + lane] = lane * strides[p];
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "out"), out, "out");
  for (const auto c : wl::final_contents<std::uint64_t>(r, "cyc")) CHECK(c != 0);
  wl::check_launch(r, 0, "bank_conflict", 1, 1);
}

TEST_CASE("ubench_bank_conflict: strided shared-memory reads keep each lane's word (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_bank_conflict")));
}

TEST_CASE("ubench_bank_conflict: strided shared-memory reads keep each lane's word (B200, sm_100a PTX)",
          "[workloads]") {
  check_run(wl::run_b200("ubench_bank_conflict"));
}

}  // namespace WARPSIM_UNITY_ID
