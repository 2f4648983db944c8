// mem.atomic_bytes_per_cycle end to end (lsu -> L1 -> L2): a warp's atomic hands each sector's operand bytes and the
// bytes its distinct addresses cover to the L2 atomic unit. A sector the lanes fill is taken at that rate while the
// lanes on one address after the first wait mem.atomic_same_address_cycles each, the longer of the two deciding; a
// sector filled in part costs that for every lane on one address. Timing as in test 736 (tiny GPU): the
// atomic misses, DRAM at 6 + 500, mem.atomic_latency 20, then the unit's time, rounded up.
#include "timing_test_util.hpp"

#include <fmt/format.h>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

// One atom.global.add.u32 by every lane: on one word (`spread` 0) or on each lane's own word (`spread` 4).
std::string kernel(unsigned spread) {
  return ttest::header() + fmt::format(R"(
.visible .entry k(.param .u64 out) {{
  .reg .u32 %r<8>;
  .reg .u64 %rd<4>;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd2, %r1, {};
  add.u64 %rd3, %rd1, %rd2;
  atom.global.add.u32 %r3, [%rd3], 1;
  exit;
}}
)",
                                       spread);
}

std::uint64_t cycles(unsigned spread, double bytes_per_cycle, double per_lane) {
  const auto r = ttest::run(kernel(spread), 1, 32, 32, true,
                            {fmt::format("mem.atomic_bytes_per_cycle={}", bytes_per_cycle),
                             fmt::format("mem.atomic_same_address_cycles={}", per_lane)});
  return r.timing.cycles;
}

}  // namespace

TEST_CASE("614 the atomic unit takes the operand bytes at mem.atomic_bytes_per_cycle") {
  // 32 lanes on one word (4 of the sector's 32 bytes): every lane one after another at any rate, 32 x 0.1 = 3.2 -> 4
  // (a filled sector's rule would give max(128 / 16 = 8, 31 x 0.1) = 8 at 16 bytes per cycle), 32 x 1 = 32.
  const std::uint64_t base = cycles(0, 0, 0);
  CHECK(cycles(0, 0, 0.1) == base + 4);
  CHECK(cycles(0, 16, 0.1) == base + 4);
  CHECK(cycles(0, 64, 0.1) == base + 4);
  CHECK(cycles(0, 16, 1) == base + 32);
  CHECK(cycles(0, 0, 1) == base + 32);
  // Each lane its own word: 4 sectors of 8 lanes, 32 operand bytes each, at one atomic unit. Their data comes
  // from DRAM one cycle apart (tiny: 32 bytes per cycle), so at 16 bytes per cycle (2 cycles a sector) the unit
  // ends 4 x 2 = 8 after the first sector's data, 5 after the last one's; without the rate each sector's one lane
  // costs 0.5 and only the last one's shows, rounded up.
  const std::uint64_t spread = cycles(4, 0, 0);
  CHECK(cycles(4, 16, 0.5) == spread + 5);
  CHECK(cycles(4, 0, 0.5) == spread + 1);
}

}  // namespace WARPSIM_UNITY_ID
