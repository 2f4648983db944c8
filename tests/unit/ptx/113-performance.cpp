// Large inputs: a 10 MB module of four big kernels and a single line listing 200,000 registers parse completely and
// correctly (every instruction, the last register's column). Debug and sanitizer builds parse a 1 MB module instead.
// The time each takes is printed on failure only; it is not asserted (a wall-clock bound fails on a loaded machine:
// speed is measured by benchmarks, tools/bench/README.md).
#include "ptx_test_util.hpp"

#include <chrono>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::ptx;

namespace {

#if defined(NDEBUG) && !defined(__SANITIZE_ADDRESS__)
constexpr std::size_t kModuleBytes = 10'000'000;
#else
constexpr std::size_t kModuleBytes = 1'000'000;
#endif

double seconds_to_parse(const std::string& text, ParseResult& out) {
  const auto t0 = std::chrono::steady_clock::now();
  out = parse(text, "big.ptx");
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

TEST_CASE("a 10 MB module parses completely") {
  std::string text(ptx_test::kHeader);
  int kernels = 0;
  constexpr int kBlocks = 16000;  // four instructions each: about 2.5 MB per kernel
  while (text.size() < kModuleBytes) {
    text += fmt::format(
        ".visible .entry k{}(.param .u64 p)\n{{\n\t.reg .pred %p<8>;\n\t.reg .b32 %r<200>;\n"
        "\t.reg .f32 %f<200>;\n\t.reg .b64 %rd<50>;\n",
        kernels);
    for (int i = 0; i < kBlocks && text.size() < kModuleBytes; ++i) {
      const int r = i % 190;
      if (i % 40 == 0) text += fmt::format("$L__BB{}_{}:\n", kernels, i / 40);
      text += fmt::format("\tld.global.nc.v4.f32 \t{{%f{}, %f{}, %f{}, %f{}}}, [%rd{}+{}];\n", r, r + 1, r + 2, r + 3,
                          i % 40, i * 16);
      text += fmt::format("\tfma.rn.f32 \t%f{}, %f{}, 0f3F800000, %f{};\n", r, r + 1, r + 2);
      text += fmt::format("\tsetp.lt.s32 \t%p{}, %r{}, {};\n", i % 7, r, i);
      text += fmt::format("\t@%p{} bra \t$L__BB{}_{};\n", i % 7, kernels, (i / 40) / 2);
    }
    text += "\tret;\n}\n";
    ++kernels;
  }
  ParseResult r;
  const double s = seconds_to_parse(text, r);
  INFO(r.format_errors());
  REQUIRE(r.ok());
  CHECK(r.module.functions.size() == static_cast<std::size_t>(kernels));
  if (kModuleBytes == 10'000'000) {
    CHECK(kernels <= 4);
    CHECK(r.module.functions[0].body.size() == 8 + 200 + 200 + 50 + (kBlocks + 39) / 40 + 4 * kBlocks + 1);
  }
  INFO(fmt::format("{} bytes: {:.3f} s", text.size(), s));  // about 0.4 s for 10 MB, optimised, idle machine
}

TEST_CASE("one line with 200,000 registers parses completely") {
  std::string regs;
  for (int i = 0; i < 200000; ++i) regs += fmt::format("{}%f{}", i ? ", " : "", i % 200);
  const std::string text = std::string(ptx_test::kHeader) + ".visible .entry w()\n{\n.reg .f32 %f<200>;\n" +
                           "wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16 {" + regs +
                           "}, %rd1, %rd2, 1, 1, 1, 0, 0;\nret;\n}\n";
  ParseResult r;
  const double s = seconds_to_parse(text, r);
  REQUIRE(r.ok());
  const Instruction& w = r.module.functions.at(0).body.at(200).instr;
  REQUIRE(w.operands.at(0).elems.size() == 200000);
  CHECK(w.operands[0].elems[199999].name == "%f199");
  CHECK(w.operands[0].elems[199999].pos.col > 1'000'000);
  CHECK(w.text.size() == text.find(";\nret") - text.find("wgmma"));
  INFO(fmt::format("200,000-register line: {:.3f} s", s));  // about 0.05 s, optimised
}

}  // namespace WARPSIM_UNITY_ID
