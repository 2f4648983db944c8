// Per-CTA timeline comparison and its SVG drawing (see validate/timeline_compare.hpp).
#include <warpsim/validate/timeline_compare.hpp>

#include <warpsim/common/error.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

namespace warpsim::validate {
namespace {

void summarise(TimelineSide& s) {
  std::sort(s.ctas.begin(), s.ctas.end(), [](const CtaSpan& a, const CtaSpan& b) { return a.linear < b.linear; });
  if (s.ctas.empty()) return;
  double t0 = s.ctas[0].start;
  for (const auto& c : s.ctas) t0 = std::min(t0, c.start);
  std::map<std::uint32_t, std::uint32_t> per_sm;
  std::vector<std::pair<double, int>> events;
  for (auto& c : s.ctas) {
    c.start -= t0;
    c.end -= t0;
    s.span = std::max(s.span, c.end);
    ++per_sm[c.sm];
    events.push_back({c.start, +1});
    events.push_back({c.end, -1});
  }
  std::sort(events.begin(), events.end());  // an end at the same time as a start comes first (-1 < +1)
  int cur = 0;
  for (const auto& e : events) {
    cur += e.second;
    s.max_resident = std::max<std::uint32_t>(s.max_resident, static_cast<std::uint32_t>(std::max(cur, 0)));
  }
  s.sms_used = static_cast<std::uint32_t>(per_sm.size());
  for (const auto& [sm, n] : per_sm) s.ctas_per_sm_pattern.push_back(n);
  std::sort(s.ctas_per_sm_pattern.begin(), s.ctas_per_sm_pattern.end());
  const auto n = static_cast<std::uint32_t>(s.ctas.size());
  s.waves = s.max_resident == 0 ? 0 : (n + s.max_resident - 1) / s.max_resident;
}

}  // namespace

TimelineSide simulated_side(const nlohmann::json& kernel) {
  TimelineSide s;
  for (const auto& c : kernel.at("ctas"))
    s.ctas.push_back(CtaSpan{c.at("linear").get<std::uint64_t>(), c.at("sm").get<std::uint32_t>(),
                             c.at("start").get<double>(), c.at("end").get<double>()});
  summarise(s);
  return s;
}

TimelineSide measured_side(const nlohmann::json& launch, double clock_mhz) {
  std::map<std::uint64_t, CtaSpan> ctas;
  for (const auto& w : launch.at("warps")) {  // [cta, warp, smid, start_ns, end_ns]
    const auto cta = w.at(0).get<std::uint64_t>();
    const double start = w.at(3).get<double>() * clock_mhz / 1000.0, end = w.at(4).get<double>() * clock_mhz / 1000.0;
    auto [it, fresh] = ctas.try_emplace(cta, CtaSpan{cta, w.at(2).get<std::uint32_t>(), start, end});
    if (!fresh) {
      it->second.start = std::min(it->second.start, start);
      it->second.end = std::max(it->second.end, end);
      if (w.at(1).get<std::uint32_t>() == 0) it->second.sm = w.at(2).get<std::uint32_t>();
    }
  }
  TimelineSide s;
  for (auto& [k, v] : ctas) s.ctas.push_back(v);
  summarise(s);
  return s;
}

std::vector<TimelineComparison> compare_timelines(const nlohmann::json& sim, const nlohmann::json& measured) {
  if (sim.value("format", "") != "warpsim-timeline/1")
    fail(ErrorKind::Input, "the simulated file is not a warpsim-timeline/1 file (warpsim run --timeline)");
  if (measured.value("format", "") != "warpsim-measured-timeline/1")
    fail(ErrorKind::Input,
         "the measured file is not a warpsim-measured-timeline/1 file (tools/measure/import_timeline.py)");
  const auto& ks = sim.at("kernels");
  const auto& ml = measured.at("launches");
  if (ks.size() != ml.size())
    fail(ErrorKind::Input, "the simulated timeline has {} kernels, the measured one {}", ks.size(), ml.size());
  std::vector<TimelineComparison> out;
  for (std::size_t i = 0; i < ks.size(); ++i) {
    TimelineComparison c;
    c.entry = ks[i].at("entry").get<std::string>();
    c.sim = simulated_side(ks[i]);
    c.measured = measured_side(ml[i], ml[i].value("clock_mhz", measured.value("clock_mhz", 1980.0)));
    const std::size_t n = std::min(c.sim.ctas.size(), c.measured.ctas.size());
    std::size_t same = 0;
    for (std::size_t k = 0; k < n; ++k) {
      const auto& a = c.sim.ctas[k];
      const auto& b = c.measured.ctas[k];
      same += a.sm == b.sm;
      const double ds = std::abs(a.start - b.start), de = std::abs(a.end - b.end);
      c.start_mae += ds / static_cast<double>(n);
      c.end_mae += de / static_cast<double>(n);
      c.start_max = std::max(c.start_max, ds);
      c.end_max = std::max(c.end_max, de);
    }
    c.sm_agreement = n == 0 ? 0 : static_cast<double>(same) / static_cast<double>(n);
    out.push_back(std::move(c));
  }
  return out;
}

std::string TimelineComparison::text() const {
  auto pattern = [](const TimelineSide& s) {
    std::map<std::uint32_t, std::uint32_t> hist;
    for (auto n : s.ctas_per_sm_pattern) ++hist[n];
    std::string t;
    for (const auto& [n, k] : hist) t += fmt::format("{}{} SMs x {} CTAs", t.empty() ? "" : ", ", k, n);
    return t;
  };
  return fmt::format(
      "kernel {}: {} CTAs simulated, {} measured\n"
      "  SMs used            {:>8} {:>8}\n"
      "  most CTAs resident  {:>8} {:>8}\n"
      "  waves               {:>8} {:>8}\n"
      "  span (cycles)       {:>8.0f} {:>8.0f}\n"
      "  CTAs per SM         sim: {}; measured: {} ({})\n"
      "  same SM id          {:.1f}% of CTAs\n"
      "  CTA start error     mean {:.0f}, max {:.0f} cycles; end error mean {:.0f}, max {:.0f} cycles\n",
      entry, sim.ctas.size(), measured.ctas.size(), sim.sms_used, measured.sms_used, sim.max_resident,
      measured.max_resident, sim.waves, measured.waves, sim.span, measured.span, pattern(sim), pattern(measured),
      sim.ctas_per_sm_pattern == measured.ctas_per_sm_pattern ? "same pattern" : "different pattern",
      100.0 * sm_agreement, start_mae, start_max, end_mae, end_max);
}

std::string timelines_html(const std::vector<TimelineComparison>& cmp) {
  std::string body;
  for (const auto& c : cmp) {
    const double span = std::max({c.sim.span, c.measured.span, 1.0});
    auto panel = [&](const TimelineSide& s, const std::string& title) {
      std::map<std::uint32_t, int> row;
      for (const auto& x : s.ctas) row.emplace(x.sm, 0);
      int r = 0;
      for (auto& [sm, idx] : row) idx = r++;
      const int h = 6, width = 1000, top = 20;
      std::string svg =
          fmt::format("<h3>{} ({})</h3>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\">\n",
                      title, c.entry, width + 60, top + h * r + 10);
      svg += fmt::format(
          "<text x=\"0\" y=\"12\" font-size=\"10\">SM rows (one per SM used), time 0 .. {:.0f} cycles</text>\n", span);
      for (const auto& x : s.ctas) {
        const double x0 = 50 + width * x.start / span, x1 = 50 + width * x.end / span;
        svg += fmt::format(
            "<rect x=\"{:.1f}\" y=\"{}\" width=\"{:.1f}\" height=\"{}\" fill=\"hsl({},60%,55%)\"><title>CTA {} on SM "
            "{}: "
            "{:.0f}-{:.0f}</title></rect>\n",
            x0, top + h * row[x.sm], std::max(x1 - x0, 0.5), h - 1, (x.linear * 47) % 360, x.linear, x.sm, x.start,
            x.end);
      }
      return svg + "</svg>\n";
    };
    body += "<pre>" + c.text() + "</pre>\n" + panel(c.sim, "simulated") + panel(c.measured, "measured");
  }
  return "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>warpsim: simulated vs measured "
         "timelines</title></head>"
         "<body style=\"font-family:sans-serif\">\n" +
         body + "</body></html>\n";
}

}  // namespace warpsim::validate
