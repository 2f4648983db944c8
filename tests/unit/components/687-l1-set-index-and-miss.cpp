// 687: how L1 places lines and what a miss costs (timing/l1_cache.hpp, timing/sector_cache.hpp): with
// mem.l1_set_index = modulo, lines a power-of-two stride apart share one set and evict each other; with hashed they
// spread over the sets (traces/ubench_l1_assoc: the H200 keeps 256 lines 64 KiB apart); a size that is not a whole
// number of sets keeps its capacity; mem.l1_miss_latency is added to a cached load's miss, not to a bypassing one.
#include <warpsim/config/gpu_config.hpp>
#include <warpsim/timing/l1_cache.hpp>
#include <warpsim/timing/memory_system.hpp>
#include <warpsim/timing/sector_cache.hpp>

#include <catch2/catch.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::timing;

namespace {
// Two passes over `lines` lines `stride` lines apart; returns the hits of the second pass.
unsigned second_pass_hits(SectorCache& c, unsigned lines, std::uint64_t stride) {
  for (unsigned pass = 0; pass < 2; ++pass) {
    unsigned hits = 0;
    for (unsigned i = 0; i < lines; ++i) {
      const std::uint64_t sector = i * stride * 4;
      if (c.probe(sector)) ++hits;
      else c.fill(sector, 0, false);
    }
    if (pass == 1) return hits;
  }
  return 0;
}
}  // namespace

TEST_CASE("687 lines a power-of-two stride apart: one set under modulo, spread when hashed") {
  // 128 KiB = 1,024 lines in 256 sets of 4 ways, LRU. 64 lines 256 lines apart (32 KiB) all have set 0 under modulo:
  // four stay, and a cyclic walk evicts each line before it comes back.
  SectorCache modulo(128 * 1024, 4, false, false);
  CHECK(second_pass_hits(modulo, 64, 256) == 0);
  SectorCache hashed(128 * 1024, 4, true, false);
  CHECK(second_pass_hits(hashed, 64, 256) == 64);
  // Consecutive lines fill every set evenly under modulo: the whole capacity is kept.
  SectorCache whole(128 * 1024, 4, false, false);
  CHECK(second_pass_hits(whole, 1024, 1) == 1024);
  // One line more: set 0 holds lines 0, 256, 512, 768 and 1,024, and under LRU a cyclic walk misses all five there.
  CHECK(second_pass_hits(whole, 1025, 1) == 1020);
}

TEST_CASE("687 a size that is not a whole number of sets keeps its capacity") {
  // 28 KiB = 224 lines at 128 ways: one set of 224 ways (not 128), so 224 consecutive lines all stay.
  SectorCache c(28 * 1024, 128, false, false);
  CHECK(second_pass_hits(c, 224, 1) == 224);
  CHECK(second_pass_hits(c, 225, 1) == 0);
  // 124 KiB = 992 lines at 128 ways: 7 sets of 141 ways (987 lines).
  SectorCache d(124 * 1024, 128, false, false);
  CHECK(second_pass_hits(d, 987, 1) == 987);
}

TEST_CASE("687 mem.l1_miss_latency delays a cached load's miss, not a bypassing load") {
  auto cfg = warpsim::config::load_gpu_config("tiny");
  REQUIRE(cfg.l2_hit_latency == 200);
  REQUIRE(cfg.dram_latency == 500);
  cfg.l1_miss_latency = 15;
  MemorySystem l2(cfg);
  L1Cache l1(cfg);
  // Cold: DRAM's data at 500, then L1's fill and read-out 15 more.
  CHECK(l1.access({0}, MemOp::Load, 0, {}, l2).ready == 515);
  // A hit on it later: mem.l1_hit_latency only.
  CHECK(l1.access({0}, MemOp::Load, 1000, {}, l2).ready == 1040);
  // A .cg load of another sector L2 now holds (line 0's sector 1 is not in L2: use sector 0 through bypass instead):
  // L2 answers at + 200 and L1 adds nothing.
  CHECK(l1.access({0}, MemOp::Load, 2000, {}, l2, 0, true).ready == 2200);
  // A cached load of a new sector of an L2-resident line would be an L2 miss (sectored): a fresh line from DRAM again
  // pays the 15.
  CHECK(l1.access({64}, MemOp::Load, 3000, {}, l2).ready == 3515);
}

}  // namespace WARPSIM_UNITY_ID
