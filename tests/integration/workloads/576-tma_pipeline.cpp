// Workload test tma_pipeline (traces/tma_pipeline): the warp-specialised producer/consumer pipeline (one producer
// lane issuing 2-D TMA loads into a 4-stage ring with full/empty mbarriers, four consumer warps). The CPU replays
// each consumer thread's sum in its order: for tile t of CTA b and k = 0..7, element e = thread + 128 k of the tile
// (row e / 32, column e % 32) times (column + 1), added in f32 with one rounding (nvcc contracts it into fma.rn.f32). Checked under both reconvergence models, functional
// and timed (the H200 model as configured), and on B200 with the sm_100a PTX.
// Leaves out: the times (to be measured on the H200).
#include "workload_util.hpp"

#include <cmath>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

void check_run(const wl::sim::RunResult& r) {
  const auto a = wl::initial<float>(r.config, "A");
  const int tiles = static_cast<int>(r.config.kernels[0].args[2].bits);
  std::vector<float> want(1024, 0.0f);
  for (int b = 0; b < 8; ++b)
    for (int ct = 0; ct < 128; ++ct) {
      float sum = 0.0f;
      for (int t = 0; t < tiles; ++t)
        for (int k = 0; k < 8; ++k) {
          const int e = ct + k * 128, row = (b * tiles + t) * 32 + e / 32, col = e % 32;
          sum = std::fma(a[static_cast<std::size_t>(row * 32 + col)], static_cast<float>(col + 1), sum);
        }
      want[static_cast<std::size_t>(128 * b + ct)] = sum;
    }
  wl::check_equal(wl::final_contents<float>(r, "partial"), want, "partial");
  wl::check_unchanged<float>(r, "A");
  wl::check_launch(r, 0, "tma_pipeline", 8, 40);
}

}  // namespace

TEST_CASE("tma_pipeline: warp-specialised TMA producer/consumer ring (H200, sm_90a PTX), both models, functional "
          "and timed",
          "[workloads]") {
  for (const bool functional : {true, false})
    for (const char* model : {"independent", "ipdom_stack"}) {
      INFO((functional ? "functional " : "timed ") << model);
      wl::sim::RunOptions opts;
      opts.functional_only = functional;
      opts.gpu_overrides = {std::string("sm.reconvergence=") + model};
      check_run(wl::sim::run_file(wl::trace_json("tma_pipeline"), opts));
    }
}

TEST_CASE("tma_pipeline on B200 (sm_100a PTX)", "[workloads]") { check_run(wl::run_b200("tma_pipeline")); }

}  // namespace WARPSIM_UNITY_ID
