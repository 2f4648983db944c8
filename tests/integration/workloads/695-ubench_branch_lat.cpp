// Workload test ubench_branch_lat (traces/ubench_branch_lat): 13 one-warp launches of branch_lat, each a loop shape of
// ptxas's control flow (counted and data-exit loops of IMAD chains, an `if` region around an inner loop taken
// uniformly or by half the warp, a parameter compared inside a loop, a division with an mbarrier arrive (and wait)
// by one lane and __syncwarp). out[32 slot + lane] = x + y + q of the lane against a CPU replay of each mode; every
// cyc[slot] is nonzero. Runs timed and functional, H200 (sm_90a PTX) and B200 (sm_100a PTX).
// Leaves out: the cycle counts' values (traces/ubench_branch_lat/h100.json).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

struct Launch {
  int mode, n;
  std::uint32_t stop;
  int m, sel, flag, d;
};

std::uint32_t step(std::uint32_t x, std::uint32_t a, std::uint32_t c) { return x * a + c; }

// x + y + q of `lane` after branch_lat's loop for launch `l` (ubench_branch_lat.cu).
std::uint32_t reference(const Launch& l, std::uint32_t lane) {
  const std::uint32_t u = lane * static_cast<std::uint32_t>(l.sel);
  std::uint32_t x = 7 + u, y = lane, q = 0;
  const auto quad = [&] {
    x = step(x, 3, 1);
    x = step(x, 5, 3);
    x = step(x, 7, 5);
    x = step(x, 9, 7);
  };
  switch (l.mode) {
    case 0:
      for (int i = 0; i < l.n; ++i) x = step(x, 3, 1);
      break;
    case 1:
      do x = step(x, 3, 1);
      while ((x >> 8) != l.stop);
      break;
    case 2:
      for (int i = 0; i < l.n; ++i) quad();
      break;
    case 3:
      do quad();
      while ((x >> 8) != l.stop);
      break;
    case 4:
      for (int i = 0; i < l.n; ++i) {
        x = step(x, 3, 1);
        if (((static_cast<std::uint32_t>(i) ^ u) & 1u) == 0)
          for (int j = 0; j < l.m; ++j) y = y * 5 + x;
      }
      break;
    case 5:
      do {
        x = step(x, 3, 1);
        if (l.flag == 1) x ^= 0x55u;
      } while ((x >> 8) != l.stop);
      break;
    default:
      for (int i = 0; i < l.n; ++i) q += static_cast<std::uint32_t>(i) / static_cast<std::uint32_t>(l.d);
      break;
  }
  return x + y + q;
}

void check_run(const wl::sim::RunResult& r) {
  const auto& kernels = r.config.kernels;
  REQUIRE(kernels.size() == 13);
  std::vector<std::uint32_t> out(32 * 13, 0);
  for (std::size_t k = 0; k < 13; ++k) {
    wl::check_launch(r, k, "branch_lat", 1, 1);
    const auto& a = kernels[k].args;  // cyc, out, slot, mode, n, stop, m, sel, flag, d
    const auto v = [&](std::size_t i) { return static_cast<std::uint32_t>(a[i].bits); };
    const Launch l{static_cast<int>(v(3)), static_cast<int>(v(4)), v(5), static_cast<int>(v(6)), static_cast<int>(v(7)),
                   static_cast<int>(v(8)), static_cast<int>(v(9))};
    REQUIRE(v(2) == k);
    for (std::uint32_t lane = 0; lane < 32; ++lane) out[32 * k + lane] = reference(l, lane);
  }
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "out"), out, "out");
  for (const auto c : wl::final_contents<std::uint64_t>(r, "cyc")) CHECK(c != 0);
}

}  // namespace

TEST_CASE("ubench_branch_lat: 13 loop shapes of ptxas's control flow (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_branch_lat"), wl::timed_run()));
}

TEST_CASE("ubench_branch_lat: the same, functional (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_branch_lat")));
}

TEST_CASE("ubench_branch_lat: 13 loop shapes of ptxas's control flow (B200, sm_100a PTX)", "[workloads]") {
  check_run(wl::run_b200("ubench_branch_lat", wl::timed_run()));
}

}  // namespace WARPSIM_UNITY_ID
