// Workload test ubench_uncoalesced (traces/ubench_uncoalesced): one warp, lane l at word l * stride + (i & 31);
// slot 0 stride 32 (32 lines per warp access), slot 1 stride 1 (one line). A CPU replay of both launches gives:
// out[slot * 32 + lane] = the lane's u32 sum of its 32 warm-up loads a[l * stride + i] (i = 0..31) and its 256 timed
// loads a[l * stride + (i & 31)] (a = iota, unchanged); b after both launches, replaying every lane's stores
// b[l * stride + (i & 31)] = i (i = 0..255) in program order, slot 0 then slot 1 (last writer wins). Within one
// store instruction the 32 lanes write 32 distinct words (l * stride + c is injective in l for stride 1 and 32),
// and all of them write the same value i anyway, so no same-instruction write conflict has to be resolved: every
// word of b is checked. cyc nonzero in all 4 slots (loads and stores of both launches).
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: the cycle counts' values (a timing-model matter).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  const auto a = wl::initial<std::uint32_t>(r.config, "a");
  auto b = wl::initial<std::uint32_t>(r.config, "b");
  REQUIRE(a.size() == 4096u);
  REQUIRE(b.size() == 4096u);
  std::vector<std::uint32_t> out = wl::initial<std::uint32_t>(r.config, "out");
  REQUIRE(out.size() == 64u);
  REQUIRE(r.config.kernels.size() == 2);
  const std::uint32_t strides[2] = {32, 1};
  constexpr std::uint32_t kN = 256;
  for (std::uint32_t slot = 0; slot < 2; ++slot) {
    const auto& k = r.config.kernels[slot];
    REQUIRE(k.args.size() == 7);
    CHECK(k.args[4].bits == strides[slot]);
    CHECK(k.args[5].bits == kN);
    CHECK(k.args[6].bits == slot);
    const std::uint32_t s = strides[slot];
    for (std::uint32_t l = 0; l < 32; ++l) {
      std::uint32_t x = 0;
      for (std::uint32_t i = 0; i < 32; ++i) x += a.at(l * s + i);
      for (std::uint32_t i = 0; i < kN; ++i) x += a.at(l * s + (i & 31));
      out[slot * 32 + l] = x;
    }
    for (std::uint32_t i = 0; i < kN; ++i) {
      for (std::uint32_t l = 0; l < 32; ++l) b.at(l * s + (i & 31)) = i;
    }
    wl::check_launch(r, slot, "uncoalesced", 1, 1);
  }
  // With a = iota: lane l of slot 0 sums 9 passes over words 32l .. 32l + 31, i.e. 9 * (1024 l + 496).
  CHECK(out[5] == 9u * (1024u * 5 + 496));
  CHECK(out[32 + 5] == 9u * (32u * 5 + 496));
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "out"), out, "out");
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "b"), b, "b");
  wl::check_unchanged<std::uint32_t>(r, "a");
  const auto cyc = wl::final_contents<std::uint64_t>(r, "cyc");
  for (std::size_t i = 0; i < cyc.size(); ++i) {
    INFO("cyc[" << i << "] = " << cyc[i]);
    CHECK(cyc[i] != 0);
  }
}

TEST_CASE("ubench_uncoalesced: one warp's loads and stores at stride 32 and stride 1 (H200, sm_90a PTX)",
          "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_uncoalesced")));
}

TEST_CASE("ubench_uncoalesced: one warp's loads and stores at stride 32 and stride 1 (B200, sm_100a PTX)",
          "[workloads]") {
  check_run(wl::run_b200("ubench_uncoalesced"));
}

}  // namespace WARPSIM_UNITY_ID
