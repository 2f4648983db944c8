// Helpers for the memory-hierarchy tests (71x): one-thread kernels whose loads run back to back.
#pragma once

#include "timing_test_util.hpp"

#include <fmt/format.h>

#include <string>
#include <vector>

namespace mtest {

// One access per entry: "ld <byte offset>", "st <byte offset>" or "at <byte offset>" (atom.add) into `out`, or a
// load with another cache operator or order: "cg" (ld.global.cg), "vo" (ld.volatile), "rg" (ld.relaxed.gpu),
// "rc" (ld.relaxed.cta). Loads and atomics write %r2, so each waits for the one before (a dependent chain);
// stores store %r3.
inline std::string chain(const std::vector<std::string>& ops) {
  std::string body;
  for (const auto& op : ops) {
    const auto off = std::stoul(op.substr(3));
    const std::string kind = op.substr(0, 2);
    if (kind == "ld") body += fmt::format("  ld.global.u32 %r2, [%rd1+{}];\n", off);
    else if (kind == "cg") body += fmt::format("  ld.global.cg.u32 %r2, [%rd1+{}];\n", off);
    else if (kind == "vo") body += fmt::format("  ld.volatile.global.u32 %r2, [%rd1+{}];\n", off);
    else if (kind == "rg") body += fmt::format("  ld.relaxed.gpu.global.u32 %r2, [%rd1+{}];\n", off);
    else if (kind == "rc") body += fmt::format("  ld.relaxed.cta.global.u32 %r2, [%rd1+{}];\n", off);
    else if (op.rfind("at", 0) == 0) body += fmt::format("  atom.global.add.u32 %r2, [%rd1+{}], 1;\n", off);
    else body += fmt::format("  st.global.u32 [%rd1+{}], %r3;\n", off);
  }
  return ttest::header() + R"(
.visible .entry k(.param .u64 out) {
  .reg .u32 %r<4>;
  .reg .u64 %rd<2>;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  mov.u32 %r3, 7;
)" + body +
         "  exit;\n}\n";
}

// Kernel cycles of chain(ops) run by one thread on tiny.
inline warpsim::timing::GridTiming run_chain(const std::vector<std::string>& ops,
                                             const std::vector<std::string>& overrides = {}) {
  return ttest::run(chain(ops), 1, 1, 4096, true, overrides).timing;
}

}  // namespace mtest
