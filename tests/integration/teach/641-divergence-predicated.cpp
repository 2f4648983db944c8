// Section 1 of `warpsim report` (Divergence): lanes predicated off. On traces/branch_demo with ptxas's model on
// (compiler.schedule = 1, the config's own) the short if/else is predicated: every lane issues both sides and the
// 16 lanes whose guard is false do nothing; the page draws them shaded (class dv-po), lists the guarded
// instructions with their predicated-off lanes, and counts lane utilisation per block both ways (active lanes,
// Nsight's smsp__thread_inst_executed_per_inst_executed, and predicated-on lanes, ..._pred_on), under both
// reconvergence models. With compiler.schedule = 0 the branch's not-taken lanes are its guard-false lanes.
// Underneath: the timing model's IssueEvent::exec_mask (the functional model's guard mask) on the same kernel.
// Leaves out: cycles (tested elsewhere) and the page's layout.
#include <warpsim/sim/simulation.hpp>
#include <warpsim/teach/report.hpp>

#include <catch2/catch.hpp>

#include <map>
#include <string>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

const std::string kBranchDemo = WARPSIM_SOURCE_DIR "/traces/branch_demo/branch_demo.json";

// The part of the page from the element carrying marker to the end of that view (the next "<details").
std::string view(const std::string& page, const std::string& marker) {
  const auto b = page.find(marker);
  REQUIRE(b != std::string::npos);
  const auto e = page.find("<details", b + 1);
  return page.substr(b, e == std::string::npos ? std::string::npos : e - b);
}

std::size_t count(const std::string& s, const std::string& what) {
  std::size_t n = 0;
  for (auto p = s.find(what); p != std::string::npos; p = s.find(what, p + 1)) ++n;
  return n;
}

// Per PTX line: (issues, active lanes, lanes whose guard held) of warp 0 in a timed run.
struct Lanes {
  int issues = 0, active = 0, on = 0;
};
class Masks : public warpsim::timing::TraceSink {
 public:
  bool wants_issues() const override { return true; }
  void on_issue(const warpsim::timing::IssueEvent& e) override {
    auto& l = by_line[e.ptx_line];
    ++l.issues;
    l.active += __builtin_popcount(e.active_mask);
    l.on += __builtin_popcount(e.active_mask & e.exec_mask);
    if ((e.exec_mask & ~e.active_mask) != 0) outside = true;
  }
  std::map<std::uint32_t, Lanes> by_line;
  bool outside = false;  // an exec_mask lane outside the active mask
};

}  // namespace

TEST_CASE("IssueEvent::exec_mask: branch_demo's predicated sides run 16 of 32 lanes, its branch takes 16", "[teach]") {
  for (const char* schedule : {"compiler.schedule=1", "compiler.schedule=0"}) {
    Masks m;
    warpsim::sim::RunOptions ro;
    ro.functional_only = false;
    ro.gpu_overrides = {schedule};
    ro.trace = &m;
    (void)warpsim::sim::run_file(kBranchDemo, ro);
    CHECK_FALSE(m.outside);
    const auto& b = m.by_line;
    if (std::string(schedule).ends_with("1")) {
      // Predicated: the load (line 39) has no guard; line 62's mad runs for lanes 16-31 (@!%p1), line 55's add
      // for lanes 0-15 (@%p1): both issue once for all 32 lanes.
      CHECK((b.at(39).issues == 1 && b.at(39).active == 32 && b.at(39).on == 32));
      CHECK((b.at(62).issues == 1 && b.at(62).active == 32 && b.at(62).on == 16));
      CHECK((b.at(55).issues == 1 && b.at(55).active == 32 && b.at(55).on == 16));
      CHECK(b.count(42) == 0);  // the branch became a nop and does not issue
    } else {
      // Divergent: `@%p1 bra` issues once for 32 lanes and 16 take it; each side issues for its own 16.
      CHECK((b.at(42).issues == 1 && b.at(42).active == 32 && b.at(42).on == 16));
      CHECK((b.at(62).issues == 1 && b.at(62).active == 16 && b.at(62).on == 16));
      CHECK((b.at(55).issues == 1 && b.at(55).active == 16 && b.at(55).on == 16));
    }
  }
}

TEST_CASE("divergence section: branch_demo's predicated sides show 16 lanes predicated off in both models", "[teach]") {
  warpsim::teach::ReportOptions o;
  o.config_path = kBranchDemo;
  const std::string page = warpsim::teach::render_report(o);
  // The legend explains the shading once.
  CHECK(count(page, "<em>predicated off</em>: the lane is on the path") == 1);
  for (const char* key : {"grid-independent-schedule1", "grid-ipdom_stack-schedule1"}) {
    INFO(key);
    const std::string g = view(page, std::string("data-view=\"") + key + "\"");
    // PTX line 62 (`mad.lo.s32` of the else side, guarded @!%p1 by ptxas's model): one issue, 32 active lanes,
    // 16 predicated off.
    CHECK(g.find("<td>62</td><td class=\"l\" title=\"out[t] = v - 1000 * t;\">branch_demo.cu:16</td><td "
                 "class=\"l\"><code>@!%p1 mad.lo.s32 %r19, %r8, -1000, %r1</code></td><td>1</td><td>32</td>"
                 "<td class=\"dv-off\">16</td><td>16.0</td>") != std::string::npos);
    // Its grid row: lanes 0-15 predicated off (shaded), 16-31 on.
    CHECK(g.find("title=\"lanes 0-31; predicated off (guard false): lanes 0-15\"><b class=\"q0 dv-po\">"
                 "\u2591\u2591\u2591\u2591\u2591\u2591\u2591\u2591\u2591\u2591\u2591\u2591\u2591\u2591\u2591\u2591</b>"
                 "<b class=\"q0\">\u258c\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u258c\u2588\u2588\u2588\u2588\u2588"
                 "\u2588\u2588</b></td><td>32</td><td>16</td>") != std::string::npos);
    CHECK(g.find("predicated: lanes whose guard is false do nothing (here lanes 0-15)") != std::string::npos);
    CHECK(g.find("predicated: lanes whose guard is false do nothing (here lanes 16-31)") != std::string::npos);
  }
  // The strips draw the predicated-off lanes pale.
  const auto strip = page.find("data-view=\"strip-independent-schedule1\"");
  REQUIRE(strip != std::string::npos);
  CHECK(page.find(" po\"/>", strip) < page.find("</svg>", strip));
}

TEST_CASE("divergence section: without compiler.schedule the branch's guard-false lanes are its not-taken ones",
          "[teach]") {
  warpsim::teach::ReportOptions o;
  o.config_path = kBranchDemo;
  const std::string page = warpsim::teach::render_report(o);
  const std::string g = view(page, "data-view=\"grid-independent-schedule0\"");
  CHECK(g.find("title=\"lanes 0-31; guard false, not taken (predicated off): lanes 16-31\"") != std::string::npos);
  CHECK(g.find("branch: 16 taken, 16 not taken; reconverges at line 67") != std::string::npos);
  // No instruction but the branch has a guard here.
  CHECK(g.find("data-predicated=\"0\"") != std::string::npos);
}

}  // namespace WARPSIM_UNITY_ID
