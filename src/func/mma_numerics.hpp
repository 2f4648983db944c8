// What the tensor-core instructions share between mma.sync (exec_matrix.cpp) and wgmma.mma_async (exec_wgmma.cpp):
// the .sync.aligned check, and the arithmetic: element values and alignment scales of each A/B type, the f32
// accumulator's aligned sum, the f16 accumulator's sum, and the PTX ISA's A-fragment layout of the m16n8kK shapes
// (which wgmma's A from registers shares, per warp).
// Models: what exec_matrix.cpp's header says of the numerics (one kernel, aligned_sum_f32 and its one-pass copy
// dot_f32 in exec_wgmma.cpp, for mma.sync and wgmma). Leaves out: everything about operands and lanes.
#pragma once

#include <warpsim/common/types.hpp>
#include <warpsim/ir/instr.hpp>

#include <bit>
#include <cmath>
#include <cstdint>
#include <span>
#include <string_view>

namespace warpsim::func {
struct InstrContext;
}

namespace warpsim::func::mma {

// The .sync.aligned rule of the matrix instructions: every lane of the warp executes `name` together; a fault naming
// the missing lanes and why (exited, nonexistent, guarded off, on another path) when `lanes` is not all 32.
void require_whole_warp(const InstrContext& cx, LaneMask active, LaneMask lanes, std::string_view name);

inline double f32_value(std::uint32_t bits) { return std::bit_cast<float>(bits); }  // exact
double f16_value(std::uint64_t bits);
// The value of one A or B element (its bits right-aligned) as a double: exact for every floating type.
double element_value(ir::MmaType t, std::uint64_t bits);
// The value of one integer or b1 element.
std::int64_t int_value(ir::MmaType t, std::uint64_t bits);
// The alignment scale of an A or B element of value v (element_value's): 2^e, e = max(floor(log2 |v|), the type's
// smallest normal exponent) (a subnormal counts at the smallest normal exponent), 0 for 0, v itself when not finite.
// A product's scale (the two elements' scales multiplied, exact) is 2^(e(a) + e(b)): its exponent before
// normalisation, one below the product's own when the significands' product is 2 or more.
// Branch-light: every element value is a normal double (or 0, inf, NaN), so its exponent bits are 2^floor(log2 |v|).
inline double element_scale(ir::MmaType t, double v) {
  const std::uint64_t e = std::bit_cast<std::uint64_t>(v) & 0x7ff0000000000000ull;
  if (e == 0x7ff0000000000000ull) return v;  // inf or NaN: not finite, as the product it makes
  if (v == 0) return 0.0;
  const int emin = t == ir::MmaType::F16 || t == ir::MmaType::E5M2 ? -14 : t == ir::MmaType::E4M3 ? -6 : -126;
  const double floor_scale = std::bit_cast<double>(static_cast<std::uint64_t>(1023 + emin) << 52);
  const double scale = std::bit_cast<double>(e);
  return scale > floor_scale ? scale : floor_scale;
}
// The f32 accumulator's sum (traces/wgmma: every f32 word of f16, bf16, tf32, e4m3 and e5m2 wgmma on the H200):
// terms[i] (C, exact products) each with its alignment scale scales[i] (C: |C| itself; a product: element_scale(a)
// x element_scale(b)); q = (the largest scale's exponent) - 23 - align_bits; every term truncated toward zero to a
// multiple of 2^q, added exactly; the sum truncated toward zero to keep_bits(align_bits) significant bits (bits).
// align_bits may be negative: fewer than 24 bits kept.
std::uint64_t aligned_sum_f32(std::span<const double> terms, std::span<const double> scales, int align_bits);
// The significant bits the aligned sum keeps: f32's 24, or 24 + align_bits when fewer (e4m3/e5m2 wgmma: 14).
constexpr int keep_bits(int align_bits) { return align_bits < 0 ? 24 + align_bits : 24; }
// aligned_sum_f32's last step: sum x 2^q (the aligned terms' exact sum in units of 2^q) truncated toward zero to
// `keep` (at most 24) significant bits, as f32 (bits).
inline std::uint64_t sum_to_f32(std::int64_t sum, int q, int keep) {
  if (sum == 0) return 0;
  // Round |sum| x 2^q toward zero to `keep` significant bits.
  const bool neg = sum < 0;
  std::uint64_t mag = static_cast<std::uint64_t>(neg ? -sum : sum);
  const int width = 64 - std::countl_zero(mag);
  int shift = 0;
  if (width > keep) {
    shift = width - keep;
    mag >>= shift;
  }
  const int e = q + shift;  // |sum| = mag x 2^e, mag below 2^24: exact in a double; to float exact unless it underflows
  const double m = static_cast<double>(mag);
  const float v = e > -1000 && e < 1000
                      ? static_cast<float>(m * std::bit_cast<double>(static_cast<std::uint64_t>(1023 + e) << 52))
                      : static_cast<float>(std::ldexp(m, e));
  return std::bit_cast<std::uint32_t>(neg ? -v : v);
}
// The exponent an element scale (element_scale: a power of two, or 0) stands for in dot_row_f32: log2 of it, kZeroExp
// for 0 (below any sum of two real exponents, so a zero never sets the alignment). Of any finite, normal double (C)
// the exponent of its magnitude, floor(log2 |x|).
constexpr int kZeroExp = -(1 << 20);
inline int scale_exp(double s) {
  return s == 0 ? kZeroExp : static_cast<int>((std::bit_cast<std::uint64_t>(s) >> 52) & 0x7ff) - 1023;
}
// aligned_sum_f32 for one row of an f32 D at once (wgmma's hot loop: every output of every f32-D wgmma), K (8, 16 or
// 32) products per output. a[k]: the row's finite A values, ea[k] their scale_exp; bv[k N + j], eb[k N + j]: B's
// finite values by K rows of N (N a multiple of 8) and their scale_exp; c[j]: C (0 when dropped), ec[j] the exponent
// of |c[j]| (kZeroExp for 0). Writes d[j], the f32 bits aligned_sum_f32 gives for C and the products a[k] b[kN + j]
// with scales 2^(ea[k] + eb[kN + j]) and |C|, for 0 <= align_bits <= 5 or below 0, and sets slow[j] (leaving the
// others as they are) where this path does not give them: every term zero, a 2^-q that is not a normal double, or a
// result in f32's subnormal range; the caller redoes those one by one. The same arithmetic, vectorised over eight
// columns: each product is exact in a double and so is its product with 2^-q; each is truncated toward zero through
// an int32 (|a b| 2^-q < 2^(25 + align_bits)); the truncated terms are integers of at most 36 bits in all, so their
// sum in a double is exact in any order; sum x 2^q is then exact too, and clearing the fraction bits below
// keep_bits(align_bits) significant ones truncates it toward zero (sign and magnitude) as sum_to_f32 does. The sum
// starts at +0 so that terms of -0 make +0, as the integer sum's 0 does.
void dot_row_f32(unsigned K, const double* a, const int* ea, const double* bv, const int* eb, unsigned N,
                 const double* c, const int* ec, int align_bits, std::uint32_t* d, std::uint8_t* slow);
// f16 accumulator: the terms aligned and truncated as aligned_sum_f32's (the same scales and q), summed exactly, the
// sum rounded once to f16, to nearest even (bits): no truncation to keep_bits (traces/wgmma: e4m3 with an f16 D).
std::uint64_t half_sum(std::span<const double> terms, std::span<const double> scales, int align_bits);

struct Cell {
  unsigned row, col;
};
// Where element i of A's register r of lane `lane` sits (M rows x K), `epr` elements per 32-bit register.
Cell a_cell(unsigned m, unsigned epr, unsigned lane, unsigned r, unsigned i);

}  // namespace warpsim::func::mma
