// 691: wide shared-memory accesses served in phases (smem_cost's phase_bytes, mem.smem_phase_bytes): with 128-byte
// phases a 64-bit access is counted a half-warp at a time and a 128-bit one a quarter-warp at a time, so a pattern
// that spreads over all 32 banks across the warp but not within each half-warp conflicts; 32-bit accesses (128 bytes
// a warp) stay one phase. A load's two neighbouring phases go as one when each lane pair (2l, 2l + 1) in them reads
// one address: the 27 patterns of traces/ubench_smem_wide, whose wavefronts and bank conflicts Nsight counted on an
// H100 (2026-12-06), are asserted as measured.
#include "smem_access.hpp"

#include <warpsim/timing/mem_cost.hpp>

#include <catch2/catch.hpp>

#include <array>
#include <vector>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::timing;
using smtest::strided;

namespace {
SmemCost cost(const warpsim::source::MemAccess& m, unsigned phase_bytes,
              warpsim::LaneMask lanes = warpsim::LaneMask::all()) {
  MemScratch s;
  return smem_cost(m, lanes, 32, 4, s, phase_bytes);
}
// 64-bit lanes: lane l of half h at 16 x (l mod 16) + 8h: each half-warp on every other pair of banks.
warpsim::source::MemAccess interleaved_halves() {
  auto m = strided(0, 0, 8);
  for (unsigned l = 0; l < warpsim::kWarpSize; ++l) m.addr[l] = 16 * (l % 16) + 8 * (l / 16);
  return m;
}
}  // namespace

TEST_CASE("691 64-bit linear: two phases of one wavefront, as the whole warp's two") {
  CHECK(cost(strided(0, 8, 8), 0).wavefronts == 2);
  const SmemCost c = cost(strided(0, 8, 8), 128);
  CHECK(c.wavefronts == 2);
  CHECK(c.ideal_wavefronts == 2);
}

TEST_CASE("691 64-bit, each half-warp on half the banks: 4 wavefronts in phases, 2 for the whole warp") {
  const SmemCost whole = cost(interleaved_halves(), 0);
  CHECK(whole.wavefronts == 2);  // the 64 words 0..63 once each
  CHECK(whole.ideal_wavefronts == 2);
  const SmemCost c = cost(interleaved_halves(), 128);
  CHECK(c.wavefronts == 4);  // each half: 32 words in 16 banks, two each
  CHECK(c.ideal_wavefronts == 2);
  // Only the first half-warp executing: its two wavefronts alone.
  CHECK(cost(interleaved_halves(), 128, warpsim::LaneMask::first(16)).wavefronts == 2);
}

TEST_CASE("691 64-bit broadcast: a store takes one wavefront per half-warp, a load one for the warp") {
  auto st = strided(40, 0, 8);
  st.store = true;
  const SmemCost c = cost(st, 128);
  CHECK(c.wavefronts == 2);
  CHECK(c.ideal_wavefronts == 2);
  CHECK(cost(strided(40, 0, 8), 0).wavefronts == 1);
  // Loads: every lane pair reads one address, so the two half-warps go as one phase.
  CHECK(cost(strided(40, 0, 8), 128).wavefronts == 1);
  CHECK(cost(strided(40, 0, 8), 128).ideal_wavefronts == 1);
}

namespace {
struct Measured {
  unsigned bytes;  // per lane
  unsigned element[32];
  unsigned wavefronts, conflicts;  // Nsight, per warp instruction (traces/ubench_smem_wide, H100)
};
std::vector<Measured> measured() {
  std::vector<Measured> v;
  const auto add = [&](unsigned bytes, auto f, unsigned wf, unsigned conf) {
    Measured m{bytes, {}, wf, conf};
    for (unsigned l = 0; l < 32; ++l) m.element[l] = f(l);
    v.push_back(m);
  };
  // smem_wide_v4 (16-byte elements), launches 0-15.
  add(16, [](unsigned) { return 0u; }, 2, 0);
  add(16, [](unsigned l) { return l < 16 ? 0u : 1u; }, 2, 0);
  add(16, [](unsigned l) { return l < 16 ? 0u : 4u; }, 2, 0);
  add(16, [](unsigned l) { return l < 16 ? 0u : 8u; }, 2, 0);
  add(16, [](unsigned l) { return l / 8; }, 2, 0);
  add(16, [](unsigned l) { return l / 8 * 8; }, 4, 2);
  add(16, [](unsigned l) { return l; }, 4, 0);
  add(16, [](unsigned l) { return l % 8; }, 4, 0);
  add(16, [](unsigned l) { return l % 16; }, 4, 0);
  add(16, [](unsigned l) { return l / 2; }, 2, 0);
  add(16, [](unsigned l) { return l * 8; }, 32, 28);
  add(16, [](unsigned l) { return l % 8 * 8; }, 32, 28);
  add(16, [](unsigned l) { return l % 4; }, 4, 0);
  add(16, [](unsigned l) { return (3 - l / 8) * 8 + l % 8; }, 4, 0);
  add(16, [](unsigned l) { return 3 * l % 32; }, 4, 0);
  add(16, [](unsigned l) { return std::array<unsigned, 4>{0, 1, 4, 5}[l / 8]; }, 2, 0);
  // smem_wide_v2 (8-byte elements), launches 16-26.
  add(8, [](unsigned) { return 0u; }, 1, 0);
  add(8, [](unsigned l) { return l < 16 ? 0u : 1u; }, 1, 0);
  add(8, [](unsigned l) { return l < 16 ? 0u : 16u; }, 2, 1);
  add(8, [](unsigned l) { return l; }, 2, 0);
  add(8, [](unsigned l) { return l % 16; }, 2, 0);
  add(8, [](unsigned l) { return l * 16; }, 32, 30);
  add(8, [](unsigned l) { return l % 16 * 16; }, 32, 30);
  add(8, [](unsigned l) { return l / 8 * 16; }, 4, 3);
  add(8, [](unsigned l) { return l / 2; }, 1, 0);
  add(8, [](unsigned l) { return l ^ 16u; }, 2, 0);
  add(8, [](unsigned l) { return l < 16 ? l : 0u; }, 2, 0);
  return v;
}
}  // namespace

TEST_CASE("691 the measured 64- and 128-bit load patterns of ubench_smem_wide") {
  const auto all = measured();
  for (std::size_t i = 0; i < all.size(); ++i) {
    const Measured& p = all[i];
    auto m = strided(0, 0, p.bytes);
    for (unsigned l = 0; l < warpsim::kWarpSize; ++l) m.addr[l] = 1536 + std::uint64_t{p.element[l]} * p.bytes;
    const SmemCost c = cost(m, 128);
    INFO("launch " << i);
    CHECK(c.wavefronts == p.wavefronts);
    CHECK(c.wavefronts - c.ideal_wavefronts == p.conflicts);
  }
}

TEST_CASE("691 128-bit: quarter-warps") {
  // Linear: each quarter-warp's 8 lanes cover the 32 banks once.
  const SmemCost lin = cost(strided(0, 16, 16), 128);
  CHECK(lin.wavefronts == 4);
  CHECK(lin.ideal_wavefronts == 4);
  // Lane l at 16 x (l / 4) + 128 x (l mod 4): each quarter-warp's lanes 0-3 on banks 0-3 of four rows, lanes 4-7 on
  // banks 4-7: 4 wavefronts a quarter, 16 in all; the whole warp spreads over banks 0-31 4 deep: 4 wavefronts.
  auto m = strided(0, 0, 16);
  for (unsigned l = 0; l < warpsim::kWarpSize; ++l) m.addr[l] = 16 * (l / 4) + 128 * (l % 4);
  CHECK(cost(m, 0).wavefronts == 4);
  const SmemCost q = cost(m, 128);
  CHECK(q.wavefronts == 16);
  CHECK(q.ideal_wavefronts == 4);
}

TEST_CASE("691 32-bit accesses are one phase whatever phase_bytes says") {
  CHECK(cost(strided(0, 8), 128).wavefronts == 2);
  CHECK(cost(strided(0, 128), 128).wavefronts == 32);
  CHECK(cost(strided(0, 4), 128).wavefronts == 1);
}

}  // namespace WARPSIM_UNITY_ID
