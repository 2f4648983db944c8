// The opcode table: for each ir::Op its PTX mnemonic, its pipeline class and its flags, from the rows of
// ir/opcodes.def (which documents every column and where its facts come from).
//
// Models: facts that hold for every instruction of an opcode (whether it touches memory, is a barrier, may be
// predicated, ...) and the rule that picks an instruction's pipeline class from its opcode and types.
// Leaves out: facts that depend on an instruction's operands or modifiers beyond its types (the state space of
// a load, a clock read, a guard): the users decide those.
#pragma once

#include <warpsim/ir/instr.hpp>

#include <cstdint>
#include <iterator>
#include <string_view>

namespace warpsim::ir {

// The pipeline an instruction issues to. The timing model keeps one latency and issue interval per class
// (timing::OpClass is this enum).
// Imad: integer multiplies (IMAD, IMAD.WIDE, IMAD.HI), which the GPU issues to the FMA-heavy unit beside FFMA, not
// to the integer ALU (Nsight Compute's pipe_fmaheavy; traces/ubench_pipe_tput).
// Tensor: warp-level matrix multiply-accumulate (mma.sync: HMMA, IMMA, DMMA), whose latency and issue interval depend
// on the shape and the types (lower/tensor_timing.hpp), not on the class alone.
enum class PipeClass : std::uint8_t { Int, Fp32, Fp64, F16, Sfu, Branch, Ldst, Uniform, Imad, Tensor, Count_ };

// The pipe column of opcodes.def: a class, or a rule that chooses one from the instruction's types.
enum class PipeRule : std::uint8_t {
  Int,
  Fp32,
  Fp64,
  F16,
  Sfu,
  Branch,
  Ldst,
  Uniform,
  Imad,
  Tensor,        // that class, as PipeClass
  ByType,        // the widest float type among type and type2 (f64, f32/tf32, f16/bf16 and x2); none: Int
  SfuOrFp64,     // Fp64 when type is f64, else Sfu
  IntSfuOrFp64,  // Int without a float type, else as SfuOrFp64
  ImadOrByType,  // Imad without a float type (integer mul, mad, mul24, mad24), else as ByType
  TensorOrBranch,  // Tensor for the multiply-accumulate (wgmma.mma_async), Branch for its fence/commit/wait forms
};
static_assert(static_cast<int>(PipeRule::Imad) == static_cast<int>(PipeClass::Imad));
static_assert(static_cast<int>(PipeRule::Tensor) == static_cast<int>(PipeClass::Tensor));

// The flags column of opcodes.def (one bit each).
enum class OpFlag : std::uint16_t {
  None = 0,
  Memory = 1u << 0,
  Load = 1u << 1,
  Store = 1u << 2,
  Atomic = 1u << 3,
  Ordered = 1u << 4,
  Control = 1u << 5,
  Barrier = 1u << 6,
  Fence = 1u << 7,
  Collective = 1u << 8,
  WarpSync = 1u << 9,
  Hint = 1u << 10,
  Predicable = 1u << 11,
  Async = 1u << 12,
};
constexpr OpFlag operator|(OpFlag a, OpFlag b) {
  return static_cast<OpFlag>(static_cast<std::uint16_t>(a) | static_cast<std::uint16_t>(b));
}

// One row of the table, the flags as named booleans (see opcodes.def for what each means).
struct OpInfo {
  std::string_view mnemonic;
  PipeRule pipe = PipeRule::Int;
  bool memory = false, load = false, store = false, atomic = false, ordered = false, control = false;
  bool barrier = false, fence = false, collective = false, warp_sync = false, hint = false, predicable = false;
  bool async = false;
};

namespace detail {

constexpr bool has(OpFlag set, OpFlag f) {
  return (static_cast<std::uint16_t>(set) & static_cast<std::uint16_t>(f)) != 0;
}

constexpr OpInfo op_row(std::string_view mnemonic, PipeRule pipe, OpFlag f) {
  OpInfo i;
  i.mnemonic = mnemonic;
  i.pipe = pipe;
  i.memory = has(f, OpFlag::Memory);
  i.load = has(f, OpFlag::Load);
  i.store = has(f, OpFlag::Store);
  i.atomic = has(f, OpFlag::Atomic);
  i.ordered = has(f, OpFlag::Ordered);
  i.control = has(f, OpFlag::Control);
  i.barrier = has(f, OpFlag::Barrier);
  i.fence = has(f, OpFlag::Fence);
  i.collective = has(f, OpFlag::Collective);
  i.warp_sync = has(f, OpFlag::WarpSync);
  i.hint = has(f, OpFlag::Hint);
  i.predicable = has(f, OpFlag::Predicable);
  i.async = has(f, OpFlag::Async);
  return i;
}

struct OpTable {
  using enum OpFlag;  // the rows name flags unqualified
  static constexpr OpInfo kRows[] = {
#define WARPSIM_OP(name, text, pipe, flags) op_row(text, PipeRule::pipe, flags),
#include <warpsim/ir/opcodes.def>
#undef WARPSIM_OP
  };
};
static_assert(std::size(OpTable::kRows) == static_cast<std::size_t>(Op::Count_));

}  // namespace detail

constexpr const OpInfo& op_info(Op op) { return detail::OpTable::kRows[static_cast<std::size_t>(op)]; }

// The pipeline class of `in`: its opcode's pipe column, a rule applied to its types.
PipeClass pipe_class(const Instr& in);

}  // namespace warpsim::ir
