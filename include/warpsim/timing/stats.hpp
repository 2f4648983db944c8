// What the timing model counts for one kernel: a plain struct owned by the grid runner, named after the Nsight
// Compute metrics it stands for so that simulated and measured numbers line up.
//
// Models: cycle, instruction, shared-memory wavefront/conflict and global request/sector counts, plus how
// resident warps spent their cycles (one state per warp per cycle: issued, waiting on a register produced by
// an ALU op, waiting on a memory result, waiting at a barrier, or ready but not selected / pipeline busy).
// Leaves out: serialisation (to_map gives name -> value; writers live in sim/ and cli/), per-SM breakdowns.
#pragma once

#include <cstdint>
#include <map>
#include <string>

namespace warpsim::timing {

struct WarpStateCycles {
  std::uint64_t issued = 0, dependency = 0, memory = 0, barrier = 0, not_selected = 0;
};

struct TimingStats {
  std::uint64_t gpc_cycles_elapsed_max = 0;   // gpc__cycles_elapsed.max: kernel cycles
  double sm_cycles_active_avg = 0;            // sm__cycles_active.avg: cycles with a resident CTA, mean over SMs
  std::uint64_t smsp_inst_executed_sum = 0;   // smsp__inst_executed.sum
  std::uint64_t smsp_thread_inst_executed_sum = 0;
  std::uint64_t smem_bank_conflicts_ld = 0;   // l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum
  std::uint64_t smem_bank_conflicts_st = 0;   // l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
  std::uint64_t smem_wavefronts = 0;          // l1tex__data_pipe_lsu_wavefronts_mem_shared.sum
  std::uint64_t global_ld_requests = 0;       // l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum
  std::uint64_t global_ld_sectors = 0;        // l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum
  std::uint64_t global_ld_sectors_l1_hit = 0; // sectors found in this SM's L1 sector set
  WarpStateCycles warp_states;

  // Every counter by its Nsight name (warp states as warpsim__warp_cycles_<state>.sum).
  std::map<std::string, double> to_map() const;
};

}  // namespace warpsim::timing
