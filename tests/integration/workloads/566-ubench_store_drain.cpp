// Workload test ubench_store_drain (traces/ubench_store_drain): grid-stride launches over b (40 MiB, zero), src
// (64 MiB, src[k] = k), dst (64 MiB, zero) and out (one word per thread of 1056 x 256). The CPU replays them in
// order: write_lines b[i] = i for i < 2 Mi, 6 Mi, 10 Mi words (1056 x 256), write_words b[32 k] = k for k < 65,536,
// copy dst[i] = src[i] + 1 for i < 16 Mi, write_lines over 6 Mi words again (66 x 1024, 132 x 1024: b[i] = i
// restores every word write_words changed, all below 2 Mi), read_passes 1 and 5 sweeps over the first 2 Mi words
// of src (out[t] = the thread's sum of src[i] over its words, times the passes, mod 2^32).
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: the times and DRAM byte counts (traces/ubench_store_drain/h200.json).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  REQUIRE(r.config.kernels.size() == 9);
  std::vector<std::uint32_t> b = wl::initial<std::uint32_t>(r.config, "b");
  const std::vector<std::uint32_t> src = wl::initial<std::uint32_t>(r.config, "src");
  std::vector<std::uint32_t> dst = wl::initial<std::uint32_t>(r.config, "dst");
  std::vector<std::uint32_t> out = wl::initial<std::uint32_t>(r.config, "out");
  REQUIRE(b.size() == 10485760u);
  REQUIRE(src.size() == 16777216u);
  REQUIRE(out.size() == 270336u);
  for (std::size_t k = 0; k < r.config.kernels.size(); ++k) {
    const auto& kc = r.config.kernels[k];
    const std::uint32_t threads = kc.grid.x * kc.block.x;
    wl::check_launch(r, k, kc.entry, kc.grid.x, threads / 32);
    if (kc.entry == "write_lines") {
      const auto n = static_cast<std::uint32_t>(kc.args[1].bits);
      for (std::uint32_t i = 0; i < n; ++i) b[i] = i;
    } else if (kc.entry == "write_words") {
      const auto n = static_cast<std::uint32_t>(kc.args[1].bits);
      for (std::uint32_t j = 0; j < n; ++j) b[std::size_t{j} * 32] = j;
    } else if (kc.entry == "copy") {
      const auto n = static_cast<std::uint32_t>(kc.args[2].bits);
      for (std::uint32_t i = 0; i < n; ++i) dst[i] = src[i] + 1u;
    } else {
      REQUIRE(kc.entry == "read_passes");
      const auto n = static_cast<std::uint32_t>(kc.args[2].bits);
      const auto passes = static_cast<std::uint32_t>(kc.args[3].bits);
      for (std::uint32_t t = 0; t < threads; ++t) {
        std::uint32_t sum = 0;
        for (std::uint32_t i = t; i < n; i += threads) sum += src[i];
        out[t] = sum * passes;
      }
    }
  }
  CHECK(b[32] == 32u);
  CHECK(b[10485759] == 10485759u);
  CHECK(dst[5] == 6u);
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "b"), b, "b");
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "dst"), dst, "dst");
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "out"), out, "out");
}

TEST_CASE("ubench_store_drain: stores that fit in L2, a 64 MiB copy, L2 read sweeps (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_store_drain")));
}

TEST_CASE("ubench_store_drain: stores that fit in L2, a 64 MiB copy, L2 read sweeps (B200, sm_100a PTX)", "[workloads]") {
  check_run(wl::run_b200("ubench_store_drain"));
}

}  // namespace WARPSIM_UNITY_ID
