// Workload test j_scatter (traces/j_scatter, judgement set). Launch 0, `scatter_perm` (4096 x 256): for
// i < n = 2^20, out[(i * P) mod 2^32 & (n - 1)] = in[i] with P = 2654435761 (odd, so a bijection on [0, n)):
// the replay checks every out slot is written exactly once and compares out bit for bit. Launch 1,
// `scatter_add` (2048 x 256): for i < 2^19, bins[slot[i]] += val[i] in u32 (wrapping) arithmetic: the sums
// do not depend on the atomics' order, so bins is compared exactly with a sequential CPU sum (slots checked
// to be inside the 131,072 bins first). in, slot and val must be unchanged.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: timing.
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  REQUIRE(r.config.kernels.size() == 2);
  const auto& perm = r.config.kernels[0];
  const auto& add = r.config.kernels[1];
  REQUIRE(perm.args.size() == 4);
  REQUIRE(add.args.size() == 4);
  const std::uint32_t n = static_cast<std::uint32_t>(perm.args[2].bits);
  const std::uint32_t p = static_cast<std::uint32_t>(perm.args[3].bits);
  CHECK(n == (1u << 20));
  CHECK(p == 2654435761u);
  REQUIRE((n & (n - 1)) == 0);

  const auto in = wl::initial<float>(r.config, "in");
  REQUIRE(in.size() == n);
  std::vector<float> out = wl::initial<float>(r.config, "out");
  REQUIRE(out.size() == n);
  std::vector<std::uint8_t> hits(n, 0);
  for (std::uint32_t i = 0; i < n; ++i) {
    const std::uint32_t d = (i * p) & (n - 1);
    out[d] = in[i];
    ++hits[d];
  }
  CHECK(std::all_of(hits.begin(), hits.end(), [](std::uint8_t h) { return h == 1; }));  // a permutation
  wl::check_equal(wl::final_contents<float>(r, "out"), out, "out");
  wl::check_unchanged<float>(r, "in");

  const std::uint32_t na = static_cast<std::uint32_t>(add.args[3].bits);
  CHECK(na == (1u << 19));
  const auto slot = wl::initial<std::uint32_t>(r.config, "slot");
  const auto val = wl::initial<std::uint32_t>(r.config, "val");
  std::vector<std::uint32_t> bins = wl::initial<std::uint32_t>(r.config, "bins");
  REQUIRE(slot.size() == na);
  REQUIRE(val.size() == na);
  REQUIRE(bins.size() == (1u << 17));
  for (std::uint32_t i = 0; i < na; ++i) {
    REQUIRE(slot[i] < bins.size());
    bins[slot[i]] += val[i];
  }
  const auto used = std::count_if(bins.begin(), bins.end(), [](std::uint32_t b) { return b != 0; });
  CHECK(used > 120000);  // about 1 - e^-4 of the bins get an add (some add 0s)
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "bins"), bins, "bins");
  wl::check_unchanged<std::uint32_t>(r, "slot");
  wl::check_unchanged<std::uint32_t>(r, "val");

  wl::check_launch(r, 0, "scatter_perm", 4096, 4096 * 8);
  wl::check_launch(r, 1, "scatter_add", 2048, 2048 * 8);
}

TEST_CASE("j_scatter: permutation scatter of 2^20 f32 and u32 atomicAdd scatter into random bins (H200, sm_90a PTX)",
          "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("j_scatter")));
}

TEST_CASE("j_scatter: permutation scatter of 2^20 f32 and u32 atomicAdd scatter into random bins (B200, sm_100a PTX)",
          "[workloads]") {
  check_run(wl::run_b200("j_scatter"));
}

}  // namespace WARPSIM_UNITY_ID
