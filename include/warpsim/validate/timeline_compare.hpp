// Simulated against measured per-CTA timelines.
//
// Models: a measured timeline (format "warpsim-measured-timeline/1": per warp of each launch its CTA, SM,
// start and end in ns relative to the launch's first warp, recorded by a `warpsim instrument`ed run on the
// GPU) reduced to CTAs (SM of the CTA, first warp start, last warp end, converted to cycles at the measured
// clock), compared with a simulated timeline ("warpsim-timeline/1") CTA by CTA in linear order: SM
// assignment agreement, the CTAs-per-SM pattern, the number of waves (CTAs / most CTAs resident at once,
// rounded up), and start and end errors. An SVG drawing puts the two timelines one above the other; the same
// drawing of one side (CTAs on SM rows with a time axis, SM labels, a legend of waves and hover details) serves
// `warpsim report`'s timeline section.
// Leaves out: clock skew between SMs and the instrumentation's own overhead (measured separately).
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace warpsim::validate {

struct CtaSpan {
  std::uint64_t linear = 0;
  std::uint32_t sm = 0;
  double start = 0, end = 0;  // cycles from the launch's first CTA start
};

struct TimelineSide {
  std::vector<CtaSpan> ctas;  // in linear order
  std::uint32_t sms_used = 0;
  std::uint32_t max_resident = 0;
  std::uint32_t waves = 0;
  std::vector<std::uint32_t> ctas_per_sm_pattern;  // CTA counts per used SM, sorted
  double span = 0;
};

struct TimelineComparison {
  std::string entry;
  TimelineSide sim, measured;
  double sm_agreement = 0;                                        // fraction of CTAs on the same SM id
  double start_mae = 0, start_max = 0, end_mae = 0, end_max = 0;  // cycles
  std::string text() const;
};

TimelineSide simulated_side(const nlohmann::json& kernel);                   // a kernels[] entry of --timeline
TimelineSide measured_side(const nlohmann::json& launch, double clock_mhz);  // a launches[] entry
std::vector<TimelineComparison> compare_timelines(const nlohmann::json& sim, const nlohmann::json& measured);
std::string timelines_html(const std::vector<TimelineComparison>& cmp);

// One side drawn as SVG: a row per SM used (SM id labels, at most max_rows, a note says how many more), a bar per
// CTA (at most max_ctas, a note says how many more) coloured by its wave (the CTAs in order of start time, wave k
// = the k-th group of max_resident), a time axis in cycles with ticks and tick labels, a legend of the waves, and
// on hover the CTA's id (describe(cta) when given), SM, start, end and length. Self-contained: inline styles, no
// script; width 1000 user units, scaled to the page's width.
struct TimelineDraw {
  std::string title;                                  // above the drawing (escaped)
  double span = 0;                                    // time axis end in cycles (0: the side's span)
  std::size_t max_rows = 160, max_ctas = 20000;
  std::function<std::string(const CtaSpan&)> describe;  // extra hover text per CTA (plain text, escaped)
};
std::string cta_timeline_svg(const TimelineSide& side, const TimelineDraw& d);
// The wave of each CTA of a side (index in side.ctas), numbered from 1, as cta_timeline_svg colours them.
std::vector<std::uint32_t> cta_waves(const TimelineSide& side);

}  // namespace warpsim::validate
