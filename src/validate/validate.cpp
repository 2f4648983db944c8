// The validation suite: simulate every measured workload, compare cycles, bank conflicts, lane utilisation,
// occupancy and buffers, and summarise (see validate/validate.hpp).
#include <warpsim/validate/validate.hpp>

#include <warpsim/common/error.hpp>
#include <warpsim/config/run_config.hpp>
#include <warpsim/sim/simulation.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>

namespace warpsim::validate {
namespace {

namespace fs = std::filesystem;

std::optional<double> metric(const nlohmann::json& m, const std::string& name) {
  if (!m.contains(name)) return std::nullopt;
  const auto& v = m[name];
  return v.is_object() ? v.at("value").get<double>() : v.get<double>();
}

std::string opt(const std::optional<double>& v, const char* f = "{:.0f}") {
  return v ? fmt::format(fmt::runtime(f), *v) : std::string("-");
}

}  // namespace

Report validate_dir(const std::string& traces_dir, const std::string& gpu) {
  Report rep;
  rep.gpu = gpu;
  std::vector<fs::path> files;
  for (const auto& d : fs::directory_iterator(traces_dir))
    if (d.is_directory() && fs::exists(d.path() / (gpu + ".json"))) files.push_back(d.path() / (gpu + ".json"));
  std::sort(files.begin(), files.end());
  for (const auto& mf : files) {
    std::ifstream in(mf);
    const nlohmann::json measured = nlohmann::json::parse(in);
    const std::string workload = mf.parent_path().filename().string();
    const fs::path cfg_path = mf.parent_path() / fs::path(measured.at("config").get<std::string>()).filename();
    sim::RunOptions opts;
    opts.functional_only = false;
    const sim::RunResult r = sim::run_file(cfg_path.string(), opts);
    // Functional: compare buffers by hash, skipping those that vary between GPU runs.
    std::vector<std::string> varying;
    if (measured.contains("buffers_varying_between_runs"))
      for (const auto& v : measured["buffers_varying_between_runs"]) varying.push_back(v.get<std::string>());
    varying.insert(varying.end(), r.config.clock_buffers.begin(), r.config.clock_buffers.end());
    std::string functional = "match";
    std::vector<std::string> bad;
    if (measured.contains("buffers")) {
      for (std::size_t i = 0; i < r.config.buffers.size(); ++i) {
        const auto& name = r.config.buffers[i].name;
        if (!measured["buffers"].contains(name) || std::count(varying.begin(), varying.end(), name)) continue;
        const std::string h = config::sha256_hex(r.buffers[i].data(), r.buffers[i].size());
        if (h != measured["buffers"][name].at("sha256").get<std::string>()) bad.push_back(name);
      }
    } else {
      functional = "n/a";
    }
    if (!bad.empty()) {
      functional = "MISMATCH: " + fmt::format("{}", fmt::join(bad, ", "));
      ++rep.functional_mismatches;
    }
    const auto& launches = measured.at("launches");
    for (std::size_t k = 0; k < r.kernels.size() && k < launches.size(); ++k) {
      const auto& ks = r.kernels[k];
      WorkloadRow row;
      row.workload = workload;
      row.entry = ks.entry;
      row.functional = functional;
      row.sim_cycles = static_cast<double>(ks.cycles);
      const nlohmann::json empty = nlohmann::json::object();
      const nlohmann::json& mm = launches[k].contains("ncu") ? launches[k]["ncu"].value("metrics", empty) : empty;
      if (auto c = metric(mm, "gpc__cycles_elapsed.max")) row.measured_cycles = *c;
      auto sum2 = [](std::optional<double> a, std::optional<double> b) -> std::optional<double> {
        if (!a && !b) return std::nullopt;
        return a.value_or(0) + b.value_or(0);
      };
      auto simm = [&](const std::string& n) -> std::optional<double> {
        auto it = ks.stats.find(n);
        if (it == ks.stats.end()) return std::nullopt;
        return it->second;
      };
      row.sim_conflicts = sum2(simm("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"),
                               simm("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"));
      row.measured_conflicts = sum2(metric(mm, "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"),
                                    metric(mm, "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"));
      // Lane utilisation as Nsight counts it: over SASS-level instructions (timing/stats.hpp), like for like.
      const auto si = simm("smsp__inst_executed.sum"), st = simm("smsp__thread_inst_executed.sum");
      if (si && st && *si > 0) row.sim_lane_util = *st / *si;
      else if (ks.warp_instructions)
        row.sim_lane_util = static_cast<double>(ks.thread_instructions) / static_cast<double>(ks.warp_instructions);
      const auto mi = metric(mm, "smsp__inst_executed.sum"), mt = metric(mm, "smsp__thread_inst_executed.sum");
      if (mi && mt && *mi > 0) row.measured_lane_util = *mt / *mi;
      row.sim_occupancy = simm("sm__warps_active.avg.pct_of_peak_sustained_active");
      row.measured_occupancy = metric(mm, "sm__warps_active.avg.pct_of_peak_sustained_active");
      rep.rows.push_back(row);
    }
  }
  // Suite summary over rows with a measured cycle count.
  std::vector<double> s, m;
  for (const auto& row : rep.rows)
    if (row.measured_cycles > 0) {
      s.push_back(row.sim_cycles);
      m.push_back(row.measured_cycles);
      rep.mape += std::abs(row.error_pct());
      rep.max_abs_error = std::max(rep.max_abs_error, std::abs(row.error_pct()));
    }
  if (!s.empty()) {
    rep.mape /= static_cast<double>(s.size());
    const double n = static_cast<double>(s.size());
    double ms = 0, mmn = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
      ms += s[i] / n;
      mmn += m[i] / n;
    }
    double cov = 0, vs = 0, vm = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
      cov += (s[i] - ms) * (m[i] - mmn);
      vs += (s[i] - ms) * (s[i] - ms);
      vm += (m[i] - mmn) * (m[i] - mmn);
    }
    rep.correlation = (vs > 0 && vm > 0) ? cov / std::sqrt(vs * vm) : 0;
  }
  return rep;
}

std::string Report::table() const {
  std::string t = fmt::format("{:<20} {:<18} {:>9} {:>9} {:>8} {:>13} {:>11} {:>11}  {}\n", "workload", "kernel",
                              "sim cyc", "meas cyc", "error", "conflicts s/m", "lanes s/m", "occ% s/m", "buffers");
  for (const auto& r : rows)
    t += fmt::format("{:<20} {:<18} {:>9.0f} {:>9.0f} {:>7.1f}% {:>13} {:>11} {:>11}  {}\n", r.workload, r.entry,
                     r.sim_cycles, r.measured_cycles, r.error_pct(),
                     opt(r.sim_conflicts) + "/" + opt(r.measured_conflicts),
                     opt(r.sim_lane_util, "{:.1f}") + "/" + opt(r.measured_lane_util, "{:.1f}"),
                     opt(r.sim_occupancy, "{:.0f}") + "/" + opt(r.measured_occupancy, "{:.0f}"), r.functional);
  t += fmt::format(
      "cycles: MAPE {:.1f}%, worst {:.1f}%, correlation {:.3f} over {} kernels; functional mismatches: {}\n", mape,
      max_abs_error, correlation, rows.size(), functional_mismatches);
  return t;
}

nlohmann::json Report::to_json() const {
  nlohmann::json j;
  j["gpu"] = gpu;
  j["mape"] = mape;
  j["max_abs_error"] = max_abs_error;
  j["correlation"] = correlation;
  j["functional_mismatches"] = functional_mismatches;
  for (const auto& r : rows) {
    nlohmann::json o{{"workload", r.workload},     {"entry", r.entry},
                     {"sim_cycles", r.sim_cycles}, {"measured_cycles", r.measured_cycles},
                     {"error_pct", r.error_pct()}, {"functional", r.functional}};
    auto put = [&](const char* k, const std::optional<double>& v) {
      if (v) o[k] = *v;
    };
    put("sim_bank_conflicts", r.sim_conflicts);
    put("measured_bank_conflicts", r.measured_conflicts);
    put("sim_lane_utilisation", r.sim_lane_util);
    put("measured_lane_utilisation", r.measured_lane_util);
    put("sim_achieved_occupancy_pct", r.sim_occupancy);
    put("measured_achieved_occupancy_pct", r.measured_occupancy);
    j["rows"].push_back(o);
  }
  return j;
}

std::vector<std::string> worse_than(const Report& r, const nlohmann::json& baseline) {
  std::vector<std::string> why;
  const double tol = 0.05;  // percentage points of slack for floating-point noise
  if (baseline.contains("mape") && r.mape > baseline["mape"].get<double>() + tol)
    why.push_back(
        fmt::format("cycle MAPE {:.2f}% is worse than the baseline {:.2f}%", r.mape, baseline["mape"].get<double>()));
  if (baseline.contains("functional_mismatches") &&
      r.functional_mismatches > baseline["functional_mismatches"].get<unsigned>())
    why.push_back(fmt::format("{} functional mismatches, the baseline has {}", r.functional_mismatches,
                              baseline["functional_mismatches"].get<unsigned>()));
  return why;
}

}  // namespace warpsim::validate
