// 669: the L2 merging of mem.l2_merge_cycles (timing/memory_system.hpp) with exact cycles on a one-slice L2, and the
// workload test of traces/ubench_l2_bw, which was written to measure the L2's bandwidth (issue 12; one test number
// for both).
// Merging: a load by the TMA unit of a sector present in L2 that arrives within that many cycles of another load's
// lookup of the same sector from the same side (or while that one still waits at its slice) rides on it: no slice
// time, not counted in lts__t_sectors, its data back with the other's and not before its own hit latency. A later
// load, one from the other side, one after a store to the sector, and any warp's load (LDG) are looked up. One slice
// serving one sector per cycle, hits 200 cycles (tests/unit/components/l2_test_config.hpp).
// Workload ubench_l2_bw: every CTA sweeps its interleaved share of a 16.5 MiB buffer
// (units b, b + G, ... of the grid's G CTAs) 1 + passes times, through LDG.128 (ldg_sweep: each thread the XOR of
// one word of each of its four 16-byte loads per 16-KiB unit), 2-D tensor loads or 1-D bulk copies of 8-KiB tiles
// (tma_sweep, bulk_sweep: each lane one word of each tile). The CPU replays every launch's sums into `out`; each
// launch's entry, CTAs and warps are checked, and `src` is unchanged.
// Runs as configured (H200, sm_90a PTX) only.
// Leaves out: the cycles (clock buffer; not yet measured on the H200).
#include "../../unit/components/l2_test_config.hpp"
#include "workload_util.hpp"

#include <warpsim/timing/memory_system.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::timing;

namespace {
MemoryConfig merging(unsigned window) {
  MemoryConfig c = l2test::one_slice();
  c.merge_cycles = window;
  return c;
}
// A load by the TMA unit (bulk): the only loads that merge (memory_system.hpp).
std::uint64_t tma_load(MemorySystem& m, std::uint64_t sector, std::uint64_t at, unsigned side = 0) {
  return m.access(sector, MemOp::Load, at, 1, side, true, 0, 0, true);
}
}  // namespace

TEST_CASE("669 a warp's load (LDG) is looked up even in the window: only the TMA unit's loads merge") {
  MemorySystem m(merging(100));
  m.access(0, MemOp::Store, 0, 32);
  CHECK(tma_load(m, 0, 10) == 210);
  CHECK(m.access(0, MemOp::Load, 20) == 220);  // a warp's: looked up, its own time at the slice
  CHECK(m.stats().lts_sectors == 3);
  CHECK(m.stats().l2_merged_sectors == 0);
  CHECK(tma_load(m, 0, 30) == 230);  // the TMA unit's: rides on the lookup at 10 (or 20)
  CHECK(m.stats().l2_merged_sectors == 1);
}

TEST_CASE("669 loads of one sector in the window ride on the first lookup, later ones are looked up") {
  MemorySystem m(merging(100));
  CHECK(m.access(0, MemOp::Store, 0, 32) == 0);  // sector 0 present (slice busy 0-1)
  CHECK(tma_load(m, 0, 10) == 210);    // looked up at 10
  CHECK(m.stats().lts_sectors == 2);
  CHECK(tma_load(m, 0, 50) == 250);   // merged: its own hit latency (the first's data is back at 210)
  CHECK(tma_load(m, 0, 110) == 310);  // merged (10 + 100)
  CHECK(m.stats().lts_sectors == 2);
  CHECK(m.stats().l2_merged_sectors == 2);
  CHECK(tma_load(m, 0, 111) == 311);  // past the window: looked up, the new reference
  CHECK(m.stats().lts_sectors == 3);
  CHECK(tma_load(m, 0, 200) == 400);  // within 111 + 100: merged
  CHECK(m.stats().l2_merged_sectors == 3);
}

TEST_CASE("669 a burst of loads of one sector takes the slice once") {
  // Sector 0 present; 10 loads of it at cycle 0, then one of sector 1 (same slice) at cycle 0.
  for (const unsigned window : {0u, 100u}) {
    MemorySystem m(merging(window));
    m.access(0, MemOp::Store, 0, 32);  // slice busy 0-1
    m.access(1, MemOp::Store, 0, 32);  // 1-2
    std::uint64_t last = 0;
    for (int i = 0; i < 10; ++i) last = tma_load(m, 0, 0);
    // Without merging the slice serves them at 2..11; with it once, at 2, and the other nine wait for that data.
    CHECK(last == (window == 0 ? 211u : 202u));
    CHECK(tma_load(m, 1, 0) == (window == 0 ? 212u : 203u));
    CHECK(m.stats().lts_sectors == (window == 0 ? 13u : 4u));
    CHECK(m.stats().l2_merged_sectors == (window == 0 ? 0u : 9u));
  }
}

TEST_CASE("669 the other side, a missing sector and a store in between are looked up") {
  MemorySystem m(merging(100));
  // A miss is looked up (DRAM: 500 cycles after 64 bytes at 32 per cycle).
  const std::uint64_t miss = tma_load(m, 0, 0);
  CHECK(m.stats().lts_sectors == 1);
  // A load of it while its fill is on the way is merged with the miss's lookup and waits for its data.
  CHECK(tma_load(m, 0, 20) == miss);
  CHECK(m.stats().l2_merged_sectors == 1);
  // From the other side: looked up (its own key), waits for the fill.
  CHECK(tma_load(m, 0, 20, 1) == miss);
  CHECK(m.stats().lts_sectors == 2);
  // A store to the sector ends the merging: the next load is looked up.
  m.access(0, MemOp::Store, 30, 32);
  CHECK(m.stats().lts_sectors == 3);
  tma_load(m, 0, 40);
  CHECK(m.stats().lts_sectors == 4);
  CHECK(m.stats().l2_merged_sectors == 1);
}

TEST_CASE("ubench_l2_bw: L2-resident sweeps by LDG.128, tensor and bulk copies (H200, sm_90a PTX)", "[workloads]") {
  const auto r = wl::sim::run_file(wl::trace_json("ubench_l2_bw"));
  REQUIRE(r.config.kernels.size() == 7);
  const auto src = wl::initial<std::uint32_t>(r.config, "src");
  REQUIRE(src.size() == 4325376);
  constexpr std::size_t kPasses = 2;
  struct Launch {
    const char* entry;
    std::size_t ctas;
  };
  const Launch launches[] = {{"ldg_sweep", 132}, {"ldg_sweep", 528},  {"tma_sweep", 132}, {"tma_sweep", 264},
                             {"tma_sweep", 528}, {"bulk_sweep", 132}, {"bulk_sweep", 528}};
  std::vector<std::uint32_t> want(256 * 2244, 0);
  std::size_t slot = 0;
  for (std::size_t k = 0; k < 7; ++k) {
    const Launch& l = launches[k];
    const bool ldg = std::string(l.entry) == "ldg_sweep";
    wl::check_launch(r, k, l.entry, l.ctas, ldg ? l.ctas * 8 : l.ctas);
    for (std::size_t b = 0; b < l.ctas; ++b) {
      if (ldg) {
        // 1056 units of 1024 uint4; thread t loads uint4 t, t + 256, t + 512, t + 768 of each of its units.
        for (std::size_t t = 0; t < 256; ++t) {
          std::uint32_t s = 0;
          for (std::size_t p = 0; p <= kPasses; ++p)
            for (std::size_t u = b; u < 1056; u += l.ctas) {
              const std::size_t v = u * 1024 + t;
              s += src[4 * v] ^ src[4 * (v + 256) + 1] ^ src[4 * (v + 512) + 2] ^ src[4 * (v + 768) + 3];
            }
          want[256 * (slot + b) + t] = s;
        }
      } else {
        // 2112 tiles of 2048 words; lane l reads word 64 l of each tile it receives, in ring order.
        const std::size_t mine = (2112 - b + l.ctas - 1) / l.ctas;
        for (std::size_t lane = 0; lane < 32; ++lane) {
          std::uint32_t s = 0;
          for (std::size_t i = 0; i < mine * (kPasses + 1); ++i) s += src[(b + (i % mine) * l.ctas) * 2048 + lane * 64];
          want[256 * (slot + b) + lane] = s;
        }
      }
    }
    slot += l.ctas;
  }
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "out"), want, "out");
  wl::check_unchanged<std::uint32_t>(r, "src");
}

}  // namespace WARPSIM_UNITY_ID
