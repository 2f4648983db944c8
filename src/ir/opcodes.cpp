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
    case PipeRule::TensorOrBranch:
      return in.sub == 0 ? PipeClass::Tensor : PipeClass::Branch;  // WgmmaOp::MmaAsync is 0
    case PipeRule::IntSfuOrFp64:
      return by_type(in) == PipeClass::Int ? PipeClass::Int : is_f64(in.type) ? PipeClass::Fp64 : PipeClass::Sfu;
    default: return static_cast<PipeClass>(rule);  // the fixed rules are the classes, in the same order
  }
}

MmaDims mma_dims(MmaShape s) {
  switch (s) {
    case MmaShape::M8N8K4: return {8, 8, 4};
    case MmaShape::M8N8K16: return {8, 8, 16};
    case MmaShape::M8N8K32: return {8, 8, 32};
    case MmaShape::M8N8K128: return {8, 8, 128};
    case MmaShape::M16N8K4: return {16, 8, 4};
    case MmaShape::M16N8K8: return {16, 8, 8};
    case MmaShape::M16N8K16: return {16, 8, 16};
    case MmaShape::M16N8K32: return {16, 8, 32};
    case MmaShape::M16N8K64: return {16, 8, 64};
    case MmaShape::M16N8K128: return {16, 8, 128};
    case MmaShape::M16N8K256: return {16, 8, 256};
  }
  return {0, 0, 0};
}

unsigned mma_bits(MmaType t) {
  switch (t) {
    case MmaType::B1And:
    case MmaType::B1Xor: return 1;
    case MmaType::S4:
    case MmaType::U4: return 4;
    case MmaType::S8:
    case MmaType::U8:
    case MmaType::E4M3:
    case MmaType::E5M2: return 8;
    case MmaType::F16:
    case MmaType::BF16: return 16;
    case MmaType::TF32: return 32;
    case MmaType::F64: return 64;
  }
  return 0;
}

unsigned mma_sparse_chunk(MmaType a) {
  return a == MmaType::TF32 ? 2 : (a == MmaType::S4 || a == MmaType::U4) ? 8 : 4;
}

unsigned mma_sparse_meta_threads(MmaShape s, MmaType a) {
  return mma_dims(s).k / mma_sparse_chunk(a) / 4;  // 4 bits per chunk, 16 bits per row per thread
}

std::string_view op_name(Op op) {
  return static_cast<std::size_t>(op) < static_cast<std::size_t>(Op::Count_) ? op_info(op).mnemonic : "?";
}

}  // namespace warpsim::ir
