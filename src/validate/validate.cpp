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

SetSummary summarise(const std::vector<WorkloadRow>& rows, const std::string& set) {
  SetSummary out;
  out.name = set;
  std::vector<double> s, m;
  std::vector<std::string> seen, bad;
  for (const auto& row : rows) {
    if (set != "all" && row.set != set) continue;
    if (std::find(seen.begin(), seen.end(), row.workload) == seen.end()) {
      seen.push_back(row.workload);
      if (row.functional.rfind("MISMATCH", 0) == 0) ++out.functional_mismatches;
    }
    if (row.measured_cycles <= 0) continue;
    s.push_back(row.sim_cycles);
    m.push_back(row.measured_cycles);
    const double e = std::abs(row.error_pct());
    out.mape += e;
    if (out.worst.empty() || e > out.max_abs_error) {
      out.max_abs_error = e;
      out.worst = row.workload + "/" + row.entry;
    }
  }
  out.workloads = seen.size();
  out.kernels = s.size();
  if (s.empty()) return out;
  const double n = static_cast<double>(s.size());
  out.mape /= n;
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
  out.correlation = (vs > 0 && vm > 0) ? cov / std::sqrt(vs * vm) : 0;
  return out;
}

Report validate_dir(const std::string& traces_dir, const std::string& gpu) {
  Report rep;
  rep.gpu = gpu;
  std::vector<fs::path> files;
  for (const auto& d : fs::directory_iterator(traces_dir))
    if (d.is_directory() && fs::exists(d.path() / (gpu + ".json"))) files.push_back(d.path() / (gpu + ".json"));
  std::sort(files.begin(), files.end());
  for (const auto& mf : files) {
    std::ifstream in(mf);
    const nlohmann::json measured = nlohmann::json::parse(in, nullptr, false);
    if (measured.is_discarded() || !measured.is_object() || !measured.contains("config") ||
        !measured["config"].is_string())
      fail(ErrorKind::Input, "{}: not a warpsim-measure result (a JSON object whose \"config\" names the run config)",
           mf.string());
    const std::string workload = mf.parent_path().filename().string();
    const fs::path cfg_path = mf.parent_path() / fs::path(measured["config"].get<std::string>()).filename();
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
        const std::vector<std::byte> contents = r.buffer(i);
        const std::string h = config::sha256_hex(contents.data(), contents.size());
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
      row.set = r.config.validation_set;
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
      row.sim_insts = si;
      row.measured_insts = mi;
      row.sim_occupancy = simm("sm__warps_active.avg.pct_of_peak_sustained_active");
      row.measured_occupancy = metric(mm, "sm__warps_active.avg.pct_of_peak_sustained_active");
      rep.rows.push_back(row);
    }
  }
  const SetSummary all = summarise(rep.rows, "all");
  rep.mape = all.mape;
  rep.max_abs_error = all.max_abs_error;
  rep.correlation = all.correlation;
  for (const char* set : {"calibration", "judgement"}) {
    SetSummary ss = summarise(rep.rows, set);
    if (ss.workloads > 0) rep.sets.push_back(ss);
  }
  return rep;
}

namespace {
std::string summary_line(const SetSummary& ss) {
  return fmt::format(
      "{} set: {} workloads, {} kernels: cycles MAPE {:.1f}%, worst {:.1f}% ({}), correlation {:.3f}; functional "
      "mismatches: {}\n",
      ss.name, ss.workloads, ss.kernels, ss.mape, ss.max_abs_error, ss.worst.empty() ? "-" : ss.worst, ss.correlation,
      ss.functional_mismatches);
}
}  // namespace

std::string Report::table() const {
  const std::string head =
      fmt::format("{:<24} {:<18} {:>9} {:>9} {:>8} {:>9} {:>13} {:>11} {:>11}  {}\n", "workload", "kernel", "sim cyc",
                  "meas cyc", "error", "insts err", "conflicts s/m", "lanes s/m", "occ% s/m", "buffers");
  std::string t;
  for (const SetSummary& ss : sets) {
    t += fmt::format("{} set\n", ss.name) + head;
    for (const auto& r : rows) {
      if (r.set != ss.name) continue;
      const std::string insts = r.sim_insts && r.measured_insts && *r.measured_insts > 0
                                    ? fmt::format("{:.1f}%", 100.0 * (*r.sim_insts - *r.measured_insts) / *r.measured_insts)
                                    : std::string("-");
      t += fmt::format("{:<24} {:<18} {:>9.0f} {:>9.0f} {:>7.1f}% {:>9} {:>13} {:>11} {:>11}  {}\n", r.workload,
                       r.entry, r.sim_cycles, r.measured_cycles, r.error_pct(), insts,
                       opt(r.sim_conflicts) + "/" + opt(r.measured_conflicts),
                       opt(r.sim_lane_util, "{:.1f}") + "/" + opt(r.measured_lane_util, "{:.1f}"),
                       opt(r.sim_occupancy, "{:.0f}") + "/" + opt(r.measured_occupancy, "{:.0f}"), r.functional);
    }
    t += summary_line(ss) + "\n";
  }
  for (const SetSummary& ss : sets) t += summary_line(ss);
  t += fmt::format(
      "all: cycles MAPE {:.1f}%, worst {:.1f}%, correlation {:.3f} over {} kernels; functional mismatches: {}\n", mape,
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
  for (const SetSummary& ss : sets) {
    j["sets"][ss.name] = {{"workloads", ss.workloads},
                          {"kernels", ss.kernels},
                          {"mape", ss.mape},
                          {"max_abs_error", ss.max_abs_error},
                          {"worst", ss.worst},
                          {"correlation", ss.correlation},
                          {"functional_mismatches", ss.functional_mismatches}};
  }
  for (const auto& r : rows) {
    nlohmann::json o{{"workload", r.workload},
                     {"entry", r.entry},
                     {"set", r.set},
                     {"sim_cycles", r.sim_cycles},
                     {"measured_cycles", r.measured_cycles},
                     {"error_pct", r.error_pct()},
                     {"functional", r.functional}};
    auto put = [&](const char* k, const std::optional<double>& v) {
      if (v) o[k] = *v;
    };
    put("sim_bank_conflicts", r.sim_conflicts);
    put("measured_bank_conflicts", r.measured_conflicts);
    put("sim_lane_utilisation", r.sim_lane_util);
    put("measured_lane_utilisation", r.measured_lane_util);
    put("sim_achieved_occupancy_pct", r.sim_occupancy);
    put("measured_achieved_occupancy_pct", r.measured_occupancy);
    put("sim_sass_instructions", r.sim_insts);
    put("measured_sass_instructions", r.measured_insts);
    j["rows"].push_back(o);
  }
  return j;
}

std::vector<std::string> worse_than(const Report& r, const nlohmann::json& baseline) {
  std::vector<std::string> why;
  const double tol = 0.05;  // percentage points of slack for floating-point noise
  auto check = [&](const std::string& what, double mape, unsigned mismatches, const nlohmann::json& b) {
    if (b.contains("mape") && mape > b["mape"].get<double>() + tol)
      why.push_back(fmt::format("{}: cycle MAPE {:.2f}% is worse than the baseline {:.2f}%", what, mape,
                                b["mape"].get<double>()));
    if (b.contains("functional_mismatches") && mismatches > b["functional_mismatches"].get<unsigned>())
      why.push_back(fmt::format("{}: {} functional mismatches, the baseline has {}", what, mismatches,
                                b["functional_mismatches"].get<unsigned>()));
  };
  if (baseline.contains("sets")) {
    for (const auto& item : baseline["sets"].items()) {
      const std::string& name = item.key();
      const auto& b = item.value();
      const auto it = std::find_if(r.sets.begin(), r.sets.end(), [&](const SetSummary& s) { return s.name == name; });
      if (it == r.sets.end()) {
        why.push_back(fmt::format("the baseline has a {} set, the report has none", name));
        continue;
      }
      check(name + " set", it->mape, it->functional_mismatches, b);
    }
  } else {
    check("suite", r.mape, r.functional_mismatches, baseline);
  }
  return why;
}

}  // namespace warpsim::validate
