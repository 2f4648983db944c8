// Metric-by-metric comparison of simulated statistics with a measured file (see validate/validate.hpp).
#include <warpsim/validate/validate.hpp>

#include <warpsim/common/error.hpp>

#include <set>

namespace warpsim::validate {

std::optional<double> MetricRow::error_pct() const {
  if (!sim || !measured || *measured == 0) return std::nullopt;
  return 100.0 * (*sim - *measured) / *measured;
}

std::vector<KernelComparison> compare(const nlohmann::json& sim_stats, const nlohmann::json& measured) {
  const auto& sk = sim_stats.at("kernels");
  const auto& ml = measured.at("launches");
  if (sk.size() != ml.size())
    fail(ErrorKind::Input, "the simulated run has {} kernel launches, the measured one {}", sk.size(), ml.size());
  std::vector<KernelComparison> out;
  for (std::size_t i = 0; i < sk.size(); ++i) {
    const std::string entry = sk[i].at("entry");
    if (ml[i].at("entry") != entry)
      fail(ErrorKind::Input, "launch {}: simulated kernel {} but measured kernel {}", i, entry,
           ml[i].at("entry").get<std::string>());
    KernelComparison kc{entry, {}};
    std::set<std::string> names;
    const auto& sm = sk[i].at("metrics");
    for (auto it = sm.begin(); it != sm.end(); ++it) names.insert(it.key());
    const nlohmann::json* mm = nullptr;
    if (ml[i].contains("ncu") && ml[i]["ncu"].contains("metrics")) {
      mm = &ml[i]["ncu"]["metrics"];
      for (auto it = mm->begin(); it != mm->end(); ++it) names.insert(it.key());
    }
    for (const auto& n : names) {
      MetricRow r{n, std::nullopt, std::nullopt};
      if (sm.contains(n)) r.sim = sm[n].get<double>();
      if (mm != nullptr && mm->contains(n)) r.measured = (*mm)[n].at("value").get<double>();
      kc.rows.push_back(r);
    }
    if (ml[i].contains("time_us"))
      kc.rows.push_back(
          MetricRow{"time_us.median (measured)", std::nullopt, ml[i]["time_us"].at("median").get<double>()});
    out.push_back(std::move(kc));
  }
  return out;
}

}  // namespace warpsim::validate
