// PTX scalar types, rounding modes and comparison operators, as decoded enums.
// Models: the type and modifier vocabulary that instruction semantics depend on.
// Leaves out: vector shapes (an instruction's `vec` field) and state spaces (ir/instr.hpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace warpsim::ir {

enum class ScalarType : std::uint8_t {
  None,
  Pred,
  B8,
  B16,
  B32,
  B64,
  B128,
  U8,
  U16,
  U32,
  U64,
  S8,
  S16,
  S32,
  S64,
  F16,
  F16x2,
  BF16,
  BF16x2,
  F32,
  F64,
  TF32,
  E4M3x2,
  E5M2x2,
  E2M3x2,
  E3M2x2,
  E2M1x2,
  UE8M0x2,  // packed narrow floats (cvt)
};

// Size in bytes of one value of the type (Pred: 1; packed x2 types: the packed container).
unsigned size_of(ScalarType t);
bool is_float(ScalarType t);     // F16, BF16, F32, F64, TF32 and the packed float types
bool is_signed(ScalarType t);    // S8..S64
bool is_unsigned(ScalarType t);  // U8..U64
bool is_bits(ScalarType t);      // B8..B128
// "f32" -> F32, "pred" -> Pred, "e4m3x2" -> E4M3x2; nullopt if not a type name.
std::optional<ScalarType> parse_type(std::string_view s);
std::string_view name(ScalarType t);

// Rounding modifiers. Float results: RN (nearest even), RZ, RM (toward -inf), RP (toward +inf), RNA
// (nearest, ties away), RS (stochastic; not modelled beyond RZ). Integer results of float ops: RNI, RZI,
// RMI, RPI. None = the instruction's default.
enum class Rnd : std::uint8_t { None, RN, RZ, RM, RP, RNA, RS, RNI, RZI, RMI, RPI };
std::optional<Rnd> parse_rnd(std::string_view s);

// setp/set comparison operators. Ordered ones are false if either operand is NaN; the U forms are true.
enum class Cmp : std::uint8_t { EQ, NE, LT, LE, GT, GE, LO, LS, HI, HS, EQU, NEU, LTU, LEU, GTU, GEU, NUM, NAN_ };
std::optional<Cmp> parse_cmp(std::string_view s);

// setp/set/bar.red/vote combining operators.
enum class BoolOp : std::uint8_t { None, And, Or, Xor };

}  // namespace warpsim::ir
