// Workload test ubench_partial_hold (traces/ubench_partial_hold): every thread writes the first 16 bytes of k random
// sectors of a 16 MiB buffer, waits, then writes the other 16 bytes. Functional: launches run alone from the zeroed
// buffer with their delay set to 0 (the functional model's clock counts instructions, so the spin loops of the
// measured delays would only cost time here) and the CPU replays them: 132 CTAs with k = 1, 2 and 8, and 132 CTAs
// with k = 1 staggered by one cycle a warp; the replay checks that each launch's sectors are distinct. Leaves out:
// the cycles and DRAM bytes (measured on an H100, h100.json; traces/README.md compares them).
#include "workload_util.hpp"

#include <bit>
#include <set>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

constexpr std::uint32_t kP = 2654435761u;

// What a launch of n threads with k sectors each leaves in `out` (u32 words, eight a sector).
void replay(std::vector<std::uint32_t>& out, std::uint32_t n, std::uint32_t k) {
  const std::uint32_t sectors = std::bit_ceil(k * n);
  std::set<std::uint32_t> seen;
  for (std::uint32_t t = 0; t < n; ++t)
    for (std::uint32_t j = 0; j < k; ++j) {
      const std::uint32_t s = ((j * n + t) * kP) & (sectors - 1);
      seen.insert(s);
      const std::uint32_t words[8] = {t, j, 0, 1, t, j, 2, 3};
      for (std::uint32_t w = 0; w < 8; ++w) out.at(std::size_t{s} * 8 + w) = words[w];
    }
  CHECK(seen.size() == std::size_t{k} * n);  // every sector once
}

}  // namespace

TEST_CASE("ubench_partial_hold: k random sectors a thread written in two halves (H200, sm_90a PTX)", "[workloads]") {
  const auto c = wl::cfg::load_run_config(wl::trace_json("ubench_partial_hold"));
  REQUIRE(c.kernels.size() == 16);
  const std::size_t words = wl::buffer_spec(c, "out").count;
  REQUIRE(words == std::size_t{1} << 22);
  // Launches 9 (k = 1, delay 0), 6 (k = 2) and 8 (k = 8) with no delay, and 9 staggered by one cycle a warp.
  for (const auto& [launch, stagger] : std::vector<std::pair<std::size_t, std::uint64_t>>{{9, 0}, {6, 0}, {8, 0}, {9, 1}}) {
    INFO("launch " << launch << ", stagger " << stagger);
    auto one = wl::only_launches(c, {launch});
    one.kernels[0].args.at(2).bits = 0;
    one.kernels[0].args.at(3).bits = stagger;
    const auto r = wl::sim::run(one);
    wl::check_launch(r, 0, "ph", 132, 132 * 8);
    const std::uint32_t n = one.kernels[0].grid.x * one.kernels[0].block.x;
    const auto k = static_cast<std::uint32_t>(one.kernels[0].args.at(1).bits);
    std::vector<std::uint32_t> want(words, 0);
    replay(want, n, k);
    wl::check_equal(wl::final_contents<std::uint32_t>(r, "out"), want, "out");
  }
}

}  // namespace WARPSIM_UNITY_ID
