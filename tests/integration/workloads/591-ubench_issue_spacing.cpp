// Workload test ubench_issue_spacing (traces/ubench_issue_spacing): straight blocks of 16 independent LDGSTS.128,
// 4-byte LDGSTS or LDG.128 per round from 1, 4 and 8 warps. The CPU reference replays every thread's xor of its
// last round (the 16 blocks of 512 bytes of its warp: 16 bytes of each at its lane for the 16-byte forms, one word for
// the 4-byte one), so a copy to the wrong place or from the wrong line fails. Timed, every launch's rounds take at
// least an L2 round trip each (the 4-byte copies: an L1 hit each) and more warps never make a round shorter.
// Timed on the H200 with the sm_90a PTX (test 793 runs it functionally with both instruction orders).
// Leaves out: the cycle values (traces/README.md compares them with the GPU's).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

constexpr unsigned kPerRound = 16;

TEST_CASE("ubench_issue_spacing: one warp's LSU instructions back to back (H200, sm_90a PTX), timed", "[workloads]") {
  const auto r = wl::sim::run_file(wl::trace_json("ubench_issue_spacing"), wl::timed_run());
  const auto& kernels = r.config.kernels;
  REQUIRE(kernels.size() == 9);
  const auto src = wl::initial<std::uint32_t>(r.config, "src");
  std::vector<std::uint32_t> out(wl::buffer_spec(r.config, "out").count, 0);
  const auto cyc = wl::final_contents<std::uint64_t>(r, "cyc");
  for (std::size_t launch = 0; launch < kernels.size(); ++launch) {
    const auto& k = kernels[launch];
    INFO("launch " << launch);
    const auto arg = [&](std::size_t i) { return static_cast<unsigned>(k.args.at(i).bits); };
    const unsigned rounds = arg(1), slot = arg(3), threads = k.block.x;
    const bool four_bytes = k.entry == "spacing_ldgsts4";
    wl::check_launch(r, launch, k.entry, 1, threads / 32);
    for (unsigned tid = 0; tid < threads; ++tid) {
      const unsigned w = tid / 32, lane = tid % 32;
      std::uint32_t acc = 0;
      for (unsigned i = 0; i < kPerRound; ++i) {
        const std::size_t block = (std::size_t{w} * kPerRound + i) * 128;
        if (four_bytes) {
          acc ^= src.at(block + lane);
        } else {
          for (unsigned j = 0; j < 4; ++j) acc ^= src.at(block + 4 * lane + j);
        }
      }
      out.at(std::size_t{slot} * 256 + tid) = acc;
    }
    const unsigned round_trip = four_bytes ? r.config.gpu.l1_hit_latency : r.config.gpu.l2_hit_latency;
    CHECK(cyc.at(slot) >= std::uint64_t{rounds} * round_trip);
    if (launch % 3 != 0) CHECK(cyc.at(slot) >= cyc.at(slot - 1));
  }
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "out"), out, "out");
}

}  // namespace

}  // namespace WARPSIM_UNITY_ID
