// mma.sync on the tensor pipe: a dependent chain costs pipe.tensor.latency per mma; independent ones hold the pipe
// pipe.tensor.issue_cycles + pipe.tensor.interval x multiply-adds / 2,048 / the type's rate, in whole cycles with
// the fraction carried to the next: an m16n8k16 f16 mma 2.6 + 4 = 6.6 cycles (6, 7, 6, 7, ...), an 8-bit m16n8k32
// (twice the multiply-adds at pipe.tensor.int8_rate 2) the same.
#include "timing_test_util.hpp"

#include <fmt/format.h>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

// n mma.m16n8k16 f16 -> f32; `dependent`: each accumulates into the previous one's D, else each writes its own D
// from the same C. The kernel then adds up every D (a dependence on all of them).
std::string mmas(unsigned n, bool dependent, bool int8 = false) {
  std::string body;
  for (unsigned i = 0; i < n; ++i) {
    const unsigned d = dependent ? 0 : i;
    const std::string c = dependent ? "{%f0, %f1, %f2, %f3}" : "{%f40, %f41, %f42, %f43}";
    const std::string dv = fmt::format("{{%f{}, %f{}, %f{}, %f{}}}", 4 * d, 4 * d + 1, 4 * d + 2, 4 * d + 3);
    if (int8)
      body += fmt::format("  mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {{%r{}, %r{}, %r{}, %r{}}}, "
                          "{{%r40, %r41, %r42, %r43}}, {{%r44, %r45}}, {{%r46, %r46, %r46, %r46}};\n",
                          4 * d, 4 * d + 1, 4 * d + 2, 4 * d + 3);
    else
      body += "  mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 " + dv +
              ", {%r40, %r41, %r42, %r43}, {%r44, %r45}, " + c + ";\n";
  }
  std::string sum;
  for (unsigned i = 1; i < (dependent ? 1 : n); ++i)
    sum += int8 ? fmt::format("  add.s32 %r0, %r0, %r{};\n", 4 * i) : fmt::format("  add.f32 %f0, %f0, %f{};\n", 4 * i);
  return ttest::header() +
         ".visible .entry k(.param .u64 out) {\n  .reg .f32 %f<48>;\n  .reg .b32 %r<48>;\n"
         "  mov.b32 %r40, 0;\n  mov.b32 %r41, 0;\n  mov.b32 %r42, 0;\n  mov.b32 %r43, 0;\n  mov.b32 %r44, 0;\n"
         "  mov.b32 %r45, 0;\n  mov.b32 %r46, 0;\n  mov.f32 %f0, 0f00000000;\n  mov.f32 %f1, 0f00000000;\n"
         "  mov.f32 %f2, 0f00000000;\n  mov.f32 %f3, 0f00000000;\n  mov.f32 %f40, 0f00000000;\n"
         "  mov.f32 %f41, 0f00000000;\n  mov.f32 %f42, 0f00000000;\n  mov.f32 %f43, 0f00000000;\n" +
         body + sum + "  exit;\n}\n";
}

}  // namespace

TEST_CASE("a dependent mma chain costs pipe.tensor.latency per mma", "[timing][tensor]") {
  const auto one = ttest::run(mmas(1, true), 1, 32, 1);
  const auto four = ttest::run(mmas(4, true), 1, 32, 1);
  CHECK(four.timing.cycles - one.timing.cycles == 3 * 35);  // the default pipe.tensor.latency (tiny sets none)
  const auto slow = ttest::run(mmas(4, true), 1, 32, 1, true, {"pipe.tensor.latency=40"});
  const auto slow1 = ttest::run(mmas(1, true), 1, 32, 1, true, {"pipe.tensor.latency=40"});
  CHECK(slow.timing.cycles - slow1.timing.cycles == 3 * 40);
}

TEST_CASE("independent mmas issue pipe.tensor.interval apart, scaled by size and type rate", "[timing][tensor]") {
  // Four independent m16n8k16 f16 mmas from one warp: holds of 6.6 cycles taken as 6, 7 and 6 (the carry 0.6, 0.2,
  // 0.8), so the last issues 19 cycles after the first. The adds that sum the four Ds each wait for the next D (6 or
  // 7 cycles after the previous, longer than tiny's fp32 latency 4), so the kernel ends one add (4 cycles) after
  // the last D lands: 19 + 4 more than with one mma (whose end is its own D, a latency after issue, like the last
  // D here).
  const auto one = ttest::run(mmas(1, false), 1, 32, 1);
  const auto four = ttest::run(mmas(4, false), 1, 32, 1);
  CHECK(four.timing.cycles - one.timing.cycles == 19 + 4);
  // pipe.tensor.interval=10: holds of 12.6 taken as 12, 13, 12: the last issues 37 cycles after the first.
  const auto one10 = ttest::run(mmas(1, false), 1, 32, 1, true, {"pipe.tensor.interval=10"});
  const auto four10 = ttest::run(mmas(4, false), 1, 32, 1, true, {"pipe.tensor.interval=10"});
  CHECK(four10.timing.cycles - one10.timing.cycles == 37 + 4);
  // m16n8k32 s8: 4,096 multiply-adds at twice the f16 rate: 6.6 cycles too; at int8_rate 4, 2.6 + 2 = 4.6, taken
  // as 4, 5, 4: the last issues 13 cycles after the first. The integer adds after them: tiny's int latency 4.
  const auto i1 = ttest::run(mmas(1, false, true), 1, 32, 1);
  const auto i4 = ttest::run(mmas(4, false, true), 1, 32, 1);
  CHECK(i4.timing.cycles - i1.timing.cycles == 19 + 4);
  const auto r1 = ttest::run(mmas(1, false, true), 1, 32, 1, true, {"pipe.tensor.int8_rate=4"});
  const auto r4 = ttest::run(mmas(4, false, true), 1, 32, 1, true, {"pipe.tensor.int8_rate=4"});
  CHECK(r4.timing.cycles - r1.timing.cycles == 13 + 4);
}

}  // namespace WARPSIM_UNITY_ID
