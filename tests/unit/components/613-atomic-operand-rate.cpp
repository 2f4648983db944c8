// 613: mem.atomic_bytes_per_cycle (timing/memory_system.hpp): an atomic sector keeps its atomic unit for the longer
// of its operand bytes at that rate (in whole 32-byte transfers) and its lanes on one address after the first at
// mem.atomic_same_address_cycles each; without the rate (0) every lane on the address costs that, operands free.
// The exact cycles follow from l2_test_config.hpp's slice (hits 200 cycles, one sector per cycle).
#include "l2_test_config.hpp"

#include <warpsim/timing/memory_system.hpp>

#include <catch2/catch.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::timing;

TEST_CASE("613 an atomic sector keeps its unit for max(operand bytes / rate, (same-address lanes - 1) x cycles)") {
  MemoryConfig c = l2test::one_slice();
  c.atomic_same_address_cycles = 2;
  c.atomic_bytes_per_cycle = 16;
  MemorySystem m(c);
  m.access(0, MemOp::Load, 0);  // sector 0 into L2
  // 32 lanes on 8 words (128 operand bytes), then 4 and 8 lanes on one word, then the old form (no byte count).
  CHECK(m.access(0, MemOp::Atomic, 1000, 1, 0, true, 128) == 1200 + 8);   // 128 / 16 = 8
  CHECK(m.access(0, MemOp::Atomic, 1000, 4, 0, true, 128) == 1208 + 8);   // (4 - 1) x 2 = 6 < 8
  CHECK(m.access(0, MemOp::Atomic, 1000, 8, 0, true, 128) == 1216 + 14);  // (8 - 1) x 2 = 14
  CHECK(m.access(0, MemOp::Atomic, 1000, 8, 0, true, 0) == 1230 + 16);    // no bytes: 8 x 2
  CHECK(m.access(0, MemOp::Atomic, 1000, 1, 0, true, 4) == 1246 + 2);     // one lane: a whole 32-byte transfer
}

TEST_CASE("613 without mem.atomic_bytes_per_cycle the operand bytes cost nothing") {
  MemoryConfig c = l2test::one_slice();
  c.atomic_same_address_cycles = 2;
  MemorySystem m(c);
  m.access(0, MemOp::Load, 0);
  CHECK(m.access(0, MemOp::Atomic, 1000, 1, 0, true, 128) == 1200 + 2);   // one lane: 2
  CHECK(m.access(0, MemOp::Atomic, 1000, 8, 0, true, 128) == 1202 + 16);  // 8 x 2
}

}  // namespace WARPSIM_UNITY_ID
