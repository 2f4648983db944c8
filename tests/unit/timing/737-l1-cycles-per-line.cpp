// mem.l1_load_cycles_per_line / mem.l1_store_cycles_per_line: a warp access keeps its SM's L1 busy for the
// longer of its sectors at mem.l1_sectors_per_cycle and its distinct 128-byte lines at that many cycles each,
// its sectors leaving L1 evenly spread over that time.
#include "timing_test_util.hpp"

#include <fmt/format.h>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

// Lane i accesses out + i * stride bytes (a load into %r2 or a store of its tid); `then_load`: afterwards
// every lane loads out[1].
std::string strided(unsigned stride, bool store, bool then_load = false) {
  return ttest::header() + fmt::format(R"(
.visible .entry k(.param .u64 out) {{
  .reg .u32 %r<4>;
  .reg .u64 %rd<4>;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd2, %r1, {};
  add.s64 %rd3, %rd1, %rd2;
  {}
  {}
  exit;
}}
)",
                                       stride, store ? "st.global.u32 [%rd3], %r1;" : "ld.global.u32 %r2, [%rd3];",
                                       then_load ? "ld.global.u32 %r3, [%rd1+4];" : "");
}

// tiny: ld.param at 0 (ready 4), cvta at 4 (ready 6), mov %tid at 5 (ready 7), mul.wide at 7 (int, ready 11),
// add.s64 at 11 (ready 15): the access issues at 15.
constexpr std::uint64_t kIssue = 15;

}  // namespace

TEST_CASE("a warp load of 32 lines takes mem.l1_load_cycles_per_line per line") {
  // 32 lanes 128 bytes apart: 32 sectors in 32 lines, all cold. With P >= 2 cycles per line the L1 is busy 32 P
  // (more than 32 sectors / 4 per cycle = 8), sector i leaves at 15 + iP, the L2 slices (1 sector per cycle) and
  // DRAM (32 bytes per cycle) keep up, and each lands 500 later: the last at 15 + 31 P + 500.
  for (unsigned p : {2u, 4u, 10u}) {
    INFO("mem.l1_load_cycles_per_line " << p);
    const auto r =
        ttest::run(strided(128, false), 1, 32, 1024, true, {fmt::format("mem.l1_load_cycles_per_line={}", p)});
    CHECK(r.timing.cycles == kIssue + 31 * p + 500);
    CHECK(r.timing.stats.mem.l1_sector_misses == 32);
  }
  // P = 0: the sectors leave 4 per cycle and queue for DRAM's 32 bytes per cycle: the last starts at 15 + 31.
  CHECK(ttest::run(strided(128, false), 1, 32, 1024).timing.cycles == kIssue + 31 + 500);
  // One line: 32 lanes 4 bytes apart are 4 sectors of one line, L1 busy max(4 / 4, 1 x 10) = 10 cycles, sector i
  // leaves at 15 + floor(10 i / 4), the last at 15 + 7.
  const auto one_line = ttest::run(strided(4, false), 1, 32, 1024, true, {"mem.l1_load_cycles_per_line=10"});
  CHECK(one_line.timing.cycles == kIssue + 7 + 500);
}

TEST_CASE("lines, not sectors, set the per-line cost") {
  // 32 lanes 32 bytes apart: 32 sectors in 8 lines; P = 10: busy max(32 / 4, 8 x 10) = 80, sector i leaves at
  // 15 + floor(80 i / 32) = 15 + floor(2.5 i), the last (i = 31) at 15 + 77, then DRAM.
  const auto r = ttest::run(strided(32, false), 1, 32, 1024, true, {"mem.l1_load_cycles_per_line=10"});
  CHECK(r.timing.cycles == kIssue + 77 + 500);
}

TEST_CASE("a warp store of 32 lines keeps L1 busy mem.l1_store_cycles_per_line per line") {
  // The store issues at 15 and keeps L1 busy 32 P (P >= 1); the load of out[1] issues at 16 but enters L1 at
  // 15 + 32 P, misses L1 (stores do not allocate), and hits L2 (the store allocated the sector; its slice is
  // idle by then): 15 + 32 P + 200.
  for (unsigned p : {2u, 10u}) {
    INFO("mem.l1_store_cycles_per_line " << p);
    const auto r =
        ttest::run(strided(128, true, true), 1, 32, 1024, true, {fmt::format("mem.l1_store_cycles_per_line={}", p)});
    CHECK(r.timing.cycles == kIssue + 32 * p + 200);
    for (unsigned lane = 0; lane < 32; ++lane) CHECK(r.out[32 * lane] == lane);
  }
}

}  // namespace WARPSIM_UNITY_ID
