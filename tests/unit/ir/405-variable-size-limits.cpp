// Loading refuses what ptxas refuses and what would not fit the simulator's windows, instead of allocating it or
// truncating its size: more than 512 KiB of local memory per thread, static shared memory past 32-bit offsets,
// a module's .global variables of 4 GiB or more, .const variables over 64 KiB; each a Ptx error at the variable's
// line. At the limits they load, and a large .global array holds only its initialised bytes.
// (Found by tests/fuzz/fuzz_exec and fuzz_ptx: the inputs are tests/fuzz/corpus/exec/finding-*.ptx.)
// Leaves out: running such kernels (GlobalMemory::add_at's zero fill is tests/unit/func/483).
#include <warpsim/common/error.hpp>
#include <warpsim/ir/program.hpp>
#include <warpsim/ptx/parser.hpp>

#include <catch2/catch.hpp>

#include <string>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

constexpr const char* kHeader = ".version 9.0\n.target sm_90a\n.address_size 64\n";

// Loads entry `k` after `module_vars` with `decl` in its body; returns the error message, or "(loaded)".
std::string load(const std::string& module_vars, const std::string& decl, warpsim::ir::Program* out = nullptr) {
  const auto parsed = warpsim::ptx::parse(std::string(kHeader) + module_vars +
                                              "\n.visible .entry k()\n{\n" + decl + "\n  ret;\n}\n",
                                          "f.ptx");
  REQUIRE(parsed.ok());
  try {
    auto prog = warpsim::ir::load_program(parsed.module, "k");
    if (out != nullptr) *out = std::move(prog);
  } catch (const warpsim::Error& e) {
    CHECK(e.kind() == warpsim::ErrorKind::Ptx);
    return e.what();
  }
  return "(loaded)";
}

}  // namespace

TEST_CASE("405 local memory over 512 KiB per thread is a load error", "[ir]") {
  warpsim::ir::Program prog;
  CHECK(load("", "  .local .align 4 .b8 a[524288];", &prog) == "(loaded)");
  CHECK(prog.local_size == 524288);
  CHECK(load("", "  .local .align 4 .b8 a[524288];\n  .local .align 4 .b8 b[4];") ==
        "f.ptx:8: b makes the kernel use too much local data (0x80004 bytes per thread, 0x80000 max)");
  CHECK(load("", "  .local .align 4 .b8 a[100000000];") ==
        "f.ptx:7: a makes the kernel use too much local data (0x5f5e100 bytes per thread, 0x80000 max)");
  // Dimensions whose product wraps around 64 bits saturate instead.
  CHECK(load("", "  .local .align 4 .b8 a[4294967295][4294967295][4294967295];") ==
        "f.ptx:7: a makes the kernel use too much local data (0x4000000000000000 bytes per thread, 0x80000 max)");
}

TEST_CASE("405 static shared memory past 32-bit offsets is a load error, not truncated", "[ir]") {
  CHECK(load(".shared .align 4 .b8 s[4294967312];", "  .reg .b64 %rd<2>;\n  mov.u64 %rd1, s;") ==
        "f.ptx:4: s makes the kernel use too much shared data (0x100000010 bytes, 0xffffffff max)");
  CHECK(load("", "  .shared .align 4 .b8 s[4294967312];") ==
        "f.ptx:7: s makes the kernel use too much shared data (0x100000010 bytes, 0xffffffff max)");
}

TEST_CASE("405 module .global variables of 4 GiB or more and .const over 64 KiB are load errors", "[ir]") {
  CHECK(load(".global .align 4 .b8 g[4294967296][4294967296][4294967296];", "") ==
        "f.ptx:4: the module's .global variables take 4 GiB or more with g (the simulator gives each module a 4 GiB "
        "window)");
  CHECK(load(".global .align 4 .b8 g[8000000000];", "") ==
        "f.ptx:4: the module's .global variables take 4 GiB or more with g (the simulator gives each module a 4 GiB "
        "window)");
  CHECK(load(".global .align 4 .b8 g[2147483648];\n.global .align 4 .b8 h[2147483648];", "") ==
        "f.ptx:5: the module's .global variables take 4 GiB or more with h (the simulator gives each module a 4 GiB "
        "window)");
  CHECK(load(".const .align 4 .b8 c[65536];", "") == "(loaded)");
  CHECK(load(".const .align 4 .b8 c[65536];\n.const .align 4 .u32 d;", "") ==
        "f.ptx:5: the module uses too much global constant data with d (0x10004 bytes, 0x10000 max)");
}

TEST_CASE("405 a large .global array holds only its initialised bytes", "[ir]") {
  warpsim::ir::Program prog;
  REQUIRE(load(".global .align 4 .u32 g[268435456] = {1, 2};", "", &prog) == "(loaded)");
  REQUIRE(prog.module_vars.size() == 1);
  CHECK(prog.module_vars[0].size == 1073741824);
  CHECK(prog.module_vars[0].init == std::vector<std::uint8_t>{1, 0, 0, 0, 2, 0, 0, 0});
}

}  // namespace WARPSIM_UNITY_ID
