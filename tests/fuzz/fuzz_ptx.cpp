// Fuzz target: the PTX frontend. Parses the input as a PTX module (ptx::parse, which recovers after errors and
// collects every diagnostic), formats the diagnostics, and when the module parses, loads every entry with a body
// (ir::load_program: decoding, the opcode table, call sites, the CFG and post-dominators) as `warpsim ptx` does.
// A warpsim::Error is an expected outcome (bad PTX, an unimplemented instruction); anything else (another
// exception, a crash, a sanitizer report, a hang) is a finding.
// Leaves out: executing the code (fuzz_exec does) and the ptxas model's rewriting (lower/).
#include "fuzz_util.hpp"

#include <warpsim/common/error.hpp>
#include <warpsim/ir/program.hpp>
#include <warpsim/ptx/parser.hpp>

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace warpsim;
  ptx::ParseResult r = ptx::parse(fuzz::as_text(data, size), "fuzz.ptx");
  if (!r.ok()) {
    (void)r.format_errors();
    return 0;
  }
  for (const auto& fn : r.module.functions) {
    if (!fn.is_entry || !fn.has_body) continue;
    try {
      const ir::Program prog = ir::load_program(r.module, fn.name);
      for (std::uint32_t pc = 0; pc < prog.code.size(); ++pc) (void)prog.where(pc);
    } catch (const Error&) {
    }
  }
  return 0;
}
