// Exact software floating-point arithmetic with one final rounding (see softfloat.hpp).
//
// Models: operands decoded to integer significands; sums aligned in 128 bits with the shifted-out bits
// jammed into bit 0 (so the rounding point never sees a false tie); products and quotients formed in
// 128 bits; square roots by the bitwise integer square root. Rounding is round_pack's.
// Leaves out: speed (these are the slow, obviously-correct paths) and exception flags.
#include "softfloat.hpp"

#include <bit>
#include <utility>

namespace warpsim::func::scalar::detail {
namespace {

using ir::Rnd;

struct Wide {
  bool sign;
  int exp;
  u128 sig;  // value = sig * 2^exp, sig != 0
};

int msb128(u128 x) {
  const auto hi = static_cast<std::uint64_t>(x >> 64);
  if (hi != 0) return 127 - std::countl_zero(hi);
  return 63 - std::countl_zero(static_cast<std::uint64_t>(x));
}

std::uint64_t mask_to(const FpFormat& f, std::uint64_t bits) {
  return f.width == 64 ? bits : bits & ((std::uint64_t{1} << f.width) - 1);
}

std::uint64_t round_wide(const FpFormat& f, const Wide& w, Rnd mode) {
  u128 sig = w.sig;
  int exp = w.exp;
  bool sticky = false;
  const int n = msb128(sig);
  if (n > 63) {
    const int s = n - 63;
    sticky = (sig & ((u128{1} << s) - 1)) != 0;
    sig >>= s;
    exp += s;
  }
  return round_pack(f, w.sign, exp, static_cast<std::uint64_t>(sig), sticky, mode);
}

// Sign of an exact zero sum of operands with signs sa and sb (IEEE 754 6.3).
bool zero_sum_sign(bool sa, bool sb, Rnd mode) { return sa == sb ? sa : float_mode(mode) == Rnd::RM; }

// Exact x + y rounded once. Both significands have at most 106 bits, so after normalising to bit 125
// their bit 0 is clear and a jammed bit 0 keeps the sum off every rounding boundary.
std::uint64_t add_wide(const FpFormat& f, Wide x, Wide y, Rnd mode) {
  for (Wide* w : {&x, &y}) {
    const int s = 125 - msb128(w->sig);
    w->sig <<= s;
    w->exp -= s;
  }
  if (x.exp < y.exp) std::swap(x, y);
  const int d = x.exp - y.exp;
  u128 ys = y.sig;
  if (d >= 128) {
    ys = 1;
  } else if (d > 0) {
    const bool lost = (y.sig & ((u128{1} << d) - 1)) != 0;
    ys = (y.sig >> d) | (lost ? 1 : 0);
  }
  Wide r{x.sign, x.exp, 0};
  if (x.sign == y.sign) {
    r.sig = x.sig + ys;
  } else if (x.sig > ys) {
    r.sig = x.sig - ys;
  } else if (ys > x.sig) {
    r.sig = ys - x.sig;
    r.sign = y.sign;
  } else {
    return zero_bits(f, float_mode(mode) == Rnd::RM);
  }
  return round_wide(f, r, mode);
}

Wide wide_of(const Unpacked& u) { return {u.sign, u.exp, u.sig}; }

u128 isqrt(u128 m, u128& rem) {
  u128 res = 0;
  u128 one = u128{1} << 126;
  while (one > m) one >>= 2;
  while (one != 0) {
    if (m >= res + one) {
      m -= res + one;
      res = (res >> 1) + one;
    } else {
      res >>= 1;
    }
    one >>= 2;
  }
  rem = m;
  return res;
}

}  // namespace

std::uint64_t sf_add(const FpFormat& f, std::uint64_t a, std::uint64_t b, Rnd mode) {
  a = mask_to(f, a);
  b = mask_to(f, b);
  const Unpacked ua = unpack(f, a);
  const Unpacked ub = unpack(f, b);
  if (ua.kind == Unpacked::NaN || ub.kind == Unpacked::NaN) return f.nan;
  if (ua.kind == Unpacked::Inf) return (ub.kind == Unpacked::Inf && ub.sign != ua.sign) ? f.nan : inf_bits(f, ua.sign);
  if (ub.kind == Unpacked::Inf) return inf_bits(f, ub.sign);
  if (ua.kind == Unpacked::Zero && ub.kind == Unpacked::Zero) {
    return zero_bits(f, zero_sum_sign(ua.sign, ub.sign, mode));
  }
  if (ua.kind == Unpacked::Zero) return b;
  if (ub.kind == Unpacked::Zero) return a;
  return add_wide(f, wide_of(ua), wide_of(ub), mode);
}

std::uint64_t sf_mul(const FpFormat& f, std::uint64_t a, std::uint64_t b, Rnd mode) {
  const Unpacked ua = unpack(f, mask_to(f, a));
  const Unpacked ub = unpack(f, mask_to(f, b));
  const bool s = ua.sign != ub.sign;
  if (ua.kind == Unpacked::NaN || ub.kind == Unpacked::NaN) return f.nan;
  if (ua.kind == Unpacked::Inf || ub.kind == Unpacked::Inf) {
    return (ua.kind == Unpacked::Zero || ub.kind == Unpacked::Zero) ? f.nan : inf_bits(f, s);
  }
  if (ua.kind == Unpacked::Zero || ub.kind == Unpacked::Zero) return zero_bits(f, s);
  return round_wide(f, {s, ua.exp + ub.exp, u128{ua.sig} * ub.sig}, mode);
}

std::uint64_t sf_fma(const FpFormat& f, std::uint64_t a, std::uint64_t b, std::uint64_t c, Rnd mode) {
  c = mask_to(f, c);
  const Unpacked ua = unpack(f, mask_to(f, a));
  const Unpacked ub = unpack(f, mask_to(f, b));
  const Unpacked uc = unpack(f, c);
  const bool ps = ua.sign != ub.sign;
  if (ua.kind == Unpacked::NaN || ub.kind == Unpacked::NaN || uc.kind == Unpacked::NaN) return f.nan;
  if (ua.kind == Unpacked::Inf || ub.kind == Unpacked::Inf) {
    if (ua.kind == Unpacked::Zero || ub.kind == Unpacked::Zero) return f.nan;
    if (uc.kind == Unpacked::Inf && uc.sign != ps) return f.nan;
    return inf_bits(f, ps);
  }
  if (uc.kind == Unpacked::Inf) return inf_bits(f, uc.sign);
  if (ua.kind == Unpacked::Zero || ub.kind == Unpacked::Zero) {
    return uc.kind == Unpacked::Zero ? zero_bits(f, zero_sum_sign(ps, uc.sign, mode)) : c;
  }
  const Wide p{ps, ua.exp + ub.exp, u128{ua.sig} * ub.sig};
  if (uc.kind == Unpacked::Zero) return round_wide(f, p, mode);
  return add_wide(f, p, wide_of(uc), mode);
}

std::uint64_t sf_div(const FpFormat& f, std::uint64_t a, std::uint64_t b, Rnd mode) {
  const Unpacked ua = unpack(f, mask_to(f, a));
  const Unpacked ub = unpack(f, mask_to(f, b));
  const bool s = ua.sign != ub.sign;
  if (ua.kind == Unpacked::NaN || ub.kind == Unpacked::NaN) return f.nan;
  if (ua.kind == Unpacked::Inf) return ub.kind == Unpacked::Inf ? f.nan : inf_bits(f, s);
  if (ub.kind == Unpacked::Inf) return zero_bits(f, s);
  if (ub.kind == Unpacked::Zero) return ua.kind == Unpacked::Zero ? f.nan : inf_bits(f, s);
  if (ua.kind == Unpacked::Zero) return zero_bits(f, s);
  // Dividend's top bit at 126, divisor's at 63: the quotient has 63 or 64 bits.
  const int la = std::countl_zero(ua.sig) - 1;
  const int lb = std::countl_zero(ub.sig);
  const u128 num = u128{ua.sig << la} << 64;
  const std::uint64_t den = ub.sig << lb;
  const u128 q = num / den;
  const bool sticky = num % den != 0;
  const int exp = (ua.exp - la - 64) - (ub.exp - lb);
  return round_pack(f, s, exp, static_cast<std::uint64_t>(q), sticky, mode);
}

std::uint64_t sf_sqrt(const FpFormat& f, std::uint64_t a, Rnd mode) {
  a = mask_to(f, a);
  const Unpacked u = unpack(f, a);
  if (u.kind == Unpacked::NaN) return f.nan;
  if (u.kind == Unpacked::Zero) return a;
  if (u.sign) return f.nan;
  if (u.kind == Unpacked::Inf) return a;
  const int l = std::countl_zero(u.sig) - 1;
  std::uint64_t sig = u.sig << l;  // top bit at 62
  int e = u.exp - l;
  if ((e & 1) != 0) {
    sig <<= 1;
    e -= 1;
  }
  u128 rem = 0;
  const u128 r = isqrt(u128{sig} << 64, rem);  // in [2^63, 2^64)
  return round_pack(f, false, (e - 64) / 2, static_cast<std::uint64_t>(r), rem != 0, mode);
}

}  // namespace warpsim::func::scalar::detail
