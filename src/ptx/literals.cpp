// Decoding PTX numeric literals (see literals.hpp).
// Leaves out: nothing beyond what literals.hpp states; the lexer has already checked the shapes.
#include "ptx/literals.hpp"

#include <bit>
#include <charconv>

namespace warpsim::ptx::detail {

namespace {

int digit_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return 99;
}

std::optional<std::uint64_t> accumulate(std::string_view digits, unsigned base) {
  if (digits.empty()) return std::nullopt;
  std::uint64_t v = 0;
  for (char c : digits) {
    const auto d = static_cast<unsigned>(digit_value(c));
    if (d >= base) return std::nullopt;
    if (v > (UINT64_MAX - d) / base) return std::nullopt;  // would overflow 64 bits
    v = v * base + d;
  }
  return v;
}

}  // namespace

std::optional<std::uint64_t> decode_int(std::string_view text) {
  if (!text.empty() && text.back() == 'U') text.remove_suffix(1);
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) return accumulate(text.substr(2), 16);
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'b' || text[1] == 'B')) return accumulate(text.substr(2), 2);
  if (text.size() > 1 && text[0] == '0') return accumulate(text.substr(1), 8);
  return accumulate(text, 10);
}

std::optional<FloatBits> decode_float(std::string_view text) {
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'f' || text[1] == 'F' || text[1] == 'd' || text[1] == 'D')) {
    const bool dbl = text[1] == 'd' || text[1] == 'D';
    const std::string_view digits = text.substr(2);
    if (digits.size() != (dbl ? 16U : 8U)) return std::nullopt;
    auto v = accumulate(digits, 16);
    if (!v) return std::nullopt;
    return FloatBits{*v, dbl};
  }
  double d = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), d);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return FloatBits{std::bit_cast<std::uint64_t>(d), true};
}

}  // namespace warpsim::ptx::detail
