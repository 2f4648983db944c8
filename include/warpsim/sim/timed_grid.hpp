// A launch run with the timing model: the functional source (func/functional_source.hpp) feeding the GPU loop
// (timing/grid_timing.hpp). The one place that joins func/ and timing/.
// Leaves out: loading and lowering (sim/simulation.hpp does both for run configs).
#pragma once

#include <warpsim/func/grid.hpp>
#include <warpsim/lower/lowered.hpp>
#include <warpsim/timing/grid_timing.hpp>

namespace warpsim::sim {

// Grid size, threads and shared memory of a launch.
timing::KernelShape kernel_shape(const func::Launch& launch);

// Runs `launch`, whose program must be `prog.code`, through the timing model.
timing::GridTiming run_timed(func::Launch& launch, const lower::Program& prog, const config::GpuConfig& cfg,
                             const func::GridLimits& limits = {}, timing::TraceSink* sink = nullptr,
                             unsigned regs_per_thread = 0);
// The same for a launch whose program has not been lowered: it is annotated as it is (lower::annotate: folding
// and merging with compiler.fold, no rescheduling) and run.
timing::GridTiming run_timed(func::Launch& launch, const config::GpuConfig& cfg, const func::GridLimits& limits = {},
                             timing::TraceSink* sink = nullptr, unsigned regs_per_thread = 0);

}  // namespace warpsim::sim
