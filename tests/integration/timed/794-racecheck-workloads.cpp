// --racecheck over every workload that uses asynchronous copies, mbarriers or clusters (TMA tile loads, a TMA
// producer/consumer pipeline, multicast loads in clusters, the TMA probe, a bulk-copy stream, cp.async, mbarrier, TMA
// and cluster microbenchmarks, clusters with distributed shared memory):
// correct kernels, so no hazard in functional or timed runs, and the option changes no buffer, instruction count,
// cycle count or statistic.
#include <warpsim/sim/simulation.hpp>

#include <catch2/catch.hpp>

#include <string>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

std::string trace_json(const std::string& name) {
  return std::string(WARPSIM_SOURCE_DIR) + "/traces/" + name + "/" + name + ".json";
}

// Runs workload `name` with and without --racecheck, functionally and timed.
void check_no_hazard(const char* name) {
  for (const bool timed : {false, true}) {
    INFO(name << (timed ? " timed" : " functional"));
    warpsim::sim::RunOptions off, on;
    off.functional_only = on.functional_only = !timed;
    on.racecheck = true;
    const auto a = warpsim::sim::run_file(trace_json(name), off);
    const auto b = warpsim::sim::run_file(trace_json(name), on);
    CHECK(b.buffers() == a.buffers());
    REQUIRE(b.kernels.size() == a.kernels.size());
    for (std::size_t i = 0; i < b.kernels.size(); ++i) {
      INFO("kernel " << i << " " << b.kernels[i].entry);
      for (const auto& h : b.kernels[i].hazards) UNSCOPED_INFO(h.first << "; " << h.count << " such accesses");
      CHECK(b.kernels[i].hazards.empty());
      CHECK(b.kernels[i].warp_instructions == a.kernels[i].warp_instructions);
      CHECK(b.kernels[i].cycles == a.kernels[i].cycles);
      CHECK(b.kernels[i].stats == a.kernels[i].stats);
    }
  }
}

}  // namespace

TEST_CASE("794 racecheck finds no hazard in the asynchronous-copy workloads and changes nothing else",
          "[workloads][racecheck]") {
  for (const char* name :
       {"tma_pipeline", "tma_swizzle", "bulk_stream", "ubench_mbarrier", "cluster_dsmem", "ubench_cluster"})
    check_no_hazard(name);
}

TEST_CASE("794 racecheck finds no hazard in the multicast and TMA probe workloads", "[workloads][racecheck]") {
  for (const char* name : {"tma_multicast", "tma_probe"}) check_no_hazard(name);
}

// The two large microbenchmarks (42 and 13 launches) run in optimised builds only, as in test 793: under the
// sanitizers they take minutes, and the smaller workloads above exercise the same checks.
#ifndef WARPSIM_SANITIZER_BUILD
TEST_CASE("794 racecheck finds no hazard in ubench_cluster_bw", "[workloads][racecheck]") {
  check_no_hazard("ubench_cluster_bw");
}

TEST_CASE("794 racecheck finds no hazard in ubench_tma", "[workloads][racecheck]") { check_no_hazard("ubench_tma"); }
#endif

}  // namespace WARPSIM_UNITY_ID
