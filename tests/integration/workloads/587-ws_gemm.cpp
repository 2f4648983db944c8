// Workload test ws_gemm (traces/ws_gemm): the warp-specialized persistent GEMM (TMA producer warp, two consumer
// warpgroups of wgmma, a 4-stage full/empty mbarrier ring, setmaxnreg, an epilogue through swizzled shared memory and
// a TMA store, clusters of 2 sharing A by TMA multicast), D = A B^T in f16 and e4m3 with f32 results.
// D is checked two ways: bit for bit against the H200's (the sha256 of each D buffer in traces/ws_gemm/h200.json,
// measured 2026-12-03: warpsim's tensor-core sum, src/func/mma_numerics.hpp, gives every word; before its alignment
// by e(a) + e(b) about 3 % of the f16 and 15 % of the e4m3 words differed), and against a CPU reference in double
// precision (the exact dot product), whose bounds say what the truncating sum may lose:
//   f16: |D - ref| <= 2^-18 sum |a b| (the truncation loses at most a few units of 2^-24 of the largest term per
//     m64n128k16 step; warpsim's worst is about 2^-22);
//   e4m3 (inputs 0.25 .. 4, so every product is positive): the truncation toward zero to 14 bits
//     (sm.wgmma_fp8_sum_bits) keeps D <= ref and, over K = 1024, within 3 % of it (warpsim's worst: 1.7 %).
// Launches tested (the others take minutes functionally): f16 256^3 (one CTA per tile, 4 CTAs), timed, every
// element, and e4m3 1024^3 in clusters of 2, functionally, every 7th row of D. The timed run also pins the counters
// that do not depend on timing and equal the H200's (traces/ws_gemm/h200.json): the wgmma count (one per warp,
// M N K / (64 128 16) per warpgroup), the tensor pipe's busy cycles (N / 2 = 64 per warp-wgmma), the TMA loads (A and
// B per K tile) and stores (4 boxes a warpgroup a tile). The sanitizer build runs the first case only (the second
// takes minutes there). Leaves out: cycles (compared by warpsim validate).
#include "workload_util.hpp"

#include <warpsim/config/run_config.hpp>

#include <nlohmann/json.hpp>

#include <fstream>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

struct Launch {
  const char* entry;
  bool fp8;
  int cluster, m, n, k;
};

// traces/ws_gemm/gen.py's launches, in order.
const Launch kLaunches[] = {
    {"ws_gemm_f16", false, 1, 256, 256, 256},    {"ws_gemm_f16", false, 1, 512, 512, 512},
    {"ws_gemm_f16", false, 1, 1024, 1024, 1024}, {"ws_gemm_f16_c2", false, 2, 1024, 1024, 1024},
    {"ws_gemm_e4m3", true, 1, 1024, 1024, 1024}, {"ws_gemm_e4m3_c2", true, 2, 1024, 1024, 1024},
};

double e4m3_value(std::uint8_t b) {
  const int e = (b >> 3) & 15, m = b & 7;
  const double v = e == 0 ? std::ldexp(m / 8.0, -6) : std::ldexp(1.0 + m / 8.0, e - 7);
  return (b & 0x80) ? -v : v;
}

// The config holds exactly the table's launches, each with its tensor maps, sizes, grid and cluster.
void check_config(const wl::cfg::RunConfig& c) {
  REQUIRE(c.kernels.size() == std::size(kLaunches));
  for (std::size_t i = 0; i < std::size(kLaunches); ++i) {
    const Launch& l = kLaunches[i];
    INFO("launch " << i);
    const auto& k = c.kernels[i];
    CHECK(k.entry == l.entry);
    REQUIRE(k.args.size() == 6);
    CHECK(static_cast<int>(k.args[3].bits) == l.m);
    CHECK(static_cast<int>(k.args[4].bits) == l.n);
    CHECK(static_cast<int>(k.args[5].bits) == l.k);
    CHECK(k.grid.x == static_cast<unsigned>(std::min(132, (l.m / 128) * (l.n / 128))));
    CHECK(k.block.x == 384u);
    CHECK(k.dynamic_smem == 197696u);
    CHECK((k.cluster ? k.cluster->x : 1u) == static_cast<unsigned>(l.cluster));
  }
}

void check_output(const wl::sim::RunResult& r, std::size_t launch, std::size_t index) {
  const Launch& l = kLaunches[launch];
  INFO("launch " << launch << " (" << l.entry << " " << l.m << "^3)");
  const std::string n = std::to_string(launch);
  const auto d = wl::final_contents<float>(r, "D" + n);
  std::vector<std::uint8_t> a8, b8;
  std::vector<std::uint16_t> a16, b16;
  if (l.fp8) {
    a8 = wl::final_contents<std::uint8_t>(r, "A" + n);
    b8 = wl::final_contents<std::uint8_t>(r, "B" + n);
  } else {
    a16 = wl::final_contents<std::uint16_t>(r, "A" + n);
    b16 = wl::final_contents<std::uint16_t>(r, "B" + n);
  }
  std::size_t bad = 0;
  std::string first;
  double worst = 0;
  // Every row of the small launches; every 7th row (all residues mod 64 and 128: both warpgroups, every warp and
  // fragment row) of the 1024^3 ones, to keep the CPU reference short.
  const int step = l.m >= 1024 ? 7 : 1;
  for (int row = 0; row < l.m; row += step) {
    for (int col = 0; col < l.n; ++col) {
      double sum = 0, mag = 0;
      if (l.fp8) wl::row_dot(a8, b8, l.k, row, col, e4m3_value, sum, mag);
      else wl::row_dot(a16, b16, l.k, row, col, wl::half_value, sum, mag);
      const float got = d[static_cast<std::size_t>(row) * l.n + col];
      const double err = std::fabs(got - sum) / mag;
      worst = std::max(worst, err);
      const bool ok = l.fp8 ? (got <= sum && err <= 0.03) : err <= 0x1p-18;
      if (!ok) {
        if (bad < 6)
          first += "\n  [" + std::to_string(row) + ", " + std::to_string(col) + "] got " + wl::show(got) + ", exact " +
                   std::to_string(sum);
        ++bad;
      }
    }
  }
  INFO(bad << " of the checked elements outside the bound, worst relative error " << worst << first);
  CHECK(bad == 0);
  std::ifstream h200(wl::trace_file("ws_gemm", "h200.json"));
  REQUIRE(h200.good());
  const auto j = nlohmann::json::parse(h200);
  CHECK(warpsim::config::sha256_hex(d.data(), d.size() * sizeof(float)) ==
        j.at("buffers").at("D" + n).at("sha256").get<std::string>());
  const std::uint64_t tiles = static_cast<std::uint64_t>(l.m / 128) * (l.n / 128);
  const std::uint64_t ctas = std::min<std::uint64_t>(132, tiles);
  wl::check_launch(r, index, l.entry, ctas, ctas * 12);
  if (l.fp8) {
    wl::check_unchanged<std::uint8_t>(r, "A" + n);
    wl::check_unchanged<std::uint8_t>(r, "B" + n);
  } else {
    wl::check_unchanged<std::uint16_t>(r, "A" + n);
    wl::check_unchanged<std::uint16_t>(r, "B" + n);
  }
}

// The config cut to the given launches.
wl::cfg::RunConfig subset(const std::vector<std::size_t>& launches) {
  wl::cfg::RunConfig c = wl::cfg::load_run_config(wl::trace_json("ws_gemm"));
  check_config(c);
  std::vector<wl::cfg::LaunchSpec> keep;
  for (const std::size_t i : launches) keep.push_back(c.kernels[i]);
  c.kernels = keep;
  return c;
}

}  // namespace

TEST_CASE("ws_gemm: warp-specialized TMA + wgmma GEMM, f16 one CTA per tile, timed (H200, sm_90a PTX)",
          "[workloads][wgmma][tma]") {
  wl::sim::RunOptions timed;
  timed.functional_only = false;
  const auto r = wl::sim::run(subset({0}), timed);
  check_output(r, 0, 0);
  const Launch& l = kLaunches[0];
  const double warp_wgmmas = static_cast<double>(l.m) * l.n * l.k / (64.0 * 128 * 16) * 4;  // 4 warps a warpgroup
  const double ktiles = l.k / 64.0, tiles = (l.m / 128) * (l.n / 128);
  const auto& s = r.kernels[0].stats;
  REQUIRE(s.count("smsp__inst_executed_pipe_tensor_op_gmma.sum") == 1);
  CHECK(s.at("smsp__inst_executed_pipe_tensor_op_gmma.sum") == warp_wgmmas);
  REQUIRE(s.count("sm__pipe_tensor_op_hmma_cycles_active.sum") == 1);
  CHECK(s.at("sm__pipe_tensor_op_hmma_cycles_active.sum") == 64 * warp_wgmmas);
  REQUIRE(s.count("sm__sass_inst_executed_op_tma_ld.sum") == 1);
  CHECK(s.at("sm__sass_inst_executed_op_tma_ld.sum") == 2 * ktiles * tiles);
  REQUIRE(s.count("sm__sass_inst_executed_op_tma_st.sum") == 1);
  CHECK(s.at("sm__sass_inst_executed_op_tma_st.sum") == 8 * tiles);
  CHECK(r.kernels[0].cycles > 0);
}

TEST_CASE("ws_gemm: e4m3 in clusters of 2 with A multicast, functional (H200, sm_90a PTX)", "[workloads][wgmma][tma]") {
#ifdef WARPSIM_SANITIZER_BUILD
  // 14.7 M thread-instructions of wgmma and a 150 M multiply-add reference: minutes under the sanitizers.
  SUCCEED("left out under the sanitizers");
#else
  wl::sim::RunOptions opts;
  opts.functional_only = true;
  const auto r = wl::sim::run(subset({5}), opts);
  check_output(r, 5, 0);
#endif
}

}  // namespace WARPSIM_UNITY_ID
