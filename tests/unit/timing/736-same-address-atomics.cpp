// mem.atomic_same_address_cycles: the lanes of a warp's global atomic on one address are served one after
// another at the L2 slice, that many cycles each: the result waits for the last of them, and the slice is busy
// for that long (a next atomic on the slice starts after it).
#include "timing_test_util.hpp"

#include <fmt/format.h>

#include <cmath>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

// `warm`: a load of the word first (the atomics then hit L2) whose value the atomics add, so that they issue
// when it lands. `atomics`: how many atom.global.add on out[0] by every lane, each into its own register.
std::string kernel(bool warm, unsigned atomics) {
  std::string body;
  for (unsigned i = 0; i < atomics; ++i)
    body += fmt::format("  atom.global.add.u32 %r{}, [%rd1], {};\n", 3 + i, warm ? "%r2" : "1");
  return ttest::header() + R"(
.visible .entry k(.param .u64 out) {
  .reg .u32 %r<8>;
  .reg .u64 %rd<2>;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
)" + (warm ? "  ld.global.u32 %r2, [%rd1];\n" : "") +
         body + "  exit;\n}\n";
}

std::vector<std::string> cycles_per_lane(double c) { return {fmt::format("mem.atomic_same_address_cycles={}", c)}; }

}  // namespace

TEST_CASE("a 32-lane atomic on one address waits for 32 x mem.atomic_same_address_cycles") {
  // ld.param at 0 (ready 4), cvta at 4 (ready 6), the atomic at 6: one sector, L1 bypassed, the slice starts at
  // 6, misses: DRAM at 6 + 500, then mem.atomic_latency 20, then ceil(32 C) for the 32 lanes one after another.
  for (double c : {0.0, 0.5, 3.0}) {
    INFO("mem.atomic_same_address_cycles " << c);
    const auto r = ttest::run(kernel(false, 1), 1, 32, 1, true, cycles_per_lane(c));
    CHECK(r.timing.cycles == 526 + static_cast<std::uint64_t>(std::ceil(32 * c)));
    CHECK(r.out[0] == 32);
  }
  // One lane: C once, not 32 times.
  const auto one = ttest::run(kernel(false, 1), 1, 1, 1, true, cycles_per_lane(3.0));
  CHECK(one.timing.cycles == 526 + 3);
  CHECK(one.out[0] == 1);
}

TEST_CASE("the slice serves the next same-address atomic after the previous one's lanes") {
  // ld.global at 6: DRAM, ready at 506 (out[0] = 1, so each atomic adds 1 per lane). Both atomics read %r2:
  // the first issues at 506, the second at 507. First: the slice starts at 506 and stays busy 32 C; L2 hit
  // (the load filled the sector): ready 506 + 200 + 20 + 32 C. Second: the slice starts at max(506 + 32 C, 507),
  // ready 200 + 20 + 32 C after that: 726 + 64 C for C >= 1/32.
  for (double c : {1.0, 3.0}) {
    INFO("mem.atomic_same_address_cycles " << c);
    const auto r = ttest::run(kernel(true, 2), 1, 32, 1, true, cycles_per_lane(c), {1});
    CHECK(r.timing.cycles == 726 + static_cast<std::uint64_t>(64 * c));
    CHECK(r.out[0] == 1 + 32 + 32);
  }
  // Without serialisation the second starts one cycle after the first: 507 + 220.
  CHECK(ttest::run(kernel(true, 2), 1, 32, 1, true, cycles_per_lane(0), {1}).timing.cycles == 727);
}

}  // namespace WARPSIM_UNITY_ID
