// Per-CTA timeline comparison: waves, residency, CTAs-per-SM pattern, SM agreement and start/end errors on
// small hand-made timelines; the HTML drawing holds one SVG per side.
#include <warpsim/common/error.hpp>
#include <warpsim/validate/timeline_compare.hpp>

#include <catch2/catch.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using nlohmann::json;

namespace {
// Simulated: 4 CTAs on 2 SMs, two waves (CTAs 2 and 3 start when 0 and 1 end).
const json kSim = json::parse(R"({"format": "warpsim-timeline/1", "kernels": [{"entry": "k", "cycles": 200, "ctas": [
  {"linear": 0, "sm": 0, "start": 0, "end": 100}, {"linear": 1, "sm": 1, "start": 0, "end": 100},
  {"linear": 2, "sm": 0, "start": 100, "end": 200}, {"linear": 3, "sm": 1, "start": 100, "end": 200}]}]})");
// Measured at 1000 MHz (1 ns = 1 cycle), warps [cta, warp, smid, start_ns, end_ns]: CTA 3 ran on SM 0 late.
const json kMeas =
    json::parse(R"({"format": "warpsim-measured-timeline/1", "clock_mhz": 1000, "launches": [{"entry": "k", "warps": [
  [0, 0, 0, 0, 90], [0, 1, 0, 5, 110], [1, 0, 1, 0, 100], [2, 0, 0, 110, 210], [3, 0, 0, 210, 300]]}]})");
}  // namespace

TEST_CASE("timelines: waves, residency, pattern and errors", "[validate][timeline]") {
  const auto cmp = warpsim::validate::compare_timelines(kSim, kMeas);
  REQUIRE(cmp.size() == 1);
  const auto& c = cmp[0];
  CHECK(c.sim.max_resident == 2);
  CHECK(c.sim.waves == 2);
  CHECK(c.sim.ctas_per_sm_pattern == std::vector<std::uint32_t>{2, 2});
  CHECK(c.measured.ctas[0].end == 110);  // the CTA ends with its last warp
  CHECK(c.measured.max_resident == 2);
  CHECK(c.measured.waves == 2);
  CHECK(c.measured.ctas_per_sm_pattern == std::vector<std::uint32_t>{1, 3});
  CHECK(c.measured.span == 300);
  CHECK(c.sm_agreement == Approx(0.75));
  // start errors 0, 0, 10, 110; end errors 10, 0, 10, 100
  CHECK(c.start_mae == Approx(30.0));
  CHECK(c.start_max == Approx(110.0));
  CHECK(c.end_mae == Approx(30.0));
  CHECK(c.end_max == Approx(100.0));
  CHECK_THAT(c.text(), Catch::Contains("different pattern"));
  const std::string html = warpsim::validate::timelines_html(cmp);
  CHECK(html.find("<h3>simulated (k)</h3>") != std::string::npos);
  CHECK(html.find("<h3>measured (k)</h3>") != std::string::npos);
  CHECK(html.find("CTA 3 on SM 0: 210-300") != std::string::npos);
}

TEST_CASE("timelines: files of the wrong kind are refused", "[validate][timeline]") {
  CHECK_THROWS_WITH(warpsim::validate::compare_timelines(kMeas, kMeas),
                    Catch::Contains("not a warpsim-timeline/1 file"));
  CHECK_THROWS_WITH(warpsim::validate::compare_timelines(kSim, kSim),
                    Catch::Contains("not a warpsim-measured-timeline/1 file"));
}

}  // namespace WARPSIM_UNITY_ID
