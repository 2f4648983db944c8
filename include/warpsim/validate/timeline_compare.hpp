// Simulated against measured per-CTA timelines.
//
// Models: a measured timeline (format "warpsim-measured-timeline/1": per warp of each launch its CTA, SM,
// start and end in ns relative to the launch's first warp, recorded by a `warpsim instrument`ed run on the
// GPU) reduced to CTAs (SM of the CTA, first warp start, last warp end, converted to cycles at the measured
// clock), compared with a simulated timeline ("warpsim-timeline/1") CTA by CTA in linear order: SM
// assignment agreement, the CTAs-per-SM pattern, the number of waves (CTAs / most CTAs resident at once,
// rounded up), and start and end errors. An SVG drawing puts the two timelines one above the other.
// Leaves out: clock skew between SMs and the instrumentation's own overhead (measured separately).
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
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

}  // namespace warpsim::validate
