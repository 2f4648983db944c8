// Running a grid with time: CTAs placed on SMs, warps issued cycle by cycle by per-sub-partition schedulers,
// results landing after pipeline and memory latencies. The functional executor runs each instruction at
// issue (its results are final then; the scoreboard only delays dependants).
//
// Models (all parameters from GpuConfig):
//   dispatch     CTA i starts on SM i mod sm.count while the SM has room (a simple fit on sm.max_ctas,
//                sm.max_warps, sm.max_threads and shared memory incl. smem.reserved_per_cta); afterwards the
//                next CTA goes to the SM where one retires. Registers are not counted (PTX registers are
//                virtual). launch.kernel_latency cycles pass before the first issue.
//   scheduling   warp slot s of an SM belongs to sub-partition s mod sm.sub_partitions; each sub-partition
//                issues at most one instruction per cycle, choosing among ready warps by sm.scheduler (gto:
//                the last issued warp while it stays ready, else the oldest; lrr: the next ready warp after
//                the last issued one). Ready = the path the executor will run has no pending write to any
//                register it reads or writes, and its pipeline's interval has passed since the last issue
//                on that sub-partition.
//   latencies    ALU results after pipe.<class>.latency; shared memory: the SM's shared-memory unit serves
//                one wavefront per cycle, and a load's result lands mem.smem_latency + (wavefronts - 1)
//                cycles after its first wavefront starts; global/local loads: a sector seen before by this SM
//                hits L1 (mem.l1_hit_latency), one seen before by any SM hits L2 (mem.l2_hit_latency), else
//                DRAM (mem.dram_latency plus queueing behind this SM's earlier DRAM sectors at
//                mem.dram_bytes_per_cycle_per_sm); the access takes the slowest sector's latency. Stores
//                and atomics make their sectors L2-resident; an atomic's result takes the L2 latency.
//                Constant and parameter loads take pipe.ldst.latency (constant-cache hits).
//   barriers     a warp waiting in the executor issues nothing; when a barrier opens, its warps may issue
//                sm.barrier_latency cycles after the releasing instruction.
//   end          a warp is finished when it has exited and its last result has landed; the kernel's cycles
//                are when the last warp finishes.
// Cycles where no warp can issue are skipped (the next event is the earliest cycle a warp becomes ready).
// Leaves out: finite L1/L2 capacity and associativity (sector sets never evict), MSHRs, L2 and NoC bandwidth,
// register-bank conflicts, instruction fetch, a finite LSU queue, stores' write latency, clusters and
// distributed shared memory timing, multiple concurrent kernels.
#pragma once

#include <warpsim/config/gpu_config.hpp>
#include <warpsim/func/grid.hpp>
#include <warpsim/timing/stats.hpp>

#include <cstdint>

namespace warpsim::timing {

struct GridTiming {
  func::GridStats functional;  // CTAs, warps and instruction counts, as the functional runner reports them
  std::uint64_t cycles = 0;
  TimingStats stats;
};

// CTAs of one kernel that fit on an SM at once (at least 1; throws ErrorKind::Launch if none fits).
unsigned ctas_per_sm(const func::Launch& launch, const config::GpuConfig& cfg);

GridTiming run_grid_timed(func::Launch& launch, const config::GpuConfig& cfg, const func::GridLimits& limits = {});

}  // namespace warpsim::timing
