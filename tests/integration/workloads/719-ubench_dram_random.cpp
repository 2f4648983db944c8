// Workload test ubench_dram_random (traces/ubench_dram_random): random reads of cold lines. lat_walk (4 one-warp
// launches: 1 or 32 lanes, pass 0 on cold lines, pass 1 on the same lines again), tlb_walk (11 one-thread launches:
// a line per 2 MiB or 64 KiB, a warm pass then L2 hits), rand_tput (6 launches of independent random loads, and
// stores of zero).
// Every value read is zero (the table is), so out stays zero and the table unchanged; timed, every step of a walk
// takes time, a cold pass longer than the hot pass over the same lines, and 32 lanes at least as long as one.
// Timed and functional on the H200 (sm_90a PTX), functional on the B200 (sm_100a PTX).
// Leaves out: the cycle counts (traces/ubench_dram_random/h100.json; the DRAM refresh is tested in 720).
#include "workload_util.hpp"

#include <algorithm>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

constexpr std::size_t kSteps = 1024;

std::uint32_t median(std::vector<std::uint32_t> v) {
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
  return v[v.size() / 2];
}

void check_run(const wl::sim::RunResult& r, bool timed) {
  const auto& kernels = r.config.kernels;
  REQUIRE(kernels.size() == 21);
  for (std::size_t k = 0; k < kernels.size(); ++k) {
    const std::string& e = kernels[k].entry;
    const unsigned grid = kernels[k].grid.x, warps = grid * kernels[k].block.x / 32;
    CHECK(e == (k < 4 ? "lat_walk" : k < 15 ? "tlb_walk" : "rand_tput"));
    wl::check_launch(r, k, e, grid, warps);
  }
  for (const auto v : wl::final_contents<std::uint32_t>(r, "out")) CHECK(v == 0);
  // The 1 GiB table: lazily allocated, so read back a few places only (the walks' first lines among them).
  for (const std::uint64_t word : {0ull, 1ull << 20, 67108864ull, 201326592ull, 268435455ull}) {
    std::uint32_t v = 1;
    r.read_buffer(0, word * 4, 4, reinterpret_cast<std::byte*>(&v));
    CHECK(v == 0);
  }
  if (!timed) return;
  const auto cyc = wl::final_contents<std::uint64_t>(r, "cyc");
  const auto lat = wl::final_contents<std::uint32_t>(r, "lat");
  for (std::size_t s = 0; s < 19; ++s) CHECK(cyc[s] != 0);
  std::uint32_t one_lane_cold = 0;
  for (std::size_t w = 0; w < 4; ++w) {
    INFO("lat_walk launch " << w);
    const std::vector<std::uint32_t> cold(lat.begin() + static_cast<std::ptrdiff_t>(2 * w * kSteps),
                                          lat.begin() + static_cast<std::ptrdiff_t>((2 * w + 1) * kSteps));
    const std::vector<std::uint32_t> hot(lat.begin() + static_cast<std::ptrdiff_t>((2 * w + 1) * kSteps),
                                         lat.begin() + static_cast<std::ptrdiff_t>((2 * w + 2) * kSteps));
    CHECK(*std::min_element(cold.begin(), cold.end()) > 0);
    CHECK(*std::min_element(hot.begin(), hot.end()) > 0);
    CHECK(median(cold) > median(hot) + 200);  // DRAM against L2
    CHECK(cyc[2 * w] > cyc[2 * w + 1]);
    if (w == 1) one_lane_cold = median(cold);
    if (w == 3) CHECK(median(cold) >= one_lane_cold);
  }
}

}  // namespace

TEST_CASE("ubench_dram_random: random reads of cold lines (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_dram_random"), wl::timed_run()), true);
}

TEST_CASE("ubench_dram_random: the same, functional (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_dram_random")), false);
}

TEST_CASE("ubench_dram_random: random reads of cold lines, functional (B200, sm_100a PTX)", "[workloads]") {
  check_run(wl::run_b200("ubench_dram_random"), false);  // the timed path is the H200 run's (18 s timed here)
}

}  // namespace WARPSIM_UNITY_ID
