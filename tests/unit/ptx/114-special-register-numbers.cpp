// The numbered special registers exist only in the PTX ISA's ranges: %envreg0..%envreg31, %pm0..%pm7 and
// %pm0_64..%pm7_64. A number outside them is a parse error at the operand's FILE:LINE:COL (the fuzz finding
// tests/data/fuzz-findings/envreg-out-of-range used to crash the decoder with "internal error: stoi").
// Leaves out: what the registers read (tests/unit/ir/404).
#include <warpsim/common/error.hpp>

#include "ptx_test_util.hpp"

#include <fstream>
#include <sstream>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using ptx_test::errors_of;
using ptx_test::kernel;

TEST_CASE("114 numbered special registers out of range are parse errors at their column") {
  const std::string decl = "\t.reg .b32 %r<3>;\n\t.reg .b64 %rd<3>;\n";
  CHECK(errors_of(kernel(decl + "\tmov.u32 %r1, %envreg300;")) ==
        "bad.ptx:8:15: special register %envreg300 does not exist (%envreg0 to %envreg31)");
  CHECK(errors_of(kernel(decl + "\tmov.u32 %r1, %envreg32;")) ==
        "bad.ptx:8:15: special register %envreg32 does not exist (%envreg0 to %envreg31)");
  CHECK(errors_of(kernel(decl + "\tmov.u32 %r1, %envreg99999999999;")) ==
        "bad.ptx:8:15: special register %envreg99999999999 does not exist (%envreg0 to %envreg31)");
  CHECK(errors_of(kernel(decl + "\tmov.u32 %r1, %envreg07;")) ==
        "bad.ptx:8:15: special register %envreg07 does not exist (%envreg0 to %envreg31)");
  CHECK(errors_of(kernel(decl + "\tmov.u32 %r1, %pm8;")) ==
        "bad.ptx:8:15: special register %pm8 does not exist (%pm0 to %pm7)");
  CHECK(errors_of(kernel(decl + "\tmov.u64 %rd1, %pm8_64;")) ==
        "bad.ptx:8:16: special register %pm8_64 does not exist (%pm0_64 to %pm7_64)");
}

TEST_CASE("114 numbered special registers in range parse") {
  const std::string decl = "\t.reg .b32 %r<3>;\n\t.reg .b64 %rd<3>;\n";
  ptx_test::parse_ok(kernel(decl + "\tmov.u32 %r1, %envreg0;\n\tmov.u32 %r2, %envreg31;\n\tmov.u32 %r1, %pm7;\n"
                                   "\tmov.u64 %rd1, %pm0_64;\n\tmov.u64 %rd2, %pm7_64;\n\tret;"));
  // A declared register of that spelling is the register, whatever its number.
  ptx_test::parse_ok(kernel("\t.reg .b32 %pm<20>;\n\tmov.u32 %pm12, 1;\n\tret;"));
}

TEST_CASE("114 the fuzz finding: %envreg99999999999 is reported at its line and column") {
  const std::string path = std::string(WARPSIM_SOURCE_DIR) + "/tests/data/fuzz-findings/envreg-out-of-range/mutant.ptx";
  std::ifstream in(path);
  REQUIRE(in.good());
  std::stringstream text;
  text << in.rdbuf();
  const auto r = warpsim::ptx::parse(text.str(), "mutant.ptx");
  CHECK(r.format_errors() ==
        "mutant.ptx:42:15: special register %envreg99999999999 does not exist (%envreg0 to %envreg31)");
  try {
    (void)warpsim::ptx::parse_file(path);
    FAIL("parse_file accepted the module");
  } catch (const warpsim::Error& e) {
    CHECK(e.kind() == warpsim::ErrorKind::Ptx);
    CHECK(std::string(e.what()) ==
          path + ":42:15: special register %envreg99999999999 does not exist (%envreg0 to %envreg31)");
  }
}

}  // namespace WARPSIM_UNITY_ID
