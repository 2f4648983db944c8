// Workload test j_gemv_n (traces/j_gemv_n, judgement set): two launches of `gemv_n` (256 threads per CTA, one
// thread per row): y1 = A1 x1 with A1 270336 x 8 (1056 CTAs) and y2 = A2 x2 with A2 16384 x 224 (64 CTAs), A row-major.
// The PTX computes acc = fma(A[row][j], x[j], acc) for j = 0 .. N-1 from 0 (unrolled by 4, same order); the CPU
// replay does the same std::fma chain with M and N read from the launch's arguments. Every element of y1 and y2 is
// compared bit for bit; A1, x1, A2, x2 must be unchanged.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: timing (the judgement set's hardware measurements are compared by warpsim validate).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_gemv(const wl::sim::RunResult& r, std::size_t k, const std::string& a_name, const std::string& x_name,
                       const std::string& y_name, int want_m, int want_n) {
  const auto& spec = r.config.kernels[k];
  REQUIRE(spec.args.size() == 5);
  const int M = static_cast<int>(spec.args[3].bits), N = static_cast<int>(spec.args[4].bits);
  CHECK(M == want_m);
  CHECK(N == want_n);
  const auto A = wl::initial<float>(r.config, a_name);
  const auto x = wl::initial<float>(r.config, x_name);
  REQUIRE(A.size() == static_cast<std::size_t>(M) * N);
  REQUIRE(x.size() == static_cast<std::size_t>(N));
  std::vector<float> y = wl::initial<float>(r.config, y_name);
  REQUIRE(y.size() == static_cast<std::size_t>(M));
  for (int row = 0; row < M; ++row) {
    float acc = 0.0f;
    for (int j = 0; j < N; ++j) acc = std::fma(A[static_cast<std::size_t>(row) * N + j], x[j], acc);
    y[row] = acc;
  }
  wl::check_equal(wl::final_contents<float>(r, y_name), y, y_name);
  wl::check_unchanged<float>(r, a_name);
  wl::check_unchanged<float>(r, x_name);
}

static void check_run(const wl::sim::RunResult& r) {
  REQUIRE(r.config.kernels.size() == 2);
  check_gemv(r, 0, "A1", "x1", "y1", 270336, 8);
  check_gemv(r, 1, "A2", "x2", "y2", 16384, 224);
  wl::check_launch(r, 0, "gemv_n", 1056, 1056 * 8);
  wl::check_launch(r, 1, "gemv_n", 64, 64 * 8);
}

TEST_CASE("j_gemv_n: row-per-thread f32 GEMV over 270336 x 8 and 16384 x 224 (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("j_gemv_n")));
}

TEST_CASE("j_gemv_n: row-per-thread f32 GEMV over 270336 x 8 and 16384 x 224 (B200, sm_100a PTX)", "[workloads]") {
  check_run(wl::run_b200("j_gemv_n"));
}

}  // namespace WARPSIM_UNITY_ID
