// Workload test j_colsum (traces/j_colsum, judgement set): `colsum_f32` over A (6 x 405504 f32, 1584 CTAs x 256)
// and `colmax_u32` over U (256 x 8192 u32, 32 CTAs x 256), one thread per column of a row-major matrix. The PTX
// sums a column as s = ((0 + A[0][c]) + A[1][c]) + ... (add.f32 in row order, unrolled by 4) and takes max.u32
// from 0; the CPU replay does the same with M and N read from the launch's arguments. Every element of sum and mx
// is compared bit for bit; A and U must be unchanged.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: timing (the judgement set's hardware measurements are compared by warpsim validate).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  REQUIRE(r.config.kernels.size() == 2);
  {
    const auto& spec = r.config.kernels[0];
    REQUIRE(spec.args.size() == 4);
    const int M = static_cast<int>(spec.args[2].bits), N = static_cast<int>(spec.args[3].bits);
    CHECK(M == 6);
    CHECK(N == 405504);
    const auto A = wl::initial<float>(r.config, "A");
    REQUIRE(A.size() == static_cast<std::size_t>(M) * N);
    std::vector<float> sum = wl::initial<float>(r.config, "sum");
    REQUIRE(sum.size() == static_cast<std::size_t>(N));
    for (int col = 0; col < N; ++col) {
      float s = 0.0f;
      for (int i = 0; i < M; ++i) s += A[static_cast<std::size_t>(i) * N + col];
      sum[col] = s;
    }
    wl::check_equal(wl::final_contents<float>(r, "sum"), sum, "sum");
    wl::check_unchanged<float>(r, "A");
  }
  {
    const auto& spec = r.config.kernels[1];
    REQUIRE(spec.args.size() == 4);
    const int M = static_cast<int>(spec.args[2].bits), N = static_cast<int>(spec.args[3].bits);
    CHECK(M == 256);
    CHECK(N == 8192);
    const auto U = wl::initial<std::uint32_t>(r.config, "U");
    REQUIRE(U.size() == static_cast<std::size_t>(M) * N);
    std::vector<std::uint32_t> mx = wl::initial<std::uint32_t>(r.config, "mx");
    REQUIRE(mx.size() == static_cast<std::size_t>(N));
    for (int col = 0; col < N; ++col) {
      std::uint32_t m = 0;
      for (int i = 0; i < M; ++i) m = std::max(m, U[static_cast<std::size_t>(i) * N + col]);
      mx[col] = m;
    }
    wl::check_equal(wl::final_contents<std::uint32_t>(r, "mx"), mx, "mx");
    wl::check_unchanged<std::uint32_t>(r, "U");
  }
  wl::check_launch(r, 0, "colsum_f32", 1584, 1584 * 8);
  wl::check_launch(r, 1, "colmax_u32", 32, 32 * 8);
}

TEST_CASE("j_colsum: column-per-thread f32 sum over 6 x 405504 and u32 max over 256 x 8192 (H200, sm_90a PTX)",
          "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("j_colsum")));
}

TEST_CASE("j_colsum: column-per-thread f32 sum over 6 x 405504 and u32 max over 256 x 8192 (B200, sm_100a PTX)",
          "[workloads]") {
  check_run(wl::run_b200("j_colsum"));
}

}  // namespace WARPSIM_UNITY_ID
