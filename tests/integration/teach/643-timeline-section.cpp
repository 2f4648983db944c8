// The "Timeline" section on traces/reduce: one bar (with its hover details) per CTA of the grid, one row per SM
// used, the measured timeline of traces/reduce/h200.timeline.json beside it, and the chosen CTA's warps.
#include "teach/context.hpp"

#include <catch2/catch.hpp>

#include <string>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {
std::size_t count(const std::string& s, const std::string& what) {
  std::size_t n = 0;
  for (auto p = s.find(what); p != std::string::npos; p = s.find(what, p + 1)) ++n;
  return n;
}
std::string between(const std::string& s, const std::string& from, const std::string& to) {
  const auto a = s.find(from);
  if (a == std::string::npos) return "";
  const auto b = s.find(to, a);
  return s.substr(a, b == std::string::npos ? std::string::npos : b - a);
}
}  // namespace

TEST_CASE("timeline section: a bar per CTA of traces/reduce on a row per SM, and the measured timeline") {
  warpsim::teach::ReportOptions o;
  o.config_path = std::string(WARPSIM_SOURCE_DIR) + "/traces/reduce/reduce.json";
  o.cta = 5;
  o.warp = 2;
  warpsim::teach::Context ctx(o);
  const auto sec = warpsim::teach::section_timeline(ctx);
  REQUIRE(sec.applies);
  const std::string sim = between(sec.html, "data-view=\"timeline-sim\"", "</svg>");
  const std::string meas = between(sec.html, "data-view=\"timeline-measured\"", "</svg>");
  // reduce_u32: 8 CTAs of 256 threads, one per SM, one wave.
  CHECK(count(sim, "<title>CTA ") == 8);
  CHECK(count(sim, "text-anchor=\"end\">SM ") == 8);
  CHECK(sim.find("CTA 5 (5, 0, 0) on SM ") != std::string::npos);
  CHECK(sim.find(">wave 1<") != std::string::npos);
  CHECK(sim.find(">SM</text>") != std::string::npos);
  CHECK(sim.find("cycles from the first CTA") != std::string::npos);
  CHECK(sim.find("8 CTAs on 8 SMs, 1 wave<") != std::string::npos);
  CHECK(count(meas, "<title>CTA ") == 8);
  // The chosen CTA's 8 warps.
  const std::string warps = between(sec.html, "data-view=\"timeline-warps\"", "</svg>");
  CHECK(count(warps, "<title>warp ") == 8);
  CHECK(warps.find("<title>warp 2 of CTA 5 on SM ") != std::string::npos);
}

}  // namespace WARPSIM_UNITY_ID
