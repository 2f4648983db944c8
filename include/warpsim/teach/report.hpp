// `warpsim report CONFIG.json --html OUT.html`: one self-contained HTML page (inline CSS, SVG and a little
// JavaScript; no network) that teaches what a launch does on the modelled GPU, with simulated numbers:
// divergence and reconvergence of one warp under both reconvergence models, occupancy and its limiters,
// occupancy against speed over a parameter sweep, latency hiding, shared-memory banks, coalescing, the CTA
// timeline, and where the cycles went (units against their peaks), with the H200's measurements beside
// them where traces/<workload>/h200.json exists.
//
// Models: nothing new; every number comes from the functional and timing models (and the occupancy
// calculator) run on the config, some of them several times (both reconvergence models, sweeps).
// Leaves out: multi-kernel comparisons in one page (one kernel per page: --kernel picks it).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace warpsim::teach {

// --sweep NAME=FROM:TO:POINTS, e.g. "smem=0:200000:8": NAME is a sweep axis the occupancy-vs-speed section
// knows (see sec_sweep.cpp) or a GPU-model parameter (configs/README.md).
struct SweepSpec {
  std::string name;
  double from = 0, to = 0;
  unsigned points = 0;
  std::string text;  // as given, for messages
};
SweepSpec parse_sweep(const std::string& text);  // throws ErrorKind::Input naming --sweep

struct ReportOptions {
  std::string config_path;
  std::string kernel;                    // --kernel: entry name; empty = the first launch's kernel
  std::optional<std::uint64_t> cta;      // --warp CTA:WARP (linear CTA id); empty = chosen by the report
  std::optional<std::uint32_t> warp;
  std::vector<std::string> sets;         // --set name=value, applied to every simulation of the page
  std::vector<SweepSpec> sweeps;         // --sweep; empty = the section's default axis
  std::string measured;                  // h200.json to compare with; empty = <config folder>/h200.json if present
};

// One section of the page.
struct Section {
  std::string id;     // anchor, e.g. "divergence"
  std::string title;  // heading
  bool applies = true;  // false: the page says why (html) instead of showing the section's views
  std::string html;     // the section's body (escaped, self-contained)
};

// Simulates what the page needs and returns the whole document. Throws warpsim::Error on bad input.
std::string render_report(const ReportOptions& opts);

}  // namespace warpsim::teach
