// --racecheck over the workloads that use asynchronous copies and mbarriers (TMA tile loads, a TMA producer/consumer
// pipeline, a bulk-copy stream, cp.async and mbarrier microbenchmarks, clusters with distributed shared memory):
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

}  // namespace

TEST_CASE("794 racecheck finds no hazard in the asynchronous-copy workloads and changes nothing else",
          "[workloads][racecheck]") {
  for (const char* name :
       {"tma_pipeline", "tma_swizzle", "bulk_stream", "ubench_mbarrier", "cluster_dsmem", "ubench_cluster"})
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
        INFO("kernel " << b.kernels[i].entry);
        CHECK(b.kernels[i].hazards.empty());
        CHECK(b.kernels[i].warp_instructions == a.kernels[i].warp_instructions);
        CHECK(b.kernels[i].cycles == a.kernels[i].cycles);
        CHECK(b.kernels[i].stats == a.kernels[i].stats);
      }
    }
}

}  // namespace WARPSIM_UNITY_ID
