// Workload test j_histogram_contention (traces/j_histogram_contention, judgement set): histograms of the
// 524,288 random u32 keys. Launch 0 (hist_global, bins 65536) leaves hist_low[b] = #{i : keys[i] % 65536 = b},
// launch 1 (bins 16) hist_high[b] = #{i : keys[i] % 16 = b}, launch 2 (hist_shared256, per-CTA shared bins
// merged with global atomicAdd) hist_smem[b] = #{i : keys[i] & 255 = b}. Counts do not depend on the order of
// the integer atomics, so all three are compared exactly; each sums to n; keys stay unchanged.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: the times (a timing-model matter: the judgement set is measured on an H200).
#include "workload_util.hpp"

#include <numeric>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  constexpr std::uint32_t n = 524288;
  REQUIRE(r.config.kernels.size() == 3);
  REQUIRE(r.config.kernels[0].args.size() == 4);
  REQUIRE(r.config.kernels[1].args.size() == 4);
  REQUIRE(r.config.kernels[2].args.size() == 3);
  CHECK(static_cast<std::uint32_t>(r.config.kernels[0].args[2].bits) == n);
  CHECK(static_cast<std::uint32_t>(r.config.kernels[0].args[3].bits) == 65536u);
  CHECK(static_cast<std::uint32_t>(r.config.kernels[1].args[2].bits) == n);
  CHECK(static_cast<std::uint32_t>(r.config.kernels[1].args[3].bits) == 16u);
  CHECK(static_cast<std::uint32_t>(r.config.kernels[2].args[2].bits) == n);
  const auto keys = wl::initial<std::uint32_t>(r.config, "keys");
  REQUIRE(keys.size() == n);
  std::vector<std::uint32_t> low = wl::initial<std::uint32_t>(r.config, "hist_low");
  std::vector<std::uint32_t> high = wl::initial<std::uint32_t>(r.config, "hist_high");
  std::vector<std::uint32_t> smem = wl::initial<std::uint32_t>(r.config, "hist_smem");
  REQUIRE(low.size() == 65536u);
  REQUIRE(high.size() == 16u);
  REQUIRE(smem.size() == 256u);
  for (const std::uint32_t key : keys) {
    ++low[key % 65536u];
    ++high[key % 16u];
    ++smem[key & 255u];
  }
  CHECK(std::accumulate(low.begin(), low.end(), std::uint64_t{0}) == n);
  CHECK(std::accumulate(high.begin(), high.end(), std::uint64_t{0}) == n);
  CHECK(std::accumulate(smem.begin(), smem.end(), std::uint64_t{0}) == n);
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "hist_low"), low, "hist_low");
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "hist_high"), high, "hist_high");
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "hist_smem"), smem, "hist_smem");
  wl::check_unchanged<std::uint32_t>(r, "keys");
  wl::check_launch(r, 0, "hist_global", 2048, 2048 * 8);
  wl::check_launch(r, 1, "hist_global", 2048, 2048 * 8);
  wl::check_launch(r, 2, "hist_shared256", 1056, 1056 * 8);
}

TEST_CASE(
    "j_histogram_contention: global-atomic histograms at 65536 and 16 bins, shared-privatised 256 bins "
    "(H200, sm_90a PTX)",
    "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("j_histogram_contention")));
}

TEST_CASE(
    "j_histogram_contention: global-atomic histograms at 65536 and 16 bins, shared-privatised 256 bins "
    "(B200, sm_100a PTX)",
    "[workloads]") {
  check_run(wl::run_b200("j_histogram_contention"));
}

}  // namespace WARPSIM_UNITY_ID
