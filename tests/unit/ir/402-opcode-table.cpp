// The opcode table (ir/opcodes.def): pipeline classes of instructions by opcode and type, and flags that agree
// with each other for every opcode.
#include <warpsim/ir/opcodes.hpp>

#include <catch2/catch.hpp>

#include <set>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using warpsim::ir::Instr;
using warpsim::ir::Op;
using warpsim::ir::op_info;
using warpsim::ir::PipeClass;
using warpsim::ir::ScalarType;

namespace {

PipeClass pipe(Op op, ScalarType type = ScalarType::None, ScalarType type2 = ScalarType::None) {
  Instr in;
  in.op = op;
  in.type = type;
  in.type2 = type2;
  return warpsim::ir::pipe_class(in);
}

constexpr auto kOps = static_cast<std::size_t>(Op::Count_);

}  // namespace

TEST_CASE("pipe class: fixed by the opcode or chosen by the float types", "[ir][opcodes]") {
  using T = ScalarType;
  // ByType: the widest float type among the two decides, no float type is int.
  CHECK(pipe(Op::Add, T::S32) == PipeClass::Int);
  CHECK(pipe(Op::Add, T::F32) == PipeClass::Fp32);
  CHECK(pipe(Op::Fma, T::BF16x2) == PipeClass::F16);
  CHECK(pipe(Op::Mul, T::F64) == PipeClass::Fp64);
  CHECK(pipe(Op::Setp, T::F16, T::F16) == PipeClass::F16);
  CHECK(pipe(Op::Cvt, T::F32, T::F64) == PipeClass::Fp64);
  CHECK(pipe(Op::Cvt, T::S32, T::TF32) == PipeClass::Fp32);
  CHECK(pipe(Op::Cvt, T::B16, T::E4M3x2) == PipeClass::Int);  // the packed narrow floats count as none
  // SfuOrFp64: f64 only by the first type.
  CHECK(pipe(Op::Rcp, T::F32) == PipeClass::Sfu);
  CHECK(pipe(Op::Sqrt, T::F64) == PipeClass::Fp64);
  CHECK(pipe(Op::Ex2, T::F16) == PipeClass::Sfu);
  // IntSfuOrFp64 (div).
  CHECK(pipe(Op::Div, T::U32) == PipeClass::Int);
  CHECK(pipe(Op::Div, T::F32) == PipeClass::Sfu);
  CHECK(pipe(Op::Div, T::F64) == PipeClass::Fp64);
  // Fixed, whatever the type.
  CHECK(pipe(Op::Mov, T::F64) == PipeClass::Uniform);
  CHECK(pipe(Op::Ld, T::F32) == PipeClass::Ldst);
  CHECK(pipe(Op::Shfl, T::B32) == PipeClass::Ldst);
  CHECK(pipe(Op::Vote, T::Pred) == PipeClass::Int);
  CHECK(pipe(Op::Redux, T::U32) == PipeClass::Int);
  CHECK(pipe(Op::Bar) == PipeClass::Branch);
  CHECK(pipe(Op::Nop) == PipeClass::Branch);
}

TEST_CASE("opcode flags: a few rows", "[ir][opcodes]") {
  CHECK(op_info(Op::Ld).load);
  CHECK(op_info(Op::Atom).store);
  CHECK(op_info(Op::Atom).atomic);
  CHECK(!op_info(Op::St).atomic);
  CHECK(op_info(Op::Bar).barrier);
  CHECK(op_info(Op::Activemask).collective);
  CHECK(!op_info(Op::Activemask).warp_sync);
  CHECK(op_info(Op::Shfl).warp_sync);
  CHECK(op_info(Op::Addc).ordered);
  CHECK(!op_info(Op::Add).ordered);
  CHECK(op_info(Op::Add).predicable);
  CHECK(!op_info(Op::Nop).predicable);
  CHECK(op_info(Op::Exit).control);
  CHECK(op_info(Op::Prefetch).hint);
  CHECK(op_info(Op::Membar).fence);
}

TEST_CASE("opcode flags agree with each other for every opcode", "[ir][opcodes]") {
  std::set<std::string_view> mnemonics;
  for (std::size_t k = 0; k < kOps; ++k) {
    const auto& i = op_info(static_cast<Op>(k));
    INFO(i.mnemonic);
    CHECK(!i.mnemonic.empty());
    CHECK(mnemonics.insert(i.mnemonic).second);
    CHECK(warpsim::ir::op_name(static_cast<Op>(k)) == i.mnemonic);
    // at most one kind of instruction
    CHECK(int{i.memory} + int{i.control} + int{i.barrier} + int{i.fence} + int{i.collective} <= 1);
    // memory: reads or writes, never both (a read-modify-write orders as a store), in order, on the ldst pipe
    CHECK(i.memory == (i.load || i.store));
    CHECK(!(i.load && i.store));
    if (i.atomic) CHECK(i.store);
    if (i.memory) CHECK(i.ordered);
    if (i.memory) CHECK(i.pipe == warpsim::ir::PipeRule::Ldst);
    // control flow: on the branch pipe, nothing moves across it or is predicated in its place
    if (i.control) CHECK(i.pipe == warpsim::ir::PipeRule::Branch);
    if (i.control) CHECK(!i.predicable);
    if (i.control) CHECK(!i.ordered);  // stronger than ordered: a fence for the scheduler
    // lanes and threads that take part would change if it were predicated or moved
    if (i.warp_sync) CHECK(i.collective);
    if (i.collective || i.barrier || i.fence) CHECK(i.ordered);
    if (i.collective || i.barrier || i.fence) CHECK(!i.predicable);
    // a hint writes nothing
    if (i.hint) CHECK(!i.store);
  }
  CHECK(mnemonics.size() == kOps);
}

}  // namespace WARPSIM_UNITY_ID
