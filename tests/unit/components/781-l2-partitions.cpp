// 781: L2 partitions (timing/memory_system.hpp): a line's home partition is 1 XOR the parity of its address bits
// in the hash mask; an atomic from the far side pays mem.l2_far_atomic_cycles every time, a load from the far side
// mem.l2_far_first_load_cycles when it hits a line its side has no copy of (then it holds one), a write drops the
// far copies, and a miss fills the requesting side's copy at DRAM latency.
#include "l2_test_config.hpp"

#include <warpsim/timing/memory_system.hpp>

#include <catch2/catch.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::timing;

namespace {
MemoryConfig two_partitions() {
  MemoryConfig c = l2test::two_partitions();
  c.atomic_latency = 10;
  c.atomic_same_address_cycles = 0;
  c.far_first_load = 100;
  c.far_atomic = 50;
  return c;
}
}  // namespace

TEST_CASE("781 the home partition is 1 XOR the parity of the hashed address bits") {
  const MemorySystem m(two_partitions());
  CHECK(m.partition_of(0) == 1);           // address 0
  CHECK(m.partition_of(4096 / 32) == 0);   // address 4096: bit 12 set
  CHECK(m.partition_of(8192 / 32) == 1);   // bit 13 is not hashed
  CHECK(m.partition_of(12288 / 32) == 0);  // bits 12 and 13
  MemoryConfig one = two_partitions();
  one.partitions = 1;
  CHECK(MemorySystem(one).partition_of(4096 / 32) == 0);
}

TEST_CASE("781 far loads pay once per side, far atomics every time, writes drop the far copies") {
  MemorySystem m(two_partitions());
  const std::uint64_t s = 0;                 // home partition 1
  CHECK(m.access(s, MemOp::Store, 0) == 0);  // write-allocate: the line is in L2 (home only)
  // Side 0 is far: the first load pays 100 more, the next does not; side 1 (home) never does.
  CHECK(m.access(s, MemOp::Load, 1000, 1, 0) == 1000 + 200 + 100);
  CHECK(m.access(s, MemOp::Load, 2000, 1, 0) == 2000 + 200);
  CHECK(m.access(s, MemOp::Load, 3000, 1, 1) == 3000 + 200);
  // Atomics: from the far side 200 + 10 + 50, from home 200 + 10.
  CHECK(m.access(s, MemOp::Atomic, 4000, 1, 0) == 4000 + 260);
  CHECK(m.access(s, MemOp::Atomic, 5000, 1, 1) == 5000 + 210);
  // The atomic wrote the line: side 0's copy is gone, its next load is far again.
  CHECK(m.access(s, MemOp::Load, 6000, 1, 0) == 6000 + 300);
  // A miss from the far side: DRAM's latency only, and the side has its copy.
  CHECK(m.access(4096, MemOp::Load, 7000, 1, 0) == 7000 + 500);  // address 131072: bit 12 clear, home 1
  CHECK(m.access(4096, MemOp::Load, 8000, 1, 0) == 8000 + 200);
}

}  // namespace WARPSIM_UNITY_ID
