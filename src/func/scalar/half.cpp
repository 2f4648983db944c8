// f32 <-> f16 and f32 <-> bf16 conversions by bit manipulation (round to nearest even).
//
// Models: IEEE 754 binary16 and bfloat16 rounding of an f32: gradual underflow to subnormals, overflow to
// infinity, canonical NaN (0x7fff) for any NaN input; widening is exact, NaN widens to 0x7fffffff. These
// are the fast paths of cvt.rn and the helpers for buffer initialisation.
// Leaves out: other rounding modes, .relu and .satfinite (cvt.cpp uses round_pack for those).
#include <warpsim/func/scalar.hpp>

#include "fp_format.hpp"

namespace warpsim::func::scalar {

std::uint16_t f32_to_f16(float f) {
  const std::uint32_t x = detail::bits_of(f);
  const auto sign = static_cast<std::uint16_t>((x >> 16) & 0x8000u);
  const std::uint32_t ax = x & 0x7fffffffu;
  if (ax > 0x7f800000u) return 0x7fff;
  if (ax >= 0x477ff000u) return sign | 0x7c00u;  // >= 65520 rounds to inf (includes inf)
  if (ax >= 0x38800000u) {                       // >= 2^-14: normal f16
    std::uint32_t r = (ax >> 13) - ((127u - 15u) << 10);
    const std::uint32_t rem = ax & 0x1fffu;
    r += (rem > 0x1000u || (rem == 0x1000u && (r & 1u) != 0)) ? 1u : 0u;
    return static_cast<std::uint16_t>(sign | r);
  }
  if (ax <= 0x33000000u) return sign;  // <= 2^-25 (a tie with 0 at 2^-25 goes to even 0)
  // Subnormal f16: the value in units of 2^-24 is m * 2^(e - 126), e in [102, 112].
  const std::uint32_t e = ax >> 23;
  const std::uint32_t m = (ax & 0x7fffffu) | 0x800000u;
  const std::uint32_t shift = 126u - e;
  std::uint32_t r = m >> shift;
  const std::uint32_t rem = m & ((1u << shift) - 1u);
  const std::uint32_t half = 1u << (shift - 1u);
  r += (rem > half || (rem == half && (r & 1u) != 0)) ? 1u : 0u;
  return static_cast<std::uint16_t>(sign | r);
}

float f16_to_f32(std::uint16_t h) {
  const std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000u) << 16;
  const std::uint32_t mag = h & 0x7fffu;
  if (mag >= 0x7c00u) return detail::as_f32(mag > 0x7c00u ? 0x7fffffffu : (sign | 0x7f800000u));
  if (mag >= 0x0400u) return detail::as_f32(sign | ((mag << 13) + ((127u - 15u) << 23)));
  // Zero or subnormal: mag * 2^-24, exact in f32.
  return detail::as_f32(sign | detail::bits_of(static_cast<float>(mag) * 0x1p-24f));
}

std::uint16_t f32_to_bf16(float f) {
  const std::uint32_t x = detail::bits_of(f);
  if ((x & 0x7fffffffu) > 0x7f800000u) return 0x7fff;
  const std::uint32_t r = x + 0x7fffu + ((x >> 16) & 1u);  // carries into the exponent (and to inf) as needed
  return static_cast<std::uint16_t>(r >> 16);
}

float bf16_to_f32(std::uint16_t h) {
  if ((h & 0x7fffu) > 0x7f80u) return detail::as_f32(0x7fffffffu);
  return detail::as_f32(static_cast<std::uint32_t>(h) << 16);
}

}  // namespace warpsim::func::scalar
