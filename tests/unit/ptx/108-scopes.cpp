// Tests of scope resolution: nested blocks declaring registers with and without '%', the same labels reused
// block after block, shadowing, forward label references, .branchtargets lists, names declared nowhere,
// and generated names that avoid spellings already in the module.
#include "ptx_test_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::ptx;
using K = Operand::Kind;

namespace {

std::vector<const Statement*> of_kind(const Function& f, Statement::Kind kind) {
  std::vector<const Statement*> out;
  for (const Statement& st : f.body)
    if (st.kind == kind) out.push_back(&st);
  return out;
}

const char* kTwoAsmBlocks =
    "\t.reg .b32 %r<10>;\n"
    "\t{\n\t.reg .pred p;\n\t.reg .b32 t;\n\tmov.b32 t, %r7;\nLOOP:\n\tsetp.gt.s32 p, t, 100;\n\t@!p bra DONE;\n"
    "\tsub.s32 t, t, 37;\n\tbra LOOP;\nDONE:\n\tmov.b32 %r6, t;\n\t}\n"
    "\tadd.s32 %r9, %r6, 500;\n"
    "\t{\n\t.reg .pred p;\n\t.reg .b32 t;\n\tmov.b32 t, %r9;\nLOOP:\n\tsetp.gt.s32 p, t, 100;\n\t@!p bra DONE;\n"
    "\tsub.s32 t, t, 37;\n\tbra LOOP;\nDONE:\n\tmov.b32 %r8, t;\n\t}\n";

}  // namespace

TEST_CASE("each inline-asm block gets its own registers and labels") {
  Function f = ptx_test::parse_body(kTwoAsmBlocks);
  auto labels = of_kind(f, Statement::Kind::Label);
  REQUIRE(labels.size() == 4);
  CHECK(labels[0]->label.name == "LOOP$1");
  CHECK(labels[1]->label.name == "DONE$1");
  CHECK(labels[2]->label.name == "LOOP$2");
  CHECK(labels[3]->label.name == "DONE$2");
  auto vars = of_kind(f, Statement::Kind::Variable);
  REQUIRE(vars.size() == 10 + 4);
  CHECK(vars[10]->var.name == "p$1");
  CHECK(vars[11]->var.name == "t$1");
  CHECK(vars[12]->var.name == "p$2");
  CHECK(vars[13]->var.name == "t$2");

  auto ins = of_kind(f, Statement::Kind::Instruction);
  REQUIRE(ins.size() == 13);
  const Instruction& mov = ins[0]->instr;
  CHECK(mov.operands[0].kind == K::Register);  // declared without '%', still a register
  CHECK(mov.operands[0].name == "t$1");
  CHECK(mov.operands[1].name == "%r7");
  const Instruction& setp = ins[1]->instr;
  CHECK(setp.operands[0].name == "p$1");
  CHECK(setp.operands[0].kind == K::Register);
  const Instruction& guarded = ins[2]->instr;
  CHECK(guarded.guard == std::optional<std::string>("p$1"));
  CHECK(guarded.guard_negated);
  CHECK(guarded.operands[0].kind == K::Symbol);
  CHECK(guarded.operands[0].name == "DONE$1");  // a forward reference
  CHECK(ins[4]->instr.operands[0].name == "LOOP$1");
  CHECK(ins[6]->instr.operands[1].name == "%r6");  // outside the blocks: as written
  CHECK(ins[8]->instr.operands[0].name == "p$2");
  CHECK(ins[9]->instr.guard == std::optional<std::string>("p$2"));
  CHECK(ins[9]->instr.operands[0].name == "DONE$2");
  CHECK(ins[11]->instr.operands[0].name == "LOOP$2");
  CHECK(ins[12]->instr.operands[1].name == "t$2");
}

TEST_CASE("inner declarations shadow outer ones, outer ones are visible again after the block") {
  Function f = ptx_test::parse_body(
      "\t.reg .pred %p<2>;\n\t.reg .b32 %t<2>;\n"
      "\t{\n\t.reg .pred %p<2>;\n\tsetp.lt.u32 %p0|%p1, %r11, %r1;\n\t@%p1 add.u32 %t0, %t0, 1;\n"
      "\t{\n\t.reg .b32 %t<2>;\n\tmov.b32 %t0, 5;\n\tadd.u32 %r10, %t1, %p0;\n\t}\n"
      "\tadd.u32 %r10, %r10, %t0;\n\t}\n"
      "\t@%p1 mov.b32 %t1, %p0;");
  auto ins = of_kind(f, Statement::Kind::Instruction);
  REQUIRE(ins.size() == 6);
  const Instruction& setp = ins[0]->instr;
  CHECK(setp.operands[0].kind == K::Pipe);
  CHECK(setp.operands[0].elems[0].name == "%p0$1");
  CHECK(setp.operands[0].elems[1].name == "%p1$1");
  CHECK(ins[1]->instr.guard == std::optional<std::string>("%p1$1"));
  CHECK(ins[1]->instr.operands[0].name == "%t0");
  CHECK(ins[2]->instr.operands[0].name == "%t0$2");
  CHECK(ins[3]->instr.operands[1].name == "%t1$2");
  CHECK(ins[3]->instr.operands[2].name == "%p0$1");  // two levels out
  CHECK(ins[4]->instr.operands[2].name == "%t0");
  CHECK(ins[5]->instr.guard == std::optional<std::string>("%p1"));
  CHECK(ins[5]->instr.operands[0].name == "%t1");
  CHECK(ins[5]->instr.operands[1].name == "%p0");
}

TEST_CASE("labels resolve to the innermost visible definition, before or after the use") {
  Function f = ptx_test::parse_body(
      "\tbra END;\n"
      "\t{\n\tbra END;\n\tbra INNER;\nINNER:\n\t}\n"
      "\t{\n\tbra END;\nEND:\n\t}\n"
      "END:\n\tret;");
  auto ins = of_kind(f, Statement::Kind::Instruction);
  REQUIRE(ins.size() == 5);
  CHECK(ins[0]->instr.operands[0].name == "END");  // the function-level label
  CHECK(ins[1]->instr.operands[0].name == "END");  // its block has no END: the outer one
  CHECK(ins[2]->instr.operands[0].name == "INNER$1");
  CHECK(ins[3]->instr.operands[0].name == "END$2");  // the block's own END, defined after the use
}

TEST_CASE("a block's labels are invisible outside it") {
  std::string errors = ptx_test::errors_of(ptx_test::kernel("\t{\nIN:\n\tret;\n\t}\n\tbra IN;"));
  CHECK(errors == "bad.ptx:10:6: undefined label 'IN'");
}

TEST_CASE(".branchtargets lists resolve like branch targets") {
  Function f = ptx_test::parse_body(
      "\t$L_brx_0: .branchtargets\n\t$L__BB1_3,\n\t$L__BB1_2;\n\tbrx.idx %r12, $L_brx_0;\n"
      "$L__BB1_2:\n\tret;\n$L__BB1_3:\n"
      "\t{\n\ttab: .branchtargets A, B;\n\tbrx.idx %r1, tab;\nA:\nB:\n\t}\n\tret;");
  auto tables = of_kind(f, Statement::Kind::BranchTargets);
  REQUIRE(tables.size() == 2);
  CHECK(tables[0]->label.name == "$L_brx_0");
  CHECK(tables[0]->label.pos.line == 6);
  CHECK(tables[0]->label.pos.col == 2);
  CHECK(tables[0]->targets == std::vector<std::string>{"$L__BB1_3", "$L__BB1_2"});
  CHECK(tables[1]->label.name == "tab$1");
  CHECK(tables[1]->targets == std::vector<std::string>{"A$1", "B$1"});
  auto ins = of_kind(f, Statement::Kind::Instruction);
  CHECK(ins[0]->instr.operands[1].name == "$L_brx_0");
  CHECK(ins[2]->instr.operands[1].name == "tab$1");
  CHECK(of_kind(f, Statement::Kind::Label).size() == 4);  // table labels are not separate Label statements
}

TEST_CASE("names declared nowhere stay as written") {
  Module m = ptx_test::parse_ok(std::string(ptx_test::kHeader) +
                                ".global .u32 g;\n.func helper() { ret; }\n.visible .entry k()\n{\n"
                                "\t{\n\tmov.u32 %r1, %tid.x;\n\tmov.u64 %rd1, g;\n\tld.global.u32 %r2, [g+4];\n"
                                "\tcall.uni helper, ();\n\tmov.u32 %r3, %envreg3;\n\t}\n}\n");
  const Function& k = m.functions.at(1);
  auto ins = of_kind(k, Statement::Kind::Instruction);
  REQUIRE(ins.size() == 5);
  CHECK(ins[0]->instr.operands[1].name == "%tid");
  CHECK(ins[1]->instr.operands[1].kind == K::Symbol);
  CHECK(ins[1]->instr.operands[1].name == "g");
  CHECK(ins[2]->instr.operands[1].name == "g");
  CHECK_FALSE(ins[2]->instr.operands[1].base_is_register);
  CHECK(ins[3]->instr.operands[0].name == "helper");
  CHECK(ins[4]->instr.operands[1].name == "%envreg3");
}

TEST_CASE("inner .param/.local/.shared variables are renamed and resolved in addresses") {
  Function f = ptx_test::parse_body(
      "\t{\n\t.local .b32 buf[4];\n\t.reg .b64 addr;\n\tmov.u64 addr, buf;\n\tst.local.u32 [buf+4], 1;\n"
      "\tld.u32 %r1, [addr];\n\t}");
  auto ins = of_kind(f, Statement::Kind::Instruction);
  REQUIRE(ins.size() == 3);
  CHECK(ins[0]->instr.operands[0].kind == K::Register);
  CHECK(ins[0]->instr.operands[0].name == "addr$1");
  CHECK(ins[0]->instr.operands[1].kind == K::Symbol);
  CHECK(ins[0]->instr.operands[1].name == "buf$1");
  CHECK(ins[1]->instr.operands[0].name == "buf$1");
  CHECK(ins[1]->instr.operands[0].ival == 4);
  CHECK_FALSE(ins[1]->instr.operands[0].base_is_register);
  CHECK(ins[2]->instr.operands[1].name == "addr$1");
  CHECK(ins[2]->instr.operands[1].base_is_register);  // a register declared without '%'
}

TEST_CASE("generated names avoid spellings that occur in the module") {
  Module m = ptx_test::parse_ok(std::string(ptx_test::kHeader) +
                                ".global .b8 $str$1[2];\n.visible .entry k()\n{\n"
                                "\t{\n\t.reg .b64 $str;\n\tmov.u64 $str, $str$1;\n\t}\n}\n");
  auto ins = of_kind(m.functions.at(0), Statement::Kind::Instruction);
  REQUIRE(ins.size() == 1);
  CHECK(ins[0]->instr.operands[0].name == "$str$1$1");
  CHECK(ins[0]->instr.operands[1].name == "$str$1");  // the global
}

TEST_CASE("block ordinals count every block of the function in order, functions start again at 1") {
  Module m =
      ptx_test::parse_ok(std::string(ptx_test::kHeader) +
                         ".func f()\n{\n\t{\n\t{\n\t.reg .b32 x;\n\tmov.b32 x, 1;\n\t}\n\t}\n\t{\n\t.reg .b32 x;\n"
                         "\tmov.b32 x, 2;\n\t}\n}\n"
                         ".func g()\n{\n\t{\n\t.reg .b32 x;\n\tmov.b32 x, 3;\n\t}\n}\n");
  auto f = of_kind(m.functions.at(0), Statement::Kind::Instruction);
  CHECK(f.at(0)->instr.operands[0].name == "x$2");
  CHECK(f.at(1)->instr.operands[0].name == "x$3");
  auto g = of_kind(m.functions.at(1), Statement::Kind::Instruction);
  CHECK(g.at(0)->instr.operands[0].name == "x$1");
}

TEST_CASE("a %-named parameter is a symbol, not a register") {
  Module m = ptx_test::parse_ok(std::string(ptx_test::kHeader) +
                                ".func f(.param .b32 %x)\n{\n\tld.param.b32 %r1, [%x];\n\tmov.b32 %r2, %x;\n}\n");
  auto ins = of_kind(m.functions.at(0), Statement::Kind::Instruction);
  REQUIRE(ins.size() == 2);
  CHECK_FALSE(ins[0]->instr.operands[1].base_is_register);
  CHECK(ins[1]->instr.operands[1].kind == K::Symbol);
  CHECK(ins[1]->instr.operands[0].kind == K::Register);  // undeclared %r2: as written, a register
}

}  // namespace WARPSIM_UNITY_ID
