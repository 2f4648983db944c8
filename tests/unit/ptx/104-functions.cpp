// Tests of function headers: .entry/.func with linkage, parameters and return values, prototypes and their
// later definitions, every performance directive, .noreturn, .pragma and .attribute in headers.
#include "ptx_test_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::ptx;
using ptx_test::parse_ok;

namespace {

Module module(std::string_view items) { return parse_ok(std::string(ptx_test::kHeader) + std::string(items)); }

}  // namespace

TEST_CASE("a kernel with parameters") {
  Module m = module(
      "\t// .globl\t_Z1kPfi\n.visible .entry _Z1kPfi(\n\t.param .u64 _Z1kPfi_param_0,\n\t.param .u32 "
      "_Z1kPfi_param_1\n)\n"
      "{\n\tret;\n\n}\n");
  REQUIRE(m.functions.size() == 1);
  const Function& f = m.functions[0];
  CHECK(f.name == "_Z1kPfi");
  CHECK(f.is_entry);
  CHECK(f.is_visible);
  CHECK_FALSE(f.is_extern);
  CHECK(f.has_body);
  CHECK(f.pos.line == 5);
  CHECK(f.pos.col == 10);
  REQUIRE(f.params.size() == 2);
  CHECK(f.params[0].space == "param");
  CHECK(f.params[0].type == "u64");
  CHECK(f.params[0].name == "_Z1kPfi_param_0");
  CHECK(f.params[1].type == "u32");
  CHECK(f.returns.empty());
  REQUIRE(f.body.size() == 1);
  CHECK(f.body[0].instr.opcode == "ret");
}

TEST_CASE("device functions with return values, empty and absent parameter lists") {
  Module m = module(
      ".func  (.param .align 4 .b8 func_retval0[8]) _Z9make_pairif(\n\t.param .b32 a,\n\t.param .b32 "
      "b\n)\n{\n\tret;\n}\n"
      ".func _Z4bumpPii()\n{\n\tret;\n}\n"
      ".func noparams\n{\n\tret;\n}\n"
      ".func (.reg .b32 r) regabi(.reg .b32 x)\n{\n\tmov.b32 r, x;\n\tret;\n}\n");
  REQUIRE(m.functions.size() == 4);
  const Function& f = m.functions[0];
  CHECK_FALSE(f.is_entry);
  REQUIRE(f.returns.size() == 1);
  CHECK(f.returns[0].name == "func_retval0");
  CHECK(f.returns[0].align == 4u);
  CHECK(f.returns[0].dims == std::vector<std::uint64_t>{8});
  CHECK(f.params.size() == 2);
  CHECK(m.functions[1].name == "_Z4bumpPii");
  CHECK(m.functions[1].params.empty());
  CHECK(m.functions[2].name == "noparams");
  const Function& r = m.functions[3];
  CHECK(r.returns.at(0).space == "reg");
  CHECK(r.params.at(0).space == "reg");
  const Instruction& mov = r.body.at(0).instr;
  CHECK(mov.operands[0].kind == Operand::Kind::Register);  // a .reg parameter is a register
  CHECK(mov.operands[0].name == "r");
  CHECK(mov.operands[1].kind == Operand::Kind::Register);
}

TEST_CASE("an extern prototype spread over lines") {
  Module m = module(
      ".extern .func  (.param .b32 func_retval0) vprintf\n(\n\t.param .b64 vprintf_param_0,\n"
      "\t.param .b64 vprintf_param_1\n)\n;\n");
  REQUIRE(m.functions.size() == 1);
  const Function& f = m.functions[0];
  CHECK(f.name == "vprintf");
  CHECK(f.is_extern);
  CHECK_FALSE(f.has_body);
  CHECK(f.body.empty());
  CHECK(f.returns.size() == 1);
  CHECK(f.params.size() == 2);
}

TEST_CASE("a prototype and its later definition make one function at the prototype's place") {
  Module m = module(
      ".func  (.param .b32 func_retval0) _Z5twicef\n(\n\t.param .b32 _Z5twicef_param_0\n)\n;\n"
      ".visible .entry k() { ret; }\n"
      ".func  (.param .b32 func_retval0) _Z5twicef(\n\t.param .b32 _Z5twicef_param_0\n)\n{\n\tret;\n}\n");
  REQUIRE(m.functions.size() == 2);
  CHECK(m.functions[0].name == "_Z5twicef");
  CHECK(m.functions[0].has_body);
  CHECK(m.functions[0].pos.line == 10);  // the definition
  CHECK(m.functions[1].name == "k");
}

TEST_CASE(".weak functions") {
  Module m = module(".weak .func (.param .b32 r) _Z11weak_helperILi3EEii(.param .b32 x)\n{\n\tret;\n}\n");
  CHECK(m.functions.at(0).is_weak);
}

TEST_CASE("performance directives as nvcc writes them") {
  Module m = module(
      ".visible .entry k1()\n.maxntid 256, 1, 1\n.minnctapersm 2\n{\n\tret;\n}\n"
      ".visible .entry k2()\n.maxntid 128, 1, 1\n.explicitcluster\n.reqnctapercluster 2, 1, 1\n{\n\tret;\n}\n"
      ".visible .entry k3()\n.reqntid 64\n.maxnreg 168\n.maxclusterrank 8\n.blocksareclusters\n{\n\tret;\n}\n"
      ".visible .entry k4() .maxnctapersm 3 .abi_preserve 4 .abi_preserve_control 2 { ret; }\n");
  REQUIRE(m.functions.size() == 4);
  const Function& k1 = m.functions[0];
  CHECK(k1.maxntid == std::vector<std::uint32_t>{256, 1, 1});
  CHECK(k1.minnctapersm == 2u);
  CHECK(k1.reqntid.empty());
  CHECK_FALSE(k1.explicitcluster);
  CHECK_FALSE(k1.maxnreg.has_value());
  const Function& k2 = m.functions[1];
  CHECK(k2.explicitcluster);
  CHECK(k2.reqnctapercluster == std::vector<std::uint32_t>{2, 1, 1});
  const Function& k3 = m.functions[2];
  CHECK(k3.reqntid == std::vector<std::uint32_t>{64});
  CHECK(k3.maxnreg == 168u);
  CHECK(k3.maxclusterrank == 8u);
  CHECK(k3.blocksareclusters);
  const Function& k4 = m.functions[3];
  CHECK(k4.minnctapersm == 3u);
  CHECK(k4.abi_preserve == 4u);
  CHECK(k4.abi_preserve_control == 2u);
}

TEST_CASE(".noreturn, .pragma and .attribute on functions") {
  Module m = module(
      ".func abort_all() .noreturn\n{\n\ttrap;\n}\n"
      ".visible .entry k() .pragma \"nounroll\";\n{\n\tret;\n}\n"
      ".func .attribute(.unified(0x1234, 0x5678)) uf()\n{\n\tret;\n}\n");
  REQUIRE(m.functions.size() == 3);
  CHECK(m.functions[0].noreturn);
  CHECK(m.functions[1].pragmas == std::vector<std::string>{"nounroll"});
  CHECK(m.functions[2].name == "uf");
}

TEST_CASE("functions and globals interleave in module order") {
  Module m = module(".global .u32 a;\n.func f() { ret; }\n.global .u32 b;\n.visible .entry k() { ret; }\n");
  REQUIRE(m.globals.size() == 2);
  REQUIRE(m.functions.size() == 2);
  CHECK(m.functions[0].name == "f");
  CHECK(m.functions[1].name == "k");
}

}  // namespace WARPSIM_UNITY_ID
