// Workload test j_adi_sweep (traces/j_adi_sweep, judgement set): the Thomas algorithm along every line of 64
// stacked 128 x 128 f32 fields, 32 CTAs x 256 per launch. `adi_row_sweep` solves each of the 8192 rows of u into v;
// `adi_col_sweep` each of the 8192 columns (64 fields x 128) of v into w; both use cp as the c' scratch (the
// column sweep overwrites every word of it last). Per line of length L with elements e_0 .. e_{L-1}:
// c'0 = c / b, d'0 = e_0 / b; m = fma(-a, c'[i-1], b), c'i = c / m, d'i = fma(-a, d'[i-1], e_i) / m; then
// x_{L-1} = d'_{L-1}, x_i = fma(-c'_i, x_{i+1}, d'_i), exactly as in the PTX (div.rn.f32, fma.rn.f32). The sizes and
// the coefficients a, b, c are read from the launch's arguments. v, w and cp are compared bit for bit; u must be
// unchanged.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: timing (the judgement set's hardware measurements are compared by warpsim validate).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

// One line: elements at base + i * stride for i < len; d in, x and cp out.
static void thomas(const std::vector<float>& d, std::vector<float>& x, std::vector<float>& cp, std::size_t base,
                   std::size_t stride, int len, float a, float b, float c) {
  float cprev = c / b;
  float dprev = d[base] / b;
  cp[base] = cprev;
  x[base] = dprev;
  for (int i = 1; i < len; ++i) {
    const std::size_t k = base + i * stride;
    const float m = std::fma(-a, cprev, b);
    cprev = c / m;
    dprev = std::fma(-a, dprev, d[k]) / m;
    cp[k] = cprev;
    x[k] = dprev;
  }
  float xn = dprev;
  for (int i = len - 2; i >= 0; --i) {
    const std::size_t k = base + i * stride;
    xn = std::fma(-cp[k], xn, x[k]);
    x[k] = xn;
  }
}

static float f32_arg(const warpsim::config::LaunchSpec& spec, std::size_t i) {
  return wl::f32(static_cast<std::uint32_t>(spec.args[i].bits));
}

static void check_run(const wl::sim::RunResult& r) {
  REQUIRE(r.config.kernels.size() == 2);
  const auto& rs = r.config.kernels[0];
  const auto& cs = r.config.kernels[1];
  REQUIRE(rs.args.size() == 8);
  REQUIRE(cs.args.size() == 9);
  const int nx = static_cast<int>(rs.args[3].bits), rows = static_cast<int>(rs.args[4].bits);
  const int cnx = static_cast<int>(cs.args[3].bits), cny = static_cast<int>(cs.args[4].bits);
  const int batch = static_cast<int>(cs.args[5].bits);
  CHECK(nx == 128);
  CHECK(rows == 8192);
  CHECK(cnx == 128);
  CHECK(cny == 128);
  CHECK(batch == 64);
  REQUIRE(static_cast<std::size_t>(cnx) * cny * batch == static_cast<std::size_t>(nx) * rows);
  const float ra = f32_arg(rs, 5), rb = f32_arg(rs, 6), rc = f32_arg(rs, 7);
  const float ca = f32_arg(cs, 6), cb = f32_arg(cs, 7), cc = f32_arg(cs, 8);
  CHECK(ra == -1.0f);
  CHECK(rb == 4.0f);
  CHECK(rc == -1.0f);
  CHECK(ca == -1.0f);
  CHECK(cb == 4.0f);
  CHECK(cc == -1.0f);

  const auto u = wl::initial<float>(r.config, "u");
  const std::size_t total = static_cast<std::size_t>(nx) * rows;
  REQUIRE(u.size() == total);
  std::vector<float> v = wl::initial<float>(r.config, "v");
  std::vector<float> w = wl::initial<float>(r.config, "w");
  std::vector<float> cp = wl::initial<float>(r.config, "cp");
  REQUIRE(v.size() == total);
  REQUIRE(w.size() == total);
  REQUIRE(cp.size() == total);
  for (int row = 0; row < rows; ++row) thomas(u, v, cp, static_cast<std::size_t>(row) * nx, 1, nx, ra, rb, rc);
  for (int t = 0; t < batch * cnx; ++t) {
    const int field = t / cnx, col = t % cnx;
    thomas(v, w, cp, static_cast<std::size_t>(field) * cnx * cny + col, static_cast<std::size_t>(cnx), cny, ca, cb, cc);
  }
  // The sweeps keep the solution bounded (|x| < 1 for |d| <= 1 with this diagonally dominant system).
  for (std::size_t k = 0; k < total; k += 4099) REQUIRE(std::fabs(w[k]) < 1.0f);
  wl::check_equal(wl::final_contents<float>(r, "v"), v, "v");
  wl::check_equal(wl::final_contents<float>(r, "w"), w, "w");
  wl::check_equal(wl::final_contents<float>(r, "cp"), cp, "cp");
  wl::check_unchanged<float>(r, "u");
  wl::check_launch(r, 0, "adi_row_sweep", 32, 32 * 8);
  wl::check_launch(r, 1, "adi_col_sweep", 32, 32 * 8);
}

TEST_CASE("j_adi_sweep: Thomas-algorithm row and column sweeps over 64 fields of 128 x 128 (H200, sm_90a PTX)",
          "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("j_adi_sweep")));
}

TEST_CASE("j_adi_sweep: Thomas-algorithm row and column sweeps over 64 fields of 128 x 128 (B200, sm_100a PTX)",
          "[workloads]") {
  check_run(wl::run_b200("j_adi_sweep"));
}

}  // namespace WARPSIM_UNITY_ID
