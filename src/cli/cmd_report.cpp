// `warpsim report CONFIG.json --html OUT.html [--kernel NAME] [--warp CTA:WARP] [--sweep NAME=FROM:TO:POINTS]`:
// the teaching page (teach/report.hpp), written completely or not at all.
#include "subcommands.hpp"

#include <warpsim/common/error.hpp>
#include <warpsim/report/timeline.hpp>
#include <warpsim/teach/report.hpp>

#include <fmt/format.h>

#include <charconv>
#include <memory>

namespace warpsim::cli {

Setup setup_report(CLI::App& app) {
  struct Opts {
    std::string config, html, kernel, warp, measured;
    std::vector<std::string> sets, sweeps;
  };
  auto o = std::make_shared<Opts>();
  CLI::App* sub = app.add_subcommand(
      "report", "Write a self-contained HTML page that shows divergence, occupancy, latency hiding, banks, "
                "coalescing, the timeline and where the cycles went for one kernel");
  sub->add_option("config", o->config, "Run config (JSON)")->required();
  sub->add_option("--html", o->html, "Output HTML file")->required();
  sub->add_option("--kernel", o->kernel, "Kernel (entry name) to report on; default: the first launch's");
  sub->add_option("--warp", o->warp,
                  "CTA:WARP (linear CTA id, warp index) for the divergence view; default: the warp of the launch with "
                  "the lowest lane utilisation (ties: the lowest CTA, then warp)");
  sub->add_option("--sweep", o->sweeps,
                  "NAME=FROM:TO:POINTS: simulate over a range for the occupancy-vs-speed section (e.g. smem=0:200000:8)");
  sub->add_option("--set", o->sets, "Override a GPU-model parameter: name=value (see configs/README.md)");
  sub->add_option("--measured", o->measured, "H200 measurement to compare with (default: h200.json beside the config)");
  return {sub, [o]() {
            teach::ReportOptions r;
            r.config_path = o->config;
            r.kernel = o->kernel;
            r.sets = o->sets;
            r.measured = o->measured;
            for (const auto& s : o->sweeps) r.sweeps.push_back(teach::parse_sweep(s));
            if (!o->warp.empty()) {
              const auto colon = o->warp.find(':');
              std::uint64_t cta = 0;
              std::uint32_t warp = 0;
              const char* b = o->warp.data();
              const char* e = b + o->warp.size();
              bool ok = colon != std::string::npos;
              if (ok) {
                auto r1 = std::from_chars(b, b + colon, cta);
                auto r2 = std::from_chars(b + colon + 1, e, warp);
                ok = r1.ec == std::errc() && r1.ptr == b + colon && r2.ec == std::errc() && r2.ptr == e && colon > 0 &&
                     b + colon + 1 < e;
              }
              if (!ok) fail(ErrorKind::Input, "--warp {}: expected CTA:WARP, e.g. 0:1", o->warp);
              r.cta = cta;
              r.warp = warp;
            }
            const std::string page = teach::render_report(r);
            report::write_file_atomically(o->html, page);
            fmt::print("wrote {} ({} bytes)\n", o->html, page.size());
            return 0;
          }};
}

}  // namespace warpsim::cli
