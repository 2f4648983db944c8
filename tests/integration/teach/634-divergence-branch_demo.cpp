// Section 1 of `warpsim report` (Divergence) on traces/branch_demo: with compiler.schedule = 0 the warp's
// `@%p1 bra` sends lanes 0-15 to the taken side and 16-31 to the other (16 / 16, one divergent execution, 0 %
// efficiency) and the paths meet at the branch's immediate post-dominator; the config's own run
// (compiler.schedule = 1) shows the branch predicated away (no conditional branch issued); every view finishes.
// traces/vecadd's i < n tail: the last warp (--warp 3:7) sends 24 lanes past the body, 8 run it (--warp 0:0 none;
// 650 tests that the page chooses 3:7 itself).
// Leaves out: cycles (timing-model details, tested elsewhere) and the page's layout.
#include <warpsim/teach/report.hpp>

#include <catch2/catch.hpp>

#include <string>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

std::string branch_demo_page() {
  warpsim::teach::ReportOptions o;
  o.config_path = WARPSIM_SOURCE_DIR "/traces/branch_demo/branch_demo.json";
  return warpsim::teach::render_report(o);
}

// The part of the page from the element carrying marker to the end of that view (the next "<details").
std::string view(const std::string& page, const std::string& marker) {
  const auto b = page.find(marker);
  REQUIRE(b != std::string::npos);
  const auto e = page.find("<details", b + 1);
  return page.substr(b, e == std::string::npos ? std::string::npos : e - b);
}

}  // namespace

TEST_CASE("divergence section: branch_demo's branch sends 16 lanes each way without compiler.schedule",
          "[teach]") {
  const std::string page = branch_demo_page();
  CHECK(page.find("<section id=\"divergence\" class=\"ok\" data-applies=\"yes\">") != std::string::npos);
  CHECK(page.find("<div class=\"view\" data-view=\"divergence\">") != std::string::npos);

  const std::string s0 = view(page, "data-view=\"grid-independent-schedule0\"");
  // The grid's branch row, and its reconvergence point (PTX line 67 folds away: the row entering its block).
  CHECK(s0.find("branch: 16 taken, 16 not taken; reconverges at line 67") != std::string::npos);
  CHECK(s0.find("reconvergence point (ipdom) of the branch at line 42") != std::string::npos);
  // The branch table: executed 1, uniform taken 0, uniform not taken 0, divergent 1, 16 / 16 lanes, 0 %.
  CHECK(s0.find("<td>line 67</td><td>1</td><td>0</td><td>0</td><td>1</td><td class=\"dv-taken\">16</td>"
                "<td class=\"dv-not\">16</td><td>0 %</td>") != std::string::npos);
  // Lane utilisation: each side's blocks run with half the warp.
  CHECK(s0.find("<td>5</td><td>16.0</td><td>50 %</td>") != std::string::npos);
  CHECK(s0.find("data-end=\"finished\">finished: the warp issued 25 instructions") != std::string::npos);

  // The config's own run: ptxas's model predicated both sides, so no conditional branch issued.
  const std::string s1 = view(page, "data-view=\"grid-independent-schedule1\"");
  CHECK(s1.find("data-branches=\"0\"") != std::string::npos);
  CHECK(s1.find("predicated: lanes whose guard is false do nothing") != std::string::npos);
  CHECK(s1.find("data-end=\"finished\">finished: the warp issued 22 instructions") != std::string::npos);
  CHECK(page.find("data-view=\"grid-ipdom_stack-schedule1\"") != std::string::npos);
}

TEST_CASE("divergence section: vecadd's i < n tail leaves 8 lanes of the last warp working", "[teach]") {
  warpsim::teach::ReportOptions o;
  o.config_path = WARPSIM_SOURCE_DIR "/traces/vecadd/vecadd.json";
  o.cta = 0;
  o.warp = 0;
  const std::string first = warpsim::teach::render_report(o);
  CHECK(first.find("data-divergent=\"no\"") != std::string::npos);  // warp 0:0 has all 32 elements
  o.cta = 3;
  o.warp = 7;  // threads 992-1023 of n = 1000: elements 992-999
  const std::string page = warpsim::teach::render_report(o);
  CHECK(page.find("data-divergent=\"no\"") == std::string::npos);
  const std::string s0 = view(page, "data-view=\"grid-independent-schedule0\"");
  CHECK(s0.find("branch: 24 taken, 8 not taken; reconverges at line 62") != std::string::npos);
  CHECK(s0.find("<td class=\"dv-taken\">24</td><td class=\"dv-not\">8</td><td>0 %</td>") != std::string::npos);
  CHECK(s0.find("<td>7</td><td>8.0</td><td>25 %</td>") != std::string::npos);
}

TEST_CASE("divergence section: the page is the same bytes on a second render", "[teach]") {
  CHECK(branch_demo_page() == branch_demo_page());
}

}  // namespace WARPSIM_UNITY_ID
