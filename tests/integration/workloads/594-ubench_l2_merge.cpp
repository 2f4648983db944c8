// Workload test ubench_l2_merge (traces/ubench_l2_merge): 128 CTAs reading one 512 KiB buffer of 128 units of 4 KiB,
// the SMs whose %smid agree on a mask's bits on the same unit at each step, through ld.global.cg.v4, cp.async into a
// 4-stage ring, or ld.global.cg.u32 of each line's first sector or first two sectors. Functional: the CPU reference
// replays every thread's xor (its 16 bytes, or word, of its CTA's own unit, then of every unit: the order does not
// matter), and every CTA's %smid is a distinct SM. Timed on the H100 model with mem.l2_merge_load_cycles 16 and
// mem.l2_merge_per_gpc (the window that reproduces this microbenchmark's lts__t_sectors on the H100:
// traces/README.md, "The L2 request coalescer and CTA placement"; not the models' default), the warp-load launches
// of each SM alone, of SMs s and s ^ 2 (two GPCs) and of all SMs: merging only within a GPC, the first two count
// about what they ask for and all SMs together less than half.
// Leaves out: the cycle values (traces/README.md compares them with the GPU's).
#include "workload_util.hpp"

#include <algorithm>
#include <set>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

constexpr unsigned kThreads = 256, kUnits = 128, kUnitWords = 1024;

}  // namespace

TEST_CASE("ubench_l2_merge: L2 lines read by SMs grouped by %smid (H200, sm_90a PTX)", "[workloads]") {
  const auto r = wl::sim::run_file(wl::trace_json("ubench_l2_merge"));
  const auto& kernels = r.config.kernels;
  REQUIRE(kernels.size() == 26);
  const auto buf = wl::initial<std::uint32_t>(r.config, "buf");
  std::vector<std::uint32_t> out(wl::buffer_spec(r.config, "out").count, 0);
  const auto sm = wl::final_contents<std::uint32_t>(r, "sm");
  for (std::size_t launch = 0; launch < kernels.size(); ++launch) {
    const auto& k = kernels[launch];
    INFO("launch " << launch);
    const auto arg = [&](std::size_t i) { return static_cast<unsigned>(k.args.at(i).bits); };
    const unsigned mode = arg(2), slot = arg(5), ctas = k.grid.x;
    wl::check_launch(r, launch, "l2_merge", ctas, ctas * kThreads / 32);
    std::set<unsigned> sms;
    for (unsigned b = 0; b < ctas; ++b) {
      sms.insert(sm.at(slot + b));
      for (unsigned tid = 0; tid < kThreads; ++tid) {
        std::uint32_t acc = 0;
        const auto vec = [&](unsigned unit) {
          const std::size_t w = std::size_t{unit} * kUnitWords + 4 * tid;
          return buf.at(w) ^ buf.at(w + 1) ^ buf.at(w + 2) ^ buf.at(w + 3);
        };
        acc = vec(b % kUnits);
        if (mode <= 1) {
          for (unsigned u = 0; u < kUnits; ++u) acc ^= vec(u);
        } else {
          const unsigned per_line = mode == 2 ? 8 : 16;
          const unsigned word = tid / per_line * 32 + tid % per_line;
          for (unsigned u = 0; u < kUnits; ++u) acc ^= buf.at(std::size_t{u} * kUnitWords + word);
        }
        out.at((std::size_t{slot} + b) * kThreads + tid) = acc;
      }
    }
    CHECK(sms.size() == ctas);  // one CTA per SM
  }
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "out"), out, "out");
  wl::check_unchanged<std::uint32_t>(r, "buf");
}

TEST_CASE("ubench_l2_merge: with merging per GPC, only SMs of one GPC combine their loads (H100 model), timed",
          "[workloads]") {
  const std::vector<std::string> set = {"mem.l2_merge_load_cycles=16", "mem.l2_merge_per_gpc=1"};
  // Launches 0 (each SM alone), 3 (SMs s and s ^ 2: two GPCs) and 8 (all SMs), warp loads (LDG.128).
  auto c = wl::only_launches(wl::cfg::load_run_config(wl::trace_json("ubench_l2_merge"), set), {0, 3, 8});
  c.gpu = wl::cfg::load_gpu_config("h100", set);
  REQUIRE(c.kernels[1].args.at(1).bits == 0xFFFFFFFDu);
  REQUIRE(c.kernels[2].args.at(1).bits == 0u);
  auto opts = wl::timed_run();
  const auto r = wl::sim::run(c, opts);
  REQUIRE(r.kernels.size() == 3);
  const double asked = 128.0 * (kUnits + 1) * kUnitWords * 4 / 32;  // sectors: every CTA's 129 units
  const auto lts = [&](std::size_t i) { return r.kernels[i].stats.at("lts__t_sectors.sum"); };
  INFO("lts__t_sectors: alone " << lts(0) << ", s and s ^ 2 " << lts(1) << ", all " << lts(2) << " of " << asked);
  CHECK(lts(0) > 0.85 * asked);
  CHECK(lts(1) > 0.85 * asked);
  CHECK(lts(2) < 0.5 * asked);
}

}  // namespace WARPSIM_UNITY_ID
