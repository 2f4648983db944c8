// Section "Timeline" of warpsim report: the chosen launch's CTAs on the SMs over time (one row per SM, bars
// coloured by wave, hover details), drawn by validate::cta_timeline_svg, the same drawing as `warpsim compare
// --html`; beside it the H200's measured timeline when traces/<w>/h200.timeline.json exists (on one time scale);
// and the warps of the chosen CTA (start, end, instructions issued), where warp-specialized producer and consumer
// warps show as warps issuing very different numbers of instructions.
//
// Models: nothing; the recorded timed run and the measured file. Leaves out: per-warp rows of every CTA (the
// chosen CTA's only), clock skew between the H200's SMs.
#include "context.hpp"
#include "html.hpp"

#include <warpsim/validate/timeline_compare.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>

namespace warpsim::teach {
namespace {

// The warps of one CTA as bars on rows (warp index), with hover details.
std::string warp_rows(const report::KernelTimeline& tl, const report::CtaRecord& cta, double span) {
  const double W = 1000, left = 64, right = 16, pw = W - left - right, top = 10, h = cta.warps.size() > 32 ? 6 : 14;
  const double bottom = top + h * static_cast<double>(cta.warps.size());
  std::uint64_t most = 1;
  for (const auto wi : cta.warps) most = std::max(most, tl.warps[wi].issued);
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" viewBox=\"0 0 {} {:.0f}\" width=\"100%\">\n", W,
      bottom + 40);
  const auto X = [&](double t) { return left + pw * t / std::max(span, 1.0); };
  for (const double t : nice_ticks(0, span, 8)) {
    if (t > span) break;
    svg += fmt::format(
        "<line x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"{1:.0f}\" y2=\"{2:.1f}\" class=\"grid\"/><text x=\"{0:.1f}\" "
        "y=\"{3:.1f}\" class=\"tl\" text-anchor=\"middle\">{4}</text>\n",
        X(t), top, bottom + 4, bottom + 16, esc(num(t)));
  }
  svg += fmt::format("<text x=\"{:.0f}\" y=\"{:.0f}\" class=\"al\" text-anchor=\"middle\">cycles from the kernel's "
                     "first CTA start</text>\n",
                     left + pw / 2, bottom + 34);
  for (std::size_t k = 0; k < cta.warps.size(); ++k) {
    const auto& w = tl.warps[cta.warps[k]];
    const double y = top + h * static_cast<double>(k);
    if (h >= 10 || k % 4 == 0)
      svg += fmt::format("<text x=\"{:.0f}\" y=\"{:.1f}\" class=\"tl\" text-anchor=\"end\">warp {}</text>\n", left - 4,
                         y + std::min(h, 11.0) - 2, w.warp);
    // Darker = more instructions issued (relative to the CTA's busiest warp).
    const double share = static_cast<double>(w.issued) / static_cast<double>(most);
    svg += fmt::format(
        "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"#1f77b4\" fill-opacity=\"{:.2f}\">"
        "<title>warp {} of CTA {} on SM {} sub-partition {}: cycles {}-{}, {} instructions issued</title></rect>\n",
        X(static_cast<double>(w.start - tl.ctas.front().start)), y + 1,
        std::max(X(static_cast<double>(w.end - tl.ctas.front().start)) - X(static_cast<double>(w.start - tl.ctas.front().start)), 0.5),
        h - 2, 0.25 + 0.75 * share, w.warp, w.cta, w.sm, w.subpartition, w.start, w.end, w.issued);
  }
  svg += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{:.1f}\" class=\"frame\"/>\n", left, top, pw,
                     bottom - top);
  return svg + "</svg>\n";
}

}  // namespace

Section section_timeline(Context& ctx) {
  const report::KernelTimeline& tl = ctx.timeline();
  Section sec{"timeline", "Timeline", true, ""};
  if (tl.ctas.empty()) {
    sec.applies = false;
    sec.html = "<p class=\"note\">The launch ran no CTA.</p>";
    return sec;
  }
  nlohmann::json j = {{"ctas", nlohmann::json::array()}};
  std::map<std::uint64_t, Dim3> ids;
  for (const auto& c : tl.ctas) {
    j["ctas"].push_back({{"linear", c.linear}, {"sm", c.sm}, {"start", c.start}, {"end", c.end}});
    ids[c.linear] = c.id;
  }
  const validate::TimelineSide sim = validate::simulated_side(j);
  // The measured timeline beside the config, for the same launch.
  std::optional<validate::TimelineSide> meas;
  std::string meas_note;
  const auto mpath = std::filesystem::path(ctx.options().config_path).parent_path() / "h200.timeline.json";
  if (std::filesystem::exists(mpath)) {
    try {
      std::ifstream f(mpath);
      const auto m = nlohmann::json::parse(f);
      const auto& ls = m.at("launches");
      if (ctx.launch() < ls.size() && ls[ctx.launch()].value("entry", "") == ctx.launch_spec().entry)
        meas = validate::measured_side(ls[ctx.launch()], ls[ctx.launch()].value("clock_mhz", m.value("clock_mhz", 1980.0)));
      else
        meas_note = fmt::format("{} holds no launch {} of kernel {}.", mpath.string(), ctx.launch(), ctx.launch_spec().entry);
    } catch (const nlohmann::json::exception& e) {
      meas_note = fmt::format("{} could not be read: {}", mpath.string(), e.what());
    }
  }
  const double span = std::max(sim.span, meas ? meas->span : 0.0);
  std::string& h = sec.html;
  h += "<div class=\"view\" data-view=\"timeline\">\n";
  h += fmt::format(
      "<p>Each bar is one CTA, on the row of the SM it ran on, from the cycle it was placed to the cycle its last "
      "thread exited. The GPU places as many CTAs as fit ({} at most at once here) and starts the next ones as "
      "earlier CTAs retire: each such group is a <em>wave</em>, coloured alike. Hover over a bar for the CTA's id, "
      "coordinates, SM, start and end.</p>\n",
      sim.max_resident);
  validate::TimelineDraw d;
  d.title = fmt::format("simulated ({}): {} CTAs on {} SMs in {} cycles", ctx.config().gpu.name, sim.ctas.size(),
                        sim.sms_used, num(sim.span));
  d.span = span;
  d.describe = [&ids](const validate::CtaSpan& c) {
    const auto it = ids.find(c.linear);
    return it == ids.end() ? std::string() : fmt::format("({}, {}, {})", it->second.x, it->second.y, it->second.z);
  };
  h += "<div data-view=\"timeline-sim\">\n" + validate::cta_timeline_svg(sim, d) + "</div>\n";
  if (meas) {
    validate::TimelineDraw md;
    md.title = fmt::format("measured on the H200 ({}): {} CTAs on {} SMs in {} cycles", mpath.filename().string(),
                           meas->ctas.size(), meas->sms_used, num(meas->span));
    md.span = span;
    h += "<div data-view=\"timeline-measured\">\n" + validate::cta_timeline_svg(*meas, md) + "</div>\n";
    h += fmt::format(
        "<table><tr><th class=\"l\"></th><th>simulated</th><th>measured</th></tr>"
        "<tr><td class=\"l\">CTAs</td><td>{}</td><td>{}</td></tr>"
        "<tr><td class=\"l\">SMs used</td><td>{}</td><td>{}</td></tr>"
        "<tr><td class=\"l\">most CTAs resident at once</td><td>{}</td><td>{}</td></tr>"
        "<tr><td class=\"l\">waves</td><td>{}</td><td>{}</td></tr>"
        "<tr><td class=\"l\">span (cycles)</td><td>{}</td><td>{}</td></tr></table>\n"
        "<p class=\"note\">The measured timeline comes from an instrumented run (each warp records its SM and "
        "%globaltimer at start and end); its SM ids are the hardware's, so rows need not match the simulated ones "
        "one for one.</p>\n",
        sim.ctas.size(), meas->ctas.size(), sim.sms_used, meas->sms_used, sim.max_resident, meas->max_resident,
        sim.waves, meas->waves, num(sim.span), num(meas->span));
  } else {
    h += "<p class=\"note\">" +
         esc(meas_note.empty() ? "No measured timeline (traces/<workload>/h200.timeline.json) beside this config."
                               : meas_note) +
         "</p>\n";
  }
  // The chosen CTA's warps.
  const auto it = std::find_if(tl.ctas.begin(), tl.ctas.end(),
                               [&](const report::CtaRecord& c) { return c.linear == ctx.chosen_cta(); });
  if (it != tl.ctas.end() && !it->warps.empty()) {
    std::uint64_t lo = ~std::uint64_t{0}, hi = 0;
    for (const auto wi : it->warps) lo = std::min(lo, tl.warps[wi].issued), hi = std::max(hi, tl.warps[wi].issued);
    h += fmt::format("<h3>The warps of CTA {} (SM {})</h3>\n", it->linear, it->sm);
    h += "<div data-view=\"timeline-warps\">\n" +
         warp_rows(tl, *it, sim.span) +
         "</div>\n";
    h += fmt::format(
        "<p class=\"note\">A bar per warp, from its first to its last cycle; the darker, the more instructions it "
        "issued (from {} to {} here). {}</p>\n",
        num(static_cast<double>(lo)), num(static_cast<double>(hi)),
        hi > 2 * std::max<std::uint64_t>(lo, 1)
            ? "Its warps issue very different numbers of instructions: a warp-specialized kernel's producer warps "
              "(issuing copies) issue far fewer than its consumer warps (the math)."
            : "Its warps issue similar numbers of instructions (no warp specialization).");
  }
  h += "</div>\n";
  return sec;
}

}  // namespace warpsim::teach
