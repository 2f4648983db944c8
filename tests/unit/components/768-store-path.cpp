// 768: stores (timing/l1_cache.hpp, timing/memory_system.hpp, timing/lsu.hpp): write-through without allocating in
// L1, write-allocate in L2, and the cycle each store's sectors were taken by their L2 slice (what the LSU's
// back-pressure and the kernel's end wait for).
#include <warpsim/config/gpu_config.hpp>
#include <warpsim/timing/l1_cache.hpp>
#include <warpsim/timing/lsu.hpp>
#include <warpsim/timing/memory_system.hpp>

#include <catch2/catch.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::timing;

TEST_CASE("768 a store does not allocate in L1 but does in L2") {
  const auto cfg = warpsim::config::load_gpu_config("tiny");
  MemorySystem l2(cfg);
  L1Cache l1(cfg);
  const MemResult st = l1.access({2}, MemOp::Store, 0, {}, l2);
  CHECK(st.ready == 0);     // the sector left L1 at once
  CHECK(st.accepted == 0);  // and its (idle) slice took it at once
  // A load of it later misses L1 and hits L2: 1000 + mem.l2_hit_latency 200.
  const MemResult ld = l1.access({2}, MemOp::Load, 1000, {}, l2);
  CHECK(ld.ready == 1200);
  CHECK(ld.l1_hits == 0);
  CHECK(l1.stats().sector_misses == 1);  // stores are not L1 lookups
  CHECK(l1.stats().sector_hits == 0);
  l2.finish();
  CHECK(l2.stats().lts_sector_misses == 1);  // the store's write-allocate
  CHECK(l2.stats().lts_sector_hits == 1);    // the load
  CHECK(l2.stats().dram_bytes_read == 0);    // the store fetched nothing
  CHECK(l2.stats().dram_bytes_write == 0);     // nothing is written back during the kernel:
  CHECK(l2.stats().dram_bytes_flushed == 32);  // its dirty sector is flushed at the kernel's end
}

TEST_CASE("768 a store to a sector present in L1 updates it: the next load hits") {
  const auto cfg = warpsim::config::load_gpu_config("tiny");
  MemorySystem l2(cfg);
  L1Cache l1(cfg);
  CHECK(l1.access({5}, MemOp::Load, 0, {}, l2).ready == 500);
  l1.access({5}, MemOp::Store, 1000, {}, l2);
  const MemResult ld = l1.access({5}, MemOp::Load, 2000, {}, l2);
  CHECK(ld.ready == 2040);
  CHECK(ld.l1_hits == 1);
}

TEST_CASE("768 a store's sectors are taken by their slice one per cycle: accepted is the last") {
  // tiny: mem.l2_sectors_per_cycle_per_slice 1, mem.l1_sectors_per_cycle 4. The four sectors of one line (one slice)
  // leave L1 together at 0 (busy 4 / 4 = 1 cycle, all at floor(i x 1 / 4) = 0); the slice takes them at 0, 1, 2, 3.
  const auto cfg = warpsim::config::load_gpu_config("tiny");
  MemorySystem l2(cfg);
  L1Cache l1(cfg);
  const MemResult a = l1.access({32, 33, 34, 35}, MemOp::Store, 0, {}, l2);
  CHECK(a.ready == 0);
  CHECK(a.accepted == 3);
  // The same store again at 0: L1 is busy until 1, the slice until 4: taken at 4..7.
  const MemResult b = l1.access({32, 33, 34, 35}, MemOp::Store, 0, {}, l2);
  CHECK(b.ready == 1);
  CHECK(b.accepted == 7);
}

TEST_CASE("768 the LSU's store: result after pipe.ldst.latency, stored when the slice took it, hold beyond the slack") {
  // A warp store of 32 lanes x 4 bytes at 0x1000: sectors 128..131, one line, as above: taken at 0..3.
  // mem.store_backpressure_cycles=2: the last sector is taken 3 > 2 cycles after issue, so the sub-partition's
  // memory instructions wait until 3 - 2 = 1.
  const auto cfg = warpsim::config::load_gpu_config("tiny", {"mem.store_backpressure_cycles=2"});
  REQUIRE(cfg.pipe_ldst.latency == 4);
  MemorySystem l2(cfg);
  Lsu lsu(cfg, l2);
  warpsim::source::MemAccess m;
  m.space = warpsim::ir::Space::Global;
  m.store = true;
  m.bytes = 4;
  m.lanes = warpsim::LaneMask::all();
  for (unsigned i = 0; i < 32; ++i) m.addr[i] = 0x1000 + 4 * i;
  const LsuResult r = lsu.global(m, m.lanes, false, 0, false, false, 0, Cycle(0));
  CHECK(r.ready == Cycle(4));
  CHECK(r.stored == Cycle(3));
  CHECK(r.hold == Cycle(1));
  CHECK(lsu.stats().global_ld_requests == 0);  // stores are not load requests
}

}  // namespace WARPSIM_UNITY_ID
