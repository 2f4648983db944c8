// The carve-out a launch runs with (timing/occupancy.hpp, smem.carveout_choice = headroom on the H200 model)
// against what the H200's driver chose (Nsight's launch__shared_mem_config_size in
// traces/ubench_carveout/h200.json) where the headroom does not matter: the smallest carve-out holding the CTAs the
// occupancy allows, or, with a preference, the preferred one rounded up to a carve-out. The launches where the
// headroom decides are test 612's.
#include <warpsim/config/gpu_config.hpp>
#include <warpsim/timing/occupancy.hpp>

#include <catch2/catch.hpp>

#include <optional>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim;

namespace {
std::uint64_t launch_carveout_kib(const config::GpuConfig& g, unsigned threads, std::uint64_t smem,
                                  std::optional<unsigned> pct = std::nullopt) {
  return timing::compute_occupancy(g, {threads, 20, smem, pct}).smem_launch_carveout / 1024;
}
}  // namespace

TEST_CASE("606 the launch's carve-out is the smallest that holds its CTAs, or the preferred one") {
  const auto g = config::load_gpu_config("h200");
  REQUIRE(g.carveout_choice == config::CarveoutChoice::Headroom);
  // Measured on the H200 (ubench_carveout launches 0, 2, 3, 4, 6, 8, 14, 15, 17, 18, 19, 20, 21, 22, 23).
  CHECK(launch_carveout_kib(g, 32, 0) == 32);         // 32 CTAs x 1 KiB reserved
  CHECK(launch_carveout_kib(g, 1024, 0) == 8);        // 2 CTAs x 1 KiB
  CHECK(launch_carveout_kib(g, 32, 1024) == 64);      // 32 x 2 KiB
  CHECK(launch_carveout_kib(g, 64, 1024) == 64);      // 32 x 2 KiB
  CHECK(launch_carveout_kib(g, 64, 2048) == 100);     // 32 x 3 KiB = 96
  CHECK(launch_carveout_kib(g, 64, 4096) == 164);     // 32 x 5 KiB = 160
  CHECK(launch_carveout_kib(g, 256, 16384) == 164);   // 8 x 17 KiB = 136
  CHECK(launch_carveout_kib(g, 256, 24576) == 228);   // 8 x 25 KiB = 200
  CHECK(launch_carveout_kib(g, 256, 49152) == 196);   // 4 x 49 KiB
  CHECK(launch_carveout_kib(g, 256, 65536) == 196);   // 3 x 65 KiB
  CHECK(launch_carveout_kib(g, 256, 102400) == 228);  // 2 x 101 KiB
  CHECK(launch_carveout_kib(g, 1024, 204800) == 228);
  CHECK(launch_carveout_kib(g, 1024, 16384) == 64);  // 2 x 17 KiB = 34
  CHECK(launch_carveout_kib(g, 128, 8192) == 164);   // 16 x 9 KiB = 144
  // Preferences (launches 25-28, 29, 31, 33): 100 % -> 228, 50 % -> 114 -> 132, 25 % -> 57 -> 64, 10 % -> 32.
  CHECK(launch_carveout_kib(g, 256, 0, 100) == 228);
  CHECK(launch_carveout_kib(g, 256, 0, 50) == 132);
  CHECK(launch_carveout_kib(g, 256, 0, 25) == 64);
  CHECK(launch_carveout_kib(g, 256, 0, 10) == 32);
  CHECK(launch_carveout_kib(g, 256, 16384, 25) == 64);
  CHECK(timing::compute_occupancy(g, {256, 20, 16384, 25u}).ctas_per_sm == 3);  // the preference costs CTAs
  CHECK(launch_carveout_kib(g, 256, 16384, 100) == 228);
}

TEST_CASE("606 with smem.carveout_choice = largest every launch without a preference gets the largest") {
  const auto g = config::load_gpu_config("h200", {"smem.carveout_choice=largest"});
  CHECK(launch_carveout_kib(g, 32, 0) == 228);
  CHECK(launch_carveout_kib(g, 256, 16384) == 228);
  CHECK(launch_carveout_kib(g, 256, 0, 25) == 64);  // a preference still holds
}

}  // namespace WARPSIM_UNITY_ID
