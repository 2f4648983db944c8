// Timing stats by metric name (see timing/stats.hpp).
#include <warpsim/timing/stats.hpp>

namespace warpsim::timing {

std::map<std::string, double> TimingStats::to_map() const {
  auto d = [](std::uint64_t v) { return static_cast<double>(v); };
  return {
      {"gpc__cycles_elapsed.max", d(gpc_cycles_elapsed_max)},
      {"sm__cycles_active.avg", sm_cycles_active_avg},
      {"smsp__inst_executed.sum", d(smsp_inst_executed_sum)},
      {"smsp__thread_inst_executed.sum", d(smsp_thread_inst_executed_sum)},
      {"warpsim__ptx_inst_executed.sum", d(ptx_inst_executed)},
      {"warpsim__ptx_inst_folded.sum", d(ptx_inst_folded)},
      {"warpsim__sass_inst_expanded.sum", d(sass_inst_expanded)},
      {"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum", d(smem_bank_conflicts_ld)},
      {"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum", d(smem_bank_conflicts_st)},
      {"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_atom.sum", d(smem_bank_conflicts_atom)},
      {"l1tex__data_pipe_lsu_wavefronts_mem_shared.sum", d(smem_wavefronts)},
      {"l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum", d(global_ld_requests)},
      {"l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum", d(global_ld_sectors)},
      {"warpsim__l1_sector_hits_global_op_ld.sum", d(global_ld_sectors_l1_hit)},
      {"l1tex__t_sectors_lookup_hit.sum", d(mem.l1_sector_hits)},
      {"l1tex__t_sectors_lookup_miss.sum", d(mem.l1_sector_misses)},
      {"l1tex__t_sector_hit_rate.pct",
       mem.l1_sector_hits + mem.l1_sector_misses == 0
           ? 0.0
           : 100.0 * d(mem.l1_sector_hits) / d(mem.l1_sector_hits + mem.l1_sector_misses)},
      {"lts__t_sectors.sum", d(mem.lts_sectors)},
      {"lts__t_sectors_lookup_hit.sum", d(mem.lts_sector_hits)},
      {"lts__t_sectors_lookup_miss.sum", d(mem.lts_sector_misses)},
      {"dram__bytes_read.sum", d(mem.dram_bytes_read)},
      {"dram__bytes_write.sum", d(mem.dram_bytes_write)},
      {"warpsim__const_accesses.sum", d(mem.const_accesses)},
      {"warpsim__tma_copies.sum", d(tma_copies)},
      {"warpsim__tma_bytes.sum", d(tma_bytes)},
      {"warpsim__tma_descriptor_misses.sum", d(tma_descriptor_misses)},
      {"warpsim__warp_cycles_issued.sum", d(warp_states.issued)},
      {"warpsim__warp_cycles_dependency.sum", d(warp_states.dependency)},
      {"warpsim__warp_cycles_memory.sum", d(warp_states.memory)},
      {"warpsim__warp_cycles_barrier.sum", d(warp_states.barrier)},
      {"warpsim__warp_cycles_not_selected.sum", d(warp_states.not_selected)},
      {"sm__warps_active.avg.pct_of_peak_sustained_active", sm_warps_active_pct},
      {"launch__registers_per_thread", d(launch_registers_per_thread)},
      {"launch__grid_size", d(launch_grid_size)},
      {"launch__block_size", d(launch_block_size)},
      {"launch__waves_per_multiprocessor", launch_waves_per_multiprocessor},
      {"launch__occupancy_limit_registers", d(launch_occupancy_limit_registers)},
      {"launch__occupancy_limit_shared_mem", d(launch_occupancy_limit_shared_mem)},
      {"launch__occupancy_limit_warps", d(launch_occupancy_limit_warps)},
      {"launch__occupancy_limit_blocks", d(launch_occupancy_limit_blocks)},
      {"launch__shared_mem_config_size", d(launch_shared_mem_config_size)},
  };
}

}  // namespace warpsim::timing
