// 756: a DRAM fill takes its L2 slice's time (timing/memory_system.hpp, mem.l2_fill_sectors_per_cycle_per_slice): a
// load that misses keeps its slice 1 / that rate longer per sector the DRAM read brings in (the missed sector and the
// absent sectors of its mem.dram_access_bytes block), booked when the miss is looked up, so the next request at
// the slice waits for it; the miss itself does not. With the rate 0 fills take no slice time.
// One slice, 1 sector per cycle, hits 200 cycles, DRAM 32 bytes per cycle and 500 cycles, no banks.
#include <warpsim/timing/memory_system.hpp>

#include <catch2/catch.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::timing;

static MemoryConfig slice_with_fill(double fill_rate, unsigned access_bytes) {
  MemoryConfig c;
  c.l2_slices = 1;
  c.l2_size = 1 << 20;
  c.l2_assoc = 4;
  c.l2_sectors_per_cycle_per_slice = 1;
  c.l2_hit_latency = 200;
  c.dram.bytes_per_cycle = 32;
  c.dram.latency = 500;
  c.dram_access_bytes = access_bytes;
  c.fill_sectors_per_cycle = fill_rate;
  return c;
}

TEST_CASE("756 a miss's fill keeps the slice 1 / rate per sector: the next request waits, the miss does not") {
  MemorySystem m(slice_with_fill(0.5, 32));      // 2 cycles per filled sector
  CHECK(m.access(0, MemOp::Load, 0) == 500);     // slice 0..1, DRAM bus 0..1: back at 0 + 500; fill to 3
  CHECK(m.access(4, MemOp::Load, 0) == 503);     // another line: looked up at 3, bus 3..4; fill to 6
  CHECK(m.access(0, MemOp::Load, 1000) == 1200);  // a hit: slice free long before, 200 cycles
  CHECK(m.access(8, MemOp::Store, 0, 32) == 1001);  // stores queue behind the same slice (taken at 1001)
}

TEST_CASE("756 without a fill rate, the second miss is looked up right after the first") {
  MemorySystem m(slice_with_fill(0, 32));
  CHECK(m.access(0, MemOp::Load, 0) == 500);
  CHECK(m.access(4, MemOp::Load, 0) == 501);  // slice 1..2, bus 1..2
}

TEST_CASE(
    "756 a 64-byte DRAM access fills two sectors: twice the fill time, and the second sector waits for the fill") {
  MemorySystem m(slice_with_fill(0.5, 64));
  CHECK(m.access(0, MemOp::Load, 0) == 500);  // sectors 0 and 1 come from DRAM: slice 0..1, fill 1..5; bus 0..2
  CHECK(m.access(1, MemOp::Load, 0) == 500);  // in flight: looked up at 5, its data is back at 500
  CHECK(m.access(4, MemOp::Load, 0) == 506);  // looked up at 6, bus 6..8
  CHECK(m.stats().lts_sectors == 3);          // the fills are not L2 sector accesses
}

}  // namespace WARPSIM_UNITY_ID
