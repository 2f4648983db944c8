// The --stats writer (see report/stats_json.hpp).
#include <warpsim/report/stats_json.hpp>

#include <nlohmann/json.hpp>

namespace warpsim::report {

std::string stats_json(const std::string& gpu, const std::vector<KernelMetrics>& kernels) {
  nlohmann::ordered_json doc;
  doc["gpu"] = gpu;
  doc["kernels"] = nlohmann::ordered_json::array();
  for (const auto& k : kernels) {
    nlohmann::ordered_json j;
    j["entry"] = k.entry;
    j["cycles"] = k.cycles;
    j["metrics"] = k.metrics;
    doc["kernels"].push_back(j);
  }
  return doc.dump(2) + "\n";
}

}  // namespace warpsim::report
