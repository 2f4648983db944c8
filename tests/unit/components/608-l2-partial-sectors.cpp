// 608: partly written sectors held by L2 (mem.l2_partial_sectors, timing/memory_system.hpp): a store that writes part
// of a sector L2 does not hold makes it a partial sector (no DRAM read); a later store that completes its bytes makes
// it whole; one partial sector more than the slice's share resolves the oldest through DRAM (32 bytes read and
// 32 written, the sector then whole and clean); a load of a partial sector reads the rest from DRAM and waits. A
// partial store keeps the slice mem.l2_partial_store_cycles (overlapping a line allocation's time); a store pays
// mem.l2_store_line_cycles only when it allocates its line. (The L1's byte masks, store_bytes: test 783.)
#include <warpsim/timing/memory_system.hpp>

#include "l2_test_config.hpp"

#include <catch2/catch.hpp>

#include <bit>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::timing;

namespace {
constexpr unsigned kLow = 0x0000ffffu, kHigh = 0xffff0000u;  // the first and the last 16 bytes of a sector
MemoryConfig held(std::uint64_t n) {
  MemoryConfig c = l2test::one_slice();
  c.partial_write_fill = true;
  c.partial_sectors = n;
  return c;
}
// A store of the bytes `mask` of `sector` at `at`.
std::uint64_t store(MemorySystem& m, std::uint64_t sector, std::uint32_t mask, std::uint64_t at) {
  return m.access(sector, MemOp::Store, at, static_cast<unsigned>(std::popcount(mask)), 0, true, 0, mask);
}
}  // namespace

TEST_CASE("608 partial sectors are held until one more than the share arrives, the oldest then goes through DRAM") {
  MemorySystem m(held(2));
  store(m, 1, kLow, 0);
  store(m, 2, kLow, 1);
  CHECK(m.stats().l2_partial_writebacks == 0);
  store(m, 3, kLow, 2);  // three partial: sector 1, the oldest, is resolved at 2 (read, merged, written back)
  CHECK(m.stats().l2_partial_sectors == 3);
  CHECK(m.stats().l2_partial_writebacks == 1);
  // Sector 1 is whole now: a load hits it and waits for the read (its bus slot from 2, then 500 cycles of latency;
  // the write-back takes the bus from 3).
  CHECK(m.access(1, MemOp::Load, 10, 1) == 502);
  // Sector 2 is still partial: its load reads the rest from DRAM at 11 and waits for it.
  CHECK(m.access(2, MemOp::Load, 11, 1) == 511);
  // Sector 2 is whole now: another load is an ordinary hit (the data there since 511).
  CHECK(m.access(2, MemOp::Load, 600, 1) == 800);
  m.finish();
  CHECK(m.stats().dram_bytes_read == 32 + 32);  // sector 1's resolution, sector 2's rest
  CHECK(m.stats().dram_bytes_write == 32);          // sector 1's write-back during the kernel
  CHECK(m.stats().dram_bytes_flushed == 2 * 32);    // 2 and 3 still dirty at the end
  CHECK(m.stats().lts_sector_misses == 3);
}

TEST_CASE("608 a partial store keeps its slice mem.l2_partial_store_cycles, overlapping a line's allocation") {
  MemoryConfig c = held(100);
  c.partial_store_cycles = 3;
  c.store_line_cycles = 4;
  MemorySystem m(c);
  CHECK(store(m, 0, ~0u, 0) == 0);   // whole, allocates line 0: 1 + 4 cycles
  CHECK(store(m, 1, ~0u, 0) == 5);   // whole, line 0 is there: 1 cycle
  CHECK(store(m, 2, kLow, 0) == 6);  // partial, line 0 is there: 3 cycles
  CHECK(store(m, 4, kLow, 0) == 9);  // partial, allocates line 1: the longer of 3 and 1 + 4
  CHECK(store(m, 8, ~0u, 0) == 14);
  CHECK(m.stats().l2_partial_sectors == 2);
}

TEST_CASE("608 a store that completes a partial sector makes it whole: it is neither written back nor read") {
  MemorySystem m(held(2));
  store(m, 1, kLow, 0);
  store(m, 2, kLow, 1);
  store(m, 1, kHigh, 2);  // sector 1 whole now
  store(m, 3, kLow, 3);   // two partial (2 and 3): nothing written back
  store(m, 4, ~0u, 4);    // a whole sector is never partial
  CHECK(m.stats().l2_partial_sectors == 3);
  CHECK(m.stats().l2_partial_writebacks == 0);
  CHECK(m.access(1, MemOp::Load, 10, 1) == 210);  // an L2 hit at once
  CHECK(m.access(4, MemOp::Load, 11, 1) == 211);
  m.finish();
  CHECK(m.stats().dram_bytes_read == 0);
}

TEST_CASE("608 with mem.l2_partial_sectors 0 a partial store that misses reads its sector at once") {
  MemorySystem m(held(0));
  store(m, 7, kLow, 0);
  CHECK(m.access(7, MemOp::Load, 10, 1) == 500);  // the sector's data is back at 0 + 500
  m.finish();
  CHECK(m.stats().dram_bytes_read == 32);
  CHECK(m.stats().l2_partial_sectors == 0);
}

}  // namespace WARPSIM_UNITY_ID
