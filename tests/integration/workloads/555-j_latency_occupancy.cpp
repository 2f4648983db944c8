// Workload test j_latency_occupancy (traces/j_latency_occupancy, judgement set): two launches of
// `walk_accumulate(table, out, steps = 20)`, 1056 x 256 into out8 and 132 x 256 into out1. Thread t starts at
// idx = t, acc = 0 and does `steps` times idx = table[idx], acc = acc * 33 + idx (u32, wrapping), then writes
// out[t] = acc. The table (1,048,576 random u32 in [0, 2^20 - 1]) is checked to stay in range (so every walk
// does), and both outputs are compared exactly with the CPU walk; table must be unchanged.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: timing (the point of the workload is the time ratio of the two launches).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  REQUIRE(r.config.kernels.size() == 2);
  const auto table = wl::initial<std::uint32_t>(r.config, "table");
  REQUIRE(table.size() == (1u << 20));
  for (std::uint32_t v : table) REQUIRE(v < table.size());
  const char* outs[2] = {"out8", "out1"};
  const std::uint32_t ctas[2] = {1056, 132};
  for (std::size_t k = 0; k < 2; ++k) {
    const auto& spec = r.config.kernels[k];
    REQUIRE(spec.args.size() == 3);
    const std::int32_t steps = static_cast<std::int32_t>(spec.args[2].bits);
    CHECK(steps == 20);
    std::vector<std::uint32_t> out = wl::initial<std::uint32_t>(r.config, outs[k]);
    REQUIRE(out.size() == ctas[k] * 256u);
    for (std::uint32_t t = 0; t < out.size(); ++t) {
      std::uint32_t idx = t, acc = 0;
      for (std::int32_t s = 0; s < steps; ++s) {
        idx = table[idx];
        acc = acc * 33u + idx;
      }
      out[t] = acc;
    }
    wl::check_equal(wl::final_contents<std::uint32_t>(r, outs[k]), out, outs[k]);
    wl::check_launch(r, k, "walk_accumulate", ctas[k], ctas[k] * 8);
  }
  wl::check_unchanged<std::uint32_t>(r, "table");
}

TEST_CASE("j_latency_occupancy: dependent-load walk at 8 CTAs per SM and at 1 CTA per SM (H200, sm_90a PTX)",
          "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("j_latency_occupancy")));
}

TEST_CASE("j_latency_occupancy: dependent-load walk at 8 CTAs per SM and at 1 CTA per SM (B200, sm_100a PTX)",
          "[workloads]") {
  check_run(wl::run_b200("j_latency_occupancy"));
}

}  // namespace WARPSIM_UNITY_ID
