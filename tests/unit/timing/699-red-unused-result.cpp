// ptxas's RED (lower/lowered.hpp, InstrTiming): with compiler.fold, an atom whose result no instruction reads holds no
// register, so the warp issues the next atomic without waiting for the one before to come back (SASS of
// traces/ubench_atomic_line: REDG.E.ADD); the kernel still ends only when the last atomic is done (timing/sm.cpp:
// the warp drains it after EXIT). One lane of the tiny GPU adds 1 to one word n times in a loop, into one register,
// its results unused or summed; the atomic unit takes 10 cycles a lane (mem.atomic_same_address_cycles), DRAM and
// L2 as in test 736.
#include "timing_test_util.hpp"

#include <warpsim/lower/lowered.hpp>

#include <fmt/format.h>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

// A loop of n atom.global.add.u32 on out[0] by one thread into one register; `use`: their results summed into out[1].
std::string kernel(unsigned n, bool use) {
  return ttest::header() + fmt::format(R"(
.visible .entry k(.param .u64 out) {{
  .reg .u32 %r<16>;
  .reg .u64 %rd<4>;
  .reg .pred %p<2>;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  mov.u32 %r2, 0;
  mov.u32 %r3, 0;
LOOP:
  atom.global.add.u32 %r10, [%rd1], 1;
{}  add.u32 %r3, %r3, 1;
  setp.lt.u32 %p1, %r3, {};
  @%p1 bra LOOP;
  st.global.u32 [%rd1+4], %r2;
  exit;
}}
)",
                                       use ? "  add.u32 %r2, %r2, %r10;\n" : "", n);
}

const std::vector<std::string> kFold = {"compiler.fold=1", "mem.atomic_same_address_cycles=10"};
const std::vector<std::string> kNoFold = {"compiler.fold=0", "mem.atomic_same_address_cycles=10"};

std::uint64_t cycles(unsigned n, bool use, const std::vector<std::string>& overrides) {
  const auto r = ttest::run(kernel(n, use), 1, 1, 2, true, overrides);
  CHECK(r.out[0] == n);
  CHECK(r.out[1] == (use ? n * (n - 1) / 2 : 0u));
  return r.timing.cycles;
}

}  // namespace

TEST_CASE("699 an atom whose result nothing reads holds no register (compiler.fold)") {
  using namespace warpsim;
  auto parsed = ptx::parse(kernel(2, false), "k.ptx");
  REQUIRE(parsed.ok());
  const ir::Program prog = ir::load_program(parsed.module, "k");
  auto parsed_use = ptx::parse(kernel(2, true), "k.ptx");
  REQUIRE(parsed_use.ok());
  const ir::Program prog_use = ir::load_program(parsed_use.module, "k");
  const auto writes_of_atoms = [](const ir::Program& p, const std::vector<std::string>& overrides) {
    const lower::Program low = lower::annotate(p, config::load_gpu_config("tiny", overrides));
    std::vector<std::size_t> w;
    for (std::uint32_t pc = 0; pc < p.code.size(); ++pc)
      if (p.code[pc].op == ir::Op::Atom) w.push_back(low.writes(pc).size());
    return w;
  };
  CHECK(writes_of_atoms(prog, kFold) == std::vector<std::size_t>{0});
  CHECK(writes_of_atoms(prog, kNoFold) == std::vector<std::size_t>{1});  // as written
  CHECK(writes_of_atoms(prog_use, kFold) == std::vector<std::size_t>{1});
}

TEST_CASE("699 unread atomics issue back to back and the kernel waits for the last") {
  // Unread (compiler.fold): the atomics reach the unit together and it takes them 10 cycles apart; the kernel ends
  // with the last one.
  const std::uint64_t one = cycles(1, false, kFold);
  CHECK(cycles(2, false, kFold) == one + 10);
  CHECK(cycles(8, false, kFold) == one + 70);
  // As written (no compiler.fold) each atom waits for the one before to give back the register (write after
  // write): a round trip of L2 hit 200 + mem.atomic_latency 20 + the unit's 10 per further atomic.
  const std::uint64_t written = cycles(1, false, kNoFold);
  CHECK(cycles(2, false, kNoFold) == written + 230);
  CHECK(cycles(8, false, kNoFold) == written + 7 * 230);
  // Read results keep the register with compiler.fold too: the round trip and the add that reads it, 11 cycles.
  const std::uint64_t read = cycles(1, true, kFold);
  CHECK(cycles(8, true, kFold) == read + 7 * 241);
}

}  // namespace WARPSIM_UNITY_ID
