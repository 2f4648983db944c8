// Workload test j_syr2k (traces/j_syr2k, judgement set): one launch of `syr2k_lower` (8 x 32 CTAs of 32 x 8, one
// thread per C(i, j), x = j): for j <= i, C[i][j] = fma(alpha, acc, beta * C[i][j]) with
// acc = fma(B[i][k], A[j][k], fma(A[i][k], B[j][k], acc)) for k = 0 .. K-1 from 0 (the PTX's order: the two fmas
// of one k, then the next k, unrolled by 4); C above the diagonal keeps its initial contents. N = 256, K = 128 and
// alpha, beta are read from the launch's arguments. Every element of C is compared bit for bit; A and B must be
// unchanged.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: timing (the judgement set's hardware measurements are compared by warpsim validate).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  REQUIRE(r.config.kernels.size() == 1);
  const auto& spec = r.config.kernels[0];
  REQUIRE(spec.args.size() == 7);
  const int N = static_cast<int>(spec.args[3].bits), K = static_cast<int>(spec.args[4].bits);
  const float alpha = wl::f32(static_cast<std::uint32_t>(spec.args[5].bits));
  const float beta = wl::f32(static_cast<std::uint32_t>(spec.args[6].bits));
  CHECK(N == 256);
  CHECK(K == 128);
  CHECK(alpha == 1.5f);
  CHECK(beta == 0.75f);
  const auto A = wl::initial<float>(r.config, "A");
  const auto B = wl::initial<float>(r.config, "B");
  REQUIRE(A.size() == static_cast<std::size_t>(N) * K);
  REQUIRE(B.size() == static_cast<std::size_t>(N) * K);
  std::vector<float> C = wl::initial<float>(r.config, "C");
  REQUIRE(C.size() == static_cast<std::size_t>(N) * N);
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j <= i; ++j) {
      float acc = 0.0f;
      for (int k = 0; k < K; ++k) {
        acc = std::fma(A[i * K + k], B[j * K + k], acc);
        acc = std::fma(B[i * K + k], A[j * K + k], acc);
      }
      float& c = C[static_cast<std::size_t>(i) * N + j];
      c = std::fma(alpha, acc, beta * c);
    }
  }
  wl::check_equal(wl::final_contents<float>(r, "C"), C, "C");
  wl::check_unchanged<float>(r, "A");
  wl::check_unchanged<float>(r, "B");
  wl::check_launch(r, 0, "syr2k_lower", 8 * 32, 8 * 32 * 8);
}

TEST_CASE("j_syr2k: naive lower-triangle SYR2K, N 256, K 128 (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("j_syr2k")));
}

TEST_CASE("j_syr2k: naive lower-triangle SYR2K, N 256, K 128 (B200, sm_100a PTX)", "[workloads]") {
  check_run(wl::run_b200("j_syr2k"));
}

}  // namespace WARPSIM_UNITY_ID
