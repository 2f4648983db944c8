// Timing class names, pipe timing, emulated operations and register use of instructions (see
// lower/op_class.hpp).
#include <warpsim/lower/op_class.hpp>

namespace warpsim::lower {
namespace {

using ir::Op;
using ir::ScalarType;

void add_slot(std::vector<std::uint32_t>& v, std::uint32_t slot) {
  if (slot != ir::kNoReg) v.push_back(slot);
}

}  // namespace

std::string_view op_class_name(OpClass c) {
  static constexpr std::string_view names[] = {"int", "fp32", "fp64", "f16", "sfu", "branch", "ldst", "uniform", "imad", "tensor"};
  return names[static_cast<std::size_t>(c)];
}

const config::PipeTiming& pipe_timing(const config::GpuConfig& cfg, OpClass c) {
  switch (c) {
    case OpClass::Int: return cfg.pipe_int;
    case OpClass::Fp32: return cfg.pipe_fp32;
    case OpClass::Fp64: return cfg.pipe_fp64;
    case OpClass::F16: return cfg.pipe_f16;
    case OpClass::Sfu: return cfg.pipe_sfu;
    case OpClass::Branch: return cfg.pipe_branch;
    case OpClass::Ldst: return cfg.pipe_ldst;
    case OpClass::Imad: return cfg.pipe_imad;
    case OpClass::Tensor: return cfg.pipe_tensor;
    default: return cfg.pipe_uniform;
  }
}

const config::EmulatedOp* emulated_op(const ir::Instr& in, const config::GpuConfig& cfg) {
  const config::EmulatedOp* e = nullptr;
  const bool approx = in.has(ir::kApprox) || in.has(ir::kFull);
  switch (in.op) {
    case Op::Div:
    case Op::Rem:
      if (in.type == ScalarType::F32) e = approx || in.op == Op::Rem ? nullptr : &cfg.emul_div_f32;
      else if (in.type == ScalarType::F64) e = approx || in.op == Op::Rem ? nullptr : &cfg.emul_div_f64;
      else if (in.type == ScalarType::U64) e = &cfg.emul_div_u64;
      else if (in.type == ScalarType::S64) e = &cfg.emul_div_s64;
      else if (ir::is_signed(in.type)) e = &cfg.emul_div_s32;
      else if (!ir::is_float(in.type)) e = &cfg.emul_div_u32;
      break;
    case Op::Rcp:
      if (!approx) e = in.type == ScalarType::F64 ? &cfg.emul_rcp_f64 : &cfg.emul_rcp_f32;
      break;
    case Op::Sqrt:
      if (!approx) e = in.type == ScalarType::F64 ? &cfg.emul_sqrt_f64 : &cfg.emul_sqrt_f32;
      break;
    default: break;
  }
  return e != nullptr && e->latency != 0 ? e : nullptr;
}

InstrRegs instr_regs(const ir::Program& prog, const ir::Instr& in) {
  InstrRegs r;
  add_slot(r.reads, in.guard);
  for (unsigned i = 0; i < in.nops; ++i) {
    const ir::Operand& o = in.ops[i];
    const bool dst = i < in.ndst;
    switch (o.kind) {
      case ir::Operand::Kind::Reg: add_slot(dst ? r.writes : r.reads, o.reg); break;
      case ir::Operand::Kind::Addr:
        add_slot(r.reads, o.reg);  // an address base is read even in a store's first operand
        break;
      case ir::Operand::Kind::Vec:
        for (std::uint32_t k = 0; k < o.count; ++k) {
          const std::uint32_t s = prog.vec_slots[o.reg + k];
          if ((s & ir::Program::kVecImm) == 0) add_slot(dst ? r.writes : r.reads, s);
        }
        break;
      default: break;
    }
  }
  return r;
}

}  // namespace warpsim::lower
