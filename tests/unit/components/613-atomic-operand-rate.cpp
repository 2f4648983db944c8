// 613: mem.atomic_bytes_per_cycle (timing/memory_system.hpp): an atomic sector whose distinct addresses cover all 32
// bytes keeps its atomic unit for the longer of its operand bytes at that rate (in whole 32-byte transfers) and its
// lanes on one address after the first at mem.atomic_same_address_cycles each; a sector filled in part, or any
// sector without the rate (0), costs that for every lane on the address, operands free.
// The exact cycles follow from l2_test_config.hpp's slice (hits 200 cycles, one sector per cycle).
#include "l2_test_config.hpp"

#include <warpsim/timing/memory_system.hpp>

#include <catch2/catch.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::timing;

TEST_CASE("613 a filled atomic sector keeps its unit for max(operand bytes / rate, (same-address lanes - 1) x cycles)") {
  MemoryConfig c = l2test::one_slice();
  c.atomic_same_address_cycles = 2;
  c.atomic_bytes_per_cycle = 16;
  MemorySystem m(c);
  m.access(0, MemOp::Load, 0);  // sector 0 into L2
  // Filled sectors (32 bytes covered): 32 lanes on its 8 words (128 operand bytes), one and four on each word.
  CHECK(m.access(0, MemOp::Atomic, 1000, 1, 0, true, 128, 32) == 1200 + 8);   // 128 / 16 = 8
  CHECK(m.access(0, MemOp::Atomic, 1000, 4, 0, true, 128, 32) == 1208 + 8);   // (4 - 1) x 2 = 6 < 8
  CHECK(m.access(0, MemOp::Atomic, 1000, 3, 0, true, 40, 32) == 1216 + 4);    // 40 -> 64 / 16 = 4 = (3 - 1) x 2
  // Sectors filled in part: 32 lanes on 4 words (8 on each), 3 lanes on one word, the old form (nothing counted).
  CHECK(m.access(0, MemOp::Atomic, 1000, 8, 0, true, 128, 16) == 1220 + 16);  // 8 x 2, not (8 - 1) x 2 = 14
  CHECK(m.access(0, MemOp::Atomic, 1000, 3, 0, true, 12, 4) == 1236 + 6);     // 3 x 2, not max(32 / 16, 2 x 2)
  CHECK(m.access(0, MemOp::Atomic, 1000, 8, 0, true, 0, 0) == 1242 + 16);     // no bytes: 8 x 2
  CHECK(m.access(0, MemOp::Atomic, 1000, 1, 0, true, 4, 4) == 1258 + 2);      // one lane: 1 x 2
}

TEST_CASE("613 without mem.atomic_bytes_per_cycle the operand bytes cost nothing") {
  MemoryConfig c = l2test::one_slice();
  c.atomic_same_address_cycles = 2;
  MemorySystem m(c);
  m.access(0, MemOp::Load, 0);
  CHECK(m.access(0, MemOp::Atomic, 1000, 1, 0, true, 128, 32) == 1200 + 2);   // one lane: 2
  CHECK(m.access(0, MemOp::Atomic, 1000, 8, 0, true, 128, 32) == 1202 + 16);  // 8 x 2
}

}  // namespace WARPSIM_UNITY_ID
