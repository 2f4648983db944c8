// Tests of line information and pragmas inside bodies: .loc (with the `function_name ..., inlined_at ...`
// parts nvcc adds for inlined code), .pragma statements, and debug labels around them.
#include "ptx_test_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::ptx;

TEST_CASE(".loc becomes a Loc statement with file, line and column") {
  Function f = ptx_test::parse_body("\t.loc\t1 40 3\n\tmov.u32 %r1, 0;\n\t.loc\t1 0 3\n\tret;");
  REQUIRE(f.body.size() == 4);
  CHECK(f.body[0].kind == Statement::Kind::Loc);
  CHECK(f.body[0].loc_file == 1);
  CHECK(f.body[0].loc_line == 40);
  CHECK(f.body[0].loc_col == 3);
  CHECK(f.body[1].kind == Statement::Kind::Instruction);
  CHECK(f.body[2].loc_line == 0);
}

TEST_CASE(".loc with function_name and inlined_at keeps the first three numbers") {
  Function f = ptx_test::parse_body(
      "\t.loc\t1 22 13, function_name $L__info_string0, inlined_at 1 72 3\n"
      "\t.loc\t2 5 1, function_name $L__info_string1+8, inlined_at 1 10 2\n"
      "\tmov.u32 %r1, 0;");
  REQUIRE(f.body.size() == 3);
  CHECK(f.body[0].loc_file == 1);
  CHECK(f.body[0].loc_line == 22);
  CHECK(f.body[0].loc_col == 13);
  CHECK(f.body[1].loc_file == 2);
  CHECK(f.body[1].loc_line == 5);
  CHECK(f.body[1].loc_col == 1);
  CHECK(f.body[2].instr.opcode == "mov");
}

TEST_CASE("a .loc line ends at the line break") {
  Function f = ptx_test::parse_body("\t.loc 1 2 3\n\t$L__tmp0:\n\t.loc 1 2 4\n\tret;");
  REQUIRE(f.body.size() == 4);
  CHECK(f.body[1].kind == Statement::Kind::Label);
  CHECK(f.body[1].label.name == "$L__tmp0");
}

TEST_CASE(".pragma statements in a body") {
  Function f = ptx_test::parse_body("$L__BB5_3:\n\t.pragma \"nounroll\";\n\tbra $L__BB5_3;");
  REQUIRE(f.body.size() == 3);
  CHECK(f.body[1].kind == Statement::Kind::Pragma);
  CHECK(f.body[1].pragma == "nounroll");
}

TEST_CASE(".loc at module scope is accepted and dropped") {
  Module m = ptx_test::parse_ok(std::string(ptx_test::kHeader) + "\t.loc 1 1 1\n.global .u32 x;\n");
  CHECK(m.globals.size() == 1);
}

}  // namespace WARPSIM_UNITY_ID
