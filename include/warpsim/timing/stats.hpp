// What the timing model counts for one kernel: a plain struct the GPU loop fills from its components' own stats
// (SmemStats, LsuStats, L1Stats, the memory system's MemoryStats) and its own cycle counts, named after the Nsight
// Compute metrics it stands for so that simulated and measured numbers line up.
//
// Models: cycle, instruction, shared-memory wavefront/conflict, global request/sector and memory-hierarchy
// (L1/L2 sector lookups, DRAM bytes) counts, plus how resident warps spent their cycles (one state per warp
// per cycle: issued, waiting on a register produced by an ALU op, waiting on a memory result, waiting at a
// barrier, or ready but not selected / pipeline busy).
// Leaves out: serialisation (to_map gives name -> value; writers live in report/), per-SM breakdowns.
#pragma once

#include <cstdint>
#include <map>
#include <string>

namespace warpsim::timing {

struct WarpStateCycles {
  std::uint64_t issued = 0, dependency = 0, memory = 0, barrier = 0, not_selected = 0;
  WarpStateCycles& operator+=(const WarpStateCycles& o) {
    issued += o.issued, dependency += o.dependency, memory += o.memory, barrier += o.barrier;
    not_selected += o.not_selected;
    return *this;
  }
  WarpStateCycles& operator-=(const WarpStateCycles& o) {
    issued -= o.issued, dependency -= o.dependency, memory -= o.memory, barrier -= o.barrier;
    not_selected -= o.not_selected;
    return *this;
  }
};

// The memory hierarchy's counters (timing/memory_system.hpp); l1 counts global and local load sectors.
struct MemoryStats {
  std::uint64_t l1_sector_hits = 0, l1_sector_misses = 0;    // l1tex__t_sectors_lookup_{hit,miss}.sum
  std::uint64_t lts_sectors = 0;                             // lts__t_sectors.sum: loads missing L1, stores, atomics
  std::uint64_t lts_sector_hits = 0, lts_sector_misses = 0;  // lts__t_sectors_lookup_{hit,miss}.sum
  std::uint64_t l2_merged_sectors = 0;  // warpsim__l2_merged_sectors.sum: loads merged before the slices
  std::uint64_t l2_partial_sectors = 0;     // warpsim__l2_partial_sectors.sum: sectors a store began in part
  std::uint64_t l2_partial_writebacks = 0;  // warpsim__l2_partial_writebacks.sum: of those, written back in part
  std::uint64_t dram_bytes_read = 0, dram_bytes_write = 0;   // dram__bytes_{read,write}.sum (during the kernel)
  std::uint64_t dram_bytes_flushed = 0;  // warpsim__dram_bytes_flushed.sum: dirty in L2 at the end, written after it
  std::uint64_t const_accesses = 0;  // warpsim__const_accesses.sum: distinct addresses of ld.const, summed
};

// Asynchronous data movement and distributed shared memory, under Nsight Compute's names (counted by the SMs:
// timing/sm.hpp). What each counts was checked against Nsight on the H200 (traces/README.md, "Nsight counters of
// the asynchronous workloads").
struct AsyncStats {
  // sm__sass_inst_executed_op_tma_{ld,st,red}.sum: bulk and tensor copies global -> shared (multicast included),
  // shared -> global, and reductions; one per copying lane (ptxas issues UTMALDG/UBLKCP once per lane that copies)
  std::uint64_t tma_ld = 0, tma_st = 0, tma_red = 0;
  // l1tex__m_xbar2l1tex_read_bytes_mem_global_op_tma_ld.sum (.._dest_multicast, .._dest_self): global bytes the
  // loads bring into the SMs, a multicast's once per destination CTA
  std::uint64_t tma_ld_bytes = 0, tma_ld_bytes_multicast = 0, tma_ld_bytes_self = 0;
  // l1tex__m_l1tex2xbar_write_bytes_mem_global_op_tma_{st,red}.sum: global bytes stores and reductions write
  std::uint64_t tma_st_bytes = 0, tma_red_bytes = 0;
  // sm__sass_inst_executed_op_ldgsts.sum (.._cache_access: cp.async.ca, .._cache_bypass: .cg): cp.async warp
  // instructions
  std::uint64_t ldgsts = 0, ldgsts_cache_access = 0, ldgsts_cache_bypass = 0;
  // sm__sass_inst_executed_op_dshared_{ld,st,atom}.sum: shared::cluster warp instructions with a lane in another
  // CTA's shared memory (the CTA's own is plain shared memory)
  std::uint64_t dshared_ld = 0, dshared_st = 0, dshared_atom = 0;
  // l1tex__m_xbar2l1tex_read_bytes_mem_dshared_op_ld.sum, l1tex__m_l1tex2xbar_write_bytes_mem_dshared_op_st.sum and
  // l1tex__m_l1tex2xbar_write_bytes_mem_dshared.sum (loads, stores and atomics): 64 bytes per distinct 64-byte
  // block of another CTA's shared memory an instruction's lanes touch
  std::uint64_t dshared_ld_bytes = 0, dshared_st_bytes = 0, dshared_bytes = 0;
  void add(const AsyncStats& o) {
    tma_ld += o.tma_ld, tma_st += o.tma_st, tma_red += o.tma_red;
    tma_ld_bytes += o.tma_ld_bytes, tma_ld_bytes_multicast += o.tma_ld_bytes_multicast;
    tma_ld_bytes_self += o.tma_ld_bytes_self, tma_st_bytes += o.tma_st_bytes, tma_red_bytes += o.tma_red_bytes;
    ldgsts += o.ldgsts, ldgsts_cache_access += o.ldgsts_cache_access, ldgsts_cache_bypass += o.ldgsts_cache_bypass;
    dshared_ld += o.dshared_ld, dshared_st += o.dshared_st, dshared_atom += o.dshared_atom;
    dshared_ld_bytes += o.dshared_ld_bytes, dshared_st_bytes += o.dshared_st_bytes, dshared_bytes += o.dshared_bytes;
  }
};

// The tensor pipe (mma.sync), counted by the SM as it issues (timing/sm.hpp), under Nsight's names. ptxas's SASS for
// sm_90 (traces/mma_sync, checked against Nsight on the H200): one HMMA, IMMA, BMMA or DMMA per mma, except fp8 (two
// HMMA.16816), s4/u4 (two IMMA over int8) and b1 .xor.popc (two BMMA .AND.POPC); Nsight counts BMMA as imma.
struct TensorStats {
  // sm__inst_executed_pipe_tensor_op_{hmma,imma,dmma}.sum (and smsp__ and their sum, ..._pipe_tensor.sum): warp
  // instructions
  std::uint64_t hmma = 0, imma = 0, dmma = 0;
  // sm__pipe_tensor_op_{hmma,imma,dmma}_cycles_active.sum: whole cycles the pipe works on them (an m16n8k16 HMMA 6:
  // its hold, pipe.tensor.*, less the fraction)
  std::uint64_t hmma_cycles = 0, imma_cycles = 0, dmma_cycles = 0;
  // sm__inst_executed_pipe_tensor_op_gmma.sum (of hmma and imma: warp-level wgmma.mma_async, HGMMA/QGMMA/IGMMA/
  // BGMMA) and sm__sass_data_bytes_mem_shared_op_gmma.sum (their operand bytes read from shared memory)
  std::uint64_t gmma = 0, gmma_smem_bytes = 0;
  void add(const TensorStats& o) {
    hmma += o.hmma, imma += o.imma, dmma += o.dmma;
    gmma += o.gmma, gmma_smem_bytes += o.gmma_smem_bytes;
    hmma_cycles += o.hmma_cycles, imma_cycles += o.imma_cycles, dmma_cycles += o.dmma_cycles;
  }
};

struct TimingStats {
  std::uint64_t gpc_cycles_elapsed_max = 0;  // gpc__cycles_elapsed.max: kernel cycles
  double sm_cycles_active_avg = 0;           // sm__cycles_active.avg: cycles with a resident CTA, mean over SMs
  std::uint64_t smsp_inst_executed_sum = 0;  // smsp__inst_executed.sum: SASS-level (ptx - folded + expanded)
  std::uint64_t smsp_thread_inst_executed_sum = 0;
  std::uint64_t ptx_inst_executed = 0;         // warpsim__ptx_inst_executed.sum: PTX warp-instructions executed
  std::uint64_t ptx_inst_folded = 0;           // warpsim__ptx_inst_folded.sum: of those, folded by ptxas (no issue)
  std::uint64_t sass_inst_expanded = 0;        // warpsim__sass_inst_expanded.sum: extra SASS instructions of
                                               // emulated operations and printf calls
  std::uint64_t smem_bank_conflicts_ld = 0;    // l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum
  std::uint64_t smem_bank_conflicts_st = 0;    // l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
  std::uint64_t smem_bank_conflicts_atom = 0;  // l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_atom.sum
  std::uint64_t smem_wavefronts = 0;           // l1tex__data_pipe_lsu_wavefronts_mem_shared.sum
  std::uint64_t data_pipe_wavefronts = 0;      // l1tex__data_pipe_lsu_wavefronts.sum: shared + global/local lines
  std::uint64_t global_ld_requests = 0;        // l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum
  std::uint64_t global_ld_sectors = 0;         // l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum
  std::uint64_t global_ld_sectors_l1_hit = 0;  // global-load sectors that hit this SM's L1
  std::uint64_t tma_copies = 0;             // warpsim__tma_copies.sum: bulk and tensor copies the TMA units served
  std::uint64_t tma_bytes = 0;              // warpsim__tma_bytes.sum: bytes they moved (max of shared and global)
  std::uint64_t tma_descriptor_misses = 0;  // warpsim__tma_descriptor_misses.sum: tensor maps fetched
  AsyncStats async;
  TensorStats tensor;
  std::uint64_t clusters_launched = 0;  // gpc__cgas_launched.sum: clusters of a cluster launch (0 without)
  WarpStateCycles warp_states;
  MemoryStats mem;
  // sm__warps_active.avg.pct_of_peak_sustained_active (achieved occupancy): resident warps that have not
  // exited, summed over cycles where their SM has a CTA, / (those SM cycles x the SM's warp slots), in %
  double sm_warps_active_pct = 0;
  // launch__*: the launch as Nsight describes it
  std::uint64_t launch_registers_per_thread = 0;  // launch__registers_per_thread
  std::uint64_t launch_grid_size = 0;             // launch__grid_size: CTAs
  std::uint64_t launch_block_size = 0;            // launch__block_size: threads per CTA
  double launch_waves_per_multiprocessor = 0;     // launch__waves_per_multiprocessor: CTAs / (SMs x CTAs per SM)
  // launch__occupancy_limit_<limit>: CTAs per SM each limit allows (a resource the kernel does not use
  // reports sm.max_ctas)
  std::uint64_t launch_occupancy_limit_registers = 0, launch_occupancy_limit_shared_mem = 0;
  std::uint64_t launch_occupancy_limit_warps = 0, launch_occupancy_limit_blocks = 0;
  std::uint64_t launch_shared_mem_config_size = 0;  // the launch's carve-out, bytes (L1 gets the rest of the pool)

  // Every counter by its Nsight name (warp states as warpsim__warp_cycles_<state>.sum).
  std::map<std::string, double> to_map() const;
};

}  // namespace warpsim::timing
