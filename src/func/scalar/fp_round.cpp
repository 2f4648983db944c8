// Decoding of binary floating-point formats, exact widening to double, and rounding of a double to any
// format (see fp_format.hpp, which holds the inline rounding routines round_pack and round_dd).
//
// Models: IEEE 754 encodings with the special-value conventions of each format (IEEE inf/NaN, e4m3's
// single NaN, no specials for e2m3/e3m2/e2m1); one correctly rounded step from double to a format.
// Works on integers and exact scalings only, so it does not depend on the host rounding mode.
// Leaves out: exception flags; NaN payloads (callers produce canonical NaNs).
#include <warpsim/func/scalar.hpp>

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
  if (f.width == 16 && f.ebits == 8) return static_cast<double>(as_f32((bits & 0xffff) << 16));
  if (f.width == 16 && f.ebits == 5) return static_cast<double>(f16_to_f32(static_cast<std::uint16_t>(bits)));
  const Unpacked u = unpack(f, bits);
  switch (u.kind) {
    case Unpacked::Zero: return u.sign ? -0.0 : 0.0;
    case Unpacked::Inf: return std::copysign(std::numeric_limits<double>::infinity(), u.sign ? -1.0 : 1.0);
    case Unpacked::NaN: return std::numeric_limits<double>::quiet_NaN();
    case Unpacked::Finite: break;
  }
  const double v = static_cast<double>(u.sig) * pow2(u.exp);  // exact: sig <= 53 bits, exp >= -1074
  return u.sign ? -v : v;
}

}  // namespace warpsim::func::scalar::detail
