// Workload test wgmma_gemm_probe (traces/wgmma_gemm_probe): traces/wgmma_gemm's gemm_sw128 with %clock64 stamps per K
// tile and around the epilogue. Its 512^3 launch (4 x 4 CTAs, 8 K tiles each), timed: C = 1.25 A B^T - 0.5 C0 against
// the exact CPU dot product within the f16-product, f32-accumulator bound (|C - ref| <= 2^-18 sum |1.25 a b| + 2^-22,
// every 3rd row), A and B unchanged, and the stamps in the order the kernel's synchronisation forces in any timing:
// each K tile lands after the prologue's copies and after the tile before, its wgmma.wait_group 1 passes after it
// landed, wait_group 0 after the last, the epilogue's end after that; the stamps no K tile writes stay 0.
// Leaves out: the cycles (traces/wgmma_gemm_probe/summary.py prints the phases; traces/README.md compares them), the
// other two launches (wgmma_gemm's test covers their sizes' results).
#include "workload_util.hpp"

#include <warpsim/config/run_config.hpp>

#include <cmath>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

TEST_CASE("wgmma_gemm_probe: gemm_sw128 with clock stamps, 512^3 timed (H200, sm_90a PTX)", "[workloads][wgmma]") {
  wl::cfg::RunConfig c = wl::cfg::load_run_config(wl::trace_json("wgmma_gemm_probe"));
  REQUIRE(c.kernels.size() == 3);
  const unsigned ctas_of[] = {16, 64, 128};
  for (std::size_t i = 0; i < 3; ++i) {
    INFO("launch " << i);
    CHECK(c.kernels[i].entry == "gemm_sw128_probe");
    REQUIRE(c.kernels[i].args.size() == 9);
    CHECK(c.kernels[i].grid.x * c.kernels[i].grid.y == ctas_of[i]);
  }
  c.kernels.resize(1);
  wl::sim::RunOptions timed;
  timed.functional_only = false;
  const auto r = wl::sim::run(c, timed);
  constexpr int n = 512, ktiles = n / 64, ctas = 16;
  const auto a = wl::final_contents<std::uint16_t>(r, "A1");
  const auto b = wl::final_contents<std::uint16_t>(r, "B1");
  const auto c0 = wl::initial<float>(r.config, "C1");
  const auto d = wl::final_contents<float>(r, "C1");
  std::size_t bad = 0;
  for (int row = 0; row < n; row += 3)
    for (int col = 0; col < n; ++col) {
      double sum = 0, mag = 0;
      wl::row_dot(a, b, n, row, col, wl::half_value, sum, mag);
      const std::size_t at = static_cast<std::size_t>(row) * n + col;
      const double want = 1.25 * sum - 0.5 * c0[at];
      if (std::fabs(d[at] - want) > 0x1p-18 * 1.25 * mag + 0x1p-22) ++bad;
    }
  CHECK(bad == 0);
  wl::check_unchanged<std::uint16_t>(r, "A1");
  wl::check_unchanged<std::uint16_t>(r, "B1");
  wl::check_launch(r, 0, "gemm_sw128_probe", ctas, ctas * 8);
  const auto st = wl::final_contents<std::uint64_t>(r, "stamps1");
  REQUIRE(st.size() == 80u * ctas);
  for (int cta = 0; cta < ctas; ++cta)
    for (int wg = 0; wg < 2; ++wg) {
      INFO("CTA " << cta << " warpgroup " << wg);
      const std::uint64_t* s = st.data() + 40 * (2 * cta + wg);
      CHECK(s[0] > 0);
      for (int t = 0; t < ktiles; ++t) {
        CHECK(s[1 + 2 * t] > (t == 0 ? s[0] : s[2 * t - 1]));
        CHECK(s[2 + 2 * t] > s[1 + 2 * t]);
      }
      CHECK(s[1 + 2 * ktiles] > s[2 * ktiles]);
      CHECK(s[2 + 2 * ktiles] > s[1 + 2 * ktiles]);
      for (int j = 3 + 2 * ktiles; j < 40; ++j) CHECK(s[j] == 0u);
    }
}

}  // namespace WARPSIM_UNITY_ID
