// Simulated against measured: metric-by-metric comparison of warpsim's statistics with what
// tools/measure recorded on a real GPU (traces/<workload>/<gpu>.json), and the suite-wide validation table.
//
// Models: the comparison rules. Cycles are Nsight Compute's gpc__cycles_elapsed.max of one launch; every other
// metric is compared under its Nsight name; buffers are compared by SHA-256 of their final contents, except
// buffers the measurement saw change between GPU runs (atomics whose order varies) and the run config's
// "clock_buffers" (clock readings). The suite's cycle error
// is the mean absolute percentage error (MAPE) and the Pearson correlation of simulated and measured cycles, given
// for the whole suite and for each validation set apart: the calibration set (workloads GPU-model parameters may be
// fitted to) and the judgement set (run config "validation_set": "judgement": never fitted to; it judges the model).
// Leaves out: per-CTA timeline comparison (the measured per-warp timelines come from `warpsim instrument`
// runs, not recorded yet).
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace warpsim::validate {

struct MetricRow {
  std::string name;
  std::optional<double> sim, measured;
  // (sim - measured) / measured in percent, when both exist and measured != 0.
  std::optional<double> error_pct() const;
};

struct KernelComparison {
  std::string entry;
  std::vector<MetricRow> rows;
};

// Compares a `warpsim run --stats` file with a measured file, kernel by kernel in launch order.
std::vector<KernelComparison> compare(const nlohmann::json& sim_stats, const nlohmann::json& measured);

struct WorkloadRow {
  std::string workload, entry;
  std::string set = "calibration";  // the run config's validation_set
  double sim_cycles = 0, measured_cycles = 0;
  std::optional<double> sim_conflicts, measured_conflicts;  // shared-memory bank conflicts (ld + st)
  std::optional<double> sim_lane_util, measured_lane_util;  // thread- per warp-instruction
  std::optional<double> sim_occupancy, measured_occupancy;  // achieved occupancy, percent
  std::optional<double> sim_insts, measured_insts;          // SASS warp-instructions (smsp__inst_executed.sum)
  std::string functional;                                   // "match", "MISMATCH: buffers ...", "n/a"
  double error_pct() const {
    return measured_cycles == 0 ? 0 : 100.0 * (sim_cycles - measured_cycles) / measured_cycles;
  }
};

// Cycle agreement over a set of rows (those with a measured cycle count).
struct SetSummary {
  std::string name;  // "calibration", "judgement" or "all"
  std::size_t kernels = 0, workloads = 0;
  double mape = 0, max_abs_error = 0, correlation = 0;
  std::string worst;                   // "workload/kernel" of the largest |error|
  unsigned functional_mismatches = 0;  // workloads whose buffers differ
};

struct Report {
  std::string gpu;
  std::vector<WorkloadRow> rows;
  // Over all rows (kept for older baselines and tools).
  double mape = 0, max_abs_error = 0, correlation = 0;
  unsigned functional_mismatches = 0;
  std::vector<SetSummary> sets;  // calibration, then judgement (a set with no rows is left out)
  nlohmann::json to_json() const;
  std::string table() const;  // the text table `warpsim validate` prints
};

// Simulates every workload under `traces_dir` that has `<gpu>.json` (in name order) and compares.
Report validate_dir(const std::string& traces_dir, const std::string& gpu);

// Summary of the rows of one set ("all": every row).
SetSummary summarise(const std::vector<WorkloadRow>& rows, const std::string& set);

// Compares with a baseline file: {"sets": {"calibration": {"mape", "functional_mismatches"}, "judgement": {...}}}
// (per set), or the older {"mape": x, "functional_mismatches": n} (the whole suite). Returns the reasons it is worse
// (empty if not); a set the baseline has but the report lacks is worse too.
std::vector<std::string> worse_than(const Report& r, const nlohmann::json& baseline);

}  // namespace warpsim::validate
