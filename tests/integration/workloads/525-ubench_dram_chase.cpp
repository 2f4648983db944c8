// Workload test ubench_dram_chase (traces/ubench_dram_chase): the setup launch's pseudo-random 4096-node cycle
// (node i -> 5i + 1 mod 4096, one node per 16 KiB of a 64 MiB buffer), the flush launch leaving its 192 MiB
// buffer untouched, and the chase: after each full pass (cold, then hot) the walk is back at index 0, which a
// CPU walk of the same chain confirms; both cycle counts are nonzero.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: the cycle counts' values (a timing-model matter: traces/ubench_dram_chase/h200.json has the H200's).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  const std::uint32_t nodes = 4096, stride = 4096;
  std::vector<std::uint32_t> a(16777216, 0);
  for (std::uint32_t i = 0; i < nodes; ++i) a[i * stride] = ((i * 5u + 1u) & (nodes - 1)) * stride;
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "a"), a, "a");
  std::vector<std::uint32_t> res(2);
  std::uint32_t j = 0;
  for (int pass = 0; pass < 2; ++pass) {
    for (std::uint32_t i = 0; i < nodes; ++i) j = a[j];
    res[pass] = j;
  }
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "res"), res, "res");
  const auto flush = wl::final_contents<std::uint32_t>(r, "flush");
  CHECK(std::all_of(flush.begin(), flush.end(), [](std::uint32_t v) { return v == 0; }));
  const auto cyc = wl::final_contents<std::uint64_t>(r, "cyc");
  CHECK(cyc[0] != 0);
  CHECK(cyc[1] != 0);
  wl::check_launch(r, 0, "chain_setup", 16, 128);
  wl::check_launch(r, 1, "flush", 528, 528 * 8);
  wl::check_launch(r, 2, "dram_chase", 1, 1);
}

TEST_CASE(
    "ubench_dram_chase: pseudo-random chain over 64 MiB, both passes end at the CPU walk's index (H200, sm_90a PTX)",
    "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_dram_chase")));
}

TEST_CASE(
    "ubench_dram_chase: pseudo-random chain over 64 MiB, both passes end at the CPU walk's index (B200, sm_100a PTX)",
    "[workloads]") {
  check_run(wl::run_b200("ubench_dram_chase"));
}

}  // namespace WARPSIM_UNITY_ID
