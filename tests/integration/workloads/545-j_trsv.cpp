// Workload test j_trsv (traces/j_trsv, judgement set): forward substitution, one thread per system, 112 CTAs x
// 128 per launch. `trsv_shared_l`: one 16 x 16 row-major L (Ls) and 14336 right-hand sides, the columns of the
// row-major 16 x 14336 X, solved in place. `trsv_batched`: 14336 systems, system t with L = Lb[t * 256 ..]
// (row-major 16 x 16), b = b[t * 16 ..], solution into x[t * 16 ..]. Both do, for i = 0 .. n-1:
// s = b[i]; s = fma(-L[i][j], x[j], s) for j = 0 .. i-1 (the PTX's order, unrolled by 4); x[i] = s / L[i][i]
// (div.rn.f32); the CPU replay does the same with n and the counts read from the launch's arguments. X and x are
// compared bit for bit; Ls, Lb and b must be unchanged.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: timing (the judgement set's hardware measurements are compared by warpsim validate).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

// Solves L x = b in place in x (x holds b on entry); element k of the vector is at x[k * stride].
static void forward_subst(const float* L, float* x, std::size_t stride, int n) {
  for (int i = 0; i < n; ++i) {
    float s = x[i * stride];
    for (int j = 0; j < i; ++j) s = std::fma(-L[i * n + j], x[j * stride], s);
    x[i * stride] = s / L[i * n + i];
  }
}

static void check_run(const wl::sim::RunResult& r) {
  REQUIRE(r.config.kernels.size() == 2);
  {
    const auto& spec = r.config.kernels[0];
    REQUIRE(spec.args.size() == 4);
    const int n = static_cast<int>(spec.args[2].bits), nrhs = static_cast<int>(spec.args[3].bits);
    CHECK(n == 16);
    CHECK(nrhs == 14336);
    const auto L = wl::initial<float>(r.config, "Ls");
    REQUIRE(L.size() == static_cast<std::size_t>(n) * n);
    std::vector<float> X = wl::initial<float>(r.config, "X");
    REQUIRE(X.size() == static_cast<std::size_t>(n) * nrhs);
    for (int t = 0; t < nrhs; ++t) forward_subst(L.data(), X.data() + t, static_cast<std::size_t>(nrhs), n);
    wl::check_equal(wl::final_contents<float>(r, "X"), X, "X");
    wl::check_unchanged<float>(r, "Ls");
  }
  {
    const auto& spec = r.config.kernels[1];
    REQUIRE(spec.args.size() == 5);
    const int n = static_cast<int>(spec.args[3].bits), batch = static_cast<int>(spec.args[4].bits);
    CHECK(n == 16);
    CHECK(batch == 14336);
    const auto L = wl::initial<float>(r.config, "Lb");
    const auto b = wl::initial<float>(r.config, "b");
    REQUIRE(L.size() == static_cast<std::size_t>(batch) * n * n);
    REQUIRE(b.size() == static_cast<std::size_t>(batch) * n);
    REQUIRE(wl::initial<float>(r.config, "x").size() == b.size());
    std::vector<float> x = b;
    for (int t = 0; t < batch; ++t)
      forward_subst(L.data() + static_cast<std::size_t>(t) * n * n, x.data() + static_cast<std::size_t>(t) * n, 1, n);
    wl::check_equal(wl::final_contents<float>(r, "x"), x, "x");
    wl::check_unchanged<float>(r, "Lb");
    wl::check_unchanged<float>(r, "b");
  }
  wl::check_launch(r, 0, "trsv_shared_l", 112, 112 * 4);
  wl::check_launch(r, 1, "trsv_batched", 112, 112 * 4);
}

TEST_CASE("j_trsv: per-thread forward substitution, shared L and batched L, n 16 (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("j_trsv")));
}

TEST_CASE("j_trsv: per-thread forward substitution, shared L and batched L, n 16 (B200, sm_100a PTX)", "[workloads]") {
  check_run(wl::run_b200("j_trsv"));
}

}  // namespace WARPSIM_UNITY_ID
