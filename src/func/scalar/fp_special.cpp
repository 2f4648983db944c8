// PTX .approx transcendental functions: rsqrt, ex2, lg2, sin, cos, tanh.
//
// Models: each result is the host libm value computed in double from the exact input, rounded once
// (nearest even) to the instruction's type; that is within the ISA's stated maximum error. IEEE special
// values follow libm, which matches the ISA tables: ex2(-inf) = +0, lg2(+-0) = -inf, lg2(x < 0) = NaN,
// rsqrt(+0) = +inf, rsqrt(-0) = -inf, sin/cos(+-inf) = NaN. .ftz flushes subnormal inputs and results
// (f32, and f16/bf16 when the instruction carries it; rsqrt.approx.ftz.f64 for f64). NaN results are
// canonical.
// Leaves out: the hardware's own approximation error (results here are more accurate than the GPU's, so
// bit patterns can differ from hardware by an ulp or two) and sin/cos range reduction artefacts.
#include <warpsim/common/error.hpp>
#include <warpsim/func/scalar.hpp>

#include "fp_format.hpp"

#include <cmath>

namespace warpsim::func::scalar {
namespace {

using namespace detail;

template <typename Fn>
std::uint64_t unary(ScalarType t, std::uint64_t a, bool ftz, Fn fn, const char* what) {
  const FpFormat* f = nullptr;
  switch (t) {
    case ScalarType::F16: f = &kF16; break;
    case ScalarType::BF16: f = &kBF16; break;
    case ScalarType::F32: f = &kF32; break;
    case ScalarType::F64: f = &kF64; break;
    default: fail(ErrorKind::Internal, "{}: unsupported operand type {}", what, static_cast<int>(t));
  }
  const auto flush = [&](std::uint64_t x) { return (x & exp_mask(*f)) == 0 ? x & sign_mask(*f) : x; };
  if (ftz) a = flush(a);
  const double y = fn(to_double(*f, a));
  std::uint64_t r = 0;
  if (t == ScalarType::F64) {
    r = bits_of(y);
  } else if (t == ScalarType::F32) {
    r = bits_of(static_cast<float>(y));  // host conversion: round to nearest even
  } else {
    r = from_double(*f, y, Rnd::RN);
  }
  if (is_nan_bits(*f, r)) return f->nan;
  return ftz ? flush(r) : r;
}

}  // namespace

std::uint64_t frsqrt(ScalarType t, std::uint64_t a, bool ftz) {
  return unary(
      t, a, ftz, [](double x) { return 1.0 / std::sqrt(x); }, "rsqrt");
}
std::uint64_t fex2(ScalarType t, std::uint64_t a, bool ftz) {
  return unary(
      t, a, ftz, [](double x) { return std::exp2(x); }, "ex2");
}
std::uint64_t flg2(ScalarType t, std::uint64_t a, bool ftz) {
  return unary(
      t, a, ftz, [](double x) { return std::log2(x); }, "lg2");
}
std::uint64_t fsin(ScalarType t, std::uint64_t a, bool ftz) {
  return unary(
      t, a, ftz, [](double x) { return std::sin(x); }, "sin");
}
std::uint64_t fcos(ScalarType t, std::uint64_t a, bool ftz) {
  return unary(
      t, a, ftz, [](double x) { return std::cos(x); }, "cos");
}
std::uint64_t ftanh(ScalarType t, std::uint64_t a) {
  return unary(
      t, a, false, [](double x) { return std::tanh(x); }, "tanh");
}

}  // namespace warpsim::func::scalar
