// Global loads: a warp reading 32 consecutive u32 touches 4 sectors of one line; with a stride of 32 words
// every lane has its own sector. Sectors loaded before by the SM hit L1.
#include "timing_test_util.hpp"

#include <fmt/format.h>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

// out[tid] = out[tid * stride] + 1 (the buffer is read and written by the same kernel; lane 0's store goes
// last in program order, after every lane has loaded).
std::string kernel(unsigned stride_words, unsigned loads) {
  std::string ld;
  for (unsigned i = 0; i < loads; ++i) ld += "  ld.global.u32 %r2, [%rd3];\n";
  return ttest::header() + fmt::format(R"(
.visible .entry k(.param .u64 out) {{
  .reg .u32 %r<4>;
  .reg .u64 %rd<5>;
  mov.u32 %r1, %tid.x;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  mul.wide.u32 %rd2, %r1, {};
  add.u64 %rd3, %rd1, %rd2;
{}  add.u32 %r3, %r2, 1;
  mul.wide.u32 %rd2, %r1, 4;
  add.u64 %rd4, %rd1, %rd2;
  st.global.u32 [%rd4], %r3;
  exit;
}}
)",
                                       stride_words * 4, ld);
}

}  // namespace

TEST_CASE("global load sectors: unit stride vs stride 32") {
  std::vector<std::uint32_t> init(32 * 32);
  for (unsigned i = 0; i < init.size(); ++i) init[i] = 1000 + i;
  const auto unit = ttest::run(kernel(1, 1), 1, 32, 32 * 32, true, {}, init);
  CHECK(unit.timing.stats.global_ld_requests == 1);
  CHECK(unit.timing.stats.global_ld_sectors == 4);
  const auto strided = ttest::run(kernel(32, 1), 1, 32, 32 * 32, true, {}, init);
  CHECK(strided.timing.stats.global_ld_requests == 1);
  CHECK(strided.timing.stats.global_ld_sectors == 32);
  for (unsigned i = 0; i < 32; ++i) {
    CHECK(unit.out[i] == 1001 + i);
    CHECK(strided.out[i] == 1001 + 32 * i);
  }
}

TEST_CASE("global load sectors: stride 2 and scattered addresses") {
  std::vector<std::uint32_t> init(32 * 64);
  for (unsigned i = 0; i < init.size(); ++i) init[i] = 1000 + i;
  // Stride 2 words: 256 bytes, 8 sectors of 2 lines.
  const auto two = ttest::run(kernel(2, 1), 1, 32, 32 * 64, true, {}, init);
  CHECK(two.timing.stats.global_ld_requests == 1);
  CHECK(two.timing.stats.global_ld_sectors == 8);
  // Stride 37 words (148 bytes, odd): lane i reads byte 148 i; sectors floor(148 i / 32) are all distinct.
  const auto scattered = ttest::run(kernel(37, 1), 1, 32, 32 * 64, true, {}, init);
  CHECK(scattered.timing.stats.global_ld_sectors == 32);
  // Stride 3 words (12 bytes): 32 lanes span 384 bytes = 12 sectors.
  const auto three = ttest::run(kernel(3, 1), 1, 32, 32 * 64, true, {}, init);
  CHECK(three.timing.stats.global_ld_sectors == 12);
  for (unsigned i = 0; i < 32; ++i) {
    CHECK(two.out[i] == 1001 + 2 * i);
    CHECK(scattered.out[i] == 1001 + 37 * i);
  }
}

TEST_CASE("a repeated load hits L1: DRAM latency once, then L1 latency") {
  // tiny: mem.dram_latency 500, mem.l1_hit_latency 40. The second load of the same addresses waits for the
  // first (same destination register), then takes 40 cycles: 40 more than the kernel with one load.
  const auto one = ttest::run(kernel(1, 1), 1, 32, 32);
  const auto two = ttest::run(kernel(1, 2), 1, 32, 32);
  CHECK(two.timing.stats.global_ld_requests == 2);
  CHECK(two.timing.stats.global_ld_sectors == 8);
  CHECK(two.timing.stats.global_ld_sectors_l1_hit == 4);
  CHECK(two.timing.cycles - one.timing.cycles == 40);
}

}  // namespace WARPSIM_UNITY_ID
