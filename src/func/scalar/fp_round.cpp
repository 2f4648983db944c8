// Decoding and correctly rounded encoding of binary floating-point formats (see fp_format.hpp).
//
// Models: IEEE 754 rounding of an exact value to a p-bit format with gradual underflow (tininess is
// irrelevant: the rounded value is computed exactly, then encoded), all directions plus ties-away, and
// the overflow results IEEE 754 prescribes per direction. Works on integers only, so it does not depend
// on the host floating-point environment.
// Leaves out: exception flags; NaN payloads (callers produce canonical NaNs).
#include "fp_format.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace warpsim::func::scalar::detail {

using ir::Rnd;

Unpacked unpack(const FpFormat& f, std::uint64_t bits) {
  const bool sign = ((bits >> (f.width - 1)) & 1) != 0;
  const std::uint64_t top = (std::uint64_t{1} << f.ebits) - 1;
  const std::uint64_t field = (bits >> f.mbits) & top;
  const std::uint64_t frac = bits & frac_mask(f);
  if (field == top) {
    if (f.specials == Specials::Ieee) return {frac != 0 ? Unpacked::NaN : Unpacked::Inf, sign, 0, 0};
    if (f.specials == Specials::NanOnly && frac == frac_mask(f)) return {Unpacked::NaN, sign, 0, 0};
  }
  if (field == 0) {
    if (frac == 0) return {Unpacked::Zero, sign, 0, 0};
    return {Unpacked::Finite, sign, 1 - f.bias - f.mbits, frac};
  }
  return {Unpacked::Finite, sign, static_cast<int>(field) - f.bias - f.mbits, frac | (std::uint64_t{1} << f.mbits)};
}

std::uint64_t round_pack(const FpFormat& f, bool sign, int exp, std::uint64_t sig, bool sticky, Rnd mode,
                         bool satfinite) {
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

  const Rnd m = float_mode(mode);
  bool up = false;
  switch (m) {
    case Rnd::RN: up = half && (rest || (q & 1) != 0); break;
    case Rnd::RNA: up = half; break;
    case Rnd::RP: up = !sign && (half || rest); break;
    case Rnd::RM: up = sign && (half || rest); break;
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
      const bool to_inf = m == Rnd::RN || m == Rnd::RNA || (m == Rnd::RP && !sign) || (m == Rnd::RM && sign);
      return to_inf ? inf_bits(f, sign) : zero_bits(f, sign) | f.max_finite;
    }
  }
  return zero_bits(f, sign) | mag;
}

std::uint64_t round_dd(const FpFormat& f, double hi, double lo, Rnd mode, bool satfinite) {
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
  const double t = std::ldexp(std::fabs(lo), 3 - exp);  // exact unless it underflows (then t < 1)
  std::uint64_t whole = 0;
  bool frac = true;
  if (t >= 1.0) {
    const double fl = std::floor(t);
    whole = static_cast<std::uint64_t>(fl);
    frac = t != fl;
  }
  if (std::signbit(lo) == sign) {
    sig += whole;
  } else {
    sig -= whole + (frac ? 1 : 0);
  }
  return round_pack(f, sign, exp - 3, sig, frac, mode, satfinite);
}

std::uint64_t from_double(const FpFormat& f, double v, Rnd mode, bool satfinite) {
  if (std::isnan(v)) return f.specials == Specials::None ? f.max_finite : f.nan;
  const bool sign = std::signbit(v);
  if (v == 0.0) return zero_bits(f, sign);
  if (std::isinf(v)) {
    if (satfinite || f.specials == Specials::None) return zero_bits(f, sign) | f.max_finite;
    return f.specials == Specials::Ieee ? inf_bits(f, sign) : f.nan;
  }
  return round_dd(f, v, 0.0, mode, satfinite);
}

const FpFormat* format_of(ir::ScalarType t) {
  using ir::ScalarType;
  switch (t) {
    case ScalarType::F16: return &kF16;
    case ScalarType::BF16: return &kBF16;
    case ScalarType::F32: return &kF32;
    case ScalarType::F64: return &kF64;
    case ScalarType::TF32: return &kTF32;
    case ScalarType::E4M3x2: return &kE4M3;
    case ScalarType::E5M2x2: return &kE5M2;
    case ScalarType::E2M3x2: return &kE2M3;
    case ScalarType::E3M2x2: return &kE3M2;
    case ScalarType::E2M1x2: return &kE2M1;
    default: return nullptr;
  }
}

double to_double(const FpFormat& f, std::uint64_t bits) {
  if (f.width == 64) return as_f64(bits);
  if (f.width == 32 && f.mbits == 23) return static_cast<double>(as_f32(bits));
  const Unpacked u = unpack(f, bits);
  switch (u.kind) {
    case Unpacked::Zero: return u.sign ? -0.0 : 0.0;
    case Unpacked::Inf: return u.sign ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
    case Unpacked::NaN: return std::numeric_limits<double>::quiet_NaN();
    case Unpacked::Finite: break;
  }
  const double v = std::ldexp(static_cast<double>(u.sig), u.exp);
  return u.sign ? -v : v;
}

}  // namespace warpsim::func::scalar::detail
