// %envreg<N>, %pm<N> and %pm<N>_64 decode to special-register operands numbered N (the parser has already
// refused numbers outside the PTX ISA's ranges: tests/unit/ptx/114).
// Leaves out: their values (zero: no driver sets them).
#include <warpsim/ir/program.hpp>
#include <warpsim/ptx/parser.hpp>

#include <catch2/catch.hpp>

#include <string>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

TEST_CASE("404 numbered special registers decode with their number", "[ir]") {
  const std::string text =
      ".version 9.0\n.target sm_90a\n.address_size 64\n.visible .entry k() {\n  .reg .b32 %r<4>;\n"
      "  .reg .b64 %rd<2>;\n  mov.u32 %r1, %envreg31;\n  mov.u32 %r2, %pm7;\n  mov.u64 %rd1, %pm3_64;\n  ret;\n}\n";
  const auto parsed = warpsim::ptx::parse(text, "k.ptx");
  INFO(parsed.format_errors());
  REQUIRE(parsed.ok());
  const warpsim::ir::Program prog = warpsim::ir::load_program(parsed.module, "k");
  using warpsim::ir::Operand;
  using warpsim::ir::Special;
  const Operand& envreg = prog.code[0].ops[1];
  CHECK(envreg.kind == Operand::Kind::Special);
  CHECK(envreg.special == Special::Envreg);
  CHECK(unsigned{envreg.component} == 31);
  CHECK(prog.code[1].ops[1].special == Special::Pm);
  CHECK(unsigned{prog.code[1].ops[1].component} == 7);
  CHECK(prog.code[2].ops[1].special == Special::Pm);
  CHECK(unsigned{prog.code[2].ops[1].component} == 3);
}

}  // namespace WARPSIM_UNITY_ID
