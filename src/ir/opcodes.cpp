// Pipeline classes from the opcode table's rules, and opcode names (see ir/opcodes.hpp).
#include <warpsim/ir/opcodes.hpp>

namespace warpsim::ir {
namespace {

bool is_f64(ScalarType t) { return t == ScalarType::F64; }
bool is_f32(ScalarType t) { return t == ScalarType::F32 || t == ScalarType::TF32; }
bool is_f16(ScalarType t) {
  return t == ScalarType::F16 || t == ScalarType::F16x2 || t == ScalarType::BF16 || t == ScalarType::BF16x2;
}

// The widest float type among the two types decides; no float type (the packed narrow floats of cvt count as
// none) = int.
PipeClass by_type(const Instr& in) {
  if (is_f64(in.type) || is_f64(in.type2)) return PipeClass::Fp64;
  if (is_f32(in.type) || is_f32(in.type2)) return PipeClass::Fp32;
  if (is_f16(in.type) || is_f16(in.type2)) return PipeClass::F16;
  return PipeClass::Int;
}

}  // namespace

PipeClass pipe_class(const Instr& in) {
  switch (const PipeRule rule = op_info(in.op).pipe) {
    case PipeRule::ByType: return by_type(in);
    case PipeRule::SfuOrFp64: return is_f64(in.type) ? PipeClass::Fp64 : PipeClass::Sfu;
    case PipeRule::ImadOrByType: return by_type(in) == PipeClass::Int ? PipeClass::Imad : by_type(in);
    case PipeRule::IntSfuOrFp64:
      return by_type(in) == PipeClass::Int ? PipeClass::Int : is_f64(in.type) ? PipeClass::Fp64 : PipeClass::Sfu;
    default: return static_cast<PipeClass>(rule);  // the fixed rules are the classes, in the same order
  }
}

std::string_view op_name(Op op) {
  return static_cast<std::size_t>(op) < static_cast<std::size_t>(Op::Count_) ? op_info(op).mnemonic : "?";
}

}  // namespace warpsim::ir
