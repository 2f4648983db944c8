// 772: how many wavefronts a shared-memory warp access needs (smem_cost, timing/mem_cost.hpp) with tiny's 32 banks of
// 4 bytes: the most distinct words any one bank holds; lanes on one word share it (broadcast).
#include "smem_access.hpp"

#include <warpsim/config/gpu_config.hpp>
#include <warpsim/timing/mem_cost.hpp>

#include <catch2/catch.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::timing;
using smtest::strided;

namespace {
SmemCost cost(const warpsim::source::MemAccess& m, warpsim::LaneMask lanes = warpsim::LaneMask::all()) {
  static const auto cfg = warpsim::config::load_gpu_config("tiny");
  REQUIRE(cfg.smem_banks == 32);
  REQUIRE(cfg.smem_bank_bytes == 4);
  MemScratch s;
  return smem_cost(m, lanes, cfg.smem_banks, cfg.smem_bank_bytes, s);
}
}  // namespace

TEST_CASE("772 stride 4 bytes: 32 words in 32 banks, one wavefront") {
  const SmemCost c = cost(strided(0, 4));
  CHECK(c.wavefronts == 1);
  CHECK(c.ideal_wavefronts == 1);
}

TEST_CASE("772 stride 8 bytes: words 0, 2, ..., 62 put two in each even bank, two wavefronts") {
  const SmemCost c = cost(strided(0, 8));
  CHECK(c.wavefronts == 2);
  CHECK(c.ideal_wavefronts == 1);  // 32 distinct words fit one wavefront's 32 banks: one conflict
}

TEST_CASE("772 stride 128 bytes: every lane in bank 0 on its own word, 32 wavefronts") {
  const SmemCost c = cost(strided(0, 128));
  CHECK(c.wavefronts == 32);
  CHECK(c.ideal_wavefronts == 1);
}

TEST_CASE("772 every lane on one word: a broadcast, one wavefront") {
  const SmemCost c = cost(strided(64, 0));
  CHECK(c.wavefronts == 1);
  CHECK(c.ideal_wavefronts == 1);
  // 16 lanes on each of two words of bank 0 (0 and 128): two distinct words in one bank, two wavefronts.
  auto m = strided(0, 0);
  for (unsigned i = 16; i < 32; ++i) m.addr[i] = 128;
  CHECK(cost(m).wavefronts == 2);
}

TEST_CASE("772 only executing lanes count") {
  // Stride 128 with only lanes 0..3 executing: 4 words in bank 0, 4 wavefronts.
  CHECK(cost(strided(0, 128), warpsim::LaneMask::first(4)).wavefronts == 4);
}

TEST_CASE("772 8-byte lanes: 64 distinct words need two wavefronts even without a conflict") {
  // Lane i reads words 2i and 2i+1: each bank holds two words, and 64 words / 32 banks = 2 is also the ideal.
  const SmemCost c = cost(strided(0, 8, 8));
  CHECK(c.wavefronts == 2);
  CHECK(c.ideal_wavefronts == 2);
}

}  // namespace WARPSIM_UNITY_ID
