// The Nsight-named counters of asynchronous data movement and distributed shared memory (TMA instructions and
// bytes, multicast, LDGSTS, DSMEM instructions and bytes, clusters launched) against the values Nsight Compute read
// on the H200 for the same configs (traces/<w>/h200.json, added by tools/measure/run_ncu_extra.sh and
// merge_ncu_extra.py; traces/README.md has the commands and dates). These are counts, not timings: each must equal
// the H200's exactly, launch by launch.
// Leaves out: the cycle counts (warpsim validate judges those) and counters warpsim does not report.
#include <warpsim/sim/simulation.hpp>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <string>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

constexpr const char* kCounters[] = {
    "sm__sass_inst_executed_op_tma_ld.sum",
    "smsp__inst_executed_op_tma_ld.sum",
    "sm__sass_inst_executed_op_tma_st.sum",
    "sm__sass_inst_executed_op_tma_red.sum",
    "l1tex__m_xbar2l1tex_read_bytes_mem_global_op_tma_ld.sum",
    "l1tex__m_xbar2l1tex_read_bytes_mem_global_op_tma_ld_dest_multicast.sum",
    "l1tex__m_xbar2l1tex_read_bytes_mem_global_op_tma_ld_dest_self.sum",
    "l1tex__m_l1tex2xbar_write_bytes_mem_global_op_tma_st.sum",
    "l1tex__m_l1tex2xbar_write_bytes_mem_global_op_tma_red.sum",
    "l1tex__m_l1tex2xbar_write_bytes_pipe_tma.sum",
    "sm__sass_inst_executed_op_ldgsts.sum",
    "sm__sass_inst_executed_op_ldgsts_cache_access.sum",
    "sm__sass_inst_executed_op_ldgsts_cache_bypass.sum",
    "sm__sass_inst_executed_op_dshared_ld.sum",
    "sm__sass_inst_executed_op_dshared_st.sum",
    "sm__sass_inst_executed_op_dshared_atom.sum",
    "l1tex__m_xbar2l1tex_read_bytes_mem_dshared_op_ld.sum",
    "l1tex__m_l1tex2xbar_write_bytes_mem_dshared_op_st.sum",
    "l1tex__m_l1tex2xbar_write_bytes_mem_dshared.sum",
    "l1tex__m_xbar2l1tex_read_bytes_mem_dshared.sum",
    "gpc__cgas_launched.sum",
};

// Compares every counter above that the H200's file has, launch by launch; returns how many were nonzero there.
int check_against_h200(const std::string& name) {
  INFO("trace " << name);
  const std::string dir = std::string(WARPSIM_SOURCE_DIR) + "/traces/" + name + "/";
  std::ifstream in(dir + "h200.json");
  REQUIRE(in.good());
  const nlohmann::json measured = nlohmann::json::parse(in);
  warpsim::sim::RunOptions timed;
  timed.functional_only = false;
  const auto r = warpsim::sim::run_file(dir + name + ".json", timed);
  const auto& launches = measured.at("launches");
  REQUIRE(r.kernels.size() == launches.size());
  int nonzero = 0;
  for (std::size_t i = 0; i < launches.size(); ++i) {
    INFO("launch " << i << " (" << launches[i].at("entry").get<std::string>() << ")");
    const auto& m = launches[i].at("ncu").at("metrics");
    for (const char* key : kCounters) {
      if (!m.contains(key)) continue;
      INFO(key);
      const double h200 = m.at(key).at("value").get<double>();
      REQUIRE(r.kernels[i].stats.count(key) == 1);
      CHECK(r.kernels[i].stats.at(key) == h200);
      if (h200 != 0) ++nonzero;
    }
  }
  return nonzero;
}

}  // namespace

TEST_CASE("TMA counters equal the H200's: multicast loads in clusters of 2 and 4, a pipeline, a bulk stream",
          "[timed][nsight]") {
  // Multicast: each destination's L1TEX takes the bytes in, so a 4-CTA multicast counts them 4 times.
  CHECK(check_against_h200("tma_multicast") == 3 * 5);
  CHECK(check_against_h200("tma_pipeline") == 4);
  CHECK(check_against_h200("bulk_stream") == 7);
}

TEST_CASE("TMA counters equal the H200's: stores and reductions, swizzled and out-of-bounds boxes, one-box probes",
          "[timed][nsight]") {
  // A tensor load counts its whole box (fill included), half again when it starts 16 bytes into a sector.
  CHECK(check_against_h200("tma_store") == 12);
  CHECK(check_against_h200("tma_swizzle") == 28);
  CHECK(check_against_h200("tma_probe") == 16);
#ifndef WARPSIM_SANITIZER_BUILD  // 42 launches: long under the sanitizers
  CHECK(check_against_h200("ubench_tma") == 168);
#endif
}

TEST_CASE("LDGSTS, DSMEM and cluster counters equal the H200's on the microbenchmarks, and none on vecadd",
          "[timed][nsight]") {
  CHECK(check_against_h200("ubench_mbarrier") == 2);  // cp.async.cg: cache_bypass
  CHECK(check_against_h200("ubench_cluster") == 6);   // a one-word DSMEM chase counts a 32-byte sector per load
#ifndef WARPSIM_SANITIZER_BUILD  // 13 launches: about 15 of this test's 17 s under the sanitizers (2026-12-07)
  CHECK(check_against_h200("ubench_cluster_bw") == 20);
#endif
  CHECK(check_against_h200("vecadd") == 0);
}

TEST_CASE("DSMEM counters equal the H200's: ring loads, all-to-all stores, atomics on rank 0, clusters of 2 and 4",
          "[timed][nsight]") {
  CHECK(check_against_h200("cluster_dsmem") == 2 * 8);
}

}  // namespace WARPSIM_UNITY_ID
