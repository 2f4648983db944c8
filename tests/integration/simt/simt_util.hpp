// Helpers for SIMT tests: run a hand-written PTX kernel on a one-buffer config in a temporary folder.
#pragma once

#include <warpsim/common/error.hpp>
#include <warpsim/sim/simulation.hpp>

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace simt {

inline std::string temp_dir(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / fmt::format("warpsim-simt-{}-{}", name, ::getpid());
  std::filesystem::create_directories(dir);
  return dir.string();
}

// Writes `ptx` to DIR/k.ptx and runs entry `k` with `grid`x`block` threads, one u32 buffer "out" of
// `count` elements (zeroed) as the only argument, plus `extra_buffers` (JSON members) if any. The PTX runs as
// written (compiler.schedule=0): these tests are about the PTX's own branches, which ptxas's if-conversion
// (the H200 model's default) would turn into predicated instructions.
inline warpsim::sim::RunResult run_kernel(const std::string& name, const std::string& ptx, unsigned grid,
                                          unsigned block, unsigned count,
                                          const std::string& reconvergence = "independent") {
  const std::string dir = temp_dir(name);
  std::ofstream(dir + "/k.ptx") << ptx;
  const std::string cfg = fmt::format(
      R"({{"gpu": "h200", "kernels": [{{"ptx": "k.ptx", "entry": "k", "grid": {}, "block": {},
           "args": [{{"buffer": "out"}}]}}],
          "buffers": {{"out": {{"type": "u32", "count": {}, "init": "zero"}}}}}})",
      grid, block, count);
  std::ofstream(dir + "/run.json") << cfg;
  warpsim::sim::RunOptions opts;
  opts.gpu_overrides = {"sm.reconvergence=" + reconvergence, "compiler.schedule=0"};
  return warpsim::sim::run_file(dir + "/run.json", opts);
}

inline std::string header() { return ".version 9.0\n.target sm_90a\n.address_size 64\n"; }

}  // namespace simt
