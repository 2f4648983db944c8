// PTX float min/max, abs, neg, copysign, testp, setp comparisons and the .relu clamp.
//
// Models: min/max as the ISA specifies (a NaN operand is ignored unless both are NaN; .NaN propagates
// any NaN; -0.0 < +0.0; .xorsign.abs takes min/max of |a|, |b| and gives it the XOR of the operand
// signs, also when one operand is NaN and the other is returned); abs/neg as sign-bit operations with
// canonical NaN results; copysign as a pure bit operation (it keeps b's NaN payload); testp classes;
// ordered and unordered comparisons. .ftz flushes subnormal inputs for f32, f16 and bf16 (never f64).
// Leaves out: the 3-input min/max of sm_100 (callers chain two calls, which gives the same result).
#include <warpsim/common/error.hpp>
#include <warpsim/func/scalar.hpp>

#include "fp_format.hpp"

namespace warpsim::func::scalar {
namespace {

using namespace detail;

const FpFormat& fmt(ScalarType t, const char* what) {
  switch (t) {
    case ScalarType::F16: return kF16;
    case ScalarType::BF16: return kBF16;
    case ScalarType::F32: return kF32;
    case ScalarType::F64: return kF64;
    default: fail(ErrorKind::Internal, "{}: unsupported operand type {}", what, static_cast<int>(t));
  }
}

std::uint64_t flush_if(const FpFormat& f, std::uint64_t x, bool ftz) {
  if (!ftz || f.width == 64) return x;
  return (x & exp_mask(f)) == 0 ? x & sign_mask(f) : x;
}

template <const FpFormat& F>
std::uint64_t minmax(std::uint64_t a, std::uint64_t b, bool ftz, bool nan, bool xorsign_abs, bool want_max) {
  a = flush_if(F, a, ftz);
  b = flush_if(F, b, ftz);
  constexpr std::uint64_t sm = sign_mask(F);
  constexpr std::uint64_t all = sm | (sm - 1);
  const std::uint64_t xs = (a ^ b) & sm;
  if (xorsign_abs) {
    a &= ~sm;
    b &= ~sm;
  }
  const bool an = is_nan_bits(F, a);
  const bool bn = is_nan_bits(F, b);
  std::uint64_t r = 0;
  if (an || bn) {
    if (nan || (an && bn)) return F.nan;
    r = an ? b : a;
  } else {
    // Monotonic integer key over all non-NaN values, with -0 < +0.
    const auto key = [](std::uint64_t x) { return (x & sm) != 0 ? ~x & all : x | sm; };
    const bool a_first = want_max ? key(a) >= key(b) : key(a) <= key(b);
    r = a_first ? a : b;
  }
  return xorsign_abs ? (r & ~sm) | xs : r;
}

std::uint64_t minmax(ScalarType t, std::uint64_t a, std::uint64_t b, bool ftz, bool nan, bool xorsign_abs,
                     bool want_max) {
  switch (t) {
    case ScalarType::F32: return minmax<kF32>(a, b, ftz, nan, xorsign_abs, want_max);
    case ScalarType::F64: return minmax<kF64>(a, b, ftz, nan, xorsign_abs, want_max);
    case ScalarType::F16: return minmax<kF16>(a, b, ftz, nan, xorsign_abs, want_max);
    case ScalarType::BF16: return minmax<kBF16>(a, b, ftz, nan, xorsign_abs, want_max);
    default:
      fail(ErrorKind::Internal, "{}: unsupported operand type {}", want_max ? "max" : "min", static_cast<int>(t));
  }
}

}  // namespace

std::uint64_t fmin(ScalarType t, std::uint64_t a, std::uint64_t b, bool ftz, bool nan, bool xorsign_abs) {
  return minmax(t, a, b, ftz, nan, xorsign_abs, false);
}

std::uint64_t fmax(ScalarType t, std::uint64_t a, std::uint64_t b, bool ftz, bool nan, bool xorsign_abs) {
  return minmax(t, a, b, ftz, nan, xorsign_abs, true);
}

std::uint64_t fabs_(ScalarType t, std::uint64_t a, bool ftz) {
  const FpFormat& f = fmt(t, "abs");
  a = flush_if(f, a, ftz);
  return is_nan_bits(f, a) ? f.nan : a & ~sign_mask(f);
}

std::uint64_t fneg(ScalarType t, std::uint64_t a, bool ftz) {
  const FpFormat& f = fmt(t, "neg");
  a = flush_if(f, a, ftz);
  return is_nan_bits(f, a) ? f.nan : a ^ sign_mask(f);
}

std::uint64_t fcopysign(ScalarType t, std::uint64_t a, std::uint64_t b) {
  const std::uint64_t sm = sign_mask(fmt(t, "copysign"));
  return (b & ~sm) | (a & sm);
}

std::uint64_t frelu(ScalarType t, std::uint64_t a) {
  const FpFormat& f = fmt(t, "relu");
  if (is_nan_bits(f, a)) return f.nan;
  return (a & sign_mask(f)) != 0 ? 0 : a;
}

bool ftestp(ScalarType t, std::uint64_t a, TestP op) {
  const FpFormat& f = fmt(t, "testp");
  const Unpacked u = unpack(f, a);
  switch (op) {
    case TestP::Finite: return u.kind == Unpacked::Zero || u.kind == Unpacked::Finite;
    case TestP::Infinite: return u.kind == Unpacked::Inf;
    case TestP::Number: return u.kind != Unpacked::NaN;
    case TestP::NotANumber: return u.kind == Unpacked::NaN;
    case TestP::Normal: return u.kind == Unpacked::Finite && (a & exp_mask(f)) != 0;
    case TestP::Subnormal: return u.kind == Unpacked::Finite && (a & exp_mask(f)) == 0;
  }
  return false;
}

bool fcompare(ScalarType t, std::uint64_t a, std::uint64_t b, Cmp cmp, bool ftz) {
  double x = 0.0;
  double y = 0.0;
  if (t == ScalarType::F32) {
    x = as_f32(flush_if(kF32, a, ftz));
    y = as_f32(flush_if(kF32, b, ftz));
  } else {
    const FpFormat& f = fmt(t, "setp");
    x = to_double(f, flush_if(f, a, ftz));
    y = to_double(f, flush_if(f, b, ftz));
  }
  const bool unord = x != x || y != y;
  switch (cmp) {
    case Cmp::EQ: return x == y;
    case Cmp::NE: return !unord && x != y;
    case Cmp::LT:
    case Cmp::LO: return x < y;
    case Cmp::LE:
    case Cmp::LS: return x <= y;
    case Cmp::GT:
    case Cmp::HI: return x > y;
    case Cmp::GE:
    case Cmp::HS: return x >= y;
    case Cmp::EQU: return unord || x == y;
    case Cmp::NEU: return x != y;
    case Cmp::LTU: return unord || x < y;
    case Cmp::LEU: return unord || x <= y;
    case Cmp::GTU: return unord || x > y;
    case Cmp::GEU: return unord || x >= y;
    case Cmp::NUM: return !unord;
    case Cmp::NAN_: return unord;
  }
  return false;
}

}  // namespace warpsim::func::scalar
