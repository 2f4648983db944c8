// What keeps `warpsim report` small and fast on every workload (tools/bench/report_all.sh): the "Latency hiding"
// section draws the strip of a long-lived warp (ubench_mbarrier's CTA 0 warp 0: over 14,000 state changes and
// 10,000 issues) in at most 800 columns, says so on the page and keeps the cycles per state
// exact, while a short warp (reduce's) keeps one rectangle per interval and issue; and the default shared-memory
// sweep of section 3 is skipped for a config of few instructions that moves many L2 sectors (bulk_stream: 70 K
// warp-instructions, 3 M sectors through bulk copies), the page naming the sectors and the limit.
#include <catch2/catch.hpp>

#include "teach/context.hpp"
#include "teach/html.hpp"
#include "teach_util.hpp"

#include <fmt/format.h>

#include <regex>
#include <string>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

using Catch::Matchers::Contains;

using teach_test::options;

// The chosen warp's strip (data-view="latency-warp"): its <rect>s with a tooltip, state row (y=10) and issue row
// (y=32).
struct Strip {
  std::size_t states = 0, issues = 0;
};
Strip strip_of(const std::string& html) {
  const auto b = html.find("data-view=\"latency-warp\"");
  REQUIRE(b != std::string::npos);
  const auto e = html.find("</svg>", b);
  REQUIRE(e != std::string::npos);
  const std::string svg = html.substr(b, e - b);
  Strip s;
  for (std::size_t p = svg.find("<rect "); p != std::string::npos; p = svg.find("<rect ", p + 1)) {
    const std::string r = svg.substr(p, svg.find('>', p) - p);
    if (r.find("y=\"10\"") != std::string::npos) ++s.states;
    if (r.find("y=\"32\"") != std::string::npos) ++s.issues;
  }
  return s;
}

std::uint64_t warp_cycles(const std::string& html) {
  std::smatch m;
  REQUIRE(std::regex_search(html, m, std::regex("data-warp-cycles=\"([0-9]+)\"")));
  return std::stoull(m[1].str());
}

}  // namespace

TEST_CASE("teach report: a long-lived warp's strip is drawn in at most 800 columns, its cycles exact", "[teach]") {
  warpsim::teach::Context ctx(options("ubench_mbarrier"));
  const auto& ch = ctx.warp_state_changes();
  const auto& issues = ctx.warp_issues();
  REQUIRE(ch.size() > 4000);  // more than kStripDetail: merged
  const auto sec = warpsim::teach::section_latency(ctx);
  REQUIRE(sec.applies);
  CHECK_THAT(sec.html, Contains("data-strip-merged=\"1\""));
  CHECK_THAT(sec.html, Contains(fmt::format("This warp changed state {} times",
                                            warpsim::teach::num(static_cast<double>(ch.size())))));
  const Strip s = strip_of(sec.html);
  // Neighbouring columns of one dominant state share a rectangle: since sm.guard_predicate_cycles (2026-12-05) every
  // column of this warp is dominated by one state, so a single rectangle may remain.
  CHECK(s.states >= 1);
  CHECK(s.states <= 800);
  CHECK(s.issues >= 2);
  CHECK(s.issues <= 800);
  // The cycles per state are summed from every interval, not from the columns.
  std::uint64_t counted = 0;
  for (std::size_t i = 0; i + 1 < ch.size(); ++i)
    if (ch[i].second >= 0) counted += ch[i + 1].first - ch[i].first;
  CHECK(warp_cycles(sec.html) == counted);
  // The issue counts in the column tooltips add up to the warp's issues.
  std::uint64_t tipped = 0;
  const std::regex tip(": ([0-9]+) issues \\(PTX lines");
  for (auto it = std::sregex_iterator(sec.html.begin(), sec.html.end(), tip); it != std::sregex_iterator(); ++it)
    tipped += std::stoull((*it)[1].str());
  CHECK(tipped == issues.size());
  // The page stays small: the whole section, not the megabytes of one rectangle per interval.
  CHECK(sec.html.size() < 600000);
}

TEST_CASE("teach report: a short warp's strip keeps one rectangle per state interval and per issue", "[teach]") {
  warpsim::teach::ReportOptions o = options("reduce");
  o.cta = 3;
  o.warp = 5;
  warpsim::teach::Context ctx(o);
  const auto sec = warpsim::teach::section_latency(ctx);
  CHECK(sec.html.find("data-strip-merged") == std::string::npos);
  const Strip s = strip_of(sec.html);
  CHECK(s.issues == ctx.warp_issues().size());
  std::size_t intervals = 0;
  const auto& ch = ctx.warp_state_changes();
  for (std::size_t i = 0; i + 1 < ch.size(); ++i) intervals += ch[i].second >= 0 && ch[i + 1].first > ch[i].first;
  CHECK(s.states == intervals);
}

TEST_CASE("teach report: no default sweep for a config that moves more than 1,000,000 L2 sectors", "[teach]") {
  warpsim::teach::Context ctx(options("bulk_stream"));
  const double sectors = ctx.kernel().stats.at("lts__t_sectors.sum");
  CHECK(sectors > 1000000);
  CHECK(ctx.kernel().warp_instructions < 100000);  // few instructions: the old limits alone let it sweep
  CHECK(ctx.kernel().cycles < 100000);
  const auto s = warpsim::teach::section_sweep(ctx);
  CHECK_FALSE(s.applies);
  CHECK_THAT(s.html, Contains("No sweep by default for this config"));
  CHECK_THAT(s.html, Contains(fmt::format("moved {} L2 sectors", warpsim::teach::num(sectors))));
  CHECK_THAT(s.html, Contains("1,000,000 sectors"));
  CHECK_THAT(s.html, Contains("--sweep smem="));
}

}  // namespace WARPSIM_UNITY_ID
