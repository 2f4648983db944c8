// Section 1 of `warpsim report` (Divergence) on traces/spin_wait_its: the same warp finishes under the config's
// independent thread scheduling and livelocks under the IPDOM stack, where the page shows it up to the
// watchdog (lowered to 65,536 warp-instructions without progress) with the watchdog's report; and a chosen warp
// other than warp 0 (--warp) on syncwarp_partial, where each half of the warp runs its own side of the branch.
// Leaves out: how many instructions the livelocked warp issues before the watchdog (scheduling dependent).
#include <warpsim/teach/report.hpp>

#include <catch2/catch.hpp>

#include <string>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

std::string strip(const std::string& page, const std::string& key) {
  const auto b = page.find("data-view=\"strip-" + key + "\"");
  REQUIRE(b != std::string::npos);
  return page.substr(b, page.find("</svg>", b) - b);
}

}  // namespace

TEST_CASE("divergence section: spin_wait_its livelocks under ipdom_stack and finishes when independent",
          "[teach]") {
  warpsim::teach::ReportOptions o;
  o.config_path = WARPSIM_SOURCE_DIR "/traces/spin_wait_its/spin_wait_its.json";
  const std::string page = warpsim::teach::render_report(o);
  const std::string its = strip(page, "independent-schedule1");
  // (23: the two add.s64 of an immediate that only address the flag are ptxas's [R.64+0x4], folded)
  CHECK(its.find("data-end=\"finished\">finished: the warp issued 23 instructions") != std::string::npos);
  const std::string ipdom = strip(page, "ipdom_stack-schedule1");
  CHECK(ipdom.find("data-end=\"livelock\">livelock: stopped by the watchdog after 65,536 warp-instructions "
                   "without progress; this warp issued ") != std::string::npos);
  CHECK(ipdom.find("deadlock: no forward progress in 65536 warp-instructions of CTA (0,0,0) (a livelock") !=
        std::string::npos);
  CHECK(ipdom.find("warp 0 lanes 0-15 wait below the top of the SIMT stack") != std::string::npos);
  // The livelocked grid is capped at 400 rows and says how many it left out.
  const auto g = page.find("data-view=\"grid-ipdom_stack-schedule1\"");
  REQUIRE(g != std::string::npos);
  CHECK(page.find("<p class=\"note\">The first 400 issued instructions are shown; ", g) != std::string::npos);
}

TEST_CASE("divergence section: --warp picks warp 1 of syncwarp_partial, whose halves take the two sides",
          "[teach]") {
  warpsim::teach::ReportOptions o;
  o.config_path = WARPSIM_SOURCE_DIR "/traces/syncwarp_partial/syncwarp_partial.json";
  o.cta = 0;
  o.warp = 1;
  const std::string page = warpsim::teach::render_report(o);
  CHECK(page.find("Warp 1 of CTA 0 (threads 32-63, 32 lanes) of kernel <code>syncwarp_partial</code>") !=
        std::string::npos);
  const auto g = page.find("data-view=\"grid-independent-schedule0\"");
  REQUIRE(g != std::string::npos);
  CHECK(page.find("branch: 16 taken, 16 not taken", g) != std::string::npos);
  CHECK(page.find("<code>bar.warp.sync 65535</code></td><td class=\"l dv-lanes\" title=\"lanes 0-15\">", g) !=
        std::string::npos);
  CHECK(page.find("<code>bar.warp.sync -65536</code></td><td class=\"l dv-lanes\" title=\"lanes 16-31\">", g) !=
        std::string::npos);
}

}  // namespace WARPSIM_UNITY_ID
