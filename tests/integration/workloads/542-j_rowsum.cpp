// Workload test j_rowsum (traces/j_rowsum, judgement set): `rowsum_f32` over A (405504 x 6 f32, 1584 CTAs x 256)
// and `rowmax_u32` over U (8192 x 256 u32, 32 CTAs x 256), one thread per row of a row-major matrix. The PTX sums
// a row as s = ((0 + a[0]) + a[1]) + ... (add.f32 in index order, unrolled by 4) and takes max.u32 from 0; the
// CPU replay does the same with M and N read from the launch's arguments. Every element of sum and mx is compared
// bit for bit; A and U must be unchanged.
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
    CHECK(M == 405504);
    CHECK(N == 6);
    const auto A = wl::initial<float>(r.config, "A");
    REQUIRE(A.size() == static_cast<std::size_t>(M) * N);
    std::vector<float> sum = wl::initial<float>(r.config, "sum");
    REQUIRE(sum.size() == static_cast<std::size_t>(M));
    for (int row = 0; row < M; ++row) {
      float s = 0.0f;
      for (int j = 0; j < N; ++j) s += A[static_cast<std::size_t>(row) * N + j];
      sum[row] = s;
    }
    wl::check_equal(wl::final_contents<float>(r, "sum"), sum, "sum");
    wl::check_unchanged<float>(r, "A");
  }
  {
    const auto& spec = r.config.kernels[1];
    REQUIRE(spec.args.size() == 4);
    const int M = static_cast<int>(spec.args[2].bits), N = static_cast<int>(spec.args[3].bits);
    CHECK(M == 8192);
    CHECK(N == 256);
    const auto U = wl::initial<std::uint32_t>(r.config, "U");
    REQUIRE(U.size() == static_cast<std::size_t>(M) * N);
    std::vector<std::uint32_t> mx = wl::initial<std::uint32_t>(r.config, "mx");
    REQUIRE(mx.size() == static_cast<std::size_t>(M));
    for (int row = 0; row < M; ++row) {
      std::uint32_t m = 0;
      for (int j = 0; j < N; ++j) m = std::max(m, U[static_cast<std::size_t>(row) * N + j]);
      mx[row] = m;
    }
    wl::check_equal(wl::final_contents<std::uint32_t>(r, "mx"), mx, "mx");
    wl::check_unchanged<std::uint32_t>(r, "U");
  }
  wl::check_launch(r, 0, "rowsum_f32", 1584, 1584 * 8);
  wl::check_launch(r, 1, "rowmax_u32", 32, 32 * 8);
}

TEST_CASE("j_rowsum: row-per-thread f32 sum over 405504 x 6 and u32 max over 8192 x 256 (H200, sm_90a PTX)",
          "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("j_rowsum")));
}

TEST_CASE("j_rowsum: row-per-thread f32 sum over 405504 x 6 and u32 max over 8192 x 256 (B200, sm_100a PTX)",
          "[workloads]") {
  check_run(wl::run_b200("j_rowsum"));
}

}  // namespace WARPSIM_UNITY_ID
