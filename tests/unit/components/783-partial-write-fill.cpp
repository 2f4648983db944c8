// 783: partial-sector stores (mem.l2_partial_write_fill, timing/memory_system.hpp): with it, a store of part of a
// sector that L2 does not hold reads the sector from DRAM (32 bytes counted as dram__bytes_read), the store is
// taken at once, and a later load of the sector waits for that read; a whole-sector store and a partial store to a
// present sector read nothing. store_bytes counts the bytes of each sector a warp store writes and gives their
// mask (which mem.l2_partial_sectors tracks: test 608).
#include <warpsim/timing/mem_cost.hpp>
#include <warpsim/timing/memory_system.hpp>

#include "l2_test_config.hpp"

#include <catch2/catch.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::timing;

namespace {
MemoryConfig one_slice(bool fill) {
  MemoryConfig c = l2test::one_slice();
  c.partial_write_fill = fill;
  return c;
}
}  // namespace

TEST_CASE("783 a partial store to an absent sector reads it from DRAM, the load after it waits for that read") {
  MemorySystem m(one_slice(true));
  CHECK(m.access(7, MemOp::Store, 0, 4) == 0);  // taken at once
  // the load at 10: taken at 10, a hit on the sector whose data is back at 0 + 500 (the DRAM read of 32 bytes)
  CHECK(m.access(7, MemOp::Load, 10, 1) == 500);
  m.finish();
  CHECK(m.stats().dram_bytes_read == 32);
  CHECK(m.stats().lts_sector_hits == 1);
}

TEST_CASE("783 whole-sector stores, stores to present sectors and mem.l2_partial_write_fill 0 read nothing") {
  MemorySystem m(one_slice(true));
  m.access(1, MemOp::Store, 0, 32);               // whole sector: no read
  CHECK(m.access(1, MemOp::Load, 10, 1) == 210);  // an L2 hit at once
  m.access(1, MemOp::Store, 20, 4);               // partial, but present: no read
  CHECK(m.access(1, MemOp::Load, 30, 1) == 230);
  m.finish();
  CHECK(m.stats().dram_bytes_read == 0);
  MemorySystem off(one_slice(false));
  off.access(7, MemOp::Store, 0, 4);
  CHECK(off.access(7, MemOp::Load, 10, 1) == 210);
  off.finish();
  CHECK(off.stats().dram_bytes_read == 0);
}

TEST_CASE("783 store_bytes: the bytes of each sector a warp store writes") {
  warpsim::source::MemAccess m;
  m.store = true;
  m.bytes = 4;
  warpsim::LaneMask lanes;
  // lanes 0-7 cover sector 0 (bytes 0-31); lanes 8-9 write 8 bytes of sector 1; lane 10 writes 4 bytes of sector 9
  for (unsigned l = 0; l < 8; ++l) m.addr[l] = 4 * l;
  m.addr[8] = 32;
  m.addr[9] = 36;
  m.addr[10] = 9 * 32 + 12;
  for (unsigned l = 0; l <= 10; ++l) lanes.set(l);
  MemScratch s;
  global_sectors(m, lanes, s);
  store_bytes(m, lanes, s);
  REQUIRE(s.sectors == std::vector<std::uint64_t>{0, 1, 9});
  CHECK(s.same == std::vector<unsigned>{32, 8, 4});
  CHECK(s.covered_bytes == std::vector<unsigned>{0xffffffffu, 0x000000ffu, 0x0000f000u});  // the byte masks
  // a 16-byte store straddling two sectors: 8 bytes in each
  warpsim::source::MemAccess v;
  v.store = true;
  v.bytes = 16;
  v.addr[0] = 24;
  warpsim::LaneMask one;
  one.set(0);
  global_sectors(v, one, s);
  store_bytes(v, one, s);
  CHECK(s.sectors == std::vector<std::uint64_t>{0, 1});
  CHECK(s.same == std::vector<unsigned>{8, 8});
  CHECK(s.covered_bytes == std::vector<unsigned>{0xff000000u, 0x000000ffu});
}

}  // namespace WARPSIM_UNITY_ID
