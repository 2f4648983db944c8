// Workload test ubench_smem_wide (traces/ubench_smem_wide): 35 one-CTA launches of 64- and 128-bit shared loads at
// the lane patterns of its `pat` buffer. Every thread adds up, per component, the 8 elements
// s[c + 96 e] (v4: s[i] = (i, 3i + 1, 5i + 2, 7i + 3)) or s[c + 192 e] (v2: (i, 3i + 1)), e = 0..7, 64 times over
// (its element c = pat[which * 32 + lane]) and writes the components' XOR to out[slot * 256 + tid]; every cyc is
// nonzero. Runs timed (H200 and B200 models) and functional.
// Leaves out: the cycle counts and wavefronts (traces/ubench_smem_wide/h100.json; test 691 checks the wavefronts).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

void check_run(const wl::sim::RunResult& r) {
  const auto& kernels = r.config.kernels;
  REQUIRE(kernels.size() == 35);
  const auto pat = wl::initial<std::uint32_t>(r.config, "pat");
  std::vector<std::uint32_t> out(256 * kernels.size(), 0);
  for (std::size_t k = 0; k < kernels.size(); ++k) {
    const bool v4 = kernels[k].entry == "smem_wide_v4";
    const auto& a = kernels[k].args;  // out, cyc, pat, r, which, slot
    const auto which = static_cast<std::uint32_t>(a[4].bits);
    REQUIRE(static_cast<std::size_t>(a[5].bits) == k);
    REQUIRE(a[3].bits == 64);
    const unsigned threads = kernels[k].block.x;
    wl::check_launch(r, k, v4 ? "smem_wide_v4" : "smem_wide_v2", 1, threads / 32);
    for (unsigned tid = 0; tid < threads; ++tid) {
      const std::uint32_t c = pat[which * 32 + tid % 32] & (v4 ? 255u : 511u);
      std::uint32_t sum[4] = {0, 0, 0, 0};
      for (std::uint32_t e = 0; e < 8; ++e) {
        const std::uint32_t i = c + e * (v4 ? 96u : 192u);
        sum[0] += i;
        sum[1] += 3 * i + 1;
        sum[2] += 5 * i + 2;
        sum[3] += 7 * i + 3;
      }
      std::uint32_t x = 0;
      for (unsigned comp = 0; comp < (v4 ? 4u : 2u); ++comp) x ^= 64u * sum[comp];
      out[256 * k + tid] = x;
    }
  }
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "out"), out, "out");
  for (const auto c : wl::final_contents<std::uint64_t>(r, "cyc")) CHECK(c != 0);
}

}  // namespace

TEST_CASE("ubench_smem_wide: 64- and 128-bit shared loads at 27 lane patterns (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_smem_wide"), wl::timed_run()));
}

TEST_CASE("ubench_smem_wide: the same, functional (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_smem_wide")));
}

TEST_CASE("ubench_smem_wide: 64- and 128-bit shared loads at 27 lane patterns (B200, sm_100a PTX)", "[workloads]") {
  check_run(wl::run_b200("ubench_smem_wide", wl::timed_run()));
}

}  // namespace WARPSIM_UNITY_ID
