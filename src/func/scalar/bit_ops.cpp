// PTX bit-manipulation instructions: bfe, bfi, bfind, brev, clz, popc, fns, prmt, shf, shl, shr, lop3,
// szext, bmsk.
//
// Models: the ISA's pseudo-code, written with masks instead of bit loops: bfe/bfi take position and
// length modulo 256 and clip the field at the msb (bfe.s fills with the field's last in-range bit);
// bfind returns 0xffffffff when no non-sign bit exists; fns walks up (offset > 0) or down (offset < 0)
// from base; prmt's generic form and its six modes (tables below); shf's wrap (c mod 32) and clamp
// (min(c, 32)); shift amounts >= w give 0 (shl, shr.u) or the sign fill (shr.s).
// Leaves out: nothing the ISA defines; fns with base > 31 (undefined in the ISA) returns 0xffffffff.
#include <warpsim/func/scalar.hpp>

#include <algorithm>
#include <array>
#include <bit>

namespace warpsim::func::scalar {
namespace {

std::uint64_t low_mask(unsigned n) { return n >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1; }

// Source byte (of {b, a}) for result bytes 0..3, per mode and c[1:0]. Rows follow the ISA's prmt table,
// read from d.b0 up to d.b3.
using ByteSel = std::array<std::uint8_t, 4>;
constexpr std::array<std::array<ByteSel, 4>, 6> kPrmtModes{{
    {{{0, 1, 2, 3}, {1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6}}},  // f4e
    {{{0, 7, 6, 5}, {1, 0, 7, 6}, {2, 1, 0, 7}, {3, 2, 1, 0}}},  // b4e
    {{{0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}}},  // rc8
    {{{0, 1, 2, 3}, {1, 1, 2, 3}, {2, 2, 2, 3}, {3, 3, 3, 3}}},  // ecl
    {{{0, 0, 0, 0}, {0, 1, 1, 1}, {0, 1, 2, 2}, {0, 1, 2, 3}}},  // ecr
    {{{0, 1, 0, 1}, {2, 3, 2, 3}, {0, 1, 0, 1}, {2, 3, 2, 3}}},  // rc16
}};

}  // namespace

std::uint64_t bfe(std::uint64_t a, unsigned pos, unsigned len, unsigned w, bool is_signed) {
  pos &= 0xff;
  len &= 0xff;
  const unsigned msb = w - 1;
  const unsigned n = pos <= msb ? std::min(len, w - pos) : 0;  // bits taken from a
  const std::uint64_t field = n == 0 ? 0 : (trunc(a, w) >> pos) & low_mask(n);
  const bool sbit = is_signed && len != 0 && ((a >> std::min(pos + len - 1, msb)) & 1) != 0;
  return trunc(field | (sbit ? ~low_mask(n) : 0), w);
}

std::uint64_t bfi(std::uint64_t a, std::uint64_t b, unsigned pos, unsigned len, unsigned w) {
  pos &= 0xff;
  len &= 0xff;
  if (len == 0 || pos > w - 1) return trunc(b, w);
  const std::uint64_t mask = low_mask(std::min(len, w - pos)) << pos;
  return trunc((b & ~mask) | ((a << pos) & mask), w);
}

std::uint64_t bfind(std::uint64_t a, unsigned w, bool is_signed, bool shiftamt) {
  std::uint64_t x = trunc(a, w);
  if (is_signed && ((x >> (w - 1)) & 1) != 0) x = ~x & low_mask(w);
  if (x == 0) return 0xffffffffu;
  const unsigned d = 63 - static_cast<unsigned>(std::countl_zero(x));
  return shiftamt ? (w - 1) - d : d;
}

std::uint64_t brev(std::uint64_t a, unsigned w) {
  std::uint64_t x = a;
  x = ((x >> 1) & 0x5555555555555555ull) | ((x & 0x5555555555555555ull) << 1);
  x = ((x >> 2) & 0x3333333333333333ull) | ((x & 0x3333333333333333ull) << 2);
  x = ((x >> 4) & 0x0f0f0f0f0f0f0f0full) | ((x & 0x0f0f0f0f0f0f0f0full) << 4);
  x = __builtin_bswap64(x);
  return w >= 64 ? x : x >> (64 - w);
}

std::uint64_t clz(std::uint64_t a, unsigned w) {
  const std::uint64_t x = trunc(a, w);
  return x == 0 ? w : static_cast<unsigned>(std::countl_zero(x)) - (64 - w);
}

std::uint64_t popc(std::uint64_t a, unsigned w) { return static_cast<std::uint64_t>(std::popcount(trunc(a, w))); }

std::uint64_t fns(std::uint32_t mask, std::uint32_t base, std::int32_t offset) {
  if (base > 31) return 0xffffffffu;
  if (offset == 0) return ((mask >> base) & 1u) != 0 ? base : 0xffffffffu;
  std::int64_t count = (offset > 0 ? static_cast<std::int64_t>(offset) : -static_cast<std::int64_t>(offset)) - 1;
  const int inc = offset > 0 ? 1 : -1;
  for (int pos = static_cast<int>(base); pos >= 0 && pos < 32; pos += inc) {
    if (((mask >> pos) & 1u) != 0) {
      if (count == 0) return static_cast<std::uint64_t>(pos);
      --count;
    }
  }
  return 0xffffffffu;
}

std::uint32_t prmt(std::uint32_t a, std::uint32_t b, std::uint32_t c, PrmtMode mode) {
  const std::uint64_t src = (static_cast<std::uint64_t>(b) << 32) | a;
  const auto byte = [&](unsigned i) { return static_cast<std::uint32_t>((src >> (8 * i)) & 0xff); };
  std::uint32_t d = 0;
  if (mode == PrmtMode::Default) {
    for (unsigned i = 0; i < 4; ++i) {
      const unsigned sel = (c >> (4 * i)) & 0xf;
      std::uint32_t v = byte(sel & 7);
      if ((sel & 8) != 0) v = (v & 0x80) != 0 ? 0xff : 0x00;
      d |= v << (8 * i);
    }
    return d;
  }
  const ByteSel& row = kPrmtModes[static_cast<unsigned>(mode) - 1][c & 3];
  for (unsigned i = 0; i < 4; ++i) d |= byte(row[i]) << (8 * i);
  return d;
}

std::uint32_t shf(std::uint32_t a, std::uint32_t b, std::uint32_t c, bool left, bool clamp) {
  const std::uint32_t n = clamp ? std::min<std::uint32_t>(c, 32) : (c & 31);
  const std::uint64_t v = (static_cast<std::uint64_t>(b) << 32) | a;
  return static_cast<std::uint32_t>(left ? (v << n) >> 32 : v >> n);
}

std::uint64_t shl(std::uint64_t a, std::uint32_t n, unsigned w) { return n >= w ? 0 : trunc(a << n, w); }

std::uint64_t shr(std::uint64_t a, std::uint32_t n, unsigned w, bool is_signed) {
  if (is_signed) {
    const auto x = static_cast<std::int64_t>(sext(a, w));
    return trunc(static_cast<std::uint64_t>(x >> std::min<std::uint32_t>(n, 63)), w);
  }
  return n >= w ? 0 : trunc(a, w) >> n;
}

std::uint32_t lop3(std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint8_t lut) {
  std::uint32_t r = 0;
  for (unsigned k = 0; k < 8; ++k) {
    if (((lut >> k) & 1u) != 0) r |= ((k & 4) != 0 ? a : ~a) & ((k & 2) != 0 ? b : ~b) & ((k & 1) != 0 ? c : ~c);
  }
  return r;
}

std::uint32_t szext(std::uint32_t a, std::uint32_t b, bool is_signed, bool clamp) {
  const std::uint32_t b1 = b & 0x1f;
  const bool too_large = b >= 32 && clamp;
  const std::uint32_t mask = too_large ? 0u : (~0u << b1);
  const bool sign_bit = !(b1 == 0 || too_large || !is_signed) && ((a >> ((b1 - 1) & 0x1f)) & 1u) != 0;
  return (a & ~mask) | (sign_bit ? mask : 0u);
}

std::uint32_t bmsk(std::uint32_t a, std::uint32_t b, bool clamp) {
  const std::uint32_t a1 = a & 0x1f;
  const std::uint32_t b1 = b & 0x1f;
  const std::uint32_t sum = a1 + b1;
  std::uint32_t mask0 = ~0u << a1;
  std::uint32_t mask1 = sum >= 32 ? 0u : (~0u << sum);
  bool overflow = sum >= 32;
  if (clamp) {
    if (a >= 32) {
      overflow = true;
      mask0 = 0;
    }
    if (b >= 32) overflow = true;
  }
  if (overflow) {
    mask1 = 0;
  } else if (b1 == 0) {
    mask1 = ~0u;
  }
  return mask0 & ~mask1;
}

}  // namespace warpsim::func::scalar
