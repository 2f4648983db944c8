// Workload test ubench_partial_write (traces/ubench_partial_write): six grid-stride launches over b (96 MiB,
// zero). write_lines: b[i] = i for every word i < 25,165,824; write_words: b[32 k] = k for every line k < n (word 0
// of each line); write_sectors: b[32 (t / 8) + t % 8] = t for t < 8 n (sector 0 of each line); n = 786,432, then
// write_words and write_sectors over 65,536 lines, then write_words over them with 66 x 1024 threads. The CPU
// replays the loops in order.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: the times and DRAM byte counts (traces/ubench_partial_write/h200.json).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  REQUIRE(r.config.kernels.size() == 6);
  std::vector<std::uint32_t> b = wl::initial<std::uint32_t>(r.config, "b");
  REQUIRE(b.size() == 25165824u);
  for (std::size_t k = 0; k < r.config.kernels.size(); ++k) {
    const auto& kc = r.config.kernels[k];
    const std::uint32_t stride = kc.grid.x * kc.block.x;
    const auto n = static_cast<std::uint32_t>(kc.args[1].bits);
    if (kc.entry == "write_lines") {
      for (std::uint32_t tid = 0; tid < stride; ++tid)
        for (std::uint32_t i = tid; i < n; i += stride) b[i] = i;
    } else if (kc.entry == "write_words") {
      for (std::uint32_t tid = 0; tid < stride; ++tid)
        for (std::uint32_t j = tid; j < n; j += stride) b[std::size_t{j} * 32] = j;
    } else {
      REQUIRE(kc.entry == "write_sectors");
      for (std::uint32_t tid = 0; tid < stride; ++tid)
        for (std::uint32_t t = tid; t < n * 8; t += stride) b[std::size_t{t >> 3} * 32 + (t & 7u)] = t;
    }
    wl::check_launch(r, k, kc.entry, kc.grid.x, stride / 32);
  }
  CHECK(b[33] == 9u);   // write_sectors: line 1, word 1
  CHECK(b[40] == 40u);  // word 8 of line 1: write_lines
  CHECK(b[64] == 2u);   // write_words over the first 65,536 lines came last there
  CHECK(b[32 * 70000 + 3] == 70000u * 8 + 3);  // write_sectors, not rewritten after
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "b"), b, "b");
}

TEST_CASE("ubench_partial_write: whole lines then one word per line into 96 MiB (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_partial_write")));
}

TEST_CASE("ubench_partial_write: whole lines then one word per line into 96 MiB (B200, sm_100a PTX)", "[workloads]") {
  check_run(wl::run_b200("ubench_partial_write"));
}

}  // namespace WARPSIM_UNITY_ID
