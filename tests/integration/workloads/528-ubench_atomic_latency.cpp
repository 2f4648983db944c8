// Workload test ubench_atomic_latency (traces/ubench_atomic_latency): 1024 dependent r = atomicAdd(p, r + 1) by one
// thread on a global word and then on a shared word, both from 0. A CPU mirror gives the final r and word
// (u32, wrapping); res = {r, g[0], r, shared word}, g[0] the global word, both cycle counts nonzero. (The H200 gave
// r = 3422273820, word = 4144667479: the same.)
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: the cycle counts' values (a timing-model matter: traces/ubench_atomic_latency/h200.json has the H200's).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  std::uint32_t word = 0, ret = 0;
  for (int i = 0; i < 1024; ++i) {
    const std::uint32_t old = word;
    word += ret + 1;
    ret = old;
  }
  CHECK(ret == 3422273820u);
  CHECK(word == 4144667479u);
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "res"), std::vector<std::uint32_t>{ret, word, ret, word}, "res");
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "g"), std::vector<std::uint32_t>{word}, "g");
  for (const auto c : wl::final_contents<std::uint64_t>(r, "cyc")) CHECK(c != 0);
  wl::check_launch(r, 0, "atomic_latency", 1, 1);
}

TEST_CASE("ubench_atomic_latency: dependent global and shared atomicAdd chains (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_atomic_latency")));
}

TEST_CASE("ubench_atomic_latency: dependent global and shared atomicAdd chains (B200, sm_100a PTX)", "[workloads]") {
  check_run(wl::run_b200("ubench_atomic_latency"));
}

}  // namespace WARPSIM_UNITY_ID
