// Decoding PTX numeric literals from their token text.
// Models: integers in decimal, hex (0x), octal (leading 0) and binary (0b) with an optional U suffix, as
// 64-bit two's complement; floats as 0fXXXXXXXX (f32 bits), 0dXXXXXXXXXXXXXXXX (f64 bits) and decimal
// literals (1.5, 1e-3), which PTX reads as f64.
// Leaves out: constant expressions (the parser handles the unary minus and `sym+offset` forms nvcc emits).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace warpsim::ptx::detail {

// The value of an integer literal, or nullopt if it is malformed or does not fit in 64 bits.
std::optional<std::uint64_t> decode_int(std::string_view text);

struct FloatBits {
  std::uint64_t bits = 0;
  bool is_double = false;
};

// The bits of a float literal, or nullopt if it is malformed.
std::optional<FloatBits> decode_float(std::string_view text);

}  // namespace warpsim::ptx::detail
