// Workload test j_gather (traces/j_gather, judgement set): two launches of `gather_f32` (3584 x 256 threads,
// n = 917,504, one output per thread): out_small[i] = in_small[idx_small[i]] from a 1,048,576-float table and
// out_big[i] = in_big[idx_big[i]] from a 33,554,432-float table. The indices come from the config's random
// init; the test first checks every one is inside its table (the kernel does not check), then compares both
// outputs bit for bit with a CPU gather; every input buffer must be unchanged.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: timing.
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_gather(const wl::sim::RunResult& r, std::size_t k, const std::string& table, const std::string& idx,
                         const std::string& out_name, std::size_t want_table) {
  constexpr std::uint32_t kN = 917504;
  const auto& spec = r.config.kernels[k];
  REQUIRE(spec.args.size() == 4);
  CHECK(spec.args[3].bits == kN);
  const auto in = wl::initial<float>(r.config, table);
  const auto ix = wl::initial<std::uint32_t>(r.config, idx);
  REQUIRE(in.size() == want_table);
  REQUIRE(ix.size() == kN);
  const std::uint32_t top = *std::max_element(ix.begin(), ix.end());
  REQUIRE(top < in.size());
  CHECK(top > in.size() - in.size() / 1024);  // the indices span the table
  std::vector<float> out(kN);
  for (std::uint32_t i = 0; i < kN; ++i) out[i] = in[ix[i]];
  wl::check_equal(wl::final_contents<float>(r, out_name), out, out_name);
  wl::check_unchanged<float>(r, table);
  wl::check_unchanged<std::uint32_t>(r, idx);
}

static void check_run(const wl::sim::RunResult& r) {
  REQUIRE(r.config.kernels.size() == 2);
  check_gather(r, 0, "in_small", "idx_small", "out_small", std::size_t{1} << 20);
  check_gather(r, 1, "in_big", "idx_big", "out_big", std::size_t{1} << 25);
  wl::check_launch(r, 0, "gather_f32", 3584, 3584 * 8);
  wl::check_launch(r, 1, "gather_f32", 3584, 3584 * 8);
}

TEST_CASE("j_gather: random f32 gather from a 4 MiB and a 128 MiB table (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("j_gather")));
}

TEST_CASE("j_gather: random f32 gather from a 4 MiB and a 128 MiB table (B200, sm_100a PTX)", "[workloads]") {
  check_run(wl::run_b200("j_gather"));
}

}  // namespace WARPSIM_UNITY_ID
