// 683: sm.tensor_clock_ratio (timing/grid_timing.hpp): a kernel whose code has HMMA, IMMA or GMMA instructions runs
// its SMs at that fraction of sm.clock_mhz, so its elapsed cycles (gpc__cycles_elapsed, the GPC's clock) are
// launch.kernel_latency + its SM cycles / the ratio, while sm__cycles_active stays in SM cycles; DMMA-only (f64)
// kernels are not affected. With the memory side's clock conversion off (mem.reference_clock_mhz 0) the SM cycles
// are the same at any ratio, so traces/ubench_mma's 27 launches give exactly that relation against ratio 1; and
// with the H200 model as shipped (0.913, calibrated on these launches' 1-CTA stretch) ubench_wgmma's m64n256k16
// chain comes within 3 % of the H200's 42,358 cycles (-9.4 % at ratio 1).
#include <warpsim/config/gpu_config.hpp>
#include <warpsim/sim/simulation.hpp>

#include <catch2/catch.hpp>

#include <cmath>
#include <string>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

TEST_CASE("683 tensor kernels: elapsed = launch latency + SM cycles / sm.tensor_clock_ratio, f64 untouched") {
  const std::string cfg = std::string(WARPSIM_SOURCE_DIR) + "/traces/ubench_mma/ubench_mma.json";
  const auto gpu = warpsim::config::load_gpu_config("h200");
  REQUIRE(gpu.tensor_clock_ratio == 0.913);
  const double lat = gpu.kernel_launch_latency;
  warpsim::sim::RunOptions o;
  o.functional_only = false;
  o.gpu_overrides = {"mem.reference_clock_mhz=0"};
  const auto slow = warpsim::sim::run_file(cfg, o);
  o.gpu_overrides = {"mem.reference_clock_mhz=0", "sm.tensor_clock_ratio=1"};
  const auto plain = warpsim::sim::run_file(cfg, o);
  REQUIRE(slow.kernels.size() == 27);
  REQUIRE(plain.kernels.size() == 27);
  unsigned f64 = 0;
  for (std::size_t i = 0; i < slow.kernels.size(); ++i) {
    const auto& a = slow.kernels[i];
    const auto& b = plain.kernels[i];
    INFO("launch " << i << " " << a.entry);
    CHECK(a.stats.at("sm__cycles_active.avg") == b.stats.at("sm__cycles_active.avg"));
    if (a.entry == "mma_f64_k4") {
      ++f64;
      CHECK(a.cycles == b.cycles);
    } else {
      const auto expect = static_cast<std::uint64_t>(lat + std::ceil((static_cast<double>(b.cycles) - lat) / 0.913));
      CHECK(a.cycles == expect);
      CHECK(a.stats.at("gpc__cycles_elapsed.max") == static_cast<double>(expect));
    }
  }
  CHECK(f64 == 3);
}

TEST_CASE("683 ubench_wgmma's m64n256k16 chain against the H200 with the shipped ratio") {
  const std::string cfg = std::string(WARPSIM_SOURCE_DIR) + "/traces/ubench_wgmma/ubench_wgmma.json";
  warpsim::sim::RunOptions o;
  o.functional_only = false;
  const auto r = warpsim::sim::run_file(cfg, o);
  REQUIRE(r.kernels.size() > 5);
  REQUIRE(r.kernels[5].entry == "wg_f16_n256");
  const double h200 = 42358;  // traces/ubench_wgmma/h200.json, launch 5, gpc__cycles_elapsed.max
  INFO("warpsim " << r.kernels[5].cycles);
  CHECK(std::abs(static_cast<double>(r.kernels[5].cycles) - h200) / h200 < 0.03);
}

}  // namespace WARPSIM_UNITY_ID
