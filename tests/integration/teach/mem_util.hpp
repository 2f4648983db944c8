// Shared by the teach suite's memory tests (646-649): a report Context for a workload of traces/, and the
// kernel's counters by name.
#pragma once

#include "teach/context.hpp"
#include "teach/mem_profile.hpp"

#include <string>

namespace mem_test {

inline warpsim::teach::ReportOptions options(const std::string& workload) {
  warpsim::teach::ReportOptions o;
  o.config_path = std::string(WARPSIM_SOURCE_DIR) + "/traces/" + workload + "/" + workload + ".json";
  return o;
}

inline double stat(const warpsim::sim::KernelSummary& k, const std::string& name) {
  const auto it = k.stats.find(name);
  return it == k.stats.end() ? -1.0 : it->second;
}

}  // namespace mem_test
