// Workload test ubench_warp_lat (traces/ubench_warp_lat): warps walking idx = (table[idx] + key) mod 2^20 over a
// 4 MiB random table with 1, 2, 8 or 32 distinct random sectors per step, twice (from DRAM, then from L2), alone,
// one warp per SM, 16 and 64 warps per SM, and 16 warps on the SMs of chosen GPCs only. Functional: the CPU
// reference replays every lane's walk (lanes >= `lanes` repeat lane % lanes's; on the chosen SMs only, each with its
// 16 warps), and the one-warp-per-SM launches run on distinct SMs. Timed (H200 model, launches 0-7: at most one
// warp per SM): every warp's L2 pass is shorter than its DRAM pass, and a warp alone waits longer for 32 lines a step
// than for one, by at least the L1's cycles for the 31 extra lines (mem.l1_tag_cycles_per_line) each step.
// Leaves out: the cycle values (traces/README.md compares them with the GPU's).
#include "workload_util.hpp"

#include <set>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

constexpr unsigned kSteps = 32, kMask = (1u << 20) - 1;

// Checks every lane's last index against the CPU's walk and the one-warp-per-SM launches' SMs.
void check_walks(const wl::sim::RunResult& r) {
  const auto& kernels = r.config.kernels;
  REQUIRE(kernels.size() == 14);
  const auto table = wl::initial<std::uint32_t>(r.config, "table");
  std::vector<std::uint32_t> out(wl::buffer_spec(r.config, "out").count, 0);
  const auto smid = wl::final_contents<std::uint32_t>(r, "smid");
  const auto active = wl::initial<std::uint32_t>(r.config, "active");
  for (std::size_t launch = 0; launch < kernels.size(); ++launch) {
    const auto& k = kernels[launch];
    INFO("launch " << launch);
    const auto arg = [&](std::size_t i) { return static_cast<unsigned>(k.args.at(i).bits); };
    const unsigned lanes = arg(6), tbase = arg(8), aset = arg(9), warps = k.grid.x * k.block.x / 32;
    wl::check_launch(r, launch, "walk", k.grid.x, warps);
    unsigned walked = 0;
    for (unsigned w = 0; w < warps; ++w) {
      if (aset != ~0u && active.at(aset * 132 + smid.at(tbase + w)) == 0) continue;  // its CTA left at once
      ++walked;
      for (unsigned lane = 0; lane < 32; ++lane) {
        const std::uint32_t key = (lane % lanes) * 40503u + (tbase + w) * 2654435761u;
        std::uint32_t idx = key & kMask;
        for (unsigned s = 0; s < kSteps; ++s) idx = (table.at(idx) + key) & kMask;
        out.at((std::size_t{tbase} + w) * 32 + lane) = idx + 7 * idx;  // both passes end on the same index
      }
    }
    // The SM-selected launches: one CTA per SM, so the flagged SMs' 16 warps each walk.
    if (aset != ~0u) {
      unsigned flagged = 0;
      for (unsigned sm = 0; sm < 132; ++sm) flagged += active.at(aset * 132 + sm);
      CHECK(walked == flagged * 16);
    }
    if (k.grid.x == 132 && k.block.x == 32) {
      const std::set<std::uint32_t> sms(smid.begin() + tbase, smid.begin() + tbase + warps);
      CHECK(sms.size() == 132);
    }
  }
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "out"), out, "out");
  wl::check_unchanged<std::uint32_t>(r, "table");
}

}  // namespace

TEST_CASE("ubench_warp_lat: a warp's wait for 1-32 random sectors a load, alone and with many warps (H200, sm_90a "
          "PTX)",
          "[workloads]") {
  check_walks(wl::sim::run_file(wl::trace_json("ubench_warp_lat")));
}

TEST_CASE("ubench_warp_lat: at most one warp per SM (H200, sm_90a PTX), timed", "[workloads]") {
  // Launches 0-7 (the many-warp launches take 20 times as long to time and are compared in traces/README.md).
  auto c = wl::cfg::load_run_config(wl::trace_json("ubench_warp_lat"));
  c.kernels.resize(8);
  const auto r = wl::sim::run(c, wl::timed_run());
  const auto tot = wl::final_contents<std::uint32_t>(r, "tot");
  const auto& kernels = r.config.kernels;
  for (std::size_t launch = 0; launch < 8; ++launch) {  // one warp per SM at most: latency-bound
    const unsigned tbase = static_cast<unsigned>(kernels[launch].args.at(8).bits);
    const unsigned warps = kernels[launch].grid.x * kernels[launch].block.x / 32;
    INFO("launch " << launch);
    for (unsigned w = 0; w < warps; w += 97) CHECK(tot.at((tbase + w) * 2 + 1) < tot.at((tbase + w) * 2));
  }
  // Launches 0 and 3: one warp alone with 1 and with 32 lines a step; the L2 pass (tot[1] and tot[7]).
  const double tag = r.config.gpu.l1_tag_cycles_per_line;
  INFO("L2 pass alone: 1 line a step " << tot.at(1) << " cycles, 32 lines " << tot.at(7));
  CHECK(tot.at(7) >= tot.at(1) + kSteps * 31 * tag);
}

TEST_CASE("ubench_warp_lat: a warp's wait for 1-32 random sectors a load (B200, sm_100a PTX)", "[workloads]") {
  check_walks(wl::sim::run(wl::b200_config("ubench_warp_lat")));
}

}  // namespace WARPSIM_UNITY_ID
