// Workload test j_batched_gemm (traces/j_batched_gemm, judgement set): 1056 independent 16 x 16 f32 products
// C_b = A_b B_b (row-major, stacked, 256 floats per matrix), one CTA of 16 x 16 threads per matrix, twice:
// `bgemm16_naive` (global loads in the k loop) into C1 and `bgemm16_smem` (tiles staged in shared memory) into C2.
// Both PTX loops compute acc = fma(A[r][k], B[k][c], acc) for k = 0 .. 15 from 0, fully unrolled in order, so the
// CPU reference is that std::fma chain and C1 and C2 must both equal it bit for bit; A and B must be unchanged.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: timing (the judgement set's hardware measurements are compared by warpsim validate).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  constexpr int kTs = 16, kBatch = 1056;
  REQUIRE(r.config.kernels.size() == 2);
  for (const auto& k : r.config.kernels) {
    CHECK(k.grid.x == static_cast<unsigned>(kBatch));
    CHECK(k.block.x == static_cast<unsigned>(kTs));
    CHECK(k.block.y == static_cast<unsigned>(kTs));
  }
  const auto A = wl::initial<float>(r.config, "A");
  const auto B = wl::initial<float>(r.config, "B");
  REQUIRE(A.size() == static_cast<std::size_t>(kBatch) * kTs * kTs);
  REQUIRE(B.size() == A.size());
  std::vector<float> C(A.size());
  for (int b = 0; b < kBatch; ++b) {
    const std::size_t m = static_cast<std::size_t>(b) * kTs * kTs;
    for (int row = 0; row < kTs; ++row) {
      for (int col = 0; col < kTs; ++col) {
        float acc = 0.0f;
        for (int k = 0; k < kTs; ++k) acc = std::fma(A[m + row * kTs + k], B[m + k * kTs + col], acc);
        C[m + row * kTs + col] = acc;
      }
    }
  }
  REQUIRE(wl::initial<float>(r.config, "C1").size() == C.size());
  REQUIRE(wl::initial<float>(r.config, "C2").size() == C.size());
  wl::check_equal(wl::final_contents<float>(r, "C1"), C, "C1");
  wl::check_equal(wl::final_contents<float>(r, "C2"), C, "C2");
  wl::check_unchanged<float>(r, "A");
  wl::check_unchanged<float>(r, "B");
  wl::check_launch(r, 0, "bgemm16_naive", kBatch, kBatch * 8);
  wl::check_launch(r, 1, "bgemm16_smem", kBatch, kBatch * 8);
}

TEST_CASE("j_batched_gemm: 1056 16x16 f32 GEMMs, global and shared-memory kernels (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("j_batched_gemm")));
}

TEST_CASE("j_batched_gemm: 1056 16x16 f32 GEMMs, global and shared-memory kernels (B200, sm_100a PTX)", "[workloads]") {
  check_run(wl::run_b200("j_batched_gemm"));
}

}  // namespace WARPSIM_UNITY_ID
