// Workload test j_sgemm16_256 (traces/j_sgemm16_256, judgement set): C = A * B, M = N = K = 256, f32
// row-major, 16 x 16 shared-memory tiles, one thread per C element. The kernel's inner product is
// sum = fmaf(A[row][k], B[k][col], sum) for k = 0 .. K-1 in order (tile by tile, 16 per tile), starting
// from 0, so the reference runs the same std::fma chain and the comparison is bit-exact. A and B stay unchanged.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: the times (a timing-model matter: the judgement set is measured on an H200).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  constexpr int M = 256, N = 256, K = 256;
  REQUIRE(r.config.kernels.size() == 1);
  const auto& k = r.config.kernels[0];
  REQUIRE(k.args.size() == 6);
  CHECK(static_cast<int>(k.args[3].bits) == M);
  CHECK(static_cast<int>(k.args[4].bits) == N);
  CHECK(static_cast<int>(k.args[5].bits) == K);
  const auto A = wl::initial<float>(r.config, "A");
  const auto B = wl::initial<float>(r.config, "B");
  REQUIRE(A.size() == static_cast<std::size_t>(M * K));
  REQUIRE(B.size() == static_cast<std::size_t>(K * N));
  std::vector<float> C(static_cast<std::size_t>(M * N));
  for (int row = 0; row < M; ++row) {
    for (int col = 0; col < N; ++col) {
      float sum = 0.0f;
      for (int kk = 0; kk < K; ++kk) sum = std::fma(A[row * K + kk], B[kk * N + col], sum);
      C[row * N + col] = sum;
    }
  }
  wl::check_equal(wl::final_contents<float>(r, "C"), C, "C");
  wl::check_unchanged<float>(r, "A");
  wl::check_unchanged<float>(r, "B");
  wl::check_launch(r, 0, "sgemm_tiled16", 256, 256 * 8);
}

TEST_CASE("j_sgemm16_256: 16x16-tiled SGEMM 256^3, bit-exact fma chain (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("j_sgemm16_256")));
}

TEST_CASE("j_sgemm16_256: 16x16-tiled SGEMM 256^3, bit-exact fma chain (B200, sm_100a PTX)", "[workloads]") {
  check_run(wl::run_b200("j_sgemm16_256"));
}

}  // namespace WARPSIM_UNITY_ID
