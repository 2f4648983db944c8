// Running a grid with time: CTAs placed on SMs, warps issued cycle by cycle by per-sub-partition schedulers,
// results landing after pipeline and memory latencies. The functional executor runs each instruction at
// issue (its results are final then; the scoreboard only delays dependants).
//
// Models (all parameters from GpuConfig):
//   dispatch     the CTA dispatcher (dispatcher.hpp): an SM holds at most the occupancy calculator's CTAs per
//                SM (registers per thread as ptxas allocates them, given by the caller; shared memory; warps;
//                threads; CTA slots); the grid runs in waves, round_robin or fill, at most one CTA every
//                launch.cta_dispatch_interval cycles; launch.kernel_latency cycles pass before the first.
//   scheduling   warp slot s of an SM belongs to sub-partition s mod sm.sub_partitions; each sub-partition
//                issues at most one instruction per cycle, choosing among ready warps by sm.scheduler (gto:
//                the last issued warp while it stays ready, else the oldest; gty: the same, else the
//                youngest; lrr: the next ready warp after the last issued one). Ready = the path the executor will run has no pending write to any
//                register it reads or writes, and its pipeline's interval has passed since the last issue
//                on that sub-partition.
//   latencies    ALU results after pipe.<class>.latency; shared memory: the SM's shared-memory unit serves
//                one wavefront per cycle, and a load's result lands mem.smem_latency + (wavefronts - 1) x
//                mem.smem_wavefront_cycles cycles after its first wavefront starts. Global and local accesses are coalesced into
//                32-byte sectors and go through the memory system (memory_system.hpp): a sectored LRU L1 per
//                SM (mem.l1_size, mem.l1_assoc, mem.l1_sectors_per_cycle; loads allocate, stores write
//                through without allocating), an L2 of mem.l2_slices slices, lines hashed over them (mem.l2_size,
//                mem.l2_assoc, mem.l2_sectors_per_cycle_per_slice; write-back, atomics done there with
//                mem.atomic_latency), and one DRAM queue (mem.dram_bytes_per_cycle, mem.dram_latency); a
//                load's result lands when its slowest sector does. Stores are not waited for, but a
//                sub-partition issues no memory instruction while its last store is more than mem.l2_hit_latency
//                from being taken by its slice, and the kernel ends only when its stores are in L2.
//                ld.const: mem.const_latency per distinct address (broadcast is one); parameter loads take
//                pipe.ldst.latency.
//   ptxas        the program the executor runs was rewritten as ptxas would (timing/ptxas_model.hpp,
//                compiler.schedule); with compiler.fold, folded instructions issue nothing and take no time
//                (their results are ready when their sources are). Emulated operations (emul.*) take their
//                measured latency and keep the warp from issuing for their SASS length; a printf call keeps it
//                busy for sm.printf_cycles (+ sm.printf_cycles_per_lane per extra printing lane); a taken branch
//                keeps it for sm.branch_taken_cycles. smsp__inst_executed counts SASS-level instructions.
//   barriers     a warp waiting in the executor issues nothing; when a barrier opens, its warps may issue
//                sm.barrier_latency cycles after the releasing instruction.
//   end          a warp is finished when it has exited and its last result has landed; the kernel's cycles
//                are when the last warp finishes.
// Cycles where no warp can issue are skipped (the next event is the earliest cycle a warp becomes ready).
// Leaves out: MSHR and queue limits (loads get no back-pressure from the memory system), the NoC and near/far
// L2 partitions, the per-kernel L1/shared carve-out, register-bank conflicts, instruction fetch beyond the
// taken-branch cost, a finite LSU queue, clusters and distributed shared memory timing, multiple concurrent
// kernels.
#pragma once

#include <warpsim/config/gpu_config.hpp>
#include <warpsim/func/grid.hpp>
#include <warpsim/timing/occupancy.hpp>
#include <warpsim/timing/stats.hpp>
#include <warpsim/timing/trace_sink.hpp>

#include <cstdint>

namespace warpsim::timing {

struct GridTiming {
  func::GridStats functional;  // CTAs, warps and instruction counts, as the functional runner reports them
  std::uint64_t cycles = 0;
  TimingStats stats;
};

// The kernel's occupancy (occupancy.hpp) from its block size, static + dynamic shared memory and
// `regs_per_thread` (0: registers not counted); throws ErrorKind::Launch in CUDA's words if no CTA fits.
Occupancy kernel_occupancy(const func::Launch& launch, const config::GpuConfig& cfg, unsigned regs_per_thread = 0);
// CTAs of one kernel that fit on an SM at once: kernel_occupancy(...).ctas_per_sm.
unsigned ctas_per_sm(const func::Launch& launch, const config::GpuConfig& cfg, unsigned regs_per_thread = 0);

// sink (optional) receives CTA/warp start and end events and, if it asks, every issued instruction.
GridTiming run_grid_timed(func::Launch& launch, const config::GpuConfig& cfg, const func::GridLimits& limits = {},
                          TraceSink* sink = nullptr, unsigned regs_per_thread = 0);

}  // namespace warpsim::timing
