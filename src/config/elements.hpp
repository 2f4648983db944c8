// Buffer element types: their sizes and names (one table), exact round-to-nearest-even conversion of a
// double to f32/f16/bf16 bits, integers stored modulo 2^bits, little-endian element access, and the
// checks that turn a JSON number into an element of a given type.
// Leaves out: rounding modes other than nearest-even and flush-to-zero (the func module's scalar semantics).
#pragma once

#include <warpsim/config/run_config.hpp>

#include "config/json_util.hpp"

#include <cstddef>
#include <cstdint>

namespace warpsim::config::detail {

struct ElemInfo {
  ElemType type;
  const char* name;
  unsigned size;  // bytes
  bool is_float;
  bool is_signed;  // integers only
};
const ElemInfo& elem_info(ElemType t);

// IEEE-style binary format with `exp_bits` exponent and `mant_bits` fraction bits: the bits of `v` rounded
// to nearest, ties to even, straight from the double (no intermediate rounding). Overflow gives infinity,
// NaN a quiet NaN with v's sign.
std::uint64_t round_to_format(double v, int exp_bits, int mant_bits);
std::uint64_t float_bits(ElemType t, double v);      // F32, F64, F16, BF16
double float_value(ElemType t, std::uint64_t bits);  // exact, F32, F64, F16, BF16
bool is_nan(ElemType t, std::uint64_t bits);
bool is_inf(ElemType t, std::uint64_t bits);

// The element's bits for the integer i (iota): floats rounded to nearest even, integers modulo 2^bits.
std::uint64_t iota_bits(ElemType t, std::uint64_t i);

// A JSON number as an element of type t: integer types need an exact integer inside the type's range
// (returned as 64-bit two's complement, sign-extended); float types need a value that does not round to
// infinity (returned as the element's bits). Errors name `at`: "-1 is out of range for u32 [0, 4294967295]".
std::uint64_t json_to_int(const ojson& v, const JsonPath& at, ElemType t);
// The same for an integer type given by its name (in messages), size in bytes and signedness (u16 in "bytes"
// fields, which no buffer type has).
std::uint64_t json_to_int(const ojson& v, const JsonPath& at, const char* name, unsigned size, bool is_signed);
std::uint64_t json_to_float_bits(const ojson& v, const JsonPath& at, ElemType t);

// The low `size` bytes of `bits`, little-endian, and back.
void store_le(std::byte* p, std::uint64_t bits, unsigned size);
std::uint64_t load_le(const std::byte* p, unsigned size);

}  // namespace warpsim::config::detail
