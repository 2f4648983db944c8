// `warpsim compare STATS.json MEASURED.json`: simulated vs measured, metric by metric.
// `warpsim validate --gpu h200 traces/ [--json OUT] [--baseline FILE]`: simulates every workload with a
// measured file and prints the suite table, MAPE and correlation of cycles; with --baseline, exits 4 when the
// cycle MAPE or the number of functional mismatches is worse than the baseline's.
#include "subcommands.hpp"

#include <warpsim/common/error.hpp>
#include <warpsim/validate/timeline_compare.hpp>
#include <warpsim/validate/validate.hpp>

#include <fmt/format.h>

#include <fstream>
#include <memory>

namespace warpsim::cli {
namespace {

nlohmann::json read_json(const std::string& path) {
  std::ifstream in(path);
  if (!in) fail(ErrorKind::Input, "cannot read {}", path);
  try {
    return nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception& e) {
    fail(ErrorKind::Input, "{}: not valid JSON: {}", path, e.what());
  }
}

}  // namespace

Setup setup_compare(CLI::App& app) {
  struct Opts {
    std::string sim, measured, html;
  };
  auto o = std::make_shared<Opts>();
  CLI::App* sub = app.add_subcommand("compare", "Compare simulated statistics or timelines with measured data");
  sub->add_option("sim", o->sim, "Statistics (warpsim run --stats) or a timeline (warpsim run --timeline)")->required();
  sub->add_option("measured", o->measured, "Measured file: traces/<w>/h200.json or traces/<w>/h200.timeline.json")
      ->required();
  sub->add_option("--html", o->html, "Timelines: draw both, one above the other, as self-contained HTML/SVG");
  return {sub, [o]() {
            const nlohmann::json sim = read_json(o->sim);
            if (sim.contains("format")) {
              const auto cmp = validate::compare_timelines(sim, read_json(o->measured));
              for (const auto& c : cmp) fmt::print("{}", c.text());
              if (!o->html.empty()) {
                std::ofstream(o->html) << validate::timelines_html(cmp);
                fmt::print("wrote {}\n", o->html);
              }
              return 0;
            }
            const auto cmp = validate::compare(sim, read_json(o->measured));
            for (const auto& k : cmp) {
              fmt::print("kernel {}\n  {:<60} {:>14} {:>14} {:>9}\n", k.entry, "metric", "simulated", "measured",
                         "error");
              for (const auto& r : k.rows) {
                const auto e = r.error_pct();
                fmt::print("  {:<60} {:>14} {:>14} {:>9}\n", r.name, r.sim ? fmt::format("{:.6g}", *r.sim) : "-",
                           r.measured ? fmt::format("{:.6g}", *r.measured) : "-", e ? fmt::format("{:+.1f}%", *e) : "");
              }
            }
            return 0;
          }};
}

Setup setup_validate(CLI::App& app) {
  struct Opts {
    std::string gpu = "h200", dir, json, baseline;
  };
  auto o = std::make_shared<Opts>();
  CLI::App* sub = app.add_subcommand("validate", "Simulate every measured workload and compare with the GPU");
  sub->add_option("traces", o->dir, "Folder of workloads (traces/)")->required();
  sub->add_option("--gpu", o->gpu, "Which measurements: <gpu>.json in each workload folder")->capture_default_str();
  sub->add_option("--json", o->json, "Also write the table as JSON");
  sub->add_option("--baseline", o->baseline, "Fail (exit 4) if worse than this baseline JSON");
  return {sub, [o]() {
            const validate::Report rep = validate::validate_dir(o->dir, o->gpu);
            fmt::print("{}", rep.table());
            if (!o->json.empty()) {
              std::ofstream(o->json) << rep.to_json().dump(2) << "\n";
              fmt::print("wrote {}\n", o->json);
            }
            if (!o->baseline.empty()) {
              const auto why = validate::worse_than(rep, read_json(o->baseline));
              for (const auto& w : why) fmt::print(stderr, "validate: {}\n", w);
              if (!why.empty()) return 4;
              fmt::print("not worse than the baseline {}\n", o->baseline);
            }
            return 0;
          }};
}

}  // namespace warpsim::cli
