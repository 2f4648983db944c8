// Helpers for the cluster tests: run a hand-written PTX kernel k(.param .u64 out) as clusters of `cluster` CTAs
// on the H200 model as written (compiler.schedule=0), functionally or timed, under either reconvergence
// model; `out` is a zeroed u32 buffer.
#pragma once

#include "simt_util.hpp"

#include <string>
#include <vector>

namespace clusterx {

// grid and cluster as JSON ("4", "[4, 2]"); an empty cluster launches without one.
struct Shape {
  std::string grid = "1";
  unsigned block = 32;
  std::string cluster = "2";
  unsigned out = 64;
};

inline warpsim::sim::RunResult run(const std::string& name, const std::string& ptx, const Shape& s, bool timed,
                                   const std::string& reconvergence = "independent",
                                   std::vector<std::string> overrides = {}, const std::string& gpu = "h200") {
  const std::string dir = simt::temp_dir(name);
  std::ofstream(dir + "/k.ptx") << ptx;
  const std::string cluster = s.cluster.empty() ? "" : fmt::format(R"("cluster": {}, )", s.cluster);
  const std::string cfg = fmt::format(
      R"({{"gpu": "{}", "kernels": [{{"ptx": "k.ptx", "entry": "k", "grid": {}, "block": {}, {}"registers": 32,
           "args": [{{"buffer": "out"}}]}}],
          "buffers": {{"out": {{"type": "u32", "count": {}, "init": "zero"}}}}}})",
      gpu, s.grid, s.block, cluster, s.out);
  std::ofstream(dir + "/run.json") << cfg;
  warpsim::sim::RunOptions opts;
  overrides.push_back("sm.reconvergence=" + reconvergence);
  overrides.push_back("compiler.schedule=0");
  opts.gpu_overrides = overrides;
  opts.functional_only = !timed;
  return warpsim::sim::run_file(dir + "/run.json", opts);
}

// The message of the error a run throws ("" if it does not).
inline std::string error_of(const std::string& name, const std::string& ptx, const Shape& s, bool timed,
                            warpsim::ErrorKind* kind = nullptr) {
  try {
    run(name, ptx, s, timed);
  } catch (const warpsim::Error& e) {
    if (kind != nullptr) *kind = e.kind();
    return e.what();
  }
  return "";
}

}  // namespace clusterx
