// Per-CTA timeline comparison and its SVG drawing (see validate/timeline_compare.hpp).
#include <warpsim/validate/timeline_compare.hpp>

#include <warpsim/common/error.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <string_view>

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

namespace {

std::string xml(std::string_view t) {
  std::string o;
  for (const char ch : t) {
    if (ch == '&') o += "&amp;";
    else if (ch == '<') o += "&lt;";
    else if (ch == '>') o += "&gt;";
    else if (ch == '"') o += "&quot;";
    else o += ch;
  }
  return o;
}

// Round tick values (1, 2 or 5 times a power of ten) from 0 to hi, about `count` of them.
std::vector<double> ticks(double hi, int count) {
  if (hi <= 0) return {0};
  const double raw = hi / count, mag = std::pow(10.0, std::floor(std::log10(raw)));
  const double step = raw / mag < 1.5 ? mag : raw / mag < 3.5 ? 2 * mag : raw / mag < 7.5 ? 5 * mag : 10 * mag;
  std::vector<double> out;
  for (double v = 0; v <= hi * (1 + 1e-9); v += step) out.push_back(v);
  return out;
}

std::string tick_label(double v) {
  if (v >= 1e6) return fmt::format("{:g}M", v / 1e6);
  if (v >= 1e4) return fmt::format("{:g}k", v / 1e3);
  return fmt::format("{:g}", v);
}

constexpr const char* kWaveColors[] = {"#4e79a7", "#f28e2b", "#59a14f", "#e15759",
                                       "#76b7b2", "#edc948", "#b07aa1", "#9c755f"};

}  // namespace

std::vector<std::uint32_t> cta_waves(const TimelineSide& side) {
  std::vector<std::size_t> order(side.ctas.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return side.ctas[a].start < side.ctas[b].start; });
  std::vector<std::uint32_t> wave(side.ctas.size(), 1);
  const std::size_t per = std::max<std::size_t>(side.max_resident, 1);
  for (std::size_t k = 0; k < order.size(); ++k) wave[order[k]] = static_cast<std::uint32_t>(k / per + 1);
  return wave;
}

std::string cta_timeline_svg(const TimelineSide& side, const TimelineDraw& d) {
  const double span = std::max(d.span > 0 ? d.span : side.span, 1.0);
  // SM rows (sorted SM ids, at most max_rows) and, per SM, lanes so that CTAs resident together do not overlap.
  std::map<std::uint32_t, std::size_t> row;
  for (const auto& c : side.ctas) row.emplace(c.sm, 0);
  std::size_t rows = 0;
  for (auto& [sm, r] : row) r = rows++;
  const std::size_t drawn_rows = std::min(rows, d.max_rows);
  std::vector<std::size_t> order(side.ctas.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return side.ctas[a].start < side.ctas[b].start; });
  std::vector<std::size_t> lane(side.ctas.size(), 0);
  std::map<std::uint32_t, std::vector<double>> lane_end;  // per SM: when each lane frees
  std::size_t lanes = 1;
  for (const std::size_t i : order) {
    auto& ends = lane_end[side.ctas[i].sm];
    std::size_t l = 0;
    while (l < ends.size() && ends[l] > side.ctas[i].start) ++l;
    if (l == ends.size()) ends.push_back(0);
    ends[l] = side.ctas[i].end;
    lane[i] = l;
    lanes = std::max(lanes, ends.size());
  }
  const std::vector<std::uint32_t> wave = cta_waves(side);
  std::uint32_t waves = 0;
  for (const auto w : wave) waves = std::max(waves, w);

  const double W = 1000, left = 64, right = 16, pw = W - left - right, top = 52;
  const double h = std::clamp(std::floor(560.0 / static_cast<double>(std::max<std::size_t>(drawn_rows, 1))), 4.0, 18.0);
  const double bottom = top + h * static_cast<double>(drawn_rows);
  std::vector<std::string> notes;
  if (rows > drawn_rows) notes.push_back(fmt::format("{} more SMs not drawn (the first {} by SM id are)", rows - drawn_rows, drawn_rows));
  const double H = bottom + 44 + 14.0 * static_cast<double>(notes.size() + 1);
  const auto X = [&](double t) { return left + pw * t / span; };

  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart timeline\" viewBox=\"0 0 {0} {1:.0f}\" width=\"{0}\" "
      "height=\"{1:.0f}\" style=\"max-width:100%;height:auto;font-family:sans-serif\">\n",
      W, H);
  svg += fmt::format("<text x=\"{}\" y=\"16\" font-size=\"13\" font-weight=\"600\">{}</text>\n", left, xml(d.title));
  // Legend: one swatch per wave (the colours repeat after 8).
  double lx = left;
  const std::uint32_t shown = std::min<std::uint32_t>(std::max<std::uint32_t>(waves, 1), 8);
  for (std::uint32_t w = 1; w <= shown; ++w) {
    svg += fmt::format(
        "<rect x=\"{:.0f}\" y=\"26\" width=\"12\" height=\"10\" fill=\"{}\"/><text x=\"{:.0f}\" y=\"35\" "
        "font-size=\"11\">wave {}{}</text>\n",
        lx, kWaveColors[(w - 1) % 8], lx + 16, w, waves > 8 && w == 8 ? "+ (colours repeat)" : "");
    lx += waves > 8 && w == 8 ? 150 : 70;
  }
  svg += fmt::format(
      "<text x=\"{:.0f}\" y=\"35\" font-size=\"11\" fill=\"#555\">wave k: the k-th {} CTAs to start (the most "
      "resident at once); hover a bar for its CTA</text>\n",
      lx + 6, std::max<std::uint32_t>(side.max_resident, 1));
  // Grid lines, time ticks and their labels.
  for (const double t : ticks(span, 8)) {
    svg += fmt::format(
        "<line x1=\"{0:.1f}\" y1=\"{1:.0f}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\" stroke=\"#e6e6e6\"/><line x1=\"{0:.1f}\" "
        "y1=\"{2:.1f}\" x2=\"{0:.1f}\" y2=\"{3:.1f}\" stroke=\"#888\"/><text x=\"{0:.1f}\" y=\"{4:.1f}\" "
        "font-size=\"11\" text-anchor=\"middle\">{5}</text>\n",
        X(t), top, bottom, bottom + 4, bottom + 16, tick_label(t));
  }
  svg += fmt::format(
      "<text x=\"{:.0f}\" y=\"{:.1f}\" font-size=\"12\" text-anchor=\"middle\">cycles from the first CTA's start "
      "(0 .. {:.0f})</text>\n",
      left + pw / 2, bottom + 32, span);
  svg += fmt::format(
      "<text x=\"12\" y=\"{:.1f}\" font-size=\"12\" transform=\"rotate(-90 12 {:.1f})\" "
      "text-anchor=\"middle\">SM</text>\n",
      (top + bottom) / 2, (top + bottom) / 2);
  // SM labels (every row when they fit, else every k-th).
  const std::size_t every = static_cast<std::size_t>(std::ceil(10.0 / h));
  for (const auto& [sm, r] : row) {
    if (r >= drawn_rows) break;
    if (r % every == 0)
      svg += fmt::format("<text x=\"{:.0f}\" y=\"{:.1f}\" font-size=\"{}\" text-anchor=\"end\">SM {}</text>\n",
                         left - 4, top + h * static_cast<double>(r) + std::min(h, 10.0) * 0.85 + std::max(0.0, (h - 10) / 2),
                         h >= 10 ? 10 : 9, sm);
  }
  // The CTAs.
  // Lanes when each gets at least 1.5 units; else full-height translucent bars (overlaps show darker).
  const bool use_lanes = (h - 1) / static_cast<double>(lanes) >= 1.5;
  const double lh = use_lanes ? (h - 1) / static_cast<double>(lanes) : h - 1;
  const std::string opacity = use_lanes ? "" : " fill-opacity=\"0.45\"";
  std::size_t drawn = 0, skipped = 0;
  for (std::size_t i = 0; i < side.ctas.size(); ++i) {
    const auto& c = side.ctas[i];
    const std::size_t r = row[c.sm];
    if (r >= drawn_rows) continue;
    if (drawn == d.max_ctas) {
      ++skipped;
      continue;
    }
    ++drawn;
    const double x0 = X(c.start), x1 = X(c.end);
    const std::string extra = d.describe ? d.describe(c) : std::string();
    svg += fmt::format(
        "<rect x=\"{:.1f}\" y=\"{:.2f}\" width=\"{:.1f}\" height=\"{:.2f}\" fill=\"{}\"{}><title>CTA {}{} on SM {}: "
        "{:.0f}-{:.0f} ({:.0f} cycles), wave {}</title></rect>\n",
        x0, top + h * static_cast<double>(r) + (use_lanes ? lh * static_cast<double>(lane[i]) : 0.0),
        std::max(x1 - x0, 0.5), lh, kWaveColors[(wave[i] - 1) % 8], opacity, c.linear, extra.empty() ? "" : " " + xml(extra), c.sm, c.start, c.end,
        c.end - c.start, wave[i]);
  }
  if (skipped > 0) notes.push_back(fmt::format("{} more CTAs not drawn (the first {} are)", skipped, d.max_ctas));
  svg += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{:.1f}\" fill=\"none\" stroke=\"#888\"/>\n", left,
                     top, pw, bottom - top);
  double ny = bottom + 48;
  svg += fmt::format("<text x=\"{}\" y=\"{:.0f}\" font-size=\"11\" fill=\"#555\">{} CTAs on {} SMs, {} wave{}</text>\n",
                     left, ny, side.ctas.size(), rows, waves, waves == 1 ? "" : "s");
  for (const auto& n : notes) {
    ny += 14;
    svg += fmt::format("<text x=\"{}\" y=\"{:.0f}\" font-size=\"11\" fill=\"#555\">{}</text>\n", left, ny, xml(n));
  }
  return svg + "</svg>\n";
}

std::string timelines_html(const std::vector<TimelineComparison>& cmp) {
  std::string body;
  for (const auto& c : cmp) {
    const double span = std::max({c.sim.span, c.measured.span, 1.0});
    auto panel = [&](const TimelineSide& s, const std::string& title) {
      TimelineDraw d;
      d.title = fmt::format("{}: kernel {}, CTAs on SMs over time", title, c.entry);
      d.span = span;  // both sides on one time scale
      return fmt::format("<h3>{} ({})</h3>\n", title, xml(c.entry)) + cta_timeline_svg(s, d);
    };
    body += "<pre>" + xml(c.text()) + "</pre>\n" + panel(c.sim, "simulated") + panel(c.measured, "measured");
  }
  return "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>warpsim: simulated vs measured "
         "timelines</title></head>"
         "<body style=\"font-family:sans-serif;max-width:1100px;margin:0 auto\">\n" +
         body + "</body></html>\n";
}

}  // namespace warpsim::validate
