// Workload test ubench_l2_shared (traces/ubench_l2_shared): 128 CTAs reading one 512 KiB buffer of 128 units of 4 KiB,
// groups of G CTAs on the same unit at each step, through ld.global.cg.v4 and through cp.async into a 4-stage ring.
// The CPU reference replays every thread's xor: its 16 bytes of its CTA's own unit, then (warp loads) of every unit
// or (cp.async) of the unit its last step copied, (k + 97 (b / G)) mod 128 at step 127; so a wrong unit, group or
// stage fails. Timed, every CTA's timed pass lasts at least 128 steps' worth of L2 hits (a step's load is issued
// before the next, at most four steps apart: 32 x mem.l2_hit_latency).
// Timed on the H200 with the sm_90a PTX (test 793 runs it functionally with both instruction orders).
// Leaves out: the cycle values (traces/README.md compares them with the GPU's).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

constexpr unsigned kThreads = 256, kUnits = 128, kUnitWords = 1024;

TEST_CASE("ubench_l2_shared: L2 lines read by groups of SMs at once (H200, sm_90a PTX), timed", "[workloads]") {
  const auto r = wl::sim::run_file(wl::trace_json("ubench_l2_shared"), wl::timed_run());
  const auto& kernels = r.config.kernels;
  REQUIRE(kernels.size() == 6);
  const auto buf = wl::initial<std::uint32_t>(r.config, "buf");
  std::vector<std::uint32_t> out(wl::buffer_spec(r.config, "out").count, 0);
  const auto cyc = wl::final_contents<std::uint64_t>(r, "cyc");
  const auto vec = [&](unsigned unit, unsigned tid) {
    const std::size_t w = std::size_t{unit} * kUnitWords + 4 * tid;
    return buf.at(w) ^ buf.at(w + 1) ^ buf.at(w + 2) ^ buf.at(w + 3);
  };
  for (std::size_t launch = 0; launch < kernels.size(); ++launch) {
    const auto& k = kernels[launch];
    INFO("launch " << launch);
    const auto arg = [&](std::size_t i) { return static_cast<unsigned>(k.args.at(i).bits); };
    const unsigned group = arg(1), mode = arg(2), slot = arg(4), ctas = k.grid.x;
    wl::check_launch(r, launch, "l2_shared", ctas, ctas * kThreads / 32);
    for (unsigned b = 0; b < ctas; ++b) {
      const unsigned start = (97u * (b / group)) % kUnits;
      for (unsigned tid = 0; tid < kThreads; ++tid) {
        std::uint32_t acc = vec(b % kUnits, tid);
        if (mode == 0) {
          for (unsigned s = 0; s < kUnits; ++s) acc ^= vec((s + start) % kUnits, tid);
        } else {
          acc ^= vec((kUnits - 1 + start) % kUnits, tid);
        }
        out.at((std::size_t{slot} + b) * kThreads + tid) = acc;
      }
      CHECK(cyc.at(slot + b) >= 32ull * r.config.gpu.l2_hit_latency);
    }
  }
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "out"), out, "out");
  wl::check_unchanged<std::uint32_t>(r, "buf");
}

}  // namespace

}  // namespace WARPSIM_UNITY_ID
