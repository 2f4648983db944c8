// PTX cvt between integer and floating-point types, and the packed narrow-float forms.
//
// Models: integer <- integer (truncate or extend; .sat clamps to the destination range; b-types are
// unsigned); float <- integer rounded once with the mode (64-bit sources too, never through a double);
// integer <- float rounded to integral with .rni/.rzi/.rmi/.rpi (no modifier = .rzi), saturating to the
// destination range, NaN -> 0; float <- float narrowing with .rn/.rz/.rm/.rp/.rna, widening exactly, and
// same-type round-to-integral with the integer modes; .ftz flushes a subnormal f32 source and a subnormal
// f32 result; .sat clamps float results to [+0, 1] (NaN -> +0); .relu clamps negative results (and -0) to
// +0, NaN -> canonical NaN; .satfinite turns NaN into the destination's NaN and values beyond the largest
// finite value (infinities included) into the sign-preserved largest finite value. tf32 results are f32
// patterns with the low 13 bits zero (NaN -> 0x7fffe000). e4m3/e5m2 NaN is 0x7f; formats without NaN
// (e2m3, e3m2, e2m1) turn NaN into their largest positive value.
// Leaves out: .rs stochastic rounding (read as .rz), ue8m0x2, the x4 packed forms, and cvt.pack.
#include <warpsim/common/error.hpp>
#include <warpsim/func/scalar.hpp>

#include "fp_format.hpp"

#include <cmath>
#include <limits>

namespace warpsim::func::scalar {
namespace {

using namespace detail;

constexpr double kInf = std::numeric_limits<double>::infinity();

struct IntType {
  unsigned w = 0;
  bool is_signed = false;
};

bool int_type(ScalarType t, IntType& out) {
  switch (t) {
    case ScalarType::U8:
    case ScalarType::B8: out = {8, false}; return true;
    case ScalarType::U16:
    case ScalarType::B16: out = {16, false}; return true;
    case ScalarType::U32:
    case ScalarType::B32: out = {32, false}; return true;
    case ScalarType::U64:
    case ScalarType::B64: out = {64, false}; return true;
    case ScalarType::S8: out = {8, true}; return true;
    case ScalarType::S16: out = {16, true}; return true;
    case ScalarType::S32: out = {32, true}; return true;
    case ScalarType::S64: out = {64, true}; return true;
    default: return false;
  }
}

const FpFormat* float_type(ScalarType t) {
  switch (t) {
    case ScalarType::F16: return &kF16;
    case ScalarType::BF16: return &kBF16;
    case ScalarType::F32: return &kF32;
    case ScalarType::TF32: return &kF32;  // as a source, tf32 is an f32 bit pattern
    case ScalarType::F64: return &kF64;
    default: return nullptr;
  }
}

std::uint64_t low_bits(std::uint64_t a, unsigned w) { return w >= 64 ? a : a & ((std::uint64_t{1} << w) - 1); }

bool is_integral_mode(Rnd r) { return r == Rnd::RNI || r == Rnd::RZI || r == Rnd::RMI || r == Rnd::RPI; }

// Rounds a finite double to an integral value, exactly and without the host rounding mode: below 2^52
// the truncation is an int64 conversion, adjusted by the exact remainder x - t. Float modes are read as
// their integral counterparts (.rz as .rzi, ...); .rna rounds ties away from zero. Zero keeps x's sign.
double round_integral(double x, Rnd mode) {
  if (!(std::fabs(x) < 0x1p52)) return x;  // already integral (or not finite)
  const auto i = static_cast<std::int64_t>(x);
  const double t = std::copysign(static_cast<double>(i), x);
  const double d = x - t;  // exact, |d| < 1, same sign as x
  const double step = std::copysign(1.0, x);
  switch (mode) {
    case Rnd::RZI:
    case Rnd::RZ:
    case Rnd::RS: return t;
    case Rnd::RMI:
    case Rnd::RM: return d < 0.0 ? t - 1.0 : t;
    case Rnd::RPI:
    case Rnd::RP: return d > 0.0 ? t + 1.0 : t;
    case Rnd::RNA: return std::fabs(d) >= 0.5 ? t + step : t;
    default: break;
  }
  const double ad = std::fabs(d);
  return (ad > 0.5 || (ad == 0.5 && (i & 1) != 0)) ? t + step : t;
}

std::uint64_t flush(const FpFormat& f, std::uint64_t x) { return (x & exp_mask(f)) == 0 ? x & sign_mask(f) : x; }

// Result modifiers for a float destination, in order: canonical NaN, .ftz, .relu, .sat.
std::uint64_t post_float(const FpFormat& f, std::uint64_t r, bool ftz, bool sat, bool relu) {
  if (is_nan_bits(f, r)) return sat ? 0 : f.nan;
  if (ftz) r = flush(f, r);
  if ((relu || sat) && (r & sign_mask(f)) != 0) return 0;
  if (sat && r > one_bits(f)) return one_bits(f);
  return r;
}

std::uint64_t int_from_int(IntType d, IntType s, std::uint64_t a, bool sat) {
  const __int128 v = s.is_signed ? static_cast<__int128>(static_cast<std::int64_t>(sext(a, s.w)))
                                 : static_cast<__int128>(low_bits(a, s.w));
  if (!sat) return low_bits(static_cast<std::uint64_t>(v), d.w);
  const __int128 hi = d.is_signed ? (static_cast<__int128>(1) << (d.w - 1)) - 1 : (static_cast<__int128>(1) << d.w) - 1;
  const __int128 lo = d.is_signed ? -(static_cast<__int128>(1) << (d.w - 1)) : 0;
  const __int128 c = v > hi ? hi : (v < lo ? lo : v);
  return low_bits(static_cast<std::uint64_t>(c), d.w);
}

std::uint64_t float_from_int(const FpFormat& f, IntType s, std::uint64_t a, Rnd rnd) {
  const Rnd mode = float_mode(rnd);
  bool neg = false;
  std::uint64_t mag = low_bits(a, s.w);
  if (s.is_signed) {
    const auto v = static_cast<std::int64_t>(sext(a, s.w));
    neg = v < 0;
    mag = neg ? 0 - static_cast<std::uint64_t>(v) : static_cast<std::uint64_t>(v);
  }
  if (mode == Rnd::RN && f.width == 32 && f.mbits == 23) {  // host conversion is RN
    const float r = s.is_signed ? static_cast<float>(static_cast<std::int64_t>(sext(a, s.w))) : static_cast<float>(mag);
    return bits_of(r);
  }
  if (mode == Rnd::RN && f.width == 64) {
    const double r =
        s.is_signed ? static_cast<double>(static_cast<std::int64_t>(sext(a, s.w))) : static_cast<double>(mag);
    return bits_of(r);
  }
  if (mag == 0) return 0;
  return round_pack(f, neg, 0, mag, false, mode);
}

std::uint64_t int_from_float(IntType d, const FpFormat& f, std::uint64_t a, Rnd rnd, bool ftz) {
  if (ftz && f.width == 32) a = flush(f, a);
  const double x = to_double(f, a);
  if (std::isnan(x)) return 0;
  const double r = std::isfinite(x) ? round_integral(x, rnd == Rnd::None ? Rnd::RZI : rnd) : x;
  if (d.is_signed) {
    const double lim = pow2(static_cast<int>(d.w) - 1);
    if (r >= lim) return low_bits((std::uint64_t{1} << (d.w - 1)) - 1, d.w);
    if (r < -lim) return low_bits(std::uint64_t{1} << (d.w - 1), d.w);
    return low_bits(static_cast<std::uint64_t>(static_cast<std::int64_t>(r)), d.w);
  }
  if (r >= pow2(static_cast<int>(d.w))) return low_bits(~std::uint64_t{0}, d.w);
  if (r <= 0.0) return 0;
  return static_cast<std::uint64_t>(r);
}

// Float <- float before result modifiers; satfinite and mode apply to narrowing.
std::uint64_t float_from_float(ScalarType dst, const FpFormat& fd, ScalarType src, const FpFormat& fs, std::uint64_t a,
                               Rnd rnd, bool satfinite) {
  if (is_integral_mode(rnd)) {
    double x = to_double(fs, a);
    if (std::isfinite(x)) x = round_integral(x, rnd);
    return from_double(fd, x, Rnd::RN, satfinite);
  }
  const Rnd mode = float_mode(rnd);
  if (&fd == &fs && dst != ScalarType::TF32) return a;
  if (src == ScalarType::F32 && dst == ScalarType::F64) return bits_of(static_cast<double>(as_f32(a)));
  if (!satfinite && mode == Rnd::RN) {
    if (src == ScalarType::F64 && dst == ScalarType::F32) return bits_of(static_cast<float>(as_f64(a)));
    if (src == ScalarType::F32 && dst == ScalarType::F16) return f32_to_f16(as_f32(a));
    if (src == ScalarType::F32 && dst == ScalarType::BF16) return f32_to_bf16(as_f32(a));
  }
  const Unpacked u = unpack(fs, a);
  switch (u.kind) {
    case Unpacked::NaN: return fd.specials == Specials::None ? fd.max_finite : fd.nan;
    case Unpacked::Zero: return zero_bits(fd, u.sign);
    case Unpacked::Inf: return from_double(fd, u.sign ? -kInf : kInf, mode, satfinite);
    case Unpacked::Finite: break;
  }
  return round_pack(fd, u.sign, u.exp, u.sig, false, mode, satfinite);
}

// One element of a narrow float conversion from f32: .rn.satfinite{.relu}.
std::uint64_t narrow_from_f32(const FpFormat& fd, std::uint32_t a, bool relu) {
  const std::uint64_t r = float_from_float(ScalarType::None, fd, ScalarType::F32, kF32, a, Rnd::RN, true);
  return post_float(fd, r, false, false, relu);
}

bool nearest(Rnd r) { return r == Rnd::None || r == Rnd::RN; }

std::uint64_t canon32(std::uint32_t r) { return (r & 0x7fffffffu) > 0x7f800000u ? 0x7fffffffu : r; }

// f32 -> 32-bit integer, rounded toward zero and saturated (NaN -> 0).
std::uint64_t f32_to_i32_rz(float x, bool is_signed) {
  if (x != x) return 0;
  if (is_signed) {
    if (x >= 0x1p31f) return 0x7fffffffu;
    if (x <= -0x1p31f) return 0x80000000u;
    return static_cast<std::uint32_t>(static_cast<std::int32_t>(x));
  }
  if (x >= 0x1p32f) return 0xffffffffu;
  if (x <= 0.0f) return 0;
  return static_cast<std::uint32_t>(x);
}

// The most frequent conversions without modifiers, done with host conversions (IEEE round to nearest
// even) or bit tricks; returns false when the general path must run.
bool fast_cvt(ScalarType dst, ScalarType src, std::uint64_t a, Rnd rnd, std::uint64_t& out) {
  using T = ScalarType;
  if (src == T::F32) {
    const float x = as_f32(a);
    switch (dst) {
      case T::F16:
        if (!nearest(rnd)) return false;
        out = f32_to_f16(x);
        return true;
      case T::BF16:
        if (!nearest(rnd)) return false;
        out = f32_to_bf16(x);
        return true;
      case T::F64: out = x != x ? kF64.nan : bits_of(static_cast<double>(x)); return true;
      case T::S32:
      case T::U32:
        if (rnd != Rnd::RZI && rnd != Rnd::None) return false;
        out = f32_to_i32_rz(x, dst == T::S32);
        return true;
      default: return false;
    }
  }
  if (dst == T::F32) {
    switch (src) {
      case T::F16: out = canon32(bits_of(f16_to_f32(static_cast<std::uint16_t>(a)))); return true;
      case T::BF16: out = canon32(static_cast<std::uint32_t>((a & 0xffff) << 16)); return true;
      case T::F64:
        if (!nearest(rnd)) return false;
        out = canon32(bits_of(static_cast<float>(as_f64(a))));
        return true;
      case T::S32:
        if (!nearest(rnd)) return false;
        out = bits_of(static_cast<float>(static_cast<std::int32_t>(a)));
        return true;
      case T::U32:
        if (!nearest(rnd)) return false;
        out = bits_of(static_cast<float>(static_cast<std::uint32_t>(a)));
        return true;
      default: return false;
    }
  }
  return false;
}

}  // namespace

std::uint64_t cvt(ScalarType dst, ScalarType src, std::uint64_t a, Rnd rnd, bool ftz, bool sat, bool relu,
                  bool satfinite) {
  std::uint64_t fast = 0;
  if (!ftz && !sat && !relu && !satfinite && fast_cvt(dst, src, a, rnd, fast)) return fast;
  IntType di;
  IntType si;
  const bool d_int = int_type(dst, di);
  const bool s_int = int_type(src, si);
  const FpFormat* df = dst == ScalarType::TF32 ? &kTF32 : float_type(dst);
  const FpFormat* sf = float_type(src);

  if (d_int && s_int) return int_from_int(di, si, a, sat);
  if (d_int && sf != nullptr) return int_from_float(di, *sf, a, rnd, ftz && src == ScalarType::F32);
  if (df == nullptr || (!s_int && sf == nullptr)) {
    fail(ErrorKind::Internal, "cvt: unsupported types {} <- {}", static_cast<int>(dst), static_cast<int>(src));
  }

  std::uint64_t r = 0;
  if (s_int) {
    r = float_from_int(*df, si, a, rnd);
  } else {
    if (ftz && (src == ScalarType::F32 || src == ScalarType::TF32)) a = flush(kF32, a);
    r = float_from_float(dst, *df, src, *sf, a, rnd, satfinite);
  }
  r = post_float(*df, r, ftz && dst == ScalarType::F32, sat, relu);
  return dst == ScalarType::TF32 ? r << 13 : r;
}

std::uint32_t cvt_pack_f32x2(ScalarType dst_x2, std::uint32_t a_f32, std::uint32_t b_f32, Rnd rnd, bool relu,
                             bool satfinite) {
  ScalarType elem = ScalarType::None;
  if (dst_x2 == ScalarType::F16x2) elem = ScalarType::F16;
  if (dst_x2 == ScalarType::BF16x2) elem = ScalarType::BF16;
  if (elem == ScalarType::None) fail(ErrorKind::Internal, "cvt: unsupported packed type {}", static_cast<int>(dst_x2));
  const auto hi = cvt(elem, ScalarType::F32, a_f32, rnd, false, false, relu, satfinite);
  const auto lo = cvt(elem, ScalarType::F32, b_f32, rnd, false, false, relu, satfinite);
  return static_cast<std::uint32_t>((hi << 16) | lo);
}

std::uint16_t cvt_f8x2_from_f32(ScalarType dst_x2, std::uint32_t a_f32, std::uint32_t b_f32, bool relu) {
  const FpFormat* f = format_of(dst_x2);
  if (f == nullptr || f->width > 8) {
    fail(ErrorKind::Internal, "cvt: unsupported packed type {}", static_cast<int>(dst_x2));
  }
  const unsigned slot = f->width == 4 ? 4 : 8;
  const auto hi = narrow_from_f32(*f, a_f32, relu);
  const auto lo = narrow_from_f32(*f, b_f32, relu);
  return static_cast<std::uint16_t>((hi << slot) | lo);
}

std::uint32_t cvt_f16x2_from_f8x2(ScalarType src_x2, std::uint16_t a, bool relu) {
  const FpFormat* f = format_of(src_x2);
  if (f == nullptr || f->width > 8) {
    fail(ErrorKind::Internal, "cvt: unsupported packed type {}", static_cast<int>(src_x2));
  }
  const unsigned slot = f->width == 4 ? 4 : 8;
  const auto one = [&](std::uint64_t v) {
    v &= (std::uint64_t{1} << f->width) - 1;
    const std::uint64_t r = float_from_float(ScalarType::F16, kF16, ScalarType::None, *f, v, Rnd::RN, false);
    return post_float(kF16, r, false, false, relu);
  };
  return static_cast<std::uint32_t>((one(a >> slot) << 16) | one(a));
}

}  // namespace warpsim::func::scalar
