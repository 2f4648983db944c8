// Workload test j_gemv_t (traces/j_gemv_t, judgement set): two launches of `gemv_t` (256 threads per CTA, one
// thread per column): y1 = A1^T x1 with A1 8 x 270336 (1056 CTAs) and y2 = A2^T x2 with A2 224 x 16384 (64 CTAs),
// A row-major. The PTX computes acc = fma(A[i][col], x[i], acc) for i = 0 .. M-1 from 0 (unrolled by 4, same
// order); the CPU replay does the same std::fma chain with M and N read from the launch's arguments. Every
// element of y1 and y2 is compared bit for bit; A1, x1, A2, x2 must be unchanged.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: timing (the judgement set's hardware measurements are compared by warpsim validate).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_gemv_t(const wl::sim::RunResult& r, std::size_t k, const std::string& a_name,
                         const std::string& x_name, const std::string& y_name, int want_m, int want_n) {
  const auto& spec = r.config.kernels[k];
  REQUIRE(spec.args.size() == 5);
  const int M = static_cast<int>(spec.args[3].bits), N = static_cast<int>(spec.args[4].bits);
  CHECK(M == want_m);
  CHECK(N == want_n);
  const auto A = wl::initial<float>(r.config, a_name);
  const auto x = wl::initial<float>(r.config, x_name);
  REQUIRE(A.size() == static_cast<std::size_t>(M) * N);
  REQUIRE(x.size() == static_cast<std::size_t>(M));
  std::vector<float> y = wl::initial<float>(r.config, y_name);
  REQUIRE(y.size() == static_cast<std::size_t>(N));
  for (int col = 0; col < N; ++col) {
    float acc = 0.0f;
    for (int i = 0; i < M; ++i) acc = std::fma(A[static_cast<std::size_t>(i) * N + col], x[i], acc);
    y[col] = acc;
  }
  wl::check_equal(wl::final_contents<float>(r, y_name), y, y_name);
  wl::check_unchanged<float>(r, a_name);
  wl::check_unchanged<float>(r, x_name);
}

static void check_run(const wl::sim::RunResult& r) {
  REQUIRE(r.config.kernels.size() == 2);
  check_gemv_t(r, 0, "A1", "x1", "y1", 8, 270336);
  check_gemv_t(r, 1, "A2", "x2", "y2", 224, 16384);
  wl::check_launch(r, 0, "gemv_t", 1056, 1056 * 8);
  wl::check_launch(r, 1, "gemv_t", 64, 64 * 8);
}

TEST_CASE("j_gemv_t: column-per-thread f32 transposed GEMV over 8 x 270336 and 224 x 16384 (H200, sm_90a PTX)",
          "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("j_gemv_t")));
}

TEST_CASE("j_gemv_t: column-per-thread f32 transposed GEMV over 8 x 270336 and 224 x 16384 (B200, sm_100a PTX)",
          "[workloads]") {
  check_run(wl::run_b200("j_gemv_t"));
}

}  // namespace WARPSIM_UNITY_ID
