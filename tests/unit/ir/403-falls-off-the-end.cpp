// Loading a function whose last instruction can fall through (its final ret removed) is an error naming the
// function and the FILE:LINE of that instruction; a guarded last ret, a call last and an empty body too. A last
// instruction that cannot be reached (after an unconditional branch or a ret) and a loop at the end are fine.
// Leaves out: running such code (tests/integration/simt/655 runs the fuzz finding through both models).
#include <warpsim/common/error.hpp>
#include <warpsim/ir/program.hpp>
#include <warpsim/ptx/parser.hpp>

#include <catch2/catch.hpp>

#include <string>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

constexpr const char* kHeader = ".version 9.0\n.target sm_90a\n.address_size 64\n";

// Loads entry `k` from `body` (the text after the header) and returns the error message, or "(loaded)".
std::string load(const std::string& body) {
  const auto parsed = warpsim::ptx::parse(std::string(kHeader) + body, "f.ptx");
  REQUIRE(parsed.ok());
  try {
    (void)warpsim::ir::load_program(parsed.module, "k");
  } catch (const warpsim::Error& e) {
    CHECK(e.kind() == warpsim::ErrorKind::Ptx);
    return e.what();
  }
  return "(loaded)";
}

}  // namespace

TEST_CASE("403 a kernel whose last instruction falls through is a load error at that line", "[ir][cfg]") {
  CHECK(load(".visible .entry k() {\n  .reg .b32 %r<2>;\n  mov.u32 %r1, 1;\n  add.u32 %r1, %r1, 1;\n}\n") ==
        "f.ptx:7: control reaches the end of k without ret/exit");
  // A guarded ret may fall through.
  CHECK(load(".visible .entry k() {\n  .reg .pred %p<2>;\n  setp.eq.u32 %p1, 1, 1;\n  @%p1 ret;\n}\n") ==
        "f.ptx:7: control reaches the end of k without ret/exit");
  // So may a guarded branch.
  CHECK(load(".visible .entry k() {\n  .reg .pred %p<2>;\nL:\n  setp.eq.u32 %p1, 1, 1;\n  @%p1 bra L;\n}\n") ==
        "f.ptx:8: control reaches the end of k without ret/exit");
}

TEST_CASE("403 a called function that falls off its end is reported under its own name", "[ir][cfg]") {
  CHECK(load(".func f() {\n  .reg .b32 %r<2>;\n  mov.u32 %r1, 1;\n}\n"
             ".visible .entry k() {\n  call.uni f, ();\n  ret;\n}\n") ==
        "f.ptx:6: control reaches the end of f without ret/exit");
  CHECK(load(".func f() {\n}\n.visible .entry k() {\n  call.uni f, ();\n  ret;\n}\n") ==
        "f.ptx:4: control reaches the end of f without ret/exit (the body has no instructions)");
  CHECK(load(".func f() {\n  ret;\n}\n.visible .entry k() {\n  call.uni f, ();\n}\n") ==
        "f.ptx:8: control reaches the end of k without ret/exit");
}

TEST_CASE("403 ends that cannot fall through load", "[ir][cfg]") {
  CHECK(load(".visible .entry k() {\n  ret;\n}\n") == "(loaded)");
  CHECK(load(".visible .entry k() {\n  exit;\n}\n") == "(loaded)");
  CHECK(load(".visible .entry k() {\nL:\n  bra.uni L;\n}\n") == "(loaded)");
  // Unreachable code after the ret may fall through: nothing gets there.
  CHECK(load(".visible .entry k() {\n  .reg .b32 %r<2>;\n  ret;\n  mov.u32 %r1, 1;\n}\n") == "(loaded)");
}

}  // namespace WARPSIM_UNITY_ID
