// Shared by the teach suite's tests: the report options of a workload of traces/ (its run config), and the
// kernel's counters by name.
#pragma once

#include "teach/context.hpp"
#include "teach/mem_profile.hpp"

#include <string>

namespace teach_test {

inline warpsim::teach::ReportOptions options(const std::string& workload) {
  warpsim::teach::ReportOptions o;
  o.config_path = std::string(WARPSIM_SOURCE_DIR) + "/traces/" + workload + "/" + workload + ".json";
  return o;
}

inline double stat(const warpsim::sim::KernelSummary& k, const std::string& name) {
  const auto it = k.stats.find(name);
  return it == k.stats.end() ? -1.0 : it->second;
}

}  // namespace teach_test
