// Workload test ubench_dram_stream (traces/ubench_dram_stream): two grid-stride launches of 1056 CTAs x 256
// threads (stride = 270336 threads) over uint4 elements. read_sum: thread tid reads uint4 index i = tid,
// tid + stride, ... < n4 = 4194304 of a (64 MiB, a[k] = k as u32, unchanged), i.e. words 4i .. 4i + 3, and writes
// their u32 wrapping sum to out[tid] (n4 / stride = 15.5: threads below 4194304 - 15 x 270336 = 139264 read 16
// elements, the rest 15). write_fill: the same walk over n4 = 6291456 uint4 of b writes the values 4i .. 4i + 3 to
// words 4i .. 4i + 3, so b[k] = k for every one of the 25,165,824 words (checked word by word against a CPU replay of
// the loop). A CPU replay of read_sum from a's initial contents gives out exactly.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: the times and DRAM byte counts (a timing-model matter: traces/ubench_dram_stream/h200.json).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  constexpr std::uint32_t kCtas = 1056, kThreads = 256, kStride = kCtas * kThreads;
  REQUIRE(r.config.kernels.size() == 2);
  const auto& rk = r.config.kernels[0];
  const auto& wk = r.config.kernels[1];
  REQUIRE(rk.args.size() == 3);
  REQUIRE(wk.args.size() == 2);
  const std::uint32_t n4_read = static_cast<std::uint32_t>(rk.args[2].bits);
  const std::uint32_t n4_write = static_cast<std::uint32_t>(wk.args[1].bits);
  CHECK(n4_read == 4194304u);  // the replay below walks the launch's own n4, and these sizes fill the buffers
  CHECK(n4_write == 6291456u);

  const auto a = wl::initial<std::uint32_t>(r.config, "a");
  REQUIRE(a.size() == 16777216u);
  REQUIRE(std::uint64_t{n4_read} * 4 <= a.size());
  std::vector<std::uint32_t> out = wl::initial<std::uint32_t>(r.config, "out");
  REQUIRE(out.size() == kStride);
  for (std::uint32_t tid = 0; tid < kStride; ++tid) {
    std::uint32_t s = 0;
    for (std::uint32_t i = tid; i < n4_read; i += kStride) s += a[4 * i] + a[4 * i + 1] + a[4 * i + 2] + a[4 * i + 3];
    out[tid] = s;
  }
  // With a = iota, element i adds 16 i + 6: thread 0 reads i = 0, 270336, .., 15 x 270336 (16 elements),
  // thread 139264 (the first with 15) i = 139264 + j x 270336, j = 0..14.
  CHECK(out[0] == 16u * 270336u * (15u * 16u / 2u) + 16u * 6u);
  CHECK(out[139264] == 15u * (16u * 139264u + 6u) + 16u * 270336u * (14u * 15u / 2u));
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "out"), out, "out");
  wl::check_unchanged<std::uint32_t>(r, "a");

  std::vector<std::uint32_t> b = wl::initial<std::uint32_t>(r.config, "b");
  REQUIRE(b.size() == 25165824u);
  REQUIRE(std::uint64_t{n4_write} * 4 <= b.size());
  for (std::uint32_t tid = 0; tid < kStride; ++tid) {
    for (std::uint32_t i = tid; i < n4_write; i += kStride) {
      for (std::uint32_t c = 0; c < 4; ++c) b[4 * i + c] = 4 * i + c;
    }
  }
  for (std::uint32_t k = 0; k < b.size(); ++k) {
    if (b[k] != k) {
      INFO("the replay leaves b[" << k << "] = " << b[k]);
      CHECK(b[k] == k);  // every word written, with its own index
      break;
    }
  }
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "b"), b, "b");

  wl::check_launch(r, 0, "read_sum", kCtas, kCtas * kThreads / 32);
  wl::check_launch(r, 1, "write_fill", kCtas, kCtas * kThreads / 32);
}

TEST_CASE("ubench_dram_stream: grid-stride uint4 read sum over 64 MiB and fill of 96 MiB (H200, sm_90a PTX)",
          "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_dram_stream")));
}

TEST_CASE("ubench_dram_stream: grid-stride uint4 read sum over 64 MiB and fill of 96 MiB (B200, sm_100a PTX)",
          "[workloads]") {
  check_run(wl::run_b200("ubench_dram_stream"));
}

}  // namespace WARPSIM_UNITY_ID
