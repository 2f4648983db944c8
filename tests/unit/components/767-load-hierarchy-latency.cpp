// 767: where a load's sector comes from and when (timing/l1_cache.hpp over timing/memory_system.hpp), on an idle
// tiny GPU: an L1 hit after mem.l1_hit_latency, an L2 hit after mem.l2_hit_latency, a miss in both after
// mem.dram_latency. Accesses are far apart so that no queue (L1 data path, L2 slice, DRAM) is busy.
#include <warpsim/config/gpu_config.hpp>
#include <warpsim/timing/l1_cache.hpp>
#include <warpsim/timing/memory_system.hpp>

#include <catch2/catch.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::timing;

TEST_CASE("767 L1 hit, L2 hit and DRAM miss latencies of one sector") {
  const auto cfg = warpsim::config::load_gpu_config("tiny");
  REQUIRE(cfg.l1_hit_latency == 40);
  REQUIRE(cfg.l2_hit_latency == 200);
  REQUIRE(cfg.dram_latency == 500);
  MemorySystem l2(cfg);
  L1Cache l1(cfg);
  const auto load = [&](std::uint64_t sector, std::uint64_t now) {
    return l1.access({sector}, MemOp::Load, now, {}, l2);
  };

  // Cold: misses L1 and L2, DRAM's data is back at 0 + 500.
  const MemResult cold = load(0, 0);
  CHECK(cold.ready == 500);
  CHECK(cold.l1_hits == 0);
  // Again, after the fill landed: an L1 hit, 1000 + 40.
  const MemResult hit = load(0, 1000);
  CHECK(hit.ready == 1040);
  CHECK(hit.l1_hits == 1);

  // An L2 hit needs a sector L2 holds and L1 does not: evict line 0 from L1 by loading four more lines of its L1 set
  // (lines 8, 16, 24, 32: 8 sets of 4 ways, set = line mod 8). Each is a DRAM miss, alone in the queue. L2 keeps all
  // five (two slices of 32 sets of 4 ways: five lines cannot all fall in one set).
  for (std::uint64_t k = 1; k <= 4; ++k) CHECK(load(k * 8 * 4, 1000 * (k + 1)).ready == 1000 * (k + 1) + 500);
  const MemResult l2hit = load(0, 10000);
  CHECK(l2hit.ready == 10200);
  CHECK(l2hit.l1_hits == 0);

  CHECK(l1.stats().sector_hits == 1);
  CHECK(l1.stats().sector_misses == 6);
  l2.finish();
  CHECK(l2.stats().lts_sectors == 6);  // every L1 miss reaches L2
  CHECK(l2.stats().lts_sector_hits == 1);
  CHECK(l2.stats().lts_sector_misses == 5);
  CHECK(l2.stats().dram_bytes_read == 5 * 32);
  CHECK(l2.stats().dram_bytes_write == 0);
}

TEST_CASE("767 a hit on a sector whose fill is in flight waits for the fill") {
  const auto cfg = warpsim::config::load_gpu_config("tiny");
  MemorySystem l2(cfg);
  L1Cache l1(cfg);
  CHECK(l1.access({0}, MemOp::Load, 0, {}, l2).ready == 500);
  // At 100 the sector is allocated in L1 but its data arrives at 500: max(100 + 40, 500). Counted as a hit.
  const MemResult merged = l1.access({0}, MemOp::Load, 100, {}, l2);
  CHECK(merged.ready == 500);
  CHECK(merged.l1_hits == 1);
  // The boundary: at 460 the hit latency ends with the fill (500), at 461 after it (461 + 40 = 501).
  CHECK(l1.access({0}, MemOp::Load, 460, {}, l2).ready == 500);
  CHECK(l1.access({0}, MemOp::Load, 461, {}, l2).ready == 501);
}

}  // namespace WARPSIM_UNITY_ID
