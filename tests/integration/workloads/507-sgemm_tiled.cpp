// Workload test sgemm_tiled (traces/sgemm_tiled): C = A * B (64 x 80 times 80 x 48) with 16x16 tiles. The
// kernel's inner product is acc = fmaf(A[row][k], B[k][col], acc) for k = 0, 1, ..., K-1 (tile by tile, in
// order), so the reference does the same std::fma chain and the comparison is bit-exact.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: edge tiles (all sizes are multiples of 16).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  const int M = 64, N = 48, K = 80;
  const auto A = wl::initial<float>(r.config, "A");
  const auto B = wl::initial<float>(r.config, "B");
  REQUIRE(A.size() == static_cast<std::size_t>(M * K));
  REQUIRE(B.size() == static_cast<std::size_t>(K * N));
  std::vector<float> C(M * N);
  for (int row = 0; row < M; ++row) {
    for (int col = 0; col < N; ++col) {
      float acc = 0.0f;
      for (int k = 0; k < K; ++k) acc = std::fma(A[row * K + k], B[k * N + col], acc);
      C[row * N + col] = acc;
    }
  }
  wl::check_equal(wl::final_contents<float>(r, "C"), C, "C");
  wl::check_unchanged<float>(r, "A");
  wl::check_unchanged<float>(r, "B");
  wl::check_launch(r, 0, "sgemm_tiled", 12, 96);
}

TEST_CASE("sgemm_tiled: tiled f32 matrix multiply, bit-exact fma chain (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("sgemm_tiled")));
}

TEST_CASE("sgemm_tiled: tiled f32 matrix multiply, bit-exact fma chain (B200, sm_100a PTX)", "[workloads]") {
  check_run(wl::run_b200("sgemm_tiled"));
}

}  // namespace WARPSIM_UNITY_ID
