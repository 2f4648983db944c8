// Workload test ubench_store_rand (traces/ubench_store_rand): 2048 CTAs of 256 threads storing into one 8 MiB buffer,
// every store to its own place through j -> j * 2654435761 mod 2^k: 4-byte words (mode 0), 16-byte units (1), lane
// pairs covering a sector (2), 8 lanes covering a line (3), consecutive 16-byte units (4). Functional: each launch
// runs alone from the zeroed buffer and the CPU replays it (the replay checks that the indices are a permutation of
// the buffer's units); on the B200 model the five run in order and the buffer ends as mode 4 leaves it. Leaves out:
// the cycles (traces/README.md compares them with the H100's).
#include "workload_util.hpp"

#include <set>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

constexpr std::uint32_t kP = 2654435761u;

// What launch `mode` of n threads leaves in `out`.
void replay(std::vector<std::uint32_t>& out, unsigned mode, std::uint32_t n) {
  if (mode == 0) {
    for (std::uint32_t k = 0; k < 4; ++k)
      for (std::uint32_t t = 0; t < n; ++t) {
        const std::uint32_t j = k * n + t;
        out.at((j * kP) & (4 * n - 1)) = j;
      }
    return;
  }
  std::set<std::uint32_t> units;
  for (std::uint32_t t = 0; t < n; ++t) {
    const std::uint32_t unit = mode == 1 ? (t * kP) & (n - 1)
                               : mode == 2 ? (((t >> 1) * kP) & (n / 2 - 1)) * 2 + (t & 1)
                               : mode == 3 ? (((t >> 3) * kP) & (n / 8 - 1)) * 8 + (t & 7)
                                           : t;
    units.insert(unit);
    for (std::uint32_t w = 0; w < 4; ++w) out.at(std::size_t{unit} * 4 + w) = t;
  }
  CHECK(units.size() == n);  // a permutation of the buffer's 16-byte units
}

}  // namespace

TEST_CASE("ubench_store_rand: random words, half sectors, sectors, lines and a stream of stores (H200, sm_90a PTX)",
          "[workloads]") {
  const auto c = wl::cfg::load_run_config(wl::trace_json("ubench_store_rand"));
  REQUIRE(c.kernels.size() == 5);
  const std::uint32_t n = c.kernels[0].grid.x * c.kernels[0].block.x;
  REQUIRE(wl::buffer_spec(c, "out").count == 4 * std::size_t{n});
  // Each launch alone from the zeroed buffer.
  for (std::size_t launch = 0; launch < 5; ++launch) {
    INFO("launch " << launch);
    const auto r = wl::sim::run(wl::only_launches(c, {launch}));
    wl::check_launch(r, 0, "st_rand", 2048, 2048 * 8);
    std::vector<std::uint32_t> want(4 * std::size_t{n}, 0);
    replay(want, static_cast<unsigned>(c.kernels[launch].args.at(1).bits), n);
    wl::check_equal(wl::final_contents<std::uint32_t>(r, "out"), want, "out");
  }
}

TEST_CASE("ubench_store_rand: the five launches in order (B200, sm_100a PTX)", "[workloads]") {
  const auto r = wl::sim::run(wl::b200_config("ubench_store_rand"));
  REQUIRE(r.kernels.size() == 5);
  const std::uint32_t n = r.config.kernels[0].grid.x * r.config.kernels[0].block.x;
  std::vector<std::uint32_t> want(4 * std::size_t{n}, 0);
  replay(want, 4, n);  // every unit rewritten by the last launch
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "out"), want, "out");
}

}  // namespace WARPSIM_UNITY_ID
