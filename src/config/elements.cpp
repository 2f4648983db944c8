// Buffer element types: the type table, exact round-to-nearest-even conversions from double, and JSON
// number checks per type. Leaves out: other rounding modes and denormal flushing.
#include "config/elements.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

namespace warpsim::config {

namespace detail {

namespace {

constexpr ElemInfo kElems[] = {
    {ElemType::F32, "f32", 4, true, true},   {ElemType::F64, "f64", 8, true, true},
    {ElemType::U32, "u32", 4, false, false}, {ElemType::S32, "s32", 4, false, true},
    {ElemType::U64, "u64", 8, false, false}, {ElemType::S64, "s64", 8, false, true},
    {ElemType::U8, "u8", 1, false, false},   {ElemType::F16, "f16", 2, true, true},
    {ElemType::BF16, "bf16", 2, true, true},
};

std::uint64_t low_mask(unsigned bytes) {
  return bytes >= 8 ? ~std::uint64_t{0} : (std::uint64_t{1} << (8 * bytes)) - 1;
}

// Exponent and fraction widths of the float element types.
std::pair<int, int> float_format(ElemType t) {
  switch (t) {
    case ElemType::F16: return {5, 10};
    case ElemType::BF16: return {8, 7};
    case ElemType::F32: return {8, 23};
    default: return {11, 52};
  }
}

}  // namespace

const ElemInfo& elem_info(ElemType t) {
  for (const auto& e : kElems) {
    if (e.type == t) return e;
  }
  fail(ErrorKind::Internal, "unknown element type {}", static_cast<int>(t));
}

std::uint64_t round_to_format(double v, int exp_bits, int mant_bits) {
  const auto d = std::bit_cast<std::uint64_t>(v);
  const std::uint64_t sign = (d >> 63) << (exp_bits + mant_bits);
  const std::uint64_t exp_ones = (std::uint64_t{1} << exp_bits) - 1;
  const std::uint64_t inf = sign | (exp_ones << mant_bits);
  const int dexp = static_cast<int>((d >> 52) & 0x7ff);
  const std::uint64_t frac = d & ((std::uint64_t{1} << 52) - 1);
  if (dexp == 0x7ff) return frac != 0 ? inf | (std::uint64_t{1} << (mant_bits - 1)) : inf;
  // v = mant * 2^(e - 52), with mant < 2^53.
  const std::uint64_t mant = dexp == 0 ? frac : frac | (std::uint64_t{1} << 52);
  const int e = dexp == 0 ? -1022 : dexp - 1023;
  if (mant == 0) return sign;
  const int bias = (1 << (exp_bits - 1)) - 1;
  const int emin = 1 - bias;
  if (e > bias) return inf;  // v >= 2^(bias+1): beyond the largest finite value plus half an ulp
  // The target's quantum at this magnitude is 2^(max(e, emin) - mant_bits); drop that many low bits.
  const int shift = 52 - mant_bits + std::max(0, emin - e);
  if (shift > 63) return sign;  // below half the smallest subnormal
  std::uint64_t q = mant >> shift;
  if (shift > 0) {
    const std::uint64_t rem = mant & ((std::uint64_t{1} << shift) - 1);
    const std::uint64_t half = std::uint64_t{1} << (shift - 1);
    if (rem > half || (rem == half && (q & 1) != 0)) ++q;
  }
  // Normal: q holds the implicit bit, which carries into the exponent field; subnormal: the field is 0.
  // A rounding carry out of the fraction moves to the next binade (or to infinity) by the same addition.
  const auto field = static_cast<std::uint64_t>(std::max(e, emin) + bias - 1);
  const std::uint64_t magnitude = (field << mant_bits) + q;
  if (magnitude >= (exp_ones << mant_bits)) return inf;
  return sign | magnitude;
}

std::uint64_t float_bits(ElemType t, double v) {
  if (t == ElemType::F64) return std::bit_cast<std::uint64_t>(v);
  const auto [e, m] = float_format(t);
  return round_to_format(v, e, m);
}

double float_value(ElemType t, std::uint64_t bits) {
  switch (t) {
    case ElemType::F64: return std::bit_cast<double>(bits);
    case ElemType::F32: return std::bit_cast<float>(static_cast<std::uint32_t>(bits));
    case ElemType::BF16: return std::bit_cast<float>(static_cast<std::uint32_t>(bits << 16));
    case ElemType::F16: {
      const double sign = (bits >> 15) & 1 ? -1.0 : 1.0;
      const int e = static_cast<int>((bits >> 10) & 0x1f);
      const auto f = static_cast<double>(bits & 0x3ff);
      if (e == 0x1f) return f != 0 ? std::nan("") : sign * HUGE_VAL;
      if (e == 0) return sign * std::ldexp(f, -24);
      return sign * std::ldexp(1024.0 + f, e - 25);
    }
    default: fail(ErrorKind::Internal, "float_value of an integer type");
  }
}

bool is_nan(ElemType t, std::uint64_t bits) {
  const auto [e, m] = float_format(t);
  const std::uint64_t exp_ones = (std::uint64_t{1} << e) - 1;
  return ((bits >> m) & exp_ones) == exp_ones && (bits & ((std::uint64_t{1} << m) - 1)) != 0;
}

bool is_inf(ElemType t, std::uint64_t bits) {
  const auto [e, m] = float_format(t);
  const std::uint64_t exp_ones = (std::uint64_t{1} << e) - 1;
  return ((bits >> m) & exp_ones) == exp_ones && (bits & ((std::uint64_t{1} << m) - 1)) == 0;
}

std::uint64_t iota_bits(ElemType t, std::uint64_t i) {
  const ElemInfo& info = elem_info(t);
  if (info.is_float) return float_bits(t, static_cast<double>(i));
  return i & low_mask(info.size);
}

std::uint64_t json_to_int(const ojson& v, const JsonPath& at, ElemType t) {
  const ElemInfo& info = elem_info(t);
  return json_to_int(v, at, info.name, info.size, info.is_signed);
}

std::uint64_t json_to_int(const ojson& v, const JsonPath& at, const char* name, unsigned size, bool is_signed) {
  const ElemInfo info{ElemType::U64, name, size, false, is_signed};
  const unsigned bits = 8 * info.size;
  // The value as sign + magnitude, so that every 64-bit range compares exactly.
  bool negative = false;
  std::uint64_t magnitude = 0;
  bool fits = true;
  if (v.is_number_unsigned()) {
    magnitude = v.get<std::uint64_t>();
  } else if (v.is_number_integer()) {
    const auto i = v.get<std::int64_t>();
    negative = i < 0;
    magnitude = negative ? 0 - static_cast<std::uint64_t>(i) : static_cast<std::uint64_t>(i);
  } else if (v.is_number_float()) {
    const double d = v.get<double>();
    if (d != std::floor(d)) at.fail("{} is not an integer ({} is an integer type)", describe(v), info.name);
    negative = d < 0;
    fits = std::fabs(d) < 0x1p64;
    if (fits) magnitude = static_cast<std::uint64_t>(std::fabs(d));
  } else {
    at.fail("expected an integer, got {}", describe(v));
  }
  const std::uint64_t max_pos = info.is_signed ? (std::uint64_t{1} << (bits - 1)) - 1 : low_mask(info.size);
  const std::uint64_t max_neg = info.is_signed ? std::uint64_t{1} << (bits - 1) : 0;
  if (!fits || (negative ? magnitude > max_neg : magnitude > max_pos)) {
    if (info.is_signed) {
      at.fail("{} is out of range for {} [-{}, {}]", describe_integer(v), info.name, max_neg, max_pos);
    }
    at.fail("{} is out of range for {} [0, {}]", describe_integer(v), info.name, max_pos);
  }
  return negative ? 0 - magnitude : magnitude;
}

std::uint64_t json_to_float_bits(const ojson& v, const JsonPath& at, ElemType t) {
  const ElemInfo& info = elem_info(t);
  if (!v.is_number()) at.fail("expected a number, got {}", describe(v));
  const std::uint64_t bits = float_bits(t, v.get<double>());
  if (is_inf(t, bits)) at.fail("{} is out of range for {} (it rounds to infinity)", describe(v), info.name);
  return bits;
}

void store_le(std::byte* p, std::uint64_t bits, unsigned size) {
  for (unsigned i = 0; i < size; ++i) p[i] = static_cast<std::byte>((bits >> (8 * i)) & 0xff);
}

std::uint64_t load_le(const std::byte* p, unsigned size) {
  std::uint64_t bits = 0;
  for (unsigned i = 0; i < size; ++i) bits |= std::uint64_t(std::to_integer<unsigned>(p[i])) << (8 * i);
  return bits;
}

}  // namespace detail

unsigned elem_size(ElemType t) { return detail::elem_info(t).size; }

const char* elem_name(ElemType t) { return detail::elem_info(t).name; }

std::optional<ElemType> parse_elem_type(std::string_view name) {
  for (const auto& e : detail::kElems) {
    if (name == e.name) return e.type;
  }
  return std::nullopt;
}

}  // namespace warpsim::config
