// The driver's headroom in the carve-out (smem.carveout_choice = headroom, timing/occupancy.cpp): without a
// preference the H200's driver picks the smallest carve-out (of smem.default_carveouts_kib) that holds the n CTAs
// the occupancy allows and also 2n - 1 of them (at most sm.max_ctas), the latter only as far as
// smem.carveout_headroom_max_kib. Each value is Nsight's launch__shared_mem_config_size of a measured launch of
// traces/ubench_carveout (the launch index in the comment); the plain occupancy rule (n alone) gave less on all of
// these, and the L1 left beside them is what the launch's cyclic walk measured.
#include <warpsim/config/gpu_config.hpp>
#include <warpsim/timing/occupancy.hpp>

#include <catch2/catch.hpp>

#include <optional>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim;

namespace {
std::uint64_t carveout_kib(const config::GpuConfig& g, unsigned threads, std::uint64_t smem,
                           std::optional<unsigned> pct = std::nullopt) {
  return timing::compute_occupancy(g, {threads, 20, smem, pct}).smem_launch_carveout / 1024;
}
}  // namespace

TEST_CASE("612 the H200's driver leaves headroom for 2n - 1 CTAs, up to half the pool") {
  const auto g = config::load_gpu_config("h200");
  CHECK(carveout_kib(g, 256, 0) == 32);       // 1: 8 CTAs x 1 KiB; headroom 15 KiB, and 16 KiB is never picked
  CHECK(carveout_kib(g, 256, 1024) == 32);    // 5: 8 x 2 KiB = 16; headroom 15 x 2 = 30
  CHECK(carveout_kib(g, 256, 2048) == 64);    // 7: 8 x 3 = 24; 15 x 3 = 45
  CHECK(carveout_kib(g, 128, 4096) == 132);   // 9: 16 x 5 = 80; 31 x 5 = 155, capped at 128
  CHECK(carveout_kib(g, 256, 4096) == 100);   // 10: 8 x 5 = 40; 15 x 5 = 75
  CHECK(carveout_kib(g, 256, 6144) == 132);   // 11: 8 x 7 = 56; 15 x 7 = 105
  CHECK(carveout_kib(g, 256, 8192) == 132);   // 12: 8 x 9 = 72; 15 x 9 = 135, capped at 128
  CHECK(carveout_kib(g, 256, 12288) == 132);  // 13: 8 x 13 = 104 (the cap leaves the CTAs' own need alone)
  CHECK(carveout_kib(g, 1024, 16384) == 64);  // 21: 2 x 17 = 34; 3 x 17 = 51 (2n = 4 would need 68: 100)
  CHECK(carveout_kib(g, 1024, 0) == 8);       // 2: 3 CTAs x 1 KiB
  CHECK(carveout_kib(g, 64, 1024) == 64);     // 4: 32 x 2 KiB; the 32 CTA slots cap the headroom
  CHECK(carveout_kib(g, 256, 16384) == 164);  // 14: 8 x 17 = 136 beyond the cap
  // The L1 beside the carve-out: launch 11's walk hit up to 112 KiB and missed from 120 (124 KiB left by 132).
  CHECK(timing::launch_l1_bytes(g, carveout_kib(g, 256, 6144) * 1024) == 124 * 1024);
  // A preference is kept as it is (launch 26: 50 % of 228 KiB = 114 -> 132; launch 27: 25 % -> 64).
  CHECK(carveout_kib(g, 256, 0, 50) == 132);
  CHECK(carveout_kib(g, 256, 16384, 25) == 64);
}

TEST_CASE("612 the plain occupancy rule and the cap are what they say") {
  const auto occ = config::load_gpu_config("h200", {"smem.carveout_choice=occupancy"});
  CHECK(carveout_kib(occ, 256, 0) == 8);      // 8 x 1 KiB
  CHECK(carveout_kib(occ, 256, 1024) == 32);  // 16 KiB is not in smem.default_carveouts_kib
  CHECK(carveout_kib(occ, 256, 6144) == 64);
  const auto all = config::load_gpu_config("h200", {"smem.carveout_choice=occupancy", "smem.default_carveouts_kib=[]"});
  CHECK(carveout_kib(all, 256, 1024) == 16);  // empty: every carve-out of smem.carveouts_kib
  const auto cap = config::load_gpu_config("h200", {"smem.carveout_headroom_max_kib=64"});
  CHECK(carveout_kib(cap, 256, 6144) == 64);   // 15 x 7 = 105 capped at 64; 8 x 7 = 56
  CHECK(carveout_kib(cap, 256, 8192) == 100);  // 8 x 9 = 72 beyond the cap
}

}  // namespace WARPSIM_UNITY_ID
