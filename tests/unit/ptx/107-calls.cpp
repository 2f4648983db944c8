// Tests of call syntax: direct calls with and without return values and arguments (argument lists spread
// over lines, as nvcc writes them), indirect calls through a register with a .callprototype, and the
// call-sequence blocks whose .param declarations the parser renames.
#include "ptx_test_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::ptx;
using K = Operand::Kind;

namespace {

const Instruction& only_call(const Function& f) {
  const Instruction* call = nullptr;
  for (const Statement& st : f.body)
    if (st.kind == Statement::Kind::Instruction && st.instr.opcode == "call") {
      REQUIRE(call == nullptr);
      call = &st.instr;
    }
  REQUIRE(call != nullptr);
  return *call;
}

}  // namespace

TEST_CASE("call.uni (retval), f, (args) over several lines") {
  Function f = ptx_test::parse_body(
      "\t{ // callseq 0, 0\n\t.reg .b32 temp_param_reg;\n\t.param .b32 param0;\n\tst.param.b32 \t[param0+0], %r2;\n"
      "\t.param .b32 param1;\n\tst.param.b32 \t[param1+0], %r1;\n\t.param .b32 retval0;\n"
      "\tcall.uni (retval0), \n\t_Z7add_muliii, \n\t(\n\tparam0, \n\tparam1\n\t);\n"
      "\tld.param.b32 \t%r8, [retval0+0];\n\t} // callseq 0");
  const Instruction& c = only_call(f);
  CHECK(c.modifiers == std::vector<std::string>{"uni"});
  REQUIRE(c.operands.size() == 3);
  CHECK(c.operands[0].kind == K::Vector);
  REQUIRE(c.operands[0].elems.size() == 1);
  CHECK(c.operands[0].elems[0].kind == K::Symbol);
  CHECK(c.operands[0].elems[0].name == "retval0$1");
  CHECK(c.operands[1].kind == K::Symbol);
  CHECK(c.operands[1].name == "_Z7add_muliii");
  CHECK(c.operands[2].kind == K::Vector);
  REQUIRE(c.operands[2].elems.size() == 2);
  CHECK(c.operands[2].elems[0].name == "param0$1");
  CHECK(c.operands[2].elems[1].name == "param1$1");
  CHECK(c.pos.line == 13);
  // the declarations and the st/ld around the call use the same renamed names
  CHECK(f.body[1].var.name == "param0$1");
  CHECK(f.body[1].var.space == "param");
  CHECK(f.body[2].instr.operands[0].kind == K::Address);
  CHECK(f.body[2].instr.operands[0].name == "param0$1");
  CHECK_FALSE(f.body[2].instr.operands[0].base_is_register);
  CHECK(f.body.back().instr.operands[1].name == "retval0$1");
}

TEST_CASE("calls without return value, without arguments, and bare") {
  Function f1 = ptx_test::parse_body("call.uni \n\t_Z4bumpPii, \n\t(\n\t);");
  const Instruction& a = only_call(f1);
  REQUIRE(a.operands.size() == 2);
  CHECK(a.operands[0].kind == K::Symbol);
  CHECK(a.operands[0].name == "_Z4bumpPii");
  CHECK(a.operands[1].kind == K::Vector);
  CHECK(a.operands[1].elems.empty());
  Function f2 = ptx_test::parse_body("call _Z3foo, (p0);");
  const Instruction& b = only_call(f2);
  REQUIRE(b.operands.size() == 2);
  CHECK(b.operands[0].kind == K::Symbol);
  CHECK(b.operands[1].kind == K::Vector);
  CHECK(b.operands[1].elems.at(0).name == "p0");
  Function f3 = ptx_test::parse_body("call f;");
  const Instruction& c = only_call(f3);
  REQUIRE(c.operands.size() == 1);
  CHECK(c.operands[0].kind == K::Symbol);
  CHECK(c.operands[0].name == "f");
}

TEST_CASE("indirect call through a register with a call prototype") {
  Function f = ptx_test::parse_body(
      "\t.reg .b64 %rd<12>;\n\t{ // callseq 2, 0\n\t.param .b32 param0;\n\tst.param.f32 \t[param0+0], %f5;\n"
      "\t.param .b32 retval0;\n\tprototype_2 : .callprototype (.param .b32 _) _ (.param .b32 _);\n"
      "\tcall (retval0), \n\t%rd11, \n\t(\n\tparam0\n\t)\n\t, prototype_2;\n"
      "\tld.param.f32 \t%f1, [retval0+0];\n\t} // callseq 2");
  const Instruction& c = only_call(f);
  REQUIRE(c.operands.size() == 4);
  CHECK(c.operands[0].kind == K::Vector);
  CHECK(c.operands[0].elems.at(0).name == "retval0$1");
  CHECK(c.operands[1].kind == K::Register);
  CHECK(c.operands[1].name == "%rd11");
  CHECK(c.operands[2].kind == K::Vector);
  CHECK(c.operands[2].elems.at(0).name == "param0$1");
  CHECK(c.operands[3].kind == K::Symbol);
  CHECK(c.operands[3].name == "prototype_2$1");
  const Statement* proto = nullptr;
  for (const Statement& st : f.body)
    if (st.kind == Statement::Kind::CallPrototype) proto = &st;
  REQUIRE(proto != nullptr);
  CHECK(proto->label.name == "prototype_2$1");
  CHECK(proto->label.pos.line == 11);
  CHECK(proto->label.pos.col == 2);
  CHECK(proto->pragma == ".callprototype (.param .b32 _) _ (.param .b32 _)");
}

TEST_CASE("a call prototype at function scope keeps its name") {
  Function f = ptx_test::parse_body(
      "proto: .callprototype (.param .b32 _) _ (.param .b64 _, .param .b32 _);\ncall (r), %rd1, (a, b), proto;");
  CHECK(f.body.at(0).kind == Statement::Kind::CallPrototype);
  CHECK(f.body.at(0).label.name == "proto");
  CHECK(only_call(f).operands.at(3).name == "proto");
}

}  // namespace WARPSIM_UNITY_ID
