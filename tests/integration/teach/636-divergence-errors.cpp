// Section 1 of `warpsim report` (Divergence): a --warp outside the kernel is an input error naming the option;
// a config whose timed run deadlocks (traces/barrier_deadlock) still gives a page: section 1 shows the chosen
// warp up to the watchdog with the deadlock report (a section that needs the timed run says it is not shown).
// Leaves out: the CLI's exit codes (tested with the other commands).
#include <warpsim/common/error.hpp>
#include <warpsim/teach/report.hpp>

#include <catch2/catch.hpp>

#include <string>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

TEST_CASE("divergence section: --warp beyond the CTA's warps or the grid's CTAs is an input error", "[teach]") {
  warpsim::teach::ReportOptions o;
  o.config_path = WARPSIM_SOURCE_DIR "/traces/branch_demo/branch_demo.json";
  o.cta = 0;
  o.warp = 1;
  try {
    (void)warpsim::teach::render_report(o);
    FAIL("warp 1 of a 32-thread CTA was accepted");
  } catch (const warpsim::Error& e) {
    CHECK(e.kind() == warpsim::ErrorKind::Input);
    CHECK(std::string(e.what()) == "--warp 0:1: kernel branch_demo has 1 warps per CTA (0..0)");
  }
  o.cta = 1;
  o.warp = 0;
  try {
    (void)warpsim::teach::render_report(o);
    FAIL("CTA 1 of a one-CTA grid was accepted");
  } catch (const warpsim::Error& e) {
    CHECK(e.kind() == warpsim::ErrorKind::Input);
    CHECK(std::string(e.what()) == "--warp 1:0: kernel branch_demo has 1 CTAs (linear ids 0..0)");
  }
}

TEST_CASE("divergence section: barrier_deadlock's page shows the deadlock report instead of failing", "[teach]") {
  warpsim::teach::ReportOptions o;
  o.config_path = WARPSIM_SOURCE_DIR "/traces/barrier_deadlock/barrier_deadlock.json";
  const std::string page = warpsim::teach::render_report(o);
  const auto s = page.find("data-view=\"strip-independent-schedule1\"");
  REQUIRE(s != std::string::npos);
  CHECK(page.find("data-end=\"deadlock\">deadlock: stopped by the watchdog; this warp issued 8 instructions until "
                  "then", s) == page.find("data-end=", s));
  CHECK(page.find("deadlock: threads of CTA (0,0,0) wait at a barrier that nothing opens", s) != std::string::npos);
  CHECK(page.find("warp 0 lanes 0-31 wait at barrier 0 (bar.sync 0)", s) != std::string::npos);
  // The grid's last row is the bar.sync warp 0 waits at; the page is whole.
  const auto g = page.find("data-view=\"grid-independent-schedule1\"");
  REQUIRE(g != std::string::npos);
  CHECK(page.find("<code>bar.sync 0</code>", g) < page.find("</details>", g));
  CHECK(page.find("<section id=\"divergence\" class=\"ok\" data-applies=\"yes\">") != std::string::npos);
  CHECK(page.ends_with("</main>\n</body></html>\n"));
}

}  // namespace WARPSIM_UNITY_ID
