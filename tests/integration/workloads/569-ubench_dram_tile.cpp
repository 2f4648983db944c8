// Workload test ubench_dram_tile (traces/ubench_dram_tile): four launches of 4,096 CTAs copying 32 x 32-word tiles
// of a row-major matrix (tiles_x tiles per row, pitch words per row) from in to out at the same offsets. The CPU
// replays them: out[i] = in[i] for every word some launch's tile covers, zero elsewhere; in is unchanged; each
// launch's entry, CTAs and warps are checked.
// Runs as configured (H200, sm_90a PTX) only: the B200 twin would add about 85 M thread-instructions to the suite
// for no path the other workloads' B200 runs leave untested.
// Leaves out: the times (traces/ubench_dram_tile/h200.json).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  REQUIRE(r.config.kernels.size() == 4);
  const auto in = wl::initial<float>(r.config, "in");
  std::vector<float> out(in.size(), 0.0f);
  for (std::size_t k = 0; k < 4; ++k) {
    wl::check_launch(r, k, "tile_copy", 4096, 4096 * 8);
    const auto tiles_x = static_cast<std::size_t>(r.config.kernels[k].args[2].bits);
    const auto pitch = static_cast<std::size_t>(r.config.kernels[k].args[3].bits);
    for (std::size_t b = 0; b < 4096; ++b)
      for (std::size_t row = 0; row < 32; ++row)
        for (std::size_t x = 0; x < 32; ++x) {
          const std::size_t i = ((b / tiles_x) * 32 + row) * pitch + (b % tiles_x) * 32 + x;
          REQUIRE(i < in.size());
          out[i] = in[i];
        }
  }
  wl::check_equal(wl::final_contents<float>(r, "out"), out, "out");
  wl::check_unchanged<float>(r, "in");
}

TEST_CASE("ubench_dram_tile: 16 MiB copied as 32 x 32 tiles at four row pitches (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_dram_tile")));
}

}  // namespace WARPSIM_UNITY_ID
