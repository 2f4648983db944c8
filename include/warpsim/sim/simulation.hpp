// Running a run config: load the GPU model and the PTX, validate each launch against its kernel, fill the
// buffers, execute every launch in order, check expectations.
// Models: the host side of CUDA (cuModuleLoad, cuLaunchKernel, cudaMemcpy) for the config's launches.
// Leaves out: timing (the timing model reports cycles on top of the same run).
#pragma once

#include <warpsim/config/run_config.hpp>
#include <warpsim/func/memory.hpp>
#include <warpsim/func/racecheck.hpp>
#include <warpsim/ptx/ast.hpp>
#include <warpsim/timing/trace_sink.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace warpsim::func {
class StepObserver;  // func/grid.hpp
}

namespace warpsim::sim {

struct RunOptions {
  std::vector<std::string> gpu_overrides;  // --set name=value
  bool functional_only = true;             // no timing model
  // Limits per launch (func::GridLimits; 0 = the default there, see README "How a warp executes"):
  std::uint64_t no_progress_limit = 0;      // the watchdog: warp-instructions of a CTA without progress
  std::uint64_t max_warp_instructions = 0;  // --max-warp-instructions: warp-instructions of the whole kernel
  double timeout_seconds = 0;               // --timeout: wall clock per kernel; 0 = none
  std::uint64_t memory_budget = 0;          // --memory-budget: bytes of touched global memory; 0 = half of RAM
  timing::TraceSink* trace = nullptr;       // timing runs: receives every kernel's CTA/warp/issue events
  // Functional runs: sees every warp-step of launch `observe_launch` (index in cfg.kernels) (func/grid.hpp).
  func::StepObserver* observer = nullptr;
  std::size_t observe_launch = 0;
  // --racecheck: check generic shared-memory accesses against asynchronous copies in flight (func/racecheck.hpp);
  // the run goes on and each kernel's KernelSummary::hazards lists what was found.
  bool racecheck = false;
};

struct KernelSummary {
  std::string entry;
  std::uint64_t ctas = 0, warps = 0;
  std::uint64_t warp_instructions = 0;  // warp-level instructions executed (a predicated-off one counts)
  std::uint64_t thread_instructions =
      0;  // active lanes summed over warp-instructions (predicated-off lanes count, as in Nsight's smsp__thread_inst_executed)
  // Operations of the matrix instructions it executed: 2 M N K per mma.sync (its shape; mma.sp counts the dense
  // shape, m8n8k4 its four 8x8x4 MMAs) and per wgmma.mma_async (m64nNkK, counted as each warp computes its 16 rows).
  std::uint64_t mma_flops = 0;
  // Timing runs only (RunOptions::functional_only = false): kernel cycles and every timing counter by its
  // Nsight metric name (timing/stats.hpp); 0 and empty in functional runs.
  std::uint64_t cycles = 0;
  std::map<std::string, double> stats;
  // Registers per thread the timing run's occupancy used, and where they came from: "ptxas 13.0",
  // "ptxas 13.0 (cached)" or "run config" (the kernel's "registers" key, which overrides ptxas).
  unsigned registers_per_thread = 0;
  std::string registers_source;
  // RunOptions::racecheck: the distinct hazards, in order of first occurrence (always empty without it).
  std::vector<func::Hazard> hazards;
};

struct RunResult {
  config::RunConfig config;
  std::vector<KernelSummary> kernels;
  std::vector<config::ExpectResult> expects;
  std::string printf_output;  // everything the kernels printed, in order
  // Global memory after the run; buffers are read from it (pages nothing touched read as their init values).
  std::shared_ptr<const func::GlobalMemory> memory;

  // Bytes [offset, offset + n) of buffer i (config.buffers order), without copying the rest.
  void read_buffer(std::size_t i, std::uint64_t offset, std::uint64_t n, std::byte* out) const;
  // A buffer's final contents, copied whole (for buffers that fit in memory).
  std::vector<std::byte> buffer(std::size_t i) const;
  std::vector<std::byte> buffer(const std::string& name) const;
  std::vector<std::vector<std::byte>> buffers() const;  // every buffer, in config.buffers order
  template <typename T>
  std::vector<T> as(const std::string& name) const {
    const auto b = buffer(name);
    std::vector<T> v(b.size() / sizeof(T));
    std::memcpy(v.data(), b.data(), v.size() * sizeof(T));
    return v;
  }
  bool expects_ok() const;
};

RunResult run(const config::RunConfig& cfg, const RunOptions& opts = {});

// The registers per thread that bound ptxas's list scheduling of launch `k` (compiler.register_limit): the run
// config's "registers", else ptxas -v on its PTX (module `m`), else 0 (no ptxas: no limit). 0 as well when the GPU
// model does not schedule or limit. A run, timed or functional, lowers each kernel with this count, so reports that
// lower a kernel again get the same code.
unsigned schedule_registers(const config::RunConfig& cfg, const config::LaunchSpec& k, const ptx::Module& m);
RunResult run_file(const std::string& config_path, const RunOptions& opts = {});

}  // namespace warpsim::sim
