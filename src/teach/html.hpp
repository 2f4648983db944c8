// Small HTML and SVG helpers shared by the report's sections: escaping, number formatting, tick marks,
// a line/scatter chart with axes, tick labels, a legend and hover details (SVG <title>), and colours.
//
// Models: nothing. Leaves out: anything a browser would need a script or a network fetch for.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace warpsim::teach {

std::string esc(std::string_view s);  // &, <, >, " escaped
std::string num(double v);            // 12345 -> "12,345"; 0.1234 -> "0.123"; for labels
std::vector<double> nice_ticks(double lo, double hi, int approx_count = 6);
const char* palette(std::size_t i);  // distinct colours for series, cycling

struct Series {
  std::string name;
  std::vector<std::pair<double, double>> points;  // (x, y), drawn in order
  std::vector<std::string> tips;                  // hover text per point (may be empty)
  std::string color;                              // empty = palette(index)
  bool line = true, markers = true, dashed = false;
  bool right_axis = false;  // plotted against the right-hand y axis
};

struct Chart {
  std::string title, x_label, y_label, y2_label;
  int width = 860, height = 300;  // SVG user units; drawn at 100 % of the column width
  std::optional<double> x_min, x_max, y_min, y_max, y2_min, y2_max;
  std::vector<std::pair<double, std::string>> x_marks;  // vertical marker lines with a label (e.g. the launch)
};

// A chart with axes, ticks and tick labels, axis labels, a legend, and hover tips on every point.
std::string line_chart(const Chart& c, const std::vector<Series>& series);

}  // namespace warpsim::teach
