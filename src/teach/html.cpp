// HTML escaping, number labels and the shared SVG line chart (see html.hpp).
#include "html.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace warpsim::teach {

std::string esc(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string num(double v) {
  if (!std::isfinite(v)) return "n/a";
  const double a = std::abs(v);
  if (a >= 1000) {
    std::string digits = fmt::format("{:.0f}", a), out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
      if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
      out += digits[i];
    }
    return (v < 0 ? "-" : "") + out;
  }
  if (a >= 100 || a == std::floor(a)) return fmt::format("{:.0f}", v);
  if (a >= 10) return fmt::format("{:.1f}", v);
  if (a >= 1) return fmt::format("{:.2f}", v);
  return fmt::format("{:.3g}", v);
}

std::vector<double> nice_ticks(double lo, double hi, int approx_count) {
  if (!(hi > lo)) hi = lo + 1;
  const double raw = (hi - lo) / std::max(approx_count, 1);
  const double mag = std::pow(10.0, std::floor(std::log10(raw)));
  double step = mag;
  for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
    if (m * mag >= raw) {
      step = m * mag;
      break;
    }
  std::vector<double> t;
  for (double v = std::ceil(lo / step - 1e-9) * step; v <= hi + step * 1e-9; v += step) t.push_back(v == 0 ? 0 : v);
  return t;
}

const char* palette(std::size_t i) {
  static const char* const colours[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd",
                                        "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};
  return colours[i % (sizeof colours / sizeof colours[0])];
}

std::string line_chart(const Chart& c, const std::vector<Series>& series) {
  const double left = 70, right = c.y2_label.empty() ? 20 : 70, top = c.title.empty() ? 12 : 30, bottom = 48;
  const double pw = c.width - left - right, ph = c.height - top - bottom;
  double x0 = 1e300, x1 = -1e300, y0 = 1e300, y1 = -1e300, z0 = 1e300, z1 = -1e300;
  for (const auto& s : series)
    for (const auto& [x, y] : s.points) {
      x0 = std::min(x0, x), x1 = std::max(x1, x);
      (s.right_axis ? z0 : y0) = std::min(s.right_axis ? z0 : y0, y);
      (s.right_axis ? z1 : y1) = std::max(s.right_axis ? z1 : y1, y);
    }
  for (const auto& [x, label] : c.x_marks) x0 = std::min(x0, x), x1 = std::max(x1, x);
  if (x0 > x1) x0 = 0, x1 = 1;
  if (y0 > y1) y0 = 0, y1 = 1;
  if (z0 > z1) z0 = 0, z1 = 1;
  x0 = c.x_min.value_or(x0), x1 = c.x_max.value_or(x1);
  y0 = c.y_min.value_or(std::min(y0, 0.0)), y1 = c.y_max.value_or(y1);
  z0 = c.y2_min.value_or(std::min(z0, 0.0)), z1 = c.y2_max.value_or(z1);
  if (x1 <= x0) x1 = x0 + 1;
  if (y1 <= y0) y1 = y0 + 1;
  if (z1 <= z0) z1 = z0 + 1;
  const auto xt = nice_ticks(x0, x1), yt = nice_ticks(y0, y1), zt = nice_ticks(z0, z1);
  x0 = std::min(x0, xt.front()), x1 = std::max(x1, xt.back());
  y0 = std::min(y0, yt.front()), y1 = std::max(y1, yt.back());
  z0 = std::min(z0, zt.front()), z1 = std::max(z1, zt.back());
  auto X = [&](double x) { return left + pw * (x - x0) / (x1 - x0); };
  auto Y = [&](double y) { return top + ph * (1 - (y - y0) / (y1 - y0)); };
  auto Z = [&](double y) { return top + ph * (1 - (y - z0) / (z1 - z0)); };

  std::string svg = fmt::format(
      "<svg class=\"chart\" viewBox=\"0 0 {} {}\" width=\"100%\" role=\"img\" xmlns=\"http://www.w3.org/2000/svg\">\n",
      c.width, c.height + 22 * ((series.size() + 3) / 4));
  if (!c.title.empty())
    svg += fmt::format("<text x=\"{}\" y=\"18\" class=\"ct\">{}</text>\n", left, esc(c.title));
  for (double t : yt)
    svg += fmt::format(
        "<line x1=\"{0:.1f}\" x2=\"{1:.1f}\" y1=\"{2:.1f}\" y2=\"{2:.1f}\" class=\"grid\"/>"
        "<text x=\"{3:.1f}\" y=\"{4:.1f}\" class=\"tl\" text-anchor=\"end\">{5}</text>\n",
        left, left + pw, Y(t), left - 6, Y(t) + 4, esc(num(t)));
  for (double t : xt)
    svg += fmt::format(
        "<line x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"{1:.1f}\" y2=\"{2:.1f}\" class=\"tick\"/>"
        "<text x=\"{0:.1f}\" y=\"{3:.1f}\" class=\"tl\" text-anchor=\"middle\">{4}</text>\n",
        X(t), top + ph, top + ph + 5, top + ph + 18, esc(num(t)));
  if (!c.y2_label.empty())
    for (double t : zt)
      svg += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" class=\"tl\">{}</text>\n", left + pw + 6, Z(t) + 4,
                         esc(num(t)));
  svg += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" class=\"frame\"/>\n", left, top, pw, ph);
  svg += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" class=\"al\" text-anchor=\"middle\">{}</text>\n", left + pw / 2,
                     top + ph + 38, esc(c.x_label));
  svg += fmt::format(
      "<text transform=\"translate(16,{:.1f}) rotate(-90)\" class=\"al\" text-anchor=\"middle\">{}</text>\n",
      top + ph / 2, esc(c.y_label));
  if (!c.y2_label.empty())
    svg += fmt::format(
        "<text transform=\"translate({:.1f},{:.1f}) rotate(90)\" class=\"al\" text-anchor=\"middle\">{}</text>\n",
        c.width - 12.0, top + ph / 2, esc(c.y2_label));
  for (const auto& [x, label] : c.x_marks)
    svg += fmt::format(
        "<line x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"{1:.1f}\" y2=\"{2:.1f}\" class=\"mark\"/>"
        "<text x=\"{3:.1f}\" y=\"{4:.1f}\" class=\"ml\">{5}</text>\n",
        X(x), top, top + ph, X(x) + 4, top + 12, esc(label));
  for (std::size_t i = 0; i < series.size(); ++i) {
    const auto& s = series[i];
    const std::string col = s.color.empty() ? palette(i) : s.color;
    auto Yf = [&](double y) { return s.right_axis ? Z(y) : Y(y); };
    if (s.line && s.points.size() > 1) {
      std::string d;
      for (const auto& [x, y] : s.points) d += fmt::format("{}{:.1f},{:.1f}", d.empty() ? "M" : " L", X(x), Yf(y));
      svg += fmt::format("<path d=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"2\"{}/>\n", d, col,
                         s.dashed ? " stroke-dasharray=\"6 4\"" : "");
    }
    if (s.markers)
      for (std::size_t k = 0; k < s.points.size(); ++k) {
        const auto& [x, y] = s.points[k];
        const std::string tip =
            k < s.tips.size() ? s.tips[k] : fmt::format("{}: x = {}, y = {}", s.name, num(x), num(y));
        svg += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"4\" fill=\"{}\"><title>{}</title></circle>\n",
                           X(x), Yf(y), col, esc(tip));
      }
    const double lx = left + static_cast<double>(i % 4) * (pw / 4), ly = c.height + 8 + 22.0 * static_cast<double>(i / 4);
    svg += fmt::format(
        "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"14\" height=\"4\" fill=\"{}\"/>"
        "<text x=\"{:.1f}\" y=\"{:.1f}\" class=\"tl\">{}{}</text>\n",
        lx, ly - 4, col, lx + 20, ly, esc(s.name), s.right_axis ? " (right axis)" : "");
  }
  return svg + "</svg>\n";
}

}  // namespace warpsim::teach
