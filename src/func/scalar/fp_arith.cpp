// PTX add/sub/mul/fma/div/rcp/sqrt on f16, bf16, f32 and f64, with .rnd, .ftz and .sat.
//
// Models: IEEE 754 results for every rounding mode. Round-to-nearest f32/f64 without modifiers uses host
// float/double arithmetic, which is IEEE round-to-nearest-even under the default floating-point
// environment (SSE on x86-64, FTZ/DAZ off); warpsim never changes that environment. Directed f32 modes and
// all f16/bf16 work go through dd_arith (exact in double, one rounding); directed f64 modes through the
// 128-bit softfloat. .ftz flushes subnormal inputs and results (results after rounding) to sign-preserving
// zero for f32, and for f16/bf16 when the instruction carries it; f64 has no .ftz except the .approx f64
// forms of rcp. .sat clamps to [+0, 1] with NaN and -0 giving +0. NaN results are canonical.
// div.approx.f32 and rcp/sqrt .approx return the correctly rounded value, except div.approx.f32's
// documented behaviour for 2^126 < |b| < 2^128 (0, or NaN when a is infinite).
// Leaves out: packed x2 forms (callers split them), .rs stochastic rounding (read as RZ).
#include <warpsim/common/error.hpp>
#include <warpsim/func/scalar.hpp>

#include "fp_paths.hpp"

#include <cmath>

namespace warpsim::func::scalar {
namespace {

using namespace detail;

bool is_rn(Rnd r) { return r == Rnd::None || r == Rnd::RN; }

std::uint64_t canon32(std::uint32_t r) { return (r & 0x7fffffffu) > 0x7f800000u ? 0x7fffffffu : r; }
std::uint64_t canon64(std::uint64_t r) {
  return (r & 0x7fffffffffffffffull) > 0x7ff0000000000000ull ? 0x7fffffffffffffffull : r;
}

inline std::uint64_t flush(const FpFormat& f, std::uint64_t x) { return (x & exp_mask(f)) == 0 ? x & sign_mask(f) : x; }

// PTX result modifiers: canonical NaN (+0 under .sat), .ftz, .sat.
inline std::uint64_t finish(const FpFormat& f, std::uint64_t r, bool ftz, bool sat) {
  if (is_nan_bits(f, r)) return sat ? 0 : f.nan;
  if (ftz) r = flush(f, r);
  if (sat) {
    if ((r & sign_mask(f)) != 0) return 0;
    if (r > one_bits(f)) return one_bits(f);
  }
  return r;
}

const FpFormat& arith_format(ScalarType t, const char* what) {
  switch (t) {
    case ScalarType::F16: return kF16;
    case ScalarType::BF16: return kBF16;
    case ScalarType::F32: return kF32;
    case ScalarType::F64: return kF64;
    default: fail(ErrorKind::Internal, "{}: unsupported operand type {}", what, static_cast<int>(t));
  }
}

std::uint64_t host64(FOp op, double x, double y, double z) {
  switch (op) {
    case FOp::Add: return bits_of(x + y);
    case FOp::Mul: return bits_of(x * y);
    case FOp::Fma: return bits_of(std::fma(x, y, z));
    case FOp::Div: return bits_of(x / y);
    case FOp::Sqrt: return bits_of(std::sqrt(x));
  }
  return 0;
}

std::uint32_t host32(FOp op, float x, float y, float z) {
  switch (op) {
    case FOp::Add: return bits_of(x + y);
    case FOp::Mul: return bits_of(x * y);
    case FOp::Fma: return bits_of(std::fma(x, y, z));
    case FOp::Div: return bits_of(x / y);
    case FOp::Sqrt: return bits_of(std::sqrt(x));
  }
  return 0;
}

// f16 and bf16, every mode: exact in double, one rounding.
template <const FpFormat& F>
std::uint64_t half_arith(FOp op, std::uint64_t a, std::uint64_t b, std::uint64_t c, Rnd rnd, bool ftz, bool sat) {
  if (ftz) {
    a = flush(F, a);
    b = flush(F, b);
    c = flush(F, c);
  }
  return finish(F, dd_arith(op, F, a, b, c, rnd), ftz, sat);
}

// The general path: any supported type, mode and modifier.
std::uint64_t arith(FOp op, ScalarType t, std::uint64_t a, std::uint64_t b, std::uint64_t c, Rnd rnd, bool ftz,
                    bool sat, const char* what) {
  if (t == ScalarType::F16) return half_arith<kF16>(op, a, b, c, rnd, ftz, sat);
  if (t == ScalarType::BF16) return half_arith<kBF16>(op, a, b, c, rnd, ftz, sat);
  const FpFormat& f = arith_format(t, what);
  if (t == ScalarType::F64) {
    const std::uint64_t r = is_rn(rnd) ? host64(op, as_f64(a), as_f64(b), as_f64(c)) : sf_arith(op, f, a, b, c, rnd);
    return finish(f, r, false, sat);
  }
  if (ftz) {
    a = flush(f, a);
    b = flush(f, b);
    c = flush(f, c);
  }
  std::uint64_t r = 0;
  if (t == ScalarType::F32 && is_rn(rnd)) {
    r = host32(op, as_f32(a), as_f32(b), as_f32(c));
  } else {
    r = dd_arith(op, f, a, b, c, rnd);
  }
  return finish(f, r, ftz, sat);
}

bool plain_rn(ScalarType t, Rnd rnd, bool ftz, bool sat, ScalarType want) {
  return t == want && is_rn(rnd) && !ftz && !sat;
}

// f32 round-to-nearest with .ftz and/or .sat: host arithmetic between the two flushes.
std::uint32_t flush32(std::uint64_t x) {
  const auto v = static_cast<std::uint32_t>(x);
  return (v & 0x7f800000u) == 0 ? v & 0x80000000u : v;
}
std::uint64_t finish32(std::uint32_t r, bool ftz, bool sat) {
  if ((r & 0x7fffffffu) > 0x7f800000u) return sat ? 0 : 0x7fffffffu;
  if (ftz && (r & 0x7f800000u) == 0) r &= 0x80000000u;
  if (sat) {
    if ((r & 0x80000000u) != 0) return 0;
    if (r > 0x3f800000u) return 0x3f800000u;
  }
  return r;
}
template <typename Op>
std::uint64_t rn32(std::uint64_t a, std::uint64_t b, std::uint64_t c, bool ftz, bool sat, Op op) {
  if (ftz) {
    a = flush32(a);
    b = flush32(b);
    c = flush32(c);
  }
  return finish32(bits_of(op(as_f32(a), as_f32(b), as_f32(c))), ftz, sat);
}

}  // namespace

std::uint64_t fadd(ScalarType t, std::uint64_t a, std::uint64_t b, Rnd rnd, bool ftz, bool sat) {
  if (plain_rn(t, rnd, ftz, sat, ScalarType::F32)) return canon32(bits_of(as_f32(a) + as_f32(b)));
  if (plain_rn(t, rnd, false, sat, ScalarType::F64)) return canon64(bits_of(as_f64(a) + as_f64(b)));
  if (t == ScalarType::F32 && is_rn(rnd)) return rn32(a, b, 0, ftz, sat, [](float x, float y, float) { return x + y; });
  return arith(FOp::Add, t, a, b, 0, rnd, ftz, sat, "add");
}

std::uint64_t fsub(ScalarType t, std::uint64_t a, std::uint64_t b, Rnd rnd, bool ftz, bool sat) {
  if (plain_rn(t, rnd, ftz, sat, ScalarType::F32)) return canon32(bits_of(as_f32(a) - as_f32(b)));
  if (plain_rn(t, rnd, false, sat, ScalarType::F64)) return canon64(bits_of(as_f64(a) - as_f64(b)));
  if (t == ScalarType::F32 && is_rn(rnd)) return rn32(a, b, 0, ftz, sat, [](float x, float y, float) { return x - y; });
  return arith(FOp::Add, t, a, b ^ sign_mask(arith_format(t, "sub")), 0, rnd, ftz, sat, "sub");
}

std::uint64_t fmul(ScalarType t, std::uint64_t a, std::uint64_t b, Rnd rnd, bool ftz, bool sat) {
  if (plain_rn(t, rnd, ftz, sat, ScalarType::F32)) return canon32(bits_of(as_f32(a) * as_f32(b)));
  if (plain_rn(t, rnd, false, sat, ScalarType::F64)) return canon64(bits_of(as_f64(a) * as_f64(b)));
  if (t == ScalarType::F32 && is_rn(rnd)) return rn32(a, b, 0, ftz, sat, [](float x, float y, float) { return x * y; });
  return arith(FOp::Mul, t, a, b, 0, rnd, ftz, sat, "mul");
}

std::uint64_t ffma(ScalarType t, std::uint64_t a, std::uint64_t b, std::uint64_t c, Rnd rnd, bool ftz, bool sat) {
  if (plain_rn(t, rnd, ftz, sat, ScalarType::F32)) {
    return canon32(bits_of(std::fma(as_f32(a), as_f32(b), as_f32(c))));
  }
  if (plain_rn(t, rnd, false, sat, ScalarType::F64)) return canon64(bits_of(std::fma(as_f64(a), as_f64(b), as_f64(c))));
  if (t == ScalarType::F32 && is_rn(rnd)) {
    return rn32(a, b, c, ftz, sat, [](float x, float y, float z) { return std::fma(x, y, z); });
  }
  return arith(FOp::Fma, t, a, b, c, rnd, ftz, sat, "fma");
}

std::uint64_t fdiv(ScalarType t, std::uint64_t a, std::uint64_t b, Rnd rnd, bool approx, bool full, bool ftz) {
  if (t == ScalarType::F32 && approx) {
    if (ftz) {
      a = flush(kF32, a);
      b = flush(kF32, b);
    }
    const float x = as_f32(a);
    const float y = as_f32(b);
    if (std::isfinite(y) && std::fabs(y) > 0x1p126f) {
      if (std::isinf(x)) return kF32.nan;
      return zero_bits(kF32, std::signbit(x) != std::signbit(y));
    }
    return finish(kF32, bits_of(x / y), ftz, false);
  }
  if (approx || full) rnd = Rnd::RN;
  if (plain_rn(t, rnd, ftz, false, ScalarType::F32)) return canon32(bits_of(as_f32(a) / as_f32(b)));
  if (plain_rn(t, rnd, false, false, ScalarType::F64)) return canon64(bits_of(as_f64(a) / as_f64(b)));
  return arith(FOp::Div, t, a, b, 0, rnd, ftz, false, "div");
}

std::uint64_t frcp(ScalarType t, std::uint64_t a, Rnd rnd, bool approx, bool ftz) {
  if (t == ScalarType::F64 && approx) {  // rcp.approx.ftz.f64
    if (ftz) a = flush(kF64, a);
    const std::uint64_t r = canon64(bits_of(1.0 / as_f64(a)));
    return ftz ? flush(kF64, r) : r;
  }
  if (approx) rnd = Rnd::RN;
  const FpFormat& f = arith_format(t, "rcp");
  return arith(FOp::Div, t, one_bits(f), a, 0, rnd, ftz, false, "rcp");
}

std::uint64_t fsqrt(ScalarType t, std::uint64_t a, Rnd rnd, bool approx, bool ftz) {
  if (approx) rnd = Rnd::RN;
  if (plain_rn(t, rnd, ftz, false, ScalarType::F32)) return canon32(bits_of(std::sqrt(as_f32(a))));
  if (plain_rn(t, rnd, false, false, ScalarType::F64)) return canon64(bits_of(std::sqrt(as_f64(a))));
  return arith(FOp::Sqrt, t, a, 0, 0, rnd, ftz, false, "sqrt");
}

}  // namespace warpsim::func::scalar
