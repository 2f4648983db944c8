// The --stats file: every kernel's timing counters under their Nsight metric names (README.md "Statistics").
// Models: {"gpu", "kernels": [{"entry", "cycles", "metrics": {name: value}}]}, keys sorted by name.
// Leaves out: functional-only runs (no counters).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace warpsim::report {

struct KernelMetrics {
  std::string entry;
  std::uint64_t cycles = 0;
  std::map<std::string, double> metrics;
};

std::string stats_json(const std::string& gpu, const std::vector<KernelMetrics>& kernels);

}  // namespace warpsim::report
