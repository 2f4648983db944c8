// Basic float operations for f16, bf16 and f32 operands through host double (see fp_paths.hpp).
//
// Models: exact results represented as an unevaluated sum hi + lo of doubles (TwoSum for sums; products
// of these formats are exact in double; r = a - q*b and r = a - s*s are exact via fma), then one rounding
// to the target format by round_dd, so any rounding direction is honoured without touching the host
// rounding mode. Exact-zero sums get the IEEE sign (-0 only under RM, or when both addends are -0).
// Leaves out: f64 operands (not exact in double; softfloat.cpp handles them).
#include "fp_paths.hpp"
#include "softfloat.hpp"

#include <cmath>

namespace warpsim::func::scalar::detail {
namespace {

using ir::Rnd;

std::uint64_t special(const FpFormat& f, double v) {
  return std::isnan(v) ? f.nan : inf_bits(f, std::signbit(v));
}

// Rounds the exact sum p + z (p, z exactly representable doubles, no overflow possible).
std::uint64_t sum(const FpFormat& f, double p, double z, Rnd mode) {
  const double s = p + z;
  if (!std::isfinite(s)) return special(f, s);
  if (s == 0.0) {
    const bool sp = std::signbit(p);
    const bool sz = std::signbit(z);
    const bool neg = (p == 0.0 && z == 0.0 && sp == sz) ? sp : float_mode(mode) == Rnd::RM;
    return zero_bits(f, neg);
  }
  const double bb = s - p;
  const double err = (p - (s - bb)) + (z - bb);
  return round_dd(f, s, err, mode);
}

}  // namespace

std::uint64_t dd_arith(FOp op, const FpFormat& f, std::uint64_t a, std::uint64_t b, std::uint64_t c, Rnd mode) {
  const double x = to_double(f, a);
  switch (op) {
    case FOp::Add: return sum(f, x, to_double(f, b), mode);
    case FOp::Mul: {
      const double p = x * to_double(f, b);
      if (!std::isfinite(p)) return special(f, p);
      if (p == 0.0) return zero_bits(f, std::signbit(p));
      return round_dd(f, p, 0.0, mode);
    }
    case FOp::Fma: {
      const double p = x * to_double(f, b);  // exact
      return sum(f, p, to_double(f, c), mode);
    }
    case FOp::Div: {
      const double y = to_double(f, b);
      const double q = x / y;
      if (!std::isfinite(x) || !std::isfinite(y) || x == 0.0 || y == 0.0) {
        return std::isfinite(q) ? zero_bits(f, std::signbit(q)) : special(f, q);
      }
      const double r = std::fma(-q, y, x);  // exact remainder
      return round_dd(f, q, r / y, mode);
    }
    case FOp::Sqrt: {
      const double s = std::sqrt(x);
      if (!(x > 0.0) || !std::isfinite(x)) return std::isfinite(s) ? zero_bits(f, std::signbit(s)) : special(f, s);
      const double r = std::fma(-s, s, x);  // exact remainder
      return round_dd(f, s, r / (2.0 * s), mode);
    }
  }
  return f.nan;
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
