// Helpers for the ptxas-model tests (73x): load a hand-written kernel `k(.param .u64 out)` as an ir::Program,
// apply the model's passes to it, find instructions by their PTX text, and run a program functionally with one
// u32 buffer `out` (to check that a pass kept the kernel's values).
#pragma once

#include "timing_test_util.hpp"

#include <warpsim/lower/ptxas_model.hpp>

#include <string>
#include <vector>

namespace ptest {

// The kernel `k` with `decls` (register and shared declarations) and `body`.
inline std::string kernel(const std::string& decls, const std::string& body) {
  return ttest::header() + ".visible .entry k(.param .u64 out) {\n" + decls + body + "}\n";
}

inline warpsim::ir::Program load(const std::string& ptx) {
  using namespace warpsim;
  auto parsed = ptx::parse(ptx, "k.ptx");
  if (!parsed.ok()) FAIL(parsed.format_errors());
  return ir::load_program(parsed.module, "k");
}

inline warpsim::config::GpuConfig tiny(const std::vector<std::string>& overrides = {}) {
  return warpsim::config::load_gpu_config("tiny", overrides);
}

// `ptx` loaded and reordered by ptxas_schedule with tiny's latencies.
inline warpsim::ir::Program scheduled(const std::string& ptx, const std::vector<std::string>& overrides = {}) {
  warpsim::ir::Program p = load(ptx);
  warpsim::lower::ptxas_schedule(p, tiny(overrides));
  return p;
}

// The pc of the one instruction whose text contains `what` (fails unless exactly one does).
inline std::uint32_t pc_of(const warpsim::ir::Program& p, const std::string& what) {
  const std::string want =
      !what.empty() && what.back() == ';' ? what.substr(0, what.size() - 1) : what;  // texts have no ';'
  std::uint32_t found = 0, n = 0;
  for (std::uint32_t pc = 0; pc < p.text.size(); ++pc)
    if (p.text[pc].find(want) != std::string::npos) found = pc, ++n;
  INFO("instruction containing '" << what << "'");
  REQUIRE(n == 1);
  return found;
}

// The program's instruction texts in pc order (for messages).
inline std::string listing(const warpsim::ir::Program& p) {
  std::string s;
  for (std::uint32_t pc = 0; pc < p.text.size(); ++pc) s += std::to_string(pc) + ": " + p.text[pc] + "\n";
  return s;
}

// Runs `prog` functionally on tiny with `out` = `count` u32 (from `init`, else zero); returns `out`.
inline std::vector<std::uint32_t> run(const warpsim::ir::Program& prog, unsigned grid, unsigned block, unsigned count,
                                      std::vector<std::uint32_t> init = {}) {
  return ttest::run_program(prog, tiny(), grid, block, count, false, std::move(init)).out;
}

}  // namespace ptest
