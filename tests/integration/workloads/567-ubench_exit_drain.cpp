// Workload test ubench_exit_drain (traces/ubench_exit_drain): 8 launches of 256-thread CTAs, 1,056 then 8,448 of
// them (1 and 8 waves on an H200): exit_store with flag 0 (stores nothing) and flag 1 (out[i] = i ^ 0x5a5a),
// exit_fence (the same into out2, then __threadfence), exit_load (reads in[i] = i and stores it into out3 only if it
// equals 0xffffffff - flag, which no i does). The CPU replays them: out and out2 hold i ^ 0x5a5a for every thread of
// the 8-wave grid, out3 stays zero, in is unchanged; each launch's entry, CTAs and warps are checked.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: the times (traces/ubench_exit_drain/h200.json; test 785 checks the drain they measured).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  REQUIRE(r.config.kernels.size() == 8);
  const char* entries[] = {"exit_store", "exit_store", "exit_fence", "exit_load"};
  for (std::size_t k = 0; k < 8; ++k) {
    const std::uint64_t ctas = k < 4 ? 1056 : 8448;
    wl::check_launch(r, k, entries[k % 4], ctas, ctas * 8);
    CHECK(r.config.kernels[k].args.back().bits == (k % 4 == 0 || k % 4 == 3 ? 0u : 1u));
  }
  const std::size_t n = 8448u * 256u;
  std::vector<std::uint32_t> out(n);
  for (std::uint32_t i = 0; i < n; ++i) out[i] = i ^ 0x5a5au;
  REQUIRE(wl::initial<std::uint32_t>(r.config, "out").size() == n);
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "out"), out, "out");
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "out2"), out, "out2");
  wl::check_unchanged<std::uint32_t>(r, "out3");
  wl::check_unchanged<std::uint32_t>(r, "in");
}

TEST_CASE("ubench_exit_drain: 1 and 8 waves exiting after nothing, a store, a store and a fence, a load (H200, sm_90a PTX)",
          "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_exit_drain")));
}

TEST_CASE("ubench_exit_drain: 1 and 8 waves exiting after nothing, a store, a store and a fence, a load (B200, sm_100a PTX)",
          "[workloads]") {
  check_run(wl::run_b200("ubench_exit_drain"));
}

}  // namespace WARPSIM_UNITY_ID
