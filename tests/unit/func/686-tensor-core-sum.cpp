// 686: the tensor cores' f32- and f16-accumulator sums (src/func/mma_numerics.hpp) on hand-made terms, each case
// one fact the H200 showed (traces/wgmma, tools/numerics/wgmma_match.py): a product is aligned by e(a) + e(b), not
// by its own exponent (so 1.5 x 1.5 keeps one bit more below it than 2.25 alone would); the window is 2 bits below a
// 24-bit significand (f16/bf16/tf32) or 13 fraction bits (fp8, align_bits -10), truncating toward zero (negative
// terms toward zero too); C aligns by its own exponent; fp8's f32 sum keeps 14 significant bits, its f16 sum rounds
// the aligned sum to nearest f16 without that truncation; subnormal inputs count at their format's smallest normal
// exponent.
// Leaves out: NaN and infinity terms (the H200's NaN payloads are not measured).
#include "func/mma_numerics.hpp"

#include <catch2/catch.hpp>

#include <bit>
#include <cmath>
#include <vector>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim;
using ir::MmaType;

namespace {

struct Term {
  double v, scale;
};

// A product's term: its value and its scale (element_scale of both factors).
Term prod(MmaType t, double a, double b) {
  return {a * b, func::mma::element_scale(t, a) * func::mma::element_scale(t, b)};
}
Term acc(double c) { return {c, std::fabs(c)}; }

std::uint32_t sum32(const std::vector<Term>& ts, int align_bits) {
  std::vector<double> v, s;
  for (const Term& t : ts) {
    v.push_back(t.v);
    s.push_back(t.scale);
  }
  return static_cast<std::uint32_t>(func::mma::aligned_sum_f32(v, s, align_bits));
}

std::uint32_t bits(float f) { return std::bit_cast<std::uint32_t>(f); }

}  // namespace

TEST_CASE("tensor-core sum: element scales", "[func][mma]") {
  using func::mma::element_scale;
  CHECK(element_scale(MmaType::F16, 1.5) == 1.0);
  CHECK(element_scale(MmaType::F16, -3.0) == 2.0);
  CHECK(element_scale(MmaType::F16, 0.0) == 0.0);
  CHECK(element_scale(MmaType::F16, std::ldexp(1.0, -24)) == std::ldexp(1.0, -14));  // f16 subnormal
  CHECK(element_scale(MmaType::E4M3, std::ldexp(3.0, -9)) == std::ldexp(1.0, -6));   // e4m3 subnormal
  CHECK(element_scale(MmaType::E5M2, std::ldexp(1.0, -16)) == std::ldexp(1.0, -14));
  CHECK(element_scale(MmaType::TF32, std::ldexp(1.0, -130)) == std::ldexp(1.0, -126));
  CHECK(element_scale(MmaType::BF16, 100.0) == 64.0);
}

TEST_CASE("tensor-core sum: f32 accumulator, f16 inputs (align_bits 2)", "[func][mma]") {
  const MmaType h = MmaType::F16;
  const double u = std::ldexp(1.0, -25);
  // 1.5 x 1.5 = 2.25 aligns at 2^0 (e(a) + e(b)): q = -25, so -2^-25 is kept and the sum rounds toward zero below
  // 2.25. Aligned by its own exponent (2^1, q = -24) the small term would vanish and the result be 2.25.
  CHECK(sum32({prod(h, 1.5, 1.5), prod(h, -std::ldexp(1.0, -13), std::ldexp(1.0, -12))}, 2) == bits(2.25f) - 1);
  // The same magnitudes with 2.25 as C (its own exponent, 1): -2^-25 truncates to zero.
  CHECK(sum32({acc(2.25), prod(h, -std::ldexp(1.0, -13), std::ldexp(1.0, -12))}, 2) == bits(2.25f));
  // 1 + 2^-26: below the window (q = -25), truncated away; 1 - 2^-26 truncates toward zero too: 1.
  CHECK(sum32({prod(h, 1.0, 1.0), prod(h, std::ldexp(1.0, -13), std::ldexp(1.0, -13))}, 2) == bits(1.0f));
  CHECK(sum32({prod(h, 1.0, 1.0), prod(h, -std::ldexp(1.0, -13), std::ldexp(1.0, -13))}, 2) == bits(1.0f));
  // 1 + 2^-24 + 2^-25 (both in the window): the exact sum rounded toward zero to f32 is 1.
  CHECK(sum32({prod(h, 1.0, 1.0), prod(h, std::ldexp(1.0, -12), std::ldexp(1.0, -12)), {u, u}}, 2) == bits(1.0f));
  // 1 - 2^-25: in the window, the sum 1 - 2^-25 rounds toward zero to 1 - 2^-24.
  CHECK(sum32({prod(h, 1.0, 1.0), {-u, u}}, 2) == bits(1.0f) - 1);
  // All zero: +0; all -0: -0.
  CHECK(sum32({acc(0.0), prod(h, 0.0, 1.0)}, 2) == 0u);
  CHECK(sum32({acc(-0.0), prod(h, -0.0, 1.0)}, 2) == 0x80000000u);
}

TEST_CASE("tensor-core sum: fp8 (align_bits -10: 13 fraction bits, 14 kept)", "[func][mma]") {
  const MmaType q = MmaType::E4M3;
  // 1 + 2^-13: in the window and within 14 bits.
  CHECK(sum32({prod(q, 1.0, 1.0), prod(q, std::ldexp(1.0, -7), std::ldexp(1.0, -6))}, -10) ==
        bits(1.0f + std::ldexp(1.0f, -13)));
  // 1 + 2^-14: below the window.
  CHECK(sum32({prod(q, 1.0, 1.0), prod(q, std::ldexp(1.0, -8), std::ldexp(1.0, -6))}, -10) == bits(1.0f));
  // 1.5 + 1.5 + 2^-13 = 3 + 2^-13: the sum has 15 significant bits; 14 are kept: 3.
  CHECK(sum32({prod(q, 1.5, 1.0), prod(q, 1.5, 1.0), prod(q, std::ldexp(1.0, -7), std::ldexp(1.0, -6))}, -10) ==
        bits(3.0f));
  // C = 0.75 below a product of 1.75 x 1.75 = 3.0625 (aligned at 2^0): C's 2^-13 bit is kept in the sum, then the
  // sum 3.8125 + 2^-13 keeps 14 bits: 3.8125.
  CHECK(sum32({acc(0.75 + std::ldexp(1.0, -13)), prod(q, 1.75, 1.75)}, -10) == bits(3.8125f));
  // e4m3 subnormal 2^-9 x 2^-9 aligns at 2^-12 (each counts at 2^-6): alone it is exact.
  CHECK(sum32({prod(q, std::ldexp(1.0, -9), std::ldexp(1.0, -9))}, -10) == bits(std::ldexp(1.0f, -18)));
}

TEST_CASE("tensor-core sum: f16 accumulator", "[func][mma]") {
  using func::mma::half_sum;
  // fp8 with an f16 D: 1 + 2^-11 + 2^-12 is in the window (no 14-bit truncation first) and rounds to nearest f16:
  // 1 + 2^-10 (0x3c01).
  const std::vector<double> v{1.0, std::ldexp(1.0, -11), std::ldexp(1.0, -12)};
  const std::vector<double> s{1.0, std::ldexp(1.0, -11), std::ldexp(1.0, -12)};
  CHECK(half_sum(v, s, -10) == 0x3c01u);
}

}  // namespace WARPSIM_UNITY_ID
