// Whole workloads under the timing model: every buffer after a timed run equals the functional run's, the
// configs' own expectations hold, and the run reports cycles and the Nsight-named counters.
// Leaves out: cycle accuracy against measurements (no calibration yet).
#include <warpsim/sim/simulation.hpp>

#include <catch2/catch.hpp>

#include <string>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

std::string trace_json(const std::string& name) {
  return std::string(WARPSIM_SOURCE_DIR) + "/traces/" + name + "/" + name + ".json";
}

void check_same(const std::string& name) {
  INFO("trace " << name);
  warpsim::sim::RunOptions timed;
  timed.functional_only = false;
  const auto f = warpsim::sim::run_file(trace_json(name));
  const auto t = warpsim::sim::run_file(trace_json(name), timed);
  CHECK(t.buffers() == f.buffers());
  CHECK(t.printf_output == f.printf_output);
  CHECK(t.expects_ok());
  REQUIRE(t.kernels.size() == f.kernels.size());
  for (std::size_t i = 0; i < t.kernels.size(); ++i) {
    CHECK(t.kernels[i].warp_instructions == f.kernels[i].warp_instructions);
    CHECK(t.kernels[i].cycles > 0);
    CHECK(t.kernels[i].stats.at("gpc__cycles_elapsed.max") == static_cast<double>(t.kernels[i].cycles));
    // SASS-level count: the PTX instructions less the folded ones plus the expansions.
    const auto& s = t.kernels[i].stats;
    CHECK(s.at("warpsim__ptx_inst_executed.sum") == static_cast<double>(t.kernels[i].warp_instructions));
    CHECK(s.at("smsp__inst_executed.sum") == s.at("warpsim__ptx_inst_executed.sum") -
                                                 s.at("warpsim__ptx_inst_folded.sum") +
                                                 s.at("warpsim__sass_inst_expanded.sum"));
    CHECK(s.at("warpsim__ptx_inst_folded.sum") > 0);  // every one of these workloads has a cvta.to.global
    CHECK(f.kernels[i].cycles == 0);
    CHECK(f.kernels[i].stats.empty());
  }
}

}  // namespace

TEST_CASE("timed runs of workloads give the functional buffers", "[workloads]") {
  for (const char* name : {"vecadd", "reduce", "transpose_naive", "transpose_padded", "histogram", "branch_demo",
                           "vote_shfl", "nested_divergence"})
    check_same(name);
}

}  // namespace WARPSIM_UNITY_ID
