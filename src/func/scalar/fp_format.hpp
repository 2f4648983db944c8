// Private: binary floating-point formats as data, and the rounding routines every float path shares.
//
// Models: every format the scalar semantics touch (f16, bf16, tf32, f32, f64, and the narrow e4m3, e5m2,
// e2m3, e3m2, e2m1 of cvt) described by a table row, not by code; decoding raw bits into sign/exponent/
// significand; rounding an exact value (given as a significand with a sticky bit) to any of them under
// every IEEE rounding direction plus round-to-nearest-away, with subnormals and overflow as IEEE 754
// says; rounding a double-double (hi + lo) to a narrower format without double rounding.
// Leaves out: the arithmetic itself (softfloat.cpp, fp_dd.cpp, fp_arith.cpp) and PTX modifiers (.ftz/.sat/.relu).
#pragma once

#include <warpsim/ir/types.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>

namespace warpsim::func::scalar::detail {

__extension__ typedef unsigned __int128 u128;

// How the top exponent encoding is used.
enum class Specials : std::uint8_t {
  Ieee,     // all-ones exponent: zero fraction = inf, otherwise NaN
  NanOnly,  // e4m3: only S.1111.111 is NaN, the rest of the top binade is finite; no inf
  None,     // e2m3, e3m2, e2m1: every encoding is a finite number
};

struct FpFormat {
  int ebits;  // exponent field width
  int mbits;  // explicit fraction bits
  int bias;
  Specials specials;
  std::uint64_t max_finite;  // encoding of the largest finite magnitude
  std::uint64_t nan;         // canonical NaN encoding (unused when specials == None)
  unsigned width;            // total bits
};

inline constexpr FpFormat kF16{5, 10, 15, Specials::Ieee, 0x7bff, 0x7fff, 16};
inline constexpr FpFormat kBF16{8, 7, 127, Specials::Ieee, 0x7f7f, 0x7fff, 16};
inline constexpr FpFormat kF32{8, 23, 127, Specials::Ieee, 0x7f7fffff, 0x7fffffff, 32};
inline constexpr FpFormat kF64{11, 52, 1023, Specials::Ieee, 0x7fefffffffffffffull, 0x7fffffffffffffffull, 64};
// tf32 as a 19-bit format (sign, 8-bit exponent, 10-bit fraction); cvt places it in bits 31..13 of an f32.
inline constexpr FpFormat kTF32{8, 10, 127, Specials::Ieee, 0x3fbff, 0x3ffff, 19};
inline constexpr FpFormat kE4M3{4, 3, 7, Specials::NanOnly, 0x7e, 0x7f, 8};
inline constexpr FpFormat kE5M2{5, 2, 15, Specials::Ieee, 0x7b, 0x7f, 8};
inline constexpr FpFormat kE2M3{2, 3, 1, Specials::None, 0x1f, 0, 6};
inline constexpr FpFormat kE3M2{3, 2, 3, Specials::None, 0x1f, 0, 6};
inline constexpr FpFormat kE2M1{2, 1, 1, Specials::None, 0x7, 0, 4};

// Decoded value. For Finite: value = (-1)^sign * sig * 2^exp, sig != 0 (not normalised).
struct Unpacked {
  enum Kind : std::uint8_t { Zero, Finite, Inf, NaN } kind;
  bool sign;
  int exp;
  std::uint64_t sig;
};

Unpacked unpack(const FpFormat& f, std::uint64_t bits);

// Rounds (-1)^sign * (sig + frac) * 2^exp, 0 <= frac < 1 and sticky = (frac != 0), to format f.
// Requires sig != 0, and when sticky is set, sig must have at least f.mbits + 2 significant bits.
// mode: RN/None (nearest even), RNA (nearest, ties away), RZ (and RS), RM, RP; the integral modes
// RNI/RZI/RMI/RPI are read as RN/RZ/RM/RP. Overflow gives inf or the largest finite value as IEEE 754
// says for the mode, or the largest finite value when satfinite (or when f has no inf and no NaN);
// a format with NaN but no inf (e4m3) overflows to NaN unless satfinite.
std::uint64_t round_pack(const FpFormat& f, bool sign, int exp, std::uint64_t sig, bool sticky, ir::Rnd mode,
                         bool satfinite = false);

// Rounds the exact value hi + lo to f, where hi is a finite non-zero double, lo has |lo| <= ulp(hi) / 2
// (as hi = RN(hi + lo) guarantees), and hi is normal whenever lo != 0.
std::uint64_t round_dd(const FpFormat& f, double hi, double lo, ir::Rnd mode, bool satfinite = false);

// Rounds a double to f: NaN -> f.nan (the largest positive value for a format without NaN); infinities
// and zeros keep their sign (inf -> the largest finite value when satfinite or when f has no inf);
// finite values are rounded once with mode.
std::uint64_t from_double(const FpFormat& f, double v, ir::Rnd mode, bool satfinite = false);

// Encodings of infinity (a format with Specials::Ieee) and signed zero.
constexpr std::uint64_t inf_bits(const FpFormat& f, bool sign) {
  return (static_cast<std::uint64_t>(sign) << (f.width - 1)) | (((std::uint64_t{1} << f.ebits) - 1) << f.mbits);
}
constexpr std::uint64_t zero_bits(const FpFormat& f, bool sign) {
  return static_cast<std::uint64_t>(sign) << (f.width - 1);
}
constexpr std::uint64_t sign_mask(const FpFormat& f) { return std::uint64_t{1} << (f.width - 1); }
constexpr std::uint64_t exp_mask(const FpFormat& f) { return ((std::uint64_t{1} << f.ebits) - 1) << f.mbits; }
constexpr std::uint64_t frac_mask(const FpFormat& f) { return (std::uint64_t{1} << f.mbits) - 1; }
constexpr std::uint64_t one_bits(const FpFormat& f) { return static_cast<std::uint64_t>(f.bias) << f.mbits; }

constexpr bool is_nan_bits(const FpFormat& f, std::uint64_t bits) {
  const std::uint64_t mag = bits & (sign_mask(f) - 1);
  switch (f.specials) {
    case Specials::Ieee: return mag > exp_mask(f);
    case Specials::NanOnly: return mag == (exp_mask(f) | frac_mask(f));
    case Specials::None: return false;
  }
  return false;
}
constexpr bool is_subnormal_bits(const FpFormat& f, std::uint64_t bits) {
  return (bits & exp_mask(f)) == 0 && (bits & frac_mask(f)) != 0;
}

// The format of a scalar float type; nullptr for anything else. TF32 maps to kTF32.
const FpFormat* format_of(ir::ScalarType t);

// Host-value helpers.
inline float as_f32(std::uint64_t bits) { return std::bit_cast<float>(static_cast<std::uint32_t>(bits)); }
inline double as_f64(std::uint64_t bits) { return std::bit_cast<double>(bits); }
inline std::uint32_t bits_of(float f) { return std::bit_cast<std::uint32_t>(f); }
inline std::uint64_t bits_of(double d) { return std::bit_cast<std::uint64_t>(d); }

// 2^e as a double, exact for -1074 <= e <= 1023; built from bits in the normal range (no libm call).
inline double pow2(int e) {
  if (e >= -1022 && e <= 1023) return std::bit_cast<double>(static_cast<std::uint64_t>(e + 1023) << 52);
  return std::ldexp(1.0, e);
}

// Exact widening of any format's value (all formats here fit a double exactly).
double to_double(const FpFormat& f, std::uint64_t bits);

// Normalises a rounding mode: None -> RN, RS -> RZ, integral modes -> their float counterpart.
constexpr ir::Rnd float_mode(ir::Rnd r) {
  switch (r) {
    case ir::Rnd::None:
    case ir::Rnd::RN:
    case ir::Rnd::RNI: return ir::Rnd::RN;
    case ir::Rnd::RZ:
    case ir::Rnd::RS:
    case ir::Rnd::RZI: return ir::Rnd::RZ;
    case ir::Rnd::RM:
    case ir::Rnd::RMI: return ir::Rnd::RM;
    case ir::Rnd::RP:
    case ir::Rnd::RPI: return ir::Rnd::RP;
    case ir::Rnd::RNA: return ir::Rnd::RNA;
  }
  return ir::Rnd::RN;
}

// ---- the rounding routines' definitions: inline, so that callers with a fixed format constant-fold it ----

[[gnu::always_inline]] inline std::uint64_t round_pack(const FpFormat& f, bool sign, int exp, std::uint64_t sig,
                                                       bool sticky, ir::Rnd mode, bool satfinite) {
  const int lz = std::countl_zero(sig);
  sig <<= lz;
  exp -= lz;
  const int e_top = exp + 63;  // the value lies in [2^e_top, 2^(e_top+1))
  const int emin = 1 - f.bias;
  const int ulp_exp = std::max(e_top, emin) - f.mbits;
  const int shift = ulp_exp - exp;  // >= 63 - mbits >= 11

  std::uint64_t q = 0;
  bool half = false;
  bool rest = true;
  if (shift < 64) {
    q = sig >> shift;
    half = ((sig >> (shift - 1)) & 1) != 0;
    rest = (sig & ((std::uint64_t{1} << (shift - 1)) - 1)) != 0;
  } else if (shift == 64) {
    half = (sig >> 63) != 0;
    rest = (sig << 1) != 0;
  }
  rest = rest || sticky;

  const ir::Rnd m = float_mode(mode);
  bool up = false;
  switch (m) {
    case ir::Rnd::RN: up = half && (rest || (q & 1) != 0); break;
    case ir::Rnd::RNA: up = half; break;
    case ir::Rnd::RP: up = !sign && (half || rest); break;
    case ir::Rnd::RM: up = sign && (half || rest); break;
    default: break;  // RZ
  }
  q += up ? 1 : 0;

  const int max_field = (1 << f.ebits) - 1;
  std::uint64_t mag = 0;
  if (e_top < emin) {
    mag = q;  // subnormal; a carry into bit mbits yields the smallest normal
  } else if (e_top - emin >= max_field) {
    mag = std::numeric_limits<std::uint64_t>::max();
  } else {
    // q holds the hidden bit, which adds one to the exponent field: field = e_top - emin + 1.
    mag = (static_cast<std::uint64_t>(e_top - emin) << f.mbits) + q;
  }

  if (mag > f.max_finite) {
    if (satfinite || f.specials == Specials::None) {
      mag = f.max_finite;
    } else if (f.specials == Specials::NanOnly) {
      return f.nan;
    } else {
      const bool to_inf =
          m == ir::Rnd::RN || m == ir::Rnd::RNA || (m == ir::Rnd::RP && !sign) || (m == ir::Rnd::RM && sign);
      return to_inf ? inf_bits(f, sign) : zero_bits(f, sign) | f.max_finite;
    }
  }
  return zero_bits(f, sign) | mag;
}

[[gnu::always_inline]] inline std::uint64_t round_dd(const FpFormat& f, double hi, double lo, ir::Rnd mode,
                                                     bool satfinite) {
  const std::uint64_t b = bits_of(hi);
  const bool sign = (b >> 63) != 0;
  const int field = static_cast<int>((b >> 52) & 0x7ff);
  std::uint64_t sig = b & ((std::uint64_t{1} << 52) - 1);
  int exp = -1074;
  if (field != 0) {
    sig |= std::uint64_t{1} << 52;
    exp = field - 1075;
  }
  if (lo == 0.0) return round_pack(f, sign, exp, sig, false, mode, satfinite);

  // Work in units of ulp(hi) / 8: |lo| is at most 4 of them, so hi + lo = 8 * sig +- whole +- a fraction.
  sig <<= 3;
  const double t = std::fabs(lo) * pow2(3 - exp);  // exact unless it underflows (then t < 1)
  std::uint64_t whole = 0;
  bool frac = true;
  if (t >= 1.0) {
    whole = static_cast<std::uint64_t>(t);  // t <= 4: truncation is floor
    frac = t != static_cast<double>(whole);
  }
  if (std::signbit(lo) == sign) {
    sig += whole;
  } else {
    sig -= whole + (frac ? 1 : 0);
  }
  return round_pack(f, sign, exp - 3, sig, frac, mode, satfinite);
}

}  // namespace warpsim::func::scalar::detail
