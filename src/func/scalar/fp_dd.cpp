// Basic float operations for f16, bf16 and f32 operands through host double (see fp_paths.hpp).
//
// Models: exact results represented as an unevaluated sum hi + lo of doubles (TwoSum for sums; products
// of these formats are exact in double; r = a - q*b and r = a - s*s are exact via fma), then one rounding
// to the target format by round_dd, so any rounding direction is honoured without touching the host
// rounding mode. Exact-zero sums get the IEEE sign (-0 only under RM, or when both addends are -0).
// Leaves out: f64 operands (not exact in double; softfloat.cpp handles them).
#include <warpsim/func/scalar.hpp>

#include "fp_paths.hpp"
#include "softfloat.hpp"

#include <cmath>

namespace warpsim::func::scalar::detail {
namespace {

using ir::Rnd;

template <const FpFormat& F>
std::uint64_t special(double v) {
  return std::isnan(v) ? F.nan : inf_bits(F, std::signbit(v));
}

// Rounds the exact sum p + z (p, z exactly representable doubles, no overflow possible).
template <const FpFormat& F>
std::uint64_t sum(double p, double z, Rnd mode) {
  const double s = p + z;
  if (!std::isfinite(s)) return special<F>(s);
  if (s == 0.0) {
    const bool sp = std::signbit(p);
    const bool sz = std::signbit(z);
    const bool neg = (p == 0.0 && z == 0.0 && sp == sz) ? sp : float_mode(mode) == Rnd::RM;
    return zero_bits(F, neg);
  }
  const double bb = s - p;
  const double err = (p - (s - bb)) + (z - bb);
  return round_dd(F, s, err, mode);
}

// Exact widening of an operand (NaN payloads do not matter: results are canonical).
template <const FpFormat& F>
double widen(std::uint64_t bits) {
  if constexpr (F.width == 32) {
    return static_cast<double>(as_f32(bits));
  } else if constexpr (F.ebits == 8) {
    return static_cast<double>(as_f32((bits & 0xffff) << 16));
  } else {
    return static_cast<double>(f16_to_f32(static_cast<std::uint16_t>(bits)));
  }
}

template <const FpFormat& F>
std::uint64_t dd_impl(FOp op, std::uint64_t a, std::uint64_t b, std::uint64_t c, Rnd mode) {
  const double x = widen<F>(a);
  switch (op) {
    case FOp::Add: return sum<F>(x, widen<F>(b), mode);
    case FOp::Mul: {
      const double p = x * widen<F>(b);  // exact
      if (!std::isfinite(p)) return special<F>(p);
      if (p == 0.0) return zero_bits(F, std::signbit(p));
      return round_dd(F, p, 0.0, mode);
    }
    case FOp::Fma: return sum<F>(x * widen<F>(b), widen<F>(c), mode);  // the product is exact
    case FOp::Div: {
      const double y = widen<F>(b);
      const double q = x / y;
      if (!std::isfinite(x) || !std::isfinite(y) || x == 0.0 || y == 0.0) {
        return std::isfinite(q) ? zero_bits(F, std::signbit(q)) : special<F>(q);
      }
      const double r = std::fma(-q, y, x);  // exact remainder
      return round_dd(F, q, r / y, mode);
    }
    case FOp::Sqrt: {
      const double s = std::sqrt(x);
      if (!(x > 0.0) || !std::isfinite(x)) return std::isfinite(s) ? zero_bits(F, std::signbit(s)) : special<F>(s);
      const double r = std::fma(-s, s, x);  // exact remainder
      return round_dd(F, s, r / (2.0 * s), mode);
    }
  }
  return F.nan;
}

}  // namespace

std::uint64_t dd_arith(FOp op, const FpFormat& f, std::uint64_t a, std::uint64_t b, std::uint64_t c, Rnd mode) {
  if (f.width == 32) return dd_impl<kF32>(op, a, b, c, mode);
  if (f.ebits == 8) return dd_impl<kBF16>(op, a, b, c, mode);
  return dd_impl<kF16>(op, a, b, c, mode);
}

std::uint64_t sf_arith(FOp op, const FpFormat& f, std::uint64_t a, std::uint64_t b, std::uint64_t c, Rnd mode) {
  switch (op) {
    case FOp::Add: return sf_add(f, a, b, mode);
    case FOp::Mul: return sf_mul(f, a, b, mode);
    case FOp::Fma: return sf_fma(f, a, b, c, mode);
    case FOp::Div: return sf_div(f, a, b, mode);
    case FOp::Sqrt: return sf_sqrt(f, a, mode);
  }
  return f.nan;
}

}  // namespace warpsim::func::scalar::detail
