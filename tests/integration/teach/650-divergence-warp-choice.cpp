// `warpsim report` without --warp chooses the warp from a functional run (teach/context.hpp): the warp with the
// lowest lane utilisation, ties to the fewest predicated-on lanes, then the lowest CTA and warp. On traces/vecadd
// (n = 1000 of 1024 threads) that is the tail warp 3:7, where 24 lanes leave at the i < n test and 8 run the body;
// on traces/transpose_naive (every element in range) no warp leaves a lane idle and the first, 0:0, is shown. The
// page says which warp and why; --warp still picks any warp.
// Underneath: func::StepObserver on vecadd's functional run sees every warp-step with its active and executed lanes.
// Leaves out: cycles and the other sections.
#include "teach/context.hpp"

#include <warpsim/func/grid.hpp>
#include <warpsim/sim/simulation.hpp>
#include <warpsim/teach/report.hpp>

#include <catch2/catch.hpp>

#include <array>
#include <map>
#include <string>
#include <utility>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

std::string config(const std::string& w) { return WARPSIM_SOURCE_DIR "/traces/" + w + "/" + w + ".json"; }

// The part of the page from the element carrying marker to the end of that view (the next "<details").
std::string view(const std::string& page, const std::string& marker) {
  const auto b = page.find(marker);
  REQUIRE(b != std::string::npos);
  const auto e = page.find("<details", b + 1);
  return page.substr(b, e == std::string::npos ? std::string::npos : e - b);
}

// Per warp (cta, warp): steps, active lanes and executed lanes summed, and CTAs ended.
class Tally : public warpsim::func::StepObserver {
 public:
  void on_step(std::uint64_t cta, std::uint32_t warp, const warpsim::source::Issued& r) override {
    auto& t = warps[{cta, warp}];
    ++t[0];
    t[1] += r.active.count();
    t[2] += r.executed.count();
  }
  void on_cta_end(std::uint64_t cta) override { ++ended[cta]; }
  std::map<std::pair<std::uint64_t, std::uint32_t>, std::array<std::uint64_t, 3>> warps;
  std::map<std::uint64_t, int> ended;
};

}  // namespace

TEST_CASE("func::StepObserver: vecadd's functional run, warp by warp", "[teach]") {
  Tally t;
  warpsim::sim::RunOptions ro;
  ro.observer = &t;
  const auto r = warpsim::sim::run_file(config("vecadd"), ro);
  REQUIRE(r.expects_ok());
  CHECK(t.warps.size() == 32);  // 4 CTAs x 8 warps
  CHECK(t.ended == std::map<std::uint64_t, int>{{0, 1}, {1, 1}, {2, 1}, {3, 1}});
  // Every warp's steps sum to the kernel's counts.
  std::uint64_t steps = 0, lanes = 0;
  for (const auto& [k, v] : t.warps) steps += v[0], lanes += v[1];
  CHECK(steps == r.kernels[0].warp_instructions);
  CHECK(lanes == r.kernels[0].thread_instructions);
  // A full warp and the tail warp 3:7.
  const auto full = t.warps.at({0, 0}), tail = t.warps.at({3, 7});
  CHECK(full[1] == 32 * full[0]);
  CHECK(tail[1] < 32 * tail[0]);
  CHECK(tail[2] < tail[1]);
}

TEST_CASE("report without --warp: vecadd shows its tail warp 3:7, 24 lanes leaving and 8 running the body", "[teach]") {
  warpsim::teach::ReportOptions o;
  o.config_path = config("vecadd");
  warpsim::teach::Context ctx(o);
  CHECK(ctx.chosen_cta() == 3);
  CHECK(ctx.chosen_warp() == 7);
  const auto& c = ctx.warp_choice();
  CHECK(c.automatic);
  CHECK(c.warps == 32);
  CHECK(c.below_full == 1);
  CHECK(c.failure.empty());

  const std::string page = warpsim::teach::render_report(o);
  CHECK(page.find("Warp 7 of CTA 3 (threads 224-255, 32 lanes) of kernel <code>vecadd</code>") != std::string::npos);
  CHECK(page.find("data-choice=\"auto\" data-chosen=\"3:7\"") != std::string::npos);
  CHECK(page.find("compared the 32 warps of this launch, and warp 7 of CTA 3 has the lowest lane utilisation") !=
        std::string::npos);
  CHECK(page.find("data-divergent=\"no\"") == std::string::npos);
  const std::string s0 = view(page, "data-view=\"grid-independent-schedule0\"");
  CHECK(s0.find("branch: 24 taken, 8 not taken; reconverges at line 62") != std::string::npos);
  CHECK(s0.find("<td class=\"dv-taken\">24</td><td class=\"dv-not\">8</td><td>0 %</td>") != std::string::npos);
  CHECK(s0.find("<td>7</td><td>8.0</td><td>25 %</td><td>8.0</td><td>25 %</td>") != std::string::npos);
}

TEST_CASE("report without --warp: transpose_naive has no divergent warp and shows 0:0", "[teach]") {
  warpsim::teach::ReportOptions o;
  o.config_path = config("transpose_naive");
  warpsim::teach::Context ctx(o);
  CHECK(ctx.chosen_cta() == 0);
  CHECK(ctx.chosen_warp() == 0);
  const auto& c = ctx.warp_choice();
  CHECK(c.automatic);
  CHECK(c.warps == 256);  // 32 CTAs x 8 warps
  CHECK(c.below_full == 0);
  CHECK(c.chosen.active == 32 * c.chosen.issues);
}

TEST_CASE("report with --warp: the given warp, said so on the page", "[teach]") {
  warpsim::teach::ReportOptions o;
  o.config_path = config("vecadd");
  o.cta = 0;
  o.warp = 0;
  warpsim::teach::Context ctx(o);
  CHECK(!ctx.warp_choice().automatic);
  CHECK(ctx.chosen_cta() == 0);
  CHECK(ctx.chosen_warp() == 0);
  const std::string page = warpsim::teach::render_report(o);
  CHECK(page.find("data-choice=\"option\">Chosen with <code>--warp 0:0</code>.") != std::string::npos);
  // Warp 0:0 has all 32 elements: the note that another warp may diverge, as before.
  CHECK(page.find("<p class=\"note\" data-divergent=\"no\">This warp took no divergent branch in any of the runs "
                  "below. Another warp may: choose it with <code>--warp CTA:WARP</code>") != std::string::npos);
}

}  // namespace WARPSIM_UNITY_ID
