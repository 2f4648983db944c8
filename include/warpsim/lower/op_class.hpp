// Timing classes of instructions: which pipeline an instruction issues to, and which register slots it
// reads and writes (for the scoreboard).
//
// Models: ten pipeline classes (int, fp32, fp64, f16, sfu, branch, ldst, uniform, imad, tensor: ir::PipeClass), chosen
// from the opcode and its types by the opcode table (ir/opcodes.def); each has a latency and an initiation
// interval in the GpuConfig (pipe.<class>.*).
// Register reads are source operands, address bases, vector elements and the guard predicate; writes are the
// first ndst operands.
// Emulated operations: PTX instructions ptxas expands into a SASS sequence (IEEE div/rcp/sqrt, integer div and
// rem) take the GPU model's emul.<op>.latency and .instructions when the latency there is nonzero.
// Leaves out: register-bank conflicts,
// the condition-code register of addc/madc (not a slot). The tensor class's latency and interval per mma shape and
// type are lower/lowered.hpp's (tensor_timing).
#pragma once

#include <warpsim/config/gpu_config.hpp>
#include <warpsim/ir/opcodes.hpp>
#include <warpsim/ir/program.hpp>

#include <cstdint>
#include <string_view>
#include <vector>

namespace warpsim::lower {

using OpClass = ir::PipeClass;
inline constexpr std::size_t kOpClasses = static_cast<std::size_t>(OpClass::Count_);

inline OpClass op_class(const ir::Instr& in) { return ir::pipe_class(in); }
std::string_view op_class_name(OpClass c);
const config::PipeTiming& pipe_timing(const config::GpuConfig& cfg, OpClass c);
// The emulated-operation timing of `in` (see above), or null when it is a single SASS instruction.
const config::EmulatedOp* emulated_op(const ir::Instr& in, const config::GpuConfig& cfg);

struct InstrRegs {
  std::vector<std::uint32_t> reads, writes;  // register slots
};
InstrRegs instr_regs(const ir::Program& prog, const ir::Instr& in);

}  // namespace warpsim::lower
