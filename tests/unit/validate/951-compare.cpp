// Simulated vs measured comparison: metric rows with exact errors, launch matching, and the baseline rule.
#include <warpsim/common/error.hpp>
#include <warpsim/validate/validate.hpp>

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using nlohmann::json;

TEST_CASE("compare lines up metrics by Nsight name with percentage errors", "[validate]") {
  const json sim = json::parse(R"({"kernels": [{"entry": "k", "cycles": 110,
      "metrics": {"gpc__cycles_elapsed.max": 110, "smsp__inst_executed.sum": 64, "warpsim__only.sum": 3}}]})");
  const json meas = json::parse(R"({"launches": [{"entry": "k", "time_us": {"median": 2.5},
      "ncu": {"metrics": {"gpc__cycles_elapsed.max": {"value": 100, "unit": "cycle"},
                          "smsp__inst_executed.sum": {"value": 80, "unit": "inst"},
                          "dram__bytes_read.sum": {"value": 0, "unit": "byte"}}}}]})");
  const auto cmp = warpsim::validate::compare(sim, meas);
  REQUIRE(cmp.size() == 1);
  auto row = [&](const std::string& n) {
    for (const auto& r : cmp[0].rows)
      if (r.name == n) return r;
    FAIL("no row " << n);
    return warpsim::validate::MetricRow{};
  };
  CHECK(*row("gpc__cycles_elapsed.max").error_pct() == Approx(10.0));
  CHECK(*row("smsp__inst_executed.sum").error_pct() == Approx(-20.0));
  CHECK_FALSE(row("warpsim__only.sum").measured.has_value());
  CHECK_FALSE(row("dram__bytes_read.sum").sim.has_value());
  CHECK_FALSE(row("dram__bytes_read.sum").error_pct().has_value());
  CHECK(*row("time_us.median (measured)").measured == 2.5);
}

TEST_CASE("compare refuses launches that do not line up", "[validate]") {
  const json sim = json::parse(R"({"kernels": [{"entry": "a", "cycles": 1, "metrics": {}}]})");
  CHECK_THROWS_WITH(warpsim::validate::compare(sim, json::parse(R"({"launches": [{"entry": "b"}]})")),
                    Catch::Contains("launch 0: simulated kernel a but measured kernel b"));
  CHECK_THROWS_WITH(warpsim::validate::compare(sim, json::parse(R"({"launches": []})")),
                    Catch::Contains("the simulated run has 1 kernel launches, the measured one 0"));
}

TEST_CASE("a report is worse than its baseline only past the baseline", "[validate]") {
  warpsim::validate::Report r;
  r.mape = 20.0;
  r.functional_mismatches = 1;
  CHECK(warpsim::validate::worse_than(r, json{{"mape", 20.0}, {"functional_mismatches", 1}}).empty());
  CHECK(warpsim::validate::worse_than(r, json{{"mape", 25.0}, {"functional_mismatches", 2}}).empty());
  const auto why = warpsim::validate::worse_than(r, json{{"mape", 19.0}, {"functional_mismatches", 0}});
  REQUIRE(why.size() == 2);
  CHECK(why[0] == "suite: cycle MAPE 20.00% is worse than the baseline 19.00%");
  CHECK(why[1] == "suite: 1 functional mismatches, the baseline has 0");
}

namespace {
warpsim::validate::WorkloadRow row(const std::string& w, const std::string& set, double sim, double meas,
                                   const std::string& functional = "match") {
  warpsim::validate::WorkloadRow r;
  r.workload = w;
  r.entry.assign(1, 'k');  // (GCC 12 warns wrongly (-Wrestrict) about assigning the literal)
  r.set = set;
  r.sim_cycles = sim;
  r.measured_cycles = meas;
  r.functional = functional;
  return r;
}
}  // namespace

TEST_CASE("the calibration and judgement sets are summarised apart", "[validate]") {
  using warpsim::validate::summarise;
  const std::vector<warpsim::validate::WorkloadRow> rows = {
      row("a", "calibration", 110, 100), row("a", "calibration", 95, 100), row("b", "calibration", 200, 200),
      row("j1", "judgement", 150, 100, "MISMATCH: x"), row("j2", "judgement", 50, 200)};
  const auto cal = summarise(rows, "calibration");
  CHECK(cal.workloads == 2);
  CHECK(cal.kernels == 3);
  CHECK(cal.mape == Approx(5.0));  // (10 + 5 + 0) / 3
  CHECK(cal.max_abs_error == Approx(10.0));
  CHECK(cal.worst == "a/k");
  CHECK(cal.functional_mismatches == 0);
  const auto jud = summarise(rows, "judgement");
  CHECK(jud.kernels == 2);
  CHECK(jud.mape == Approx(62.5));  // (50 + 75) / 2
  CHECK(jud.max_abs_error == Approx(75.0));
  CHECK(jud.worst == "j2/k");
  CHECK(jud.functional_mismatches == 1);
  CHECK(jud.correlation == Approx(-1.0));  // simulated 150, 50 against measured 100, 200
  CHECK(summarise(rows, "all").kernels == 5);
}

TEST_CASE("a per-set baseline fails when either set gets worse or goes missing", "[validate]") {
  warpsim::validate::Report r;
  r.sets = {{"calibration", 2, 3, 6.0, 30.0, 1.0, "a/k", 1}, {"judgement", 20, 20, 14.0, 39.0, 0.9, "j/k", 0}};
  const json ok = json::parse(R"({"sets": {"calibration": {"mape": 6.0, "functional_mismatches": 1},
                                            "judgement": {"mape": 14.02, "functional_mismatches": 0}}})");
  CHECK(warpsim::validate::worse_than(r, ok).empty());
  const json tighter = json::parse(R"({"sets": {"calibration": {"mape": 6.0, "functional_mismatches": 0},
                                                "judgement": {"mape": 13.0}}})");
  const auto why = warpsim::validate::worse_than(r, tighter);
  REQUIRE(why.size() == 2);
  CHECK(why[0] == "calibration set: 1 functional mismatches, the baseline has 0");
  CHECK(why[1] == "judgement set: cycle MAPE 14.00% is worse than the baseline 13.00%");
  r.sets.pop_back();
  const auto gone = warpsim::validate::worse_than(r, ok);
  REQUIRE(gone.size() == 1);
  CHECK(gone[0] == "the baseline has a judgement set, the report has none");
}

TEST_CASE("validate names a <gpu>.json that is not a measurement instead of failing inside the JSON library",
          "[validate]") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / "warpsim-951-validate";
  fs::remove_all(dir);
  fs::create_directories(dir / "probe");
  std::ofstream(dir / "probe" / "h100.json") << R"({"what": "a probe's data, no run config"})";
  CHECK_THROWS_WITH(warpsim::validate::validate_dir(dir.string(), "h100"),
                    Catch::Contains("probe/h100.json: not a warpsim-measure result"));
  std::ofstream(dir / "probe" / "h100.json") << "{ not json";
  CHECK_THROWS_WITH(warpsim::validate::validate_dir(dir.string(), "h100"),
                    Catch::Contains("probe/h100.json: not a warpsim-measure result"));
  fs::remove_all(dir);
}

}  // namespace WARPSIM_UNITY_ID
