// Helpers for the output-file tests: run a workload under the timing model with a timeline recorder.
#pragma once

#include <warpsim/report/timeline.hpp>
#include <warpsim/sim/simulation.hpp>

#include <string>
#include <vector>

namespace outputs_test {

inline std::string trace_json(const std::string& name) {
  return std::string(WARPSIM_SOURCE_DIR) + "/traces/" + name + "/" + name + ".json";
}

struct Recorded {
  warpsim::sim::RunResult result;
  std::vector<warpsim::report::KernelTimeline> kernels;
};

inline Recorded record(const std::string& name, warpsim::report::RecordOptions ro, std::vector<std::string> sets = {}) {
  warpsim::report::TimelineRecorder rec(ro);
  warpsim::sim::RunOptions opts;
  opts.functional_only = false;
  opts.gpu_overrides = std::move(sets);
  opts.trace = &rec;
  Recorded r{warpsim::sim::run_file(trace_json(name), opts), {}};
  r.kernels = rec.kernels();
  return r;
}

}  // namespace outputs_test
