// The page of `warpsim report`: parses --sweep, builds the context, renders each section and assembles one
// self-contained HTML document (see include/warpsim/teach/report.hpp).
#include <warpsim/teach/report.hpp>

#include "context.hpp"
#include "html.hpp"

#include <warpsim/common/error.hpp>

#include <fmt/format.h>

#include <charconv>

namespace warpsim::teach {
namespace {

double parse_number(const std::string& s, const std::string& text) {
  double v = 0;
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size() || s.empty())
    fail(ErrorKind::Input, "--sweep {}: \"{}\" is not a number (expected NAME=FROM:TO:POINTS, e.g. smem=0:200000:8)",
         text, s);
  return v;
}

const char* kStyle = R"(
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;margin:0;color:#222;background:#fafafa}
main{max-width:1100px;margin:0 auto;padding:0 16px 40px}
header{background:#1f3b57;color:#fff;padding:14px 16px}
header h1{margin:0;font-size:1.4em}header p{margin:4px 0 0;opacity:.85}
nav{max-width:1100px;margin:0 auto;padding:8px 16px;display:flex;flex-wrap:wrap;gap:6px 14px}
nav a{color:#1f3b57;text-decoration:none;font-size:.95em}nav a:hover{text-decoration:underline}
section{background:#fff;border:1px solid #ddd;border-radius:6px;padding:8px 18px 16px;margin:16px 0}
section.na{opacity:.75}
h2{font-size:1.2em;border-bottom:1px solid #eee;padding-bottom:4px}
h3{font-size:1.02em}
table{border-collapse:collapse;font-size:.9em;margin:8px 0}
th,td{border:1px solid #ddd;padding:3px 7px;text-align:right}th{background:#f2f4f7}
td.l,th.l{text-align:left}
.scroll{overflow-x:auto;max-width:100%}
.note{color:#555;font-size:.92em}
svg.chart{max-width:100%;height:auto;display:block;margin:6px 0}
svg .grid{stroke:#e6e6e6}svg .tick{stroke:#888}svg .frame{fill:none;stroke:#888}
svg .tl{font-size:11px;fill:#333}svg .al{font-size:12px;fill:#222}svg .ct{font-size:13px;font-weight:600;fill:#222}
svg .mark{stroke:#000;stroke-dasharray:3 3}svg .ml{font-size:11px;fill:#000}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em}
)";

}  // namespace

SweepSpec parse_sweep(const std::string& text) {
  SweepSpec s;
  s.text = text;
  const auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0)
    fail(ErrorKind::Input, "--sweep {}: expected NAME=FROM:TO:POINTS, e.g. smem=0:200000:8", text);
  s.name = text.substr(0, eq);
  const std::string rest = text.substr(eq + 1);
  const auto c1 = rest.find(':'), c2 = rest.find(':', c1 == std::string::npos ? c1 : c1 + 1);
  if (c1 == std::string::npos || c2 == std::string::npos)
    fail(ErrorKind::Input, "--sweep {}: expected NAME=FROM:TO:POINTS, e.g. smem=0:200000:8", text);
  s.from = parse_number(rest.substr(0, c1), text);
  s.to = parse_number(rest.substr(c1 + 1, c2 - c1 - 1), text);
  const double pts = parse_number(rest.substr(c2 + 1), text);
  if (pts < 2 || pts > 64 || pts != static_cast<double>(static_cast<unsigned>(pts)))
    fail(ErrorKind::Input, "--sweep {}: POINTS must be a whole number from 2 to 64", text);
  if (!(s.to > s.from)) fail(ErrorKind::Input, "--sweep {}: TO must be greater than FROM", text);
  s.points = static_cast<unsigned>(pts);
  return s;
}

std::string render_report(const ReportOptions& opts) {
  Context ctx(opts);
  std::vector<Section> sections;
  // A section that needs the timed run says so when that run failed (barrier_deadlock's deadlock report is
  // shown by section 1, which keeps the warp's issues up to the failure).
  static const char* const ids[] = {"divergence", "occupancy",  "sweep",    "latency",
                                    "banks",      "coalescing", "timeline", "sol"};
  static const char* const titles[] = {"Divergence",     "Occupancy",           "Occupancy is not speed",
                                       "Latency hiding", "Shared-memory banks", "Memory coalescing",
                                       "Timeline",       "Where the cycles went"};
  for (auto* f : {section_divergence, section_occupancy, section_sweep, section_latency, section_banks,
                  section_coalescing, section_timeline, section_sol}) {
    try {
      sections.push_back(f(ctx));
    } catch (const Error& e) {
      if (ctx.timed_failure() == nullptr) throw;
      const std::size_t i = sections.size();
      sections.push_back({ids[i], titles[i], false,
                          fmt::format("<p class=\"note\">Not shown: the timed run of the config failed, so there "
                                      "is nothing to measure (section 1 shows the chosen warp up to the failure).</p>"
                                      "<pre class=\"note\" style=\"white-space:pre-wrap\">{}</pre>",
                                      esc(ctx.timed_failure()->what()))});
    }
  }

  const auto& l = ctx.launch_spec();
  std::string out = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n";
  out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  // Script errors are counted on the root element (data-js-errors) so that a headless browser can check that the
  // page's scripts ran cleanly (tests/browser); data-js-ready is set once the page has loaded.
  out += fmt::format(
      "<title>warpsim report: {}</title>\n<style>{}</style>\n<script>document.documentElement.dataset.jsErrors = "
      "'0';\nwindow.addEventListener('error', function () {{ var d = document.documentElement.dataset; "
      "d.jsErrors = String(Number(d.jsErrors) + 1); }});\nwindow.addEventListener('load', function () {{ "
      "document.documentElement.dataset.jsReady = '1'; }});</script>\n</head>\n<body>\n",
      esc(l.entry), kStyle);
  out += fmt::format(
      "<header><h1>warpsim report: kernel <code>{}</code></h1><p>{} on the {} model ({} SMs); grid ({}, {}, {}) "
      "of ({}, {}, {}) threads{}</p></header>\n",
      esc(l.entry), esc(opts.config_path), esc(ctx.config().gpu.name), ctx.config().gpu.num_sms, l.grid.x, l.grid.y,
      l.grid.z, l.block.x, l.block.y, l.block.z,
      ctx.config().description.empty() ? "" : ". " + esc(ctx.config().description));
  out += "<nav>";
  for (std::size_t i = 0; i < sections.size(); ++i)
    out += fmt::format("<a href=\"#{}\">{}. {}</a>", sections[i].id, i + 1, esc(sections[i].title));
  out += "</nav>\n<main>\n";
  for (std::size_t i = 0; i < sections.size(); ++i) {
    const auto& s = sections[i];
    out += fmt::format("<section id=\"{}\" class=\"{}\" data-applies=\"{}\">\n<h2>{}. {}</h2>\n{}\n</section>\n", s.id,
                       s.applies ? "ok" : "na", s.applies ? "yes" : "no", i + 1, esc(s.title), s.html);
  }
  out += "</main>\n</body></html>\n";
  return out;
}

}  // namespace warpsim::teach
