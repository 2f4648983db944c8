// Workload test ubench_tile_phases (traces/ubench_tile_phases): j_sgemm16_256's tile loop without its global loads
// (tp_c, tp_b, tp_sb on 1, 264 and 528 CTAs of 16 x 16 threads) and the one-warp store/load register probes (war_*).
// tp_*: out[slot * 256 + ty * 16 + tx] = tiles x sum_k ((k + 2 ty) / 4) ((k - tx) / 2), exact in f32 (every product
// and partial sum is a multiple of 1/8 below 2^17); every CTA's record in ctas names an SM and increasing clocks.
// war_sts / war_stg and their _ctl twins: 8 chains v = 3 v + 1 from lane + 32 k, 64 steps each, a store before
// each step (of v, or of c = 7 lane + 5); war_lds / war_ldg: 512 loads alternating between the lane's word and its
// neighbour's (the _ctl twins: the lane's word only). Runs timed (H200 model) and functional (H200
// and B200 models).
// Leaves out: the cycle counts (traces/ubench_tile_phases/h100.json; test 709 checks the store hold).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

void check_run(const wl::sim::RunResult& r) {
  const auto& kernels = r.config.kernels;
  REQUIRE(kernels.size() == 15);
  std::vector<float> outf(7 * 256, 0.0f);
  std::vector<std::uint32_t> outu(32 * 256, 0);
  const auto ctas = wl::final_contents<std::uint64_t>(r, "ctas");
  for (std::size_t k = 0; k < kernels.size(); ++k) {
    const auto& a = kernels[k].args;
    const std::string& e = kernels[k].entry;
    if (k < 7) {  // outf, cyc, ctas, tiles, slot
      const auto tiles = static_cast<std::uint32_t>(a[3].bits);
      REQUIRE(static_cast<std::size_t>(a[4].bits) == k);
      const unsigned grid = kernels[k].grid.x;
      wl::check_launch(r, k, e, grid, 8 * grid);
      for (unsigned ty = 0; ty < 16; ++ty)
        for (unsigned tx = 0; tx < 16; ++tx) {
          double tile = 0;
          for (int kk = 0; kk < 16; ++kk) tile += (kk + 2.0 * ty) * 0.25 * ((kk - static_cast<double>(tx)) * 0.5);
          outf[k * 256 + ty * 16 + tx] = static_cast<float>(tile * tiles);
        }
      for (unsigned c = 0; c < grid; ++c) {
        const std::uint64_t* rec = &ctas[(k * 528 + c) * 4];
        INFO("launch " << k << " CTA " << c);
        CHECK(rec[0] < 256);  // an SM id
        CHECK(rec[1] <= rec[2]);
        CHECK(rec[2] < rec[3]);
      }
      continue;
    }
    wl::check_launch(r, k, e, 1, 1);
    const bool store = e.rfind("war_st", 0) == 0, ctl = e.size() > 4 && e.substr(e.size() - 4) == "_ctl";
    const auto n = static_cast<std::uint32_t>(a[store ? 2 : 3].bits);
    const auto slot = static_cast<std::uint32_t>(a[store ? 3 : 4].bits);
    REQUIRE(slot == k);
    for (std::uint32_t lane = 0; lane < 32; ++lane) {
      if (store) {
        const std::uint32_t c = 7 * lane + 5;
        std::uint32_t sum = 0;
        for (std::uint32_t j = 0; j < 8; ++j) {
          std::uint32_t v = lane + 32 * j, last = 0;
          for (std::uint32_t t = 0; t < n / 8; ++t) {
            last = ctl ? c : v;
            v = 3 * v + 1;
          }
          sum += v + (e.rfind("war_sts", 0) == 0 ? last : 0u);
          if (e.rfind("war_stg", 0) == 0) outu[(slot + 16) * 256 + 32 * j + lane] = last;
        }
        outu[slot * 256 + 128 + lane] = sum;
      } else {
        const bool shared = e.rfind("war_lds", 0) == 0;
        const auto f = [&](std::uint32_t l) { return shared ? 5 * l + 1 : 3 * l + 2; };
        outu[slot * 256 + lane] = ctl ? n * f(lane) : n / 2 * (f(lane) + f(lane ^ 1));
      }
    }
  }
  wl::check_equal(wl::final_contents<float>(r, "outf"), outf, "outf");
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "outu"), outu, "outu");
  for (const auto c : wl::final_contents<std::uint64_t>(r, "cyc")) CHECK(c != 0);
}

}  // namespace

TEST_CASE("ubench_tile_phases: a tiled SGEMM's loop in pieces, and store-register probes (H200, sm_90a PTX)",
          "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_tile_phases"), wl::timed_run()));
}

TEST_CASE("ubench_tile_phases: the same, functional (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_tile_phases")));
}

TEST_CASE("ubench_tile_phases: a tiled SGEMM's loop in pieces, and store-register probes, functional (B200, sm_100a PTX)",
          "[workloads]") {
  check_run(wl::run_b200("ubench_tile_phases"));  // the timed path is the H200 run's (11 s timed here)
}

}  // namespace WARPSIM_UNITY_ID
