// Workload test ubench_tma_ring (traces/ubench_tma_ring): ubench_tma's tma_ring with lane 0 of each CTA timing four
// points of each of its first 40 rounds, in three modes (the consumers' expect_tx, the producer's, test_wait spins),
// one CTA or clusters of 2 (multicast loads, or remote arrives alone). The CPU reference replays every lane's u32 sum
// as for ubench_tma's rings: the words it read while warming L2 (A[k], k = lane mod 32, k < 32768) plus, for each load
// i, A[2048 (i % 16) + lane] + i (only i for the arrive-only launches). Each CTA's loop cycles (cyc[256 (slot + b)])
// must be nonzero, and its recorded points in order (top <= full barrier passed <= empty passed <= refill issued <=
// next round's top). Timed (as configured, H200 and sm_90a PTX), functional, and on B200 with the sm_100a PTX.
// Leaves out: the cycle counts' values (traces/ubench_tma_ring/h200.json holds the H200's; `warpsim validate`
// compares).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

constexpr unsigned kLanes = 32, kWarmWords = 16 * 64 * 32, kRecorded = 40;

void check_run(const wl::sim::RunResult& r, bool timed) {
  const auto a = wl::initial<std::uint32_t>(r.config, "A");
  std::vector<std::uint32_t> warm(kLanes, 0);
  for (unsigned k = 0; k < kWarmWords; ++k) warm[k % kLanes] += a[k];
  std::vector<std::uint32_t> want(wl::buffer_spec(r.config, "out").count, 0);
  const auto cyc = wl::final_contents<std::uint64_t>(r, "cyc");
  REQUIRE(r.config.kernels.size() == 13);
  for (std::size_t launch = 0; launch < r.config.kernels.size(); ++launch) {
    const auto& k = r.config.kernels[launch];
    const auto arg = [&](std::size_t i) { return static_cast<unsigned>(k.args.at(i).bits); };
    const unsigned slot = arg(4), loads = arg(6), bytes = arg(7);
    const unsigned ctas = k.grid.x;
    for (unsigned b = 0; b < ctas; ++b) {
      for (unsigned lane = 0; lane < kLanes; ++lane) {
        std::uint32_t sum = warm[lane];
        for (unsigned i = 0; i < loads; ++i) sum += (bytes == 0 ? 0u : a[2048 * (i % 16) + lane]) + i;
        want.at(kLanes * (slot + b) + lane) = sum;
      }
      if (timed) {
        INFO("launch " << launch << " CTA " << b);
        const std::size_t at = 256 * (slot + b);
        CHECK(cyc.at(at) > 0);
        for (unsigned i = 0; i < kRecorded; ++i) {
          const std::size_t p = at + 16 + 5 * i;
          CHECK(cyc.at(p) <= cyc.at(p + 1));
          CHECK(cyc.at(p + 1) <= cyc.at(p + 2));
          CHECK(cyc.at(p + 2) <= cyc.at(p + 3));
          if (i + 1 < kRecorded) CHECK(cyc.at(p + 3) <= cyc.at(p + 5));
        }
      }
    }
    wl::check_launch(r, launch, k.entry, ctas, ctas);
  }
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "out"), want, "out");
  wl::check_unchanged<std::uint32_t>(r, "A");
}

}  // namespace

TEST_CASE("ubench_tma_ring: timed TMA rings, one CTA and clusters of 2 (H200, sm_90a PTX), timed and functional",
          "[workloads][cluster][tma]") {
  for (const bool functional : {false, true}) {
    INFO((functional ? "functional" : "timed"));
    wl::sim::RunOptions opts;
    opts.functional_only = functional;
    check_run(wl::sim::run_file(wl::trace_json("ubench_tma_ring"), opts), !functional);
  }
}

TEST_CASE("ubench_tma_ring on B200 (sm_100a PTX)", "[workloads][cluster][tma]") {
  check_run(wl::run_b200("ubench_tma_ring"), true);
}

}  // namespace WARPSIM_UNITY_ID
