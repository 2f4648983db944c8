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

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
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

// dot_row_f32 (wgmma's f32-D path, a row of outputs at a time) against aligned_sum_f32 term by term, on random rows
// of every floating input type: values of every exponent (subnormals and zeros too), C of every magnitude, dropped or
// zero; rows that cancel exactly; results in f32's subnormal range and all-zero outputs, which it must leave to the
// caller (slow). Every other output must be aligned_sum_f32's bits.
TEST_CASE("tensor-core sum: a row at a time (dot_row_f32) gives aligned_sum_f32's bits", "[func][mma]") {
  using func::mma::aligned_sum_f32;
  using func::mma::dot_row_f32;
  using func::mma::element_scale;
  using func::mma::element_value;
  using func::mma::scale_exp;
  struct Form {
    MmaType t;
    unsigned K, bits;
    int align;
  };
  const Form forms[] = {{MmaType::F16, 16, 16, 2}, {MmaType::BF16, 16, 16, 2}, {MmaType::TF32, 8, 32, 2},
                        {MmaType::E4M3, 32, 8, -10}, {MmaType::E5M2, 32, 8, -10}, {MmaType::F16, 16, 16, 0}};
  std::uint64_t state = 0x9e3779b97f4a7c15ull;
  const auto next = [&state] {  // splitmix64: the same numbers everywhere
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  };
  constexpr unsigned N = 24;
  std::size_t compared = 0, slow_zero = 0, slow_subnormal = 0;
  for (const Form& f : forms)
    for (unsigned row = 0; row < 400; ++row) {
      const unsigned mode = row % 8;  // 0-3 random, 4 narrow exponents, 5 cancelling, 6 tiny, 7 zeros
      const auto value = [&](bool tiny) {
        for (;;) {
          std::uint64_t b = next() & ((std::uint64_t{1} << f.bits) - 1);
          if (f.t == MmaType::TF32) b &= 0xffffe000u;  // tf32: the top 19 bits
          if (tiny) b &= f.bits == 8 ? 0x83u : f.bits == 16 ? 0x83ffu : 0x807fe000u;  // subnormal (or zero)
          const double v = element_value(f.t, b);
          if (!std::isfinite(v)) continue;
          if (mode == 4 && v != 0 && std::abs(std::ilogb(v)) > 2) continue;
          return v;
        }
      };
      std::vector<double> a(f.K), bv(std::size_t{f.K} * N), c(N);
      std::vector<int> ea(f.K), eb(bv.size()), ec(N);
      for (unsigned k = 0; k < f.K; ++k) a[k] = mode == 7 ? 0.0 : value(mode == 6);
      for (std::size_t e = 0; e < bv.size(); ++e) bv[e] = value(mode == 6);
      if (mode == 5)  // column j's products cancel: b[k + K/2] = b[k], a[k + K/2] = -a[k]
        for (unsigned k = 0; k < f.K / 2; ++k) {
          a[k + f.K / 2] = -a[k];
          for (unsigned j = 0; j < N; ++j) bv[std::size_t{k + f.K / 2} * N + j] = bv[std::size_t{k} * N + j];
        }
      for (unsigned k = 0; k < f.K; ++k) ea[k] = scale_exp(element_scale(f.t, a[k]));
      for (std::size_t e = 0; e < bv.size(); ++e) eb[e] = scale_exp(element_scale(f.t, bv[e]));
      for (unsigned j = 0; j < N; ++j) {
        const unsigned pick = static_cast<unsigned>(next() % 6);
        float cf = std::bit_cast<float>(static_cast<std::uint32_t>(next()));
        if (!std::isfinite(cf) || pick == 0 || mode == 5 || mode == 7) cf = 0.0f;  // dropped or zero
        if (pick == 1) cf = std::bit_cast<float>(static_cast<std::uint32_t>(next() & 0x807fffffu));  // subnormal
        if (pick == 2) cf = static_cast<float>(std::ldexp(static_cast<double>(next() % 1000) - 500.0, -8));
        c[j] = cf;
        ec[j] = cf == 0 ? func::mma::kZeroExp : std::ilogb(static_cast<double>(cf));
      }
      std::vector<std::uint32_t> d(N);
      std::vector<std::uint8_t> slow(N, 0);
      dot_row_f32(f.K, a.data(), ea.data(), bv.data(), eb.data(), N, c.data(), ec.data(), f.align, d.data(),
                  slow.data());
      for (unsigned j = 0; j < N; ++j) {
        std::vector<double> terms{c[j]}, scales{std::fabs(c[j])};
        for (unsigned k = 0; k < f.K; ++k) {
          terms.push_back(a[k] * bv[std::size_t{k} * N + j]);
          scales.push_back(element_scale(f.t, a[k]) * element_scale(f.t, bv[std::size_t{k} * N + j]));
        }
        const auto want = static_cast<std::uint32_t>(aligned_sum_f32(terms, scales, f.align));
        if (slow[j] != 0) {
          const bool all_zero = std::all_of(scales.begin(), scales.end(), [](double s) { return s == 0; });
          (all_zero ? slow_zero : slow_subnormal) += 1;
          // Left to the caller only for these: every term zero, or a result below f32's smallest normal.
          CHECK((all_zero || std::fabs(static_cast<double>(std::bit_cast<float>(want))) < 0x1p-126));
          continue;
        }
        INFO("type " << static_cast<int>(f.t) << " align " << f.align << " row " << row << " column " << j);
        CHECK(d[j] == want);
        ++compared;
      }
    }
  CHECK(compared > 40000);
  CHECK(slow_zero > 100);
  CHECK(slow_subnormal > 100);
}

}  // namespace WARPSIM_UNITY_ID
