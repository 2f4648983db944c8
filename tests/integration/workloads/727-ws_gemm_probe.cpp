// Workload test ws_gemm_probe (traces/ws_gemm_probe): traces/ws_gemm's f16 kernel with %clock64 stamps per K tile.
// Its 512^3 launch (16 CTAs, one 128 x 128 tile and 8 K tiles each), timed: D against the exact CPU dot product within
// ws_gemm's f16 bound (|D - ref| <= 2^-18 sum |a b|, every 3rd row), A and B unchanged, and the stamps in the order
// the kernel's synchronisation forces in any timing: the producer's start before its first TMA issue, each K tile
// issued after the one before, each consumer warpgroup past K tile t's full barrier only after the producer issued
// it and after its own tile t - 1, its K loop's end after its last full barrier, its TMA store after that and its last
// wait after the store; stamps that no K tile writes stay 0. The config holds the three launches gen.py writes.
// The same run's issue events show the wgmma queue (timing/sub_partition.hpp): each consumer warp issues a K tile's
// four wgmma.mma_async (PTX lines 346, 372, 397, 422) less than one wgmma's execution (64 cycles) apart from first to
// last, although the two warpgroups' eight share each sub-partition's tensor pipe; holding the pipe for the whole
// execution spread them over about 200-450 cycles.
// Leaves out: the cycles (warpsim validate compares them), the other two launches.
#include "workload_util.hpp"

#include <warpsim/config/run_config.hpp>
#include <warpsim/timing/trace_sink.hpp>

#include <map>
#include <utility>
#include <vector>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {
// The cycles at which each (CTA, warp) issued a wgmma.mma_async, in order.
struct WgmmaIssues : warpsim::timing::TraceSink {
  std::map<std::pair<std::uint64_t, std::uint32_t>, std::vector<std::uint64_t>> at;
  bool wants_issues() const override { return true; }
  void on_issue(const warpsim::timing::IssueEvent& e) override {
    if (e.ptx_line == 346 || e.ptx_line == 372 || e.ptx_line == 397 || e.ptx_line == 422)
      at[{e.cta, e.warp}].push_back(e.cycle);
  }
};
}  // namespace

TEST_CASE("ws_gemm_probe: ws_gemm's f16 kernel with clock stamps, 512^3 timed (H200, sm_90a PTX)",
          "[workloads][wgmma][tma]") {
  wl::cfg::RunConfig c = wl::cfg::load_run_config(wl::trace_json("ws_gemm_probe"));
  REQUIRE(c.kernels.size() == 3);
  const int sizes[] = {512, 1024, 2048};
  for (std::size_t i = 0; i < 3; ++i) {
    INFO("launch " << i);
    CHECK(c.kernels[i].entry == "ws_gemm_f16_probe");
    REQUIRE(c.kernels[i].args.size() == 7);
    CHECK(static_cast<int>(c.kernels[i].args[3].bits) == sizes[i]);
    CHECK(c.kernels[i].grid.x == static_cast<unsigned>(std::min(132, (sizes[i] / 128) * (sizes[i] / 128))));
  }
  c.kernels.resize(1);
  wl::sim::RunOptions timed;
  timed.functional_only = false;
  WgmmaIssues issues;
  timed.trace = &issues;
  const auto r = wl::sim::run(c, timed);
  constexpr int n = 512, ktiles = n / 64, ctas = 16;
  const auto a = wl::final_contents<std::uint16_t>(r, "A0");
  const auto b = wl::final_contents<std::uint16_t>(r, "B0");
  const auto d = wl::final_contents<float>(r, "D0");
  std::size_t bad = 0;
  for (int row = 0; row < n; row += 3)
    for (int col = 0; col < n; ++col) {
      double sum = 0, mag = 0;
      wl::row_dot(a, b, n, row, col, wl::half_value, sum, mag);
      if (std::fabs(d[static_cast<std::size_t>(row) * n + col] - sum) > 0x1p-18 * mag) ++bad;
    }
  CHECK(bad == 0);
  wl::check_unchanged<std::uint16_t>(r, "A0");
  wl::check_unchanged<std::uint16_t>(r, "B0");
  wl::check_launch(r, 0, "ws_gemm_f16_probe", ctas, ctas * 12);
  const auto st = wl::final_contents<std::uint64_t>(r, "stamps0");
  REQUIRE(st.size() == 256u * ctas);
  for (int cta = 0; cta < ctas; ++cta) {
    INFO("CTA " << cta);
    const std::uint64_t* s = st.data() + 256 * cta;
    CHECK(s[0] > 0);
    CHECK(s[1] > s[0]);
    for (int t = 1; t < ktiles; ++t) CHECK(s[1 + t] > s[t]);
    for (int t = ktiles; t < 64; ++t) CHECK(s[1 + t] == 0u);
    for (int w = 0; w < 2; ++w) {
      INFO("consumer warpgroup " << w);
      const std::uint64_t* full = s + 65 + 64 * w;
      CHECK(s[199 + w] > 0);
      for (int t = 0; t < ktiles; ++t) {
        CHECK(full[t] > s[1 + t]);
        if (t > 0) CHECK(full[t] > full[t - 1]);
      }
      for (int t = ktiles; t < 64; ++t) CHECK(full[t] == 0u);
      CHECK(s[193 + w] > full[ktiles - 1]);
      CHECK(s[195 + w] > s[193 + w]);
      CHECK(s[197 + w] > s[195 + w]);
    }
  }
  // 16 CTAs x 8 consumer warps, each 4 wgmmas per K tile.
  REQUIRE(issues.at.size() == 16u * 8);
  for (const auto& [who, cycles] : issues.at) {
    INFO("CTA " << who.first << " warp " << who.second);
    REQUIRE(cycles.size() == 4u * ktiles);
    for (int t = 0; t < ktiles; ++t) CHECK(cycles[4 * t + 3] - cycles[4 * t] < 64u);
  }
}

}  // namespace WARPSIM_UNITY_ID
