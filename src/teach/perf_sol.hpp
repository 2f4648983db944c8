// The numbers of the "Where the cycles went" section of `warpsim report` (sec_sol.cpp): each unit's achieved
// throughput against its peak in the GPU model, as Nsight Compute's Speed-of-Light section does, and the H200's
// measured counters beside them where the workload has traces/<w>/h200.json.
//
// Models: % of peak = the unit's work in the kernel / (peak per cycle x the kernel's elapsed cycles,
// gpc__cycles_elapsed.max), and for the SMs' units also over the SMs' active cycles; the peak taken from the GPU model's parameters (each row names them). Work comes from
// the timing run's Nsight-named counters; the FP32 and FP64 pipes' from the run's issues per instruction and the
// lowered program's pipe classes.
// Leaves out: units without a counter (texture, the integer and SFU pipes), per-SM imbalance (a unit busy on a
// few SMs shows as a low percentage of the whole GPU).
#pragma once

#include "context.hpp"

#include <optional>
#include <string>
#include <vector>

namespace warpsim::teach {

struct SolRow {
  std::string unit;          // "Issue slots", "FP32 pipe", ...
  std::string work;          // what is counted, e.g. "smsp__inst_executed.sum (warp-instructions)"
  std::string peak_from;     // the parameters the peak comes from, e.g. "sm.count x sm.sub_partitions"
  double achieved = 0;       // the kernel's work in the unit
  double peak_per_cycle = 0;  // the GPU's peak per cycle, in the same unit
  double cycles = 0;         // the kernel's elapsed cycles
  double pct = 0;            // 100 x achieved / (peak_per_cycle x cycles)
  std::optional<double> measured_pct;  // the same for the H200's counters (same peaks), when measured
  // The SMs' own units (issue slots, pipes, shared memory, L1) over the cycles the SMs held a CTA
  // (sm__cycles_active.avg, as Nsight's pct_of_peak_sustained_active): 100 x achieved / (peak_per_cycle x that);
  // L2 and DRAM serve the whole GPU: the same as pct.
  bool sm_unit = false;
  double pct_active = 0;
  std::optional<double> measured_pct_active;
};

std::vector<SolRow> sol_rows(Context& ctx);
// Issue events of the chosen launch per pipe class (index: ir::PipeClass), from Context::pc_issues() and the
// lowered program's pipe of each pc.
std::vector<std::uint64_t> pipe_issues(Context& ctx);

}  // namespace warpsim::teach
