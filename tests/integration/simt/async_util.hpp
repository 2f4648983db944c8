// Helpers for the mbarrier and cp.async tests: run a hand-written PTX kernel k(.param .u64 in, .param .u64 out) on
// the H200 model, as written (compiler.schedule=0), functionally or with the timing model, under either
// reconvergence model, with --racecheck if asked; `in` is a u32 buffer holding i at element i, `out` a zeroed u32
// buffer.
#pragma once

#include "simt_util.hpp"

#include <string>
#include <vector>

namespace asyncx {

inline warpsim::sim::RunResult run(const std::string& name, const std::string& ptx, unsigned grid, unsigned block,
                                   unsigned in_count, unsigned out_count, bool timed,
                                   const std::string& reconvergence = "independent", bool racecheck = false) {
  const std::string dir = simt::temp_dir(name);
  std::ofstream(dir + "/k.ptx") << ptx;
  const std::string cfg = fmt::format(
      R"({{"gpu": "h200", "kernels": [{{"ptx": "k.ptx", "entry": "k", "grid": {}, "block": {}, "registers": 32,
           "args": [{{"buffer": "in"}}, {{"buffer": "out"}}]}}],
          "buffers": {{"in": {{"type": "u32", "count": {}, "init": "iota"}},
                       "out": {{"type": "u32", "count": {}, "init": "zero"}}}}}})",
      grid, block, in_count, out_count);
  std::ofstream(dir + "/run.json") << cfg;
  warpsim::sim::RunOptions opts;
  opts.gpu_overrides = {"sm.reconvergence=" + reconvergence, "compiler.schedule=0"};
  opts.functional_only = !timed;
  opts.racecheck = racecheck;
  return warpsim::sim::run_file(dir + "/run.json", opts);
}

// The message of the error a run throws ("" if it does not).
inline std::string error_of(const std::string& name, const std::string& ptx, unsigned block, bool timed,
                            warpsim::ErrorKind* kind = nullptr) {
  try {
    run(name, ptx, 1, block, 64, 64, timed);
  } catch (const warpsim::Error& e) {
    if (kind != nullptr) *kind = e.kind();
    return e.what();
  }
  return "";
}

}  // namespace asyncx
