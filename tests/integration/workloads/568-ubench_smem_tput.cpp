// Workload test ubench_smem_tput (traces/ubench_smem_tput): ten one-CTA launches of W warps issuing r x 8
// independent shared-memory accesses with lane stride `stride` (1- to 32-way bank conflicts). The CPU replays them:
// smem_tput_ld's thread t of launch k leaves out[k * 1024 + t] = t ^ (the XOR of every word it read, s[w] = w);
// smem_tput_st's launch k leaves out[k * 1024] = the number of distinct words stored to, the rest zero. Each
// launch's entry, CTAs and warps are checked, and every cyc[k] is nonzero.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: the cycle counts' values (traces/ubench_smem_tput/h200.json; test 746 checks the pipe's throughput).
#include "workload_util.hpp"

#include <set>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {
std::uint32_t word(std::uint32_t lane, std::uint32_t stride, std::uint32_t i, std::uint32_t u) {
  return (lane * stride + ((8 * i + u) & 1023u)) & 2047u;
}
}  // namespace

static void check_run(const wl::sim::RunResult& r) {
  REQUIRE(r.config.kernels.size() == 10);
  std::vector<std::uint32_t> out(10 * 1024, 0);
  for (std::size_t k = 0; k < 10; ++k) {
    const auto& args = r.config.kernels[k].args;
    const auto rounds = static_cast<std::uint32_t>(args[2].bits);
    const auto stride = static_cast<std::uint32_t>(args[3].bits);
    REQUIRE(args[4].bits == k);
    const auto threads = r.config.kernels[k].block.x;
    const bool load = k < 7;
    wl::check_launch(r, k, load ? "smem_tput_ld" : "smem_tput_st", 1, threads / 32);
    if (load) {
      for (std::uint32_t t = 0; t < threads; ++t) {
        std::uint32_t v = t;
        for (std::uint32_t i = 0; i < rounds; ++i)
          for (std::uint32_t u = 0; u < 8; ++u) v ^= word(t % 32, stride, i, u);
        out[k * 1024 + t] = v;
      }
    } else {
      std::set<std::uint32_t> words;
      for (std::uint32_t lane = 0; lane < 32; ++lane)
        for (std::uint32_t i = 0; i < rounds; ++i)
          for (std::uint32_t u = 0; u < 8; ++u) words.insert(word(lane, stride, i, u));
      out[k * 1024] = static_cast<std::uint32_t>(words.size());
    }
  }
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "out"), out, "out");
  for (const auto c : wl::final_contents<std::uint64_t>(r, "cyc")) CHECK(c != 0);
}

TEST_CASE("ubench_smem_tput: conflicting shared loads and stores from 1 to 32 warps (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_smem_tput")));
}

TEST_CASE("ubench_smem_tput: conflicting shared loads and stores from 1 to 32 warps (B200, sm_100a PTX)",
          "[workloads]") {
  check_run(wl::run_b200("ubench_smem_tput"));
}

}  // namespace WARPSIM_UNITY_ID
