// Running a grid with time: the GPU loop over the timing components. CTAs are placed on SMs by the dispatcher,
// warps issue cycle by cycle from per-sub-partition schedulers, and results land after pipeline and memory
// latencies. The instruction source (source/instruction_source.hpp) executes each instruction at issue (its results
// are final then; the scoreboard only delays dependants); the lowered program (lower/lowered.hpp) says how ptxas
// issues each one.
//
// Components (each with its own config values, stats and header, which say what it models and leaves out):
//   dispatcher     timing/dispatcher.hpp: CTAs per SM from the occupancy calculator, waves, dispatch order and
//                  interval; launch.kernel_latency before the first.
//   SM             timing/sm.hpp: warp slots with their scoreboards (timing/scoreboard.hpp), readiness, folded
//                  instructions, barrier bookkeeping, stall states; it owns
//     sub-partitions  timing/sub_partition.hpp: pipes and a scheduler policy each (timing/scheduler.hpp: gto, gty,
//                     lrr, by sm.scheduler)
//     shared memory   timing/smem_unit.hpp: bank wavefronts
//     barrier unit    timing/barrier_unit.hpp: release delay
//     LSU and L1      timing/lsu.hpp, timing/l1_cache.hpp: coalescing, constant cache, store back-pressure
//   memory system  timing/memory_system.hpp: L2 slices and DRAM (timing/dram.hpp), shared by the SMs' L1s.
//   async events   timing/async_events.hpp: when each asynchronous effect happens (a cp.async's bytes landing, a
//                  suspended try_wait's time limit); applied through the source's complete()/expire_wait().
// The loop, once per visited cycle: launch the CTAs the dispatcher allows; apply the asynchronous events due; scan the sub-partitions that are due
// (timing/wake_queue.hpp: one of their warps may issue, or changes stall state), in SM and sub-partition order;
// issue the warps they chose, in the same order; advance to the next cycle (the next one if anything issued, else
// the earliest cycle a warp may issue, a CTA launches or a draining CTA retires); retire finished CTAs (every thread
// exited and every store acknowledged). Cycles where no warp can issue are skipped. The kernel's cycles are when
// the last result lands or the last store is acknowledged.
// Clocks: a kernel whose code has HMMA, IMMA or GMMA instructions runs its SMs at sm.tensor_clock_ratio of
// sm.clock_mhz (on the H200 about one cycle in eleven is lost while the tensor cores are in use: 1-CTA kernels'
// elapsed cycles exceed their SM-active ones by about 10 %, none for DMMA); it is simulated at that SM clock (the
// memory side converting its cycles through mem.reference_clock_mhz) and its elapsed cycles are the launch latency
// plus the rest divided by the ratio. Which instructions run does not matter, only that the code has one.
// Leaves out: MSHR and queue limits (loads get no back-pressure from the memory system), the NoC's bandwidth
// between the L2 partitions, register-bank conflicts, instruction fetch beyond the taken-branch cost, a finite LSU
// queue, clusters and distributed shared memory timing, multiple concurrent kernels.
#pragma once

#include <warpsim/config/gpu_config.hpp>
#include <warpsim/lower/lowered.hpp>
#include <warpsim/source/instruction_source.hpp>
#include <warpsim/timing/occupancy.hpp>
#include <warpsim/timing/stats.hpp>
#include <warpsim/timing/trace_sink.hpp>

#include <cstdint>

namespace warpsim::timing {

struct GridTiming {
  source::Counts functional;  // CTAs, warps and instruction counts, as the source reports them
  std::uint64_t cycles = 0;
  TimingStats stats;
};

// What the timing model needs of a launch besides its instructions.
struct KernelShape {
  std::uint64_t ctas = 0;  // CTAs in the grid
  std::uint32_t threads_per_cta = 0;
  std::uint64_t smem_per_cta = 0;            // static + dynamic shared memory, bytes
  std::optional<unsigned> carveout_percent;  // the kernel's preferred carve-out (none: the driver's default)
  Dim3 grid{}, cluster{};                    // the grid and cluster shapes (cluster 1x1x1: clusters of 1 CTA)
  bool cluster_launch = false;  // a cluster shape was given (run config, .reqnctapercluster, .explicitcluster), even 1
};

// The kernel's occupancy (occupancy.hpp) with `regs_per_thread` (0: registers not counted).
Occupancy kernel_occupancy(const KernelShape& k, const config::GpuConfig& cfg, unsigned regs_per_thread = 0);

// Runs every CTA of the grid that `src` executes; `prog` is the lowered program whose code the source runs. `sink`
// (optional) receives CTA/warp start and end events and, if it asks, every issued instruction. Throws
// ErrorKind::Launch in CUDA's words if no CTA fits on an SM, ErrorKind::Deadlock (from the source) when nothing can
// run.
GridTiming run_grid_timed(source::InstructionSource& src, const lower::Program& prog, const KernelShape& shape,
                          const config::GpuConfig& cfg, TraceSink* sink = nullptr, unsigned regs_per_thread = 0);

}  // namespace warpsim::timing
