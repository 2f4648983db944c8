// `warpsim compare --html`'s drawing (validate::timelines_html, shared with the report's timeline): axes with
// tick labels, SM labels, a legend of waves and hover details on every CTA of a small hand-made timeline.
#include <warpsim/validate/timeline_compare.hpp>

#include <catch2/catch.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using nlohmann::json;

TEST_CASE("compare html: axes, SM labels, legend and hover details on both timelines") {
  // 4 CTAs on 2 SMs, two waves; measured (1 ns = 1 cycle): CTA 3 ran on SM 0, late.
  const json sim = json::parse(R"({"format": "warpsim-timeline/1", "kernels": [{"entry": "k", "cycles": 200, "ctas": [
    {"linear": 0, "sm": 0, "start": 0, "end": 100}, {"linear": 1, "sm": 1, "start": 0, "end": 100},
    {"linear": 2, "sm": 0, "start": 100, "end": 200}, {"linear": 3, "sm": 1, "start": 100, "end": 200}]}]})");
  const json meas = json::parse(R"({"format": "warpsim-measured-timeline/1", "clock_mhz": 1000, "launches": [
    {"entry": "k", "warps": [[0, 0, 0, 0, 90], [0, 1, 0, 5, 110], [1, 0, 1, 0, 100], [2, 0, 0, 110, 210],
    [3, 0, 0, 210, 300]]}]})");
  const auto cmp = warpsim::validate::compare_timelines(sim, meas);
  REQUIRE(cmp.size() == 1);
  CHECK(warpsim::validate::cta_waves(cmp[0].sim) == std::vector<std::uint32_t>{1, 1, 2, 2});
  CHECK(warpsim::validate::cta_waves(cmp[0].measured) == std::vector<std::uint32_t>{1, 1, 2, 2});
  const std::string html = warpsim::validate::timelines_html(cmp);
  // Hover details: CTA, SM, start-end, length, wave.
  CHECK(html.find("<title>CTA 3 on SM 1: 100-200 (100 cycles), wave 2</title>") != std::string::npos);
  CHECK(html.find("<title>CTA 3 on SM 0: 210-300 (90 cycles), wave 2</title>") != std::string::npos);
  // Time axis: ticks 0, 50, ... 300 on the common span of 300 cycles, labelled, and its title.
  CHECK(html.find("text-anchor=\"middle\">0</text>") != std::string::npos);
  CHECK(html.find("text-anchor=\"middle\">150</text>") != std::string::npos);
  CHECK(html.find("text-anchor=\"middle\">300</text>") != std::string::npos);
  CHECK(html.find("cycles from the first CTA's start (0 .. 300)") != std::string::npos);
  // SM labels, axis name and the legend.
  CHECK(html.find("text-anchor=\"end\">SM 0</text>") != std::string::npos);
  CHECK(html.find("text-anchor=\"end\">SM 1</text>") != std::string::npos);
  CHECK(html.find(">SM</text>") != std::string::npos);
  CHECK(html.find(">wave 1</text>") != std::string::npos);
  CHECK(html.find(">wave 2</text>") != std::string::npos);
  CHECK(html.find("4 CTAs on 2 SMs, 2 waves") != std::string::npos);
}

}  // namespace WARPSIM_UNITY_ID
