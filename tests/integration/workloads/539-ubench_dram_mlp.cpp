// Workload test ubench_dram_mlp (traces/ubench_dram_mlp): 12 launches of 132 CTAs x 32 W threads (W = 1, 2, 4, 8,
// 16, 32), mlp_chunked then mlp_interleaved, each warp g of G = 132 W reading lines_per_warp lines of a (64 MiB,
// a[k] = k as u32) 8 at a time and lane l writing the u32 wrapping sum of word l of its lines to out[32 g + l].
// chunked: warp g's lines are g x lpw .. (g + 1) x lpw - 1; interleaved: line (8 s + u) x G + g for step s, u < 8.
// Every launch writes out[0 .. 32 G), so the final out is the last launch's (interleaved, W = 32, G = 4224 covers
// all 135,168 words); the CPU replays that launch. Each launch's arguments are checked against the design (the
// same ~32 MiB per launch, a multiple of 8 lines per warp, inside a).
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: the earlier launches' values (overwritten: their addresses are checked, not their sums) and the
// times (traces/ubench_dram_mlp/h200.json).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  REQUIRE(r.config.kernels.size() == 12);
  const auto a = wl::initial<std::uint32_t>(r.config, "a");
  REQUIRE(a.size() == 16777216u);
  const std::uint32_t warps_per_cta[] = {1, 2, 4, 8, 16, 32};
  for (std::size_t i = 0; i < 12; ++i) {
    INFO("launch " << i);
    const auto& k = r.config.kernels[i];
    const std::uint32_t W = warps_per_cta[i % 6], G = 132 * W;
    REQUIRE(k.args.size() == 3);
    const auto lpw = static_cast<std::uint32_t>(k.args[2].bits);
    CHECK(lpw % 8 == 0);
    CHECK(std::uint64_t{lpw} * G <= 262144u);          // at most 32 MiB of lines, inside a
    CHECK(std::uint64_t{lpw} * G > 262144u - 8u * G);  // and as close to it as multiples of 8 lines allow
    wl::check_launch(r, i, i < 6 ? "mlp_chunked" : "mlp_interleaved", 132, G);
  }
  const std::uint32_t G = 132 * 32, lpw = static_cast<std::uint32_t>(r.config.kernels[11].args[2].bits);
  std::vector<std::uint32_t> out = wl::initial<std::uint32_t>(r.config, "out");
  REQUIRE(out.size() == 32u * G);
  for (std::uint32_t g = 0; g < G; ++g)
    for (std::uint32_t l = 0; l < 32; ++l) {
      std::uint32_t s = 0;
      for (std::uint32_t line = 0; line < lpw; ++line) s += a[(std::uint64_t{line} * G + g) * 32 + l];
      out[32 * g + l] = s;
    }
  // a = iota: warp 0 lane 0 adds 32 G x line for line < lpw
  CHECK(out[0] == 32u * G * (lpw * (lpw - 1) / 2));
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "out"), out, "out");
  wl::check_unchanged<std::uint32_t>(r, "a");
}

TEST_CASE(
    "ubench_dram_mlp: 8 line reads in flight per warp, chunked and interleaved, 1-32 warps per SM (H200, "
    "sm_90a PTX)",
    "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_dram_mlp")));
}

TEST_CASE(
    "ubench_dram_mlp: 8 line reads in flight per warp, chunked and interleaved, 1-32 warps per SM (B200, "
    "sm_100a PTX)",
    "[workloads]") {
  check_run(wl::run_b200("ubench_dram_mlp"));
}

}  // namespace WARPSIM_UNITY_ID
