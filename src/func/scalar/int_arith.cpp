// PTX integer arithmetic helpers: mul.hi/.wide, mul24, div/rem, add/sub.sat.s32, min/max/abs, sad,
// dp4a/dp2a, setp comparisons, sign extension and truncation.
//
// Models: two's-complement results at the instruction width w (8, 16, 32, 64), held zero-extended in
// uint64_t; signed products through __int128; the hardware's division-by-zero results (unsigned q = all
// ones, r = a; signed q = -1 for a >= 0 and 1 for a < 0, r = a) and INT_MIN / -1 = INT_MIN, rem 0;
// min/max .relu (negative results become 0); abs(INT_MIN) = INT_MIN.
// Leaves out: packed u16x2/s16x2 forms (callers split them) and the carry chain of addc/subc/madc.
#include <warpsim/func/scalar.hpp>

#include <algorithm>
#include <cstdint>

namespace warpsim::func::scalar {
namespace {

__extension__ typedef __int128 i128;
__extension__ typedef unsigned __int128 u128;

std::int64_t sval(std::uint64_t a, unsigned w) { return static_cast<std::int64_t>(sext(a, w)); }

// Operand i of a packed vector of n-bit lanes, sign- or zero-extended.
std::int64_t lane(std::uint32_t v, unsigned i, unsigned bits, bool is_signed) {
  const std::uint64_t x = (v >> (i * bits)) & ((1u << bits) - 1u);
  return is_signed ? sval(x, bits) : static_cast<std::int64_t>(x);
}

}  // namespace

std::uint64_t sext(std::uint64_t a, unsigned w) {
  if (w >= 64) return a;
  const unsigned s = 64 - w;
  return static_cast<std::uint64_t>(static_cast<std::int64_t>(a << s) >> s);
}

std::uint64_t trunc(std::uint64_t a, unsigned w) { return w >= 64 ? a : a & ((std::uint64_t{1} << w) - 1); }

std::uint64_t mul_hi(std::uint64_t a, std::uint64_t b, unsigned w, bool is_signed) {
  if (is_signed) {
    const i128 p = static_cast<i128>(sval(a, w)) * sval(b, w);
    return trunc(static_cast<std::uint64_t>(p >> w), w);
  }
  const u128 p = static_cast<u128>(trunc(a, w)) * trunc(b, w);
  return trunc(static_cast<std::uint64_t>(p >> w), w);
}

std::uint64_t mul_wide(std::uint64_t a, std::uint64_t b, unsigned w, bool is_signed) {
  if (is_signed) return trunc(static_cast<std::uint64_t>(sval(a, w) * sval(b, w)), 2 * w);
  return trunc(trunc(a, w) * trunc(b, w), 2 * w);
}

std::uint32_t mul24(std::uint32_t a, std::uint32_t b, bool hi, bool is_signed) {
  const std::int64_t x = is_signed ? sval(a, 24) : static_cast<std::int64_t>(a & 0xffffffu);
  const std::int64_t y = is_signed ? sval(b, 24) : static_cast<std::int64_t>(b & 0xffffffu);
  const std::int64_t p = x * y;  // at most 48 bits
  return static_cast<std::uint32_t>(hi ? (p >> 16) : p);
}

std::uint64_t idiv(std::uint64_t a, std::uint64_t b, unsigned w, bool is_signed) {
  if (!is_signed) {
    const std::uint64_t y = trunc(b, w);
    return y == 0 ? trunc(~std::uint64_t{0}, w) : trunc(a, w) / y;
  }
  const std::int64_t x = sval(a, w);
  const std::int64_t y = sval(b, w);
  if (y == 0) return trunc(static_cast<std::uint64_t>(x >= 0 ? -1 : 1), w);
  if (y == -1) return trunc(0 - static_cast<std::uint64_t>(x), w);  // INT_MIN / -1 wraps to INT_MIN
  return trunc(static_cast<std::uint64_t>(x / y), w);
}

std::uint64_t irem(std::uint64_t a, std::uint64_t b, unsigned w, bool is_signed) {
  if (!is_signed) {
    const std::uint64_t y = trunc(b, w);
    return y == 0 ? trunc(a, w) : trunc(a, w) % y;
  }
  const std::int64_t x = sval(a, w);
  const std::int64_t y = sval(b, w);
  if (y == 0) return trunc(a, w);
  if (y == -1) return 0;
  return trunc(static_cast<std::uint64_t>(x % y), w);
}

std::uint64_t add_sat_s32(std::uint64_t a, std::uint64_t b) {
  const std::int64_t s = sval(a, 32) + sval(b, 32);
  return trunc(static_cast<std::uint64_t>(std::clamp<std::int64_t>(s, INT32_MIN, INT32_MAX)), 32);
}

std::uint64_t sub_sat_s32(std::uint64_t a, std::uint64_t b) {
  const std::int64_t s = sval(a, 32) - sval(b, 32);
  return trunc(static_cast<std::uint64_t>(std::clamp<std::int64_t>(s, INT32_MIN, INT32_MAX)), 32);
}

bool icompare(std::uint64_t a, std::uint64_t b, unsigned w, bool is_signed, Cmp cmp) {
  const std::uint64_t ua = trunc(a, w);
  const std::uint64_t ub = trunc(b, w);
  const std::int64_t sa = is_signed ? sval(a, w) : 0;
  const std::int64_t sb = is_signed ? sval(b, w) : 0;
  const auto lt = [&] { return is_signed ? sa < sb : ua < ub; };
  switch (cmp) {
    case Cmp::EQ:
    case Cmp::EQU: return ua == ub;
    case Cmp::NE:
    case Cmp::NEU: return ua != ub;
    case Cmp::LT:
    case Cmp::LTU: return lt();
    case Cmp::LE:
    case Cmp::LEU: return lt() || ua == ub;
    case Cmp::GT:
    case Cmp::GTU: return !lt() && ua != ub;
    case Cmp::GE:
    case Cmp::GEU: return !lt();
    case Cmp::LO: return ua < ub;
    case Cmp::LS: return ua <= ub;
    case Cmp::HI: return ua > ub;
    case Cmp::HS: return ua >= ub;
    case Cmp::NUM: return true;
    case Cmp::NAN_: return false;
  }
  return false;
}

std::uint64_t imin(std::uint64_t a, std::uint64_t b, unsigned w, bool is_signed, bool relu) {
  if (!is_signed) return std::min(trunc(a, w), trunc(b, w));
  const std::int64_t r = std::min(sval(a, w), sval(b, w));
  return trunc(static_cast<std::uint64_t>(relu && r < 0 ? 0 : r), w);
}

std::uint64_t imax(std::uint64_t a, std::uint64_t b, unsigned w, bool is_signed, bool relu) {
  if (!is_signed) return std::max(trunc(a, w), trunc(b, w));
  const std::int64_t r = std::max(sval(a, w), sval(b, w));
  return trunc(static_cast<std::uint64_t>(relu && r < 0 ? 0 : r), w);
}

std::uint64_t iabs(std::uint64_t a, unsigned w) {
  const std::int64_t x = sval(a, w);
  const auto ux = static_cast<std::uint64_t>(x);
  return trunc(x < 0 ? 0 - ux : ux, w);
}

std::uint64_t sad(std::uint64_t a, std::uint64_t b, std::uint64_t c, unsigned w, bool is_signed) {
  std::uint64_t diff = 0;
  if (is_signed) {
    const std::int64_t x = sval(a, w);
    const std::int64_t y = sval(b, w);
    diff = x < y ? static_cast<std::uint64_t>(y) - static_cast<std::uint64_t>(x)
                 : static_cast<std::uint64_t>(x) - static_cast<std::uint64_t>(y);
  } else {
    const std::uint64_t x = trunc(a, w);
    const std::uint64_t y = trunc(b, w);
    diff = x < y ? y - x : x - y;
  }
  return trunc(c + diff, w);
}

std::uint32_t dp4a(std::uint32_t a, std::uint32_t b, std::uint32_t c, bool a_signed, bool b_signed) {
  std::int64_t d = 0;
  for (unsigned i = 0; i < 4; ++i) d += lane(a, i, 8, a_signed) * lane(b, i, 8, b_signed);
  return c + static_cast<std::uint32_t>(d);
}

std::uint32_t dp2a(std::uint32_t a, std::uint32_t b, std::uint32_t c, bool a_signed, bool b_signed, bool hi) {
  const unsigned sel = hi ? 2 : 0;
  std::int64_t d = 0;
  for (unsigned i = 0; i < 2; ++i) d += lane(a, i, 16, a_signed) * lane(b, sel + i, 8, b_signed);
  return c + static_cast<std::uint32_t>(d);
}

}  // namespace warpsim::func::scalar
