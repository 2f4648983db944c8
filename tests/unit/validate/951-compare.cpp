// Simulated vs measured comparison: metric rows with exact errors, launch matching, and the baseline rule.
#include <warpsim/common/error.hpp>
#include <warpsim/validate/validate.hpp>

#include <catch2/catch.hpp>

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
  CHECK(why[0] == "cycle MAPE 20.00% is worse than the baseline 19.00%");
  CHECK(why[1] == "1 functional mismatches, the baseline has 0");
}
