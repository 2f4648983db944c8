// Tests of error reporting: every message with its exact FILE:LINE:COL, recovery at the next ';' or '}' so
// that one parse reports several errors, and parse_file's exceptions.
#include <warpsim/common/error.hpp>

#include "ptx_test_util.hpp"

#include <cstdio>
#include <filesystem>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::ptx;
using ptx_test::errors_of;
using ptx_test::kernel;

namespace {

std::string module(std::string_view items) { return std::string(ptx_test::kHeader) + std::string(items); }

}  // namespace

TEST_CASE("unknown and misplaced directives") {
  CHECK(errors_of(module(".foo 1;\n.global .u32 ok;\n")) == "bad.ptx:4:1: unknown directive '.foo'");
  CHECK(errors_of(kernel("\t.frob 3;\n\tret;")) == "bad.ptx:6:2: unknown directive '.frob'");
  CHECK(errors_of(kernel("\t.maxntid 32;")) == "bad.ptx:6:2: '.maxntid' is only allowed in a function header");
  CHECK(errors_of(module(".maxntid 32\n")) == "bad.ptx:4:1: '.maxntid' is only allowed in a function header");
  CHECK(errors_of(module(".branchtargets L;\n")) ==
        "bad.ptx:4:1: '.branchtargets' is only allowed inside a function body");
  CHECK(errors_of(kernel("\t.branchtargets L1;")) ==
        "bad.ptx:6:2: '.branchtargets' must follow a label (name: .branchtargets ...;)");
  CHECK(errors_of(kernel("t: .calltargets f;")) == "bad.ptx:6:4: '.calltargets' is not supported");
  CHECK(errors_of(kernel("\t.calltargets f;")) == "bad.ptx:6:2: '.calltargets' is not supported");
  CHECK(errors_of(module(".visible .foo x;\n")) ==
        "bad.ptx:4:10: expected .entry, .func or a variable declaration, found '.foo'");
  CHECK(errors_of(module("add.s32 %r1, %r2, 1;\n")) ==
        "bad.ptx:4:1: expected a directive at module scope, found 'add'");
}

TEST_CASE("a missing a semicolon is reported where it belongs and the next line still parses") {
  CHECK(errors_of(kernel("\tadd.s32 %r1, %r2, 1\n\tret;")) == "bad.ptx:6:21: expected ';' after instruction");
  CHECK(errors_of(module(".visible .entry k()\n{\n\tret\n}\n.global .u32 x")) ==
        "bad.ptx:6:5: expected ';' after instruction\nbad.ptx:8:15: expected ';' after declaration");
  CHECK(errors_of(kernel("\t.reg .b32 %r<4>\n\tmov.u32 %r1, %r2 %r3;")) ==
        "bad.ptx:6:17: expected ';' after declaration\n"
        "bad.ptx:7:19: expected ',' or ';' after an operand, found '%r3'");
  ParseResult r = parse(kernel("\tadd.s32 %r1, %r2, 1\n\tret;"), "x.ptx");
  REQUIRE(r.module.functions.size() == 1);
  REQUIRE(r.module.functions[0].body.size() == 2);  // both instructions kept
  CHECK(r.module.functions[0].body[0].instr.text == "add.s32 %r1, %r2, 1");
  CHECK(r.module.functions[0].body[1].instr.opcode == "ret");
}

TEST_CASE("unterminated blocks") {
  CHECK(errors_of(module(".visible .entry k()\n{\n\tret;\n")) == "bad.ptx:5:1: '{' is never closed");
  CHECK(errors_of(module(".visible .entry k()\n{\n\t{\n\tret;\n}\n")) == "bad.ptx:5:1: '{' is never closed");
  CHECK(errors_of(module(".visible .entry k()\n{\n\t{\n\t{\n\tret;\n")) ==
        "bad.ptx:5:1: '{' is never closed\nbad.ptx:6:2: '{' is never closed\nbad.ptx:7:2: '{' is never closed");
  // the next function ends the unclosed one and parses normally
  ParseResult r = parse(module(".visible .entry a()\n{\n\tret;\n.visible .entry b()\n{\n\tret;\n}\n"), "bad.ptx");
  CHECK(r.format_errors() == "bad.ptx:5:1: '{' is never closed");
  REQUIRE(r.module.functions.size() == 2);
  CHECK(r.module.functions[1].name == "b");
  CHECK(r.module.functions[1].body.size() == 1);
  CHECK(errors_of(module("}\n.global .u32 x;\n")) == "bad.ptx:4:1: unexpected '}' at module scope");
  CHECK(errors_of(module(".section .debug_info\n{\n.b8 1\n")) == "bad.ptx:5:1: '{' of this .section is never closed");
}

TEST_CASE("bad tokens") {
  CHECK(errors_of(kernel("\tadd.s32 %r1, #, 1;\n\tret;")) == "bad.ptx:6:15: unexpected character '#'");
  CHECK(errors_of(kernel("\tmov.u32 %r1, 12ab;")) == "bad.ptx:6:15: malformed number '12ab'");
  CHECK(errors_of(kernel("\tmov.u32 %r1, 1; /* open\n\tret;\n")) ==
        "bad.ptx:5:1: '{' is never closed\nbad.ptx:6:18: unterminated comment: '/*' has no matching '*/'");
  CHECK(errors_of(kernel("\tmov.u64 %rd1, 18446744073709551616;")) ==
        "bad.ptx:6:16: integer literal '18446744073709551616' does not fit in 64 bits");
  CHECK(errors_of(kernel("\tld..u32 %r1, [%rd1];")) == "bad.ptx:6:2: empty modifier in 'ld..u32'");
  CHECK(errors_of(kernel("\tld.u32. %r1, [%rd1];")) == "bad.ptx:6:2: empty modifier in 'ld.u32.'");
}

TEST_CASE("malformed operands") {
  CHECK(errors_of(kernel("\tadd.s32 %r1, , 1;")) == "bad.ptx:6:15: expected an operand, found ','");
  CHECK(errors_of(kernel("\tld.u32 %r1, [%rd1;\n\tret;")) ==
        "bad.ptx:6:19: expected ']' to close the address, found ';'");
  CHECK(errors_of(kernel("\tmov.b64 %rd1, {%r1, %r2;\n\tret;")) ==
        "bad.ptx:6:25: expected '}' to close the vector, found ';'");
  CHECK(errors_of(kernel("\tmov.b64 %rd1, {%r1 %r2};\n\tret;")) ==
        "bad.ptx:6:21: expected '}' to close the vector, found '%r2'");
  CHECK(errors_of(kernel("\tcall.uni f, (a, b;\n\tret;")) == "bad.ptx:6:19: expected ')' to close the list, found ';'");
  CHECK(errors_of(kernel("\tld.u32 %r1, [];")) ==
        "bad.ptx:6:15: expected a register, symbol or integer inside '[ ]', found ']'");
  CHECK(errors_of(kernel("\t@! ;")) == "bad.ptx:6:5: expected a predicate after '@', found ';'");
  CHECK(errors_of(kernel("\t@%p1 ;")) == "bad.ptx:6:7: expected an instruction after the guard, found ';'");
}

TEST_CASE("declaration errors") {
  CHECK(errors_of(kernel("\t.reg %r1;")) == "bad.ptx:6:7: missing type in .reg declaration");
  CHECK(errors_of(kernel("\t.reg .b32 .u32 %r1;")) == "bad.ptx:6:12: unexpected '.u32' in a declaration of type .b32");
  CHECK(errors_of(kernel("\t.reg .b32 %r<4;")) == "bad.ptx:6:16: expected '>' after the register count, found ';'");
  CHECK(errors_of(module(".global .u32 x = ;\n")) == "bad.ptx:4:18: expected an initialiser value, found ';'");
  CHECK(errors_of(module(".global .u32 a[2] = {1, 2;\n")) ==
        "bad.ptx:4:26: expected '}' to close the initialiser list, found ';'");
  CHECK(errors_of(module(".address_size 48\n")) == "bad.ptx:4:15: address size must be 32 or 64, not 48");
  CHECK(errors_of(module(".visible .entry k(.param .u64 a, .u32 b) { ret; }\n")) ==
        "bad.ptx:4:34: expected a parameter (.param or .reg), found '.u32'");
}

TEST_CASE("redeclarations and labels") {
  CHECK(errors_of(kernel("\t.reg .b32 %r<4>;\n\t.reg .b32 %r2;")) ==
        "bad.ptx:7:12: register '%r2' is already declared in this scope (at 6:12)");
  CHECK(errors_of(kernel("\t.reg .pred p;\n\t.shared .u32 p;")) ==
        "bad.ptx:7:15: variable 'p' is already declared in this scope (at 6:13)");
  CHECK(errors_of(module(".visible .entry k(.param .u32 a)\n{\n\t.reg .b32 a;\n}\n")) ==
        "bad.ptx:6:12: register 'a' is already declared in this scope (at 4:31)");
  CHECK(errors_of(kernel("L:\n\tret;\nL:\n\tret;")) ==
        "bad.ptx:8:1: label 'L' is already defined in this scope (at 6:1)");
  CHECK(errors_of(kernel("\tbra NOWHERE;")) == "bad.ptx:6:6: undefined label 'NOWHERE'");
  CHECK(errors_of(kernel("\t@%p1 bra.uni NOWHERE;")) == "bad.ptx:6:15: undefined label 'NOWHERE'");
  CHECK(errors_of(kernel("\tbrx.idx %r1, tab;")) == "bad.ptx:6:15: undefined label 'tab'");
  CHECK(errors_of(kernel("tab: .branchtargets A, B;\nA:\n\tret;")) == "bad.ptx:6:24: undefined label 'B'");
  // a table that fails to parse leaves nothing behind to resolve
  CHECK(errors_of(kernel("tab: .branchtargets A, ;\nA:\n\tadd.s32 %r1, %r1, 1;\n\tbrx.idx %r1, tab;")) ==
        "bad.ptx:6:24: expected a label in .branchtargets, found ';'");
  // shadowing in an inner block is not a redeclaration, nor is the same label in two blocks
  ptx_test::parse_ok(kernel("\t.reg .b32 t;\n\t{\n\t.reg .b32 t;\nL:\n\t}\n\t{\nL:\n\t}"));
  CHECK(errors_of(module(".func f() { ret; }\n.func f() { ret; }\n")) ==
        "bad.ptx:5:1: function 'f' is already defined (at 4:1)");
}

TEST_CASE("recovery finds every error, reported in source order") {
  std::string text = module(
      ".global .u32 ok1;\n"           // 4
      ".bogus;\n"                     // 5
      ".visible .entry k()\n"         // 6
      "{\n"                           // 7
      "\t.reg .b32 %r<3>;\n"          // 8
      "\tadd.s32 %r1, %r2, ;\n"       // 9
      "\tbra MISSING;\n"              // 10
      "\tmov.u32 %r1, %r2 junk;\n"    // 11
      "\t{\n"                         // 12
      "\t.reg .b32 %r1;\n"            // 13 (shadowing: fine)
      "\tmov.b64 %rd1, {%r1 %r2};\n"  // 14
      "\t}\n"                         // 15
      "\tret;\n"                      // 16
      "}\n"                           // 17
      ".global .u32 ok2;\n");         // 18
  ParseResult r = parse(text, "many.ptx");
  CHECK(r.format_errors() ==
        "many.ptx:5:1: unknown directive '.bogus'\n"
        "many.ptx:9:20: expected an operand, found ';'\n"
        "many.ptx:10:6: undefined label 'MISSING'\n"
        "many.ptx:11:19: expected ',' or ';' after an operand, found 'junk'\n"
        "many.ptx:14:21: expected '}' to close the vector, found '%r2'");
  REQUIRE(r.module.globals.size() == 2);
  CHECK(r.module.globals[1].name == "ok2");
  REQUIRE(r.module.functions.size() == 1);
  CHECK(r.module.functions[0].body.back().instr.opcode == "ret");
}

TEST_CASE("an error in a function header skips that function only") {
  ParseResult r = parse(module(".visible .entry a(.param .u64 ) { ret; }\n.visible .entry b() { ret; }\n"), "h.ptx");
  CHECK(r.format_errors() == "h.ptx:4:31: expected a variable name, found ')'");
  REQUIRE(r.module.functions.size() == 1);
  CHECK(r.module.functions[0].name == "b");
}

TEST_CASE("parse_file throws Ptx errors with every message, Input errors for unreadable files") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / "warpsim_ptx_110";
  fs::create_directories(dir);
  const fs::path bad = dir / "bad.ptx";
  {
    std::FILE* f = std::fopen(bad.c_str(), "w");
    REQUIRE(f);
    std::fputs(".version 9.0\n.bogus\n.visible .entry k() { bra X; }\n", f);
    std::fclose(f);
  }
  try {
    parse_file(bad.string());
    FAIL("no exception");
  } catch (const warpsim::Error& e) {
    CHECK(e.kind() == warpsim::ErrorKind::Ptx);
    CHECK(std::string(e.what()) ==
          bad.string() + ":2:1: unknown directive '.bogus'\n" + bad.string() + ":3:27: undefined label 'X'");
  }
  const std::string missing = (dir / "missing.ptx").string();
  try {
    parse_file(missing);
    FAIL("no exception");
  } catch (const warpsim::Error& e) {
    CHECK(e.kind() == warpsim::ErrorKind::Input);
    CHECK(std::string(e.what()) == "cannot read " + missing + ": No such file or directory");
  }
  try {
    parse_file(dir.string());
    FAIL("no exception");
  } catch (const warpsim::Error& e) {
    CHECK(e.kind() == warpsim::ErrorKind::Input);
    CHECK(std::string(e.what()) == "cannot read " + dir.string() + ": Is a directory");
  }
  {
    std::FILE* f = std::fopen(bad.c_str(), "w");
    std::fputs(".version 9.0\n.target sm_90a\n.visible .entry k() { ret; }\n", f);
    std::fclose(f);
  }
  Module m = parse_file(bad.string());
  CHECK(m.path == bad.string());
  CHECK(m.functions.size() == 1);
  fs::remove_all(dir);
}

}  // namespace WARPSIM_UNITY_ID
