// Workload test ubench_partial_write (traces/ubench_partial_write): two grid-stride launches of 1056 CTAs x 256
// threads (stride 270,336) over b (96 MiB, zero). write_lines: b[i] = i for every word i < 25,165,824;
// write_words: b[32 k] = k for every line k < 786,432 (word 0 of each line). So b[i] = i except b[32 k] = k; the
// CPU replays both loops.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: the times and DRAM byte counts (traces/ubench_partial_write/h200.json).
#include "workload_util.hpp"

static void check_run(const wl::sim::RunResult& r) {
  constexpr std::uint32_t kCtas = 1056, kThreads = 256, kStride = kCtas * kThreads;
  REQUIRE(r.config.kernels.size() == 2);
  const auto nwords = static_cast<std::uint32_t>(r.config.kernels[0].args[1].bits);
  const auto nlines = static_cast<std::uint32_t>(r.config.kernels[1].args[1].bits);
  CHECK(nwords == 25165824u);
  CHECK(nlines == nwords / 32);
  std::vector<std::uint32_t> b = wl::initial<std::uint32_t>(r.config, "b");
  REQUIRE(b.size() == nwords);
  for (std::uint32_t tid = 0; tid < kStride; ++tid)
    for (std::uint32_t i = tid; i < nwords; i += kStride) b[i] = i;
  for (std::uint32_t tid = 0; tid < kStride; ++tid)
    for (std::uint32_t k = tid; k < nlines; k += kStride) b[std::size_t{k} * 32] = k;
  CHECK(b[33] == 33u);
  CHECK(b[64] == 2u);
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "b"), b, "b");
  wl::check_launch(r, 0, "write_lines", kCtas, kStride / 32);
  wl::check_launch(r, 1, "write_words", kCtas, kStride / 32);
}

TEST_CASE("ubench_partial_write: whole lines then one word per line into 96 MiB (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_partial_write")));
}

TEST_CASE("ubench_partial_write: whole lines then one word per line into 96 MiB (B200, sm_100a PTX)", "[workloads]") {
  check_run(wl::run_b200("ubench_partial_write"));
}
