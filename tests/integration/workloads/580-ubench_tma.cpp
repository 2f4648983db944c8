// Workload test ubench_tma (traces/ubench_tma): bursts of 2-D TMA loads through 1 to 32 tensor maps (tma_serial) and
// rings of TMA loads, multicast to clusters of 2 and 4 or plain, on one CTA and on 132 (tma_ring). The CPU reference
// replays every lane's u32 sum: the words it read while warming L2 (A[k], k = lane mod 32, k < 32768) plus, for each
// load i of its launch, A[2048 (i % 16) + lane] + i (only i for the arrive-only launches), so a load that landed the
// wrong tile, or a multicast that missed a CTA, fails. Each launch's clock cycles (cyc[2 slot]) must be nonzero.
// Timed (as configured, H200 and sm_90a PTX), functional, and on B200 with the sm_100a PTX.
// Leaves out: the cycle counts' values (traces/ubench_tma/h200.json holds the H200's; `warpsim validate` compares).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

constexpr unsigned kLanes = 32, kWarmWords = 16 * 64 * 32;

void check_run(const wl::sim::RunResult& r, bool timed) {
  const auto a = wl::initial<std::uint32_t>(r.config, "A");
  std::vector<std::uint32_t> warm(kLanes, 0);
  for (unsigned k = 0; k < kWarmWords; ++k) warm[k % kLanes] += a[k];
  std::vector<std::uint32_t> want(wl::buffer_spec(r.config, "out").count, 0);
  const auto cyc = wl::final_contents<std::uint64_t>(r, "cyc");
  for (std::size_t launch = 0; launch < r.config.kernels.size(); ++launch) {
    const auto& k = r.config.kernels[launch];
    const auto arg = [&](std::size_t i) { return static_cast<unsigned>(k.args.at(i).bits); };
    const bool serial = k.entry == "tma_serial";
    const unsigned slot = arg(4), bytes = arg(7);
    // tma_serial: n maps, r + 1 passes, bursts of arg(9) loads; tma_ring: `loads` loads.
    const unsigned loads = serial ? arg(5) * (arg(6) + 1) * arg(9) : arg(6);
    const unsigned ctas = k.grid.x, cluster = k.cluster ? k.cluster->x : 1;
    for (unsigned b = 0; b < ctas; ++b)
      for (unsigned lane = 0; lane < kLanes; ++lane) {
        std::uint32_t sum = warm[lane];
        for (unsigned i = 0; i < loads; ++i) sum += (bytes == 0 ? 0u : a[2048 * (i % 16) + lane]) + i;
        want.at(kLanes * (slot + b) + lane) = sum;
      }
    if (timed) {
      INFO("launch " << launch << " (" << k.entry << ", slot " << slot << ")");
      for (unsigned c = 0; c < ctas / cluster; ++c) {
        CHECK(cyc.at(2 * (slot + c)) > 0);
        if (serial) CHECK(cyc.at(2 * (slot + c) + 1) > 0);
      }
    }
  }
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "out"), want, "out");
  wl::check_unchanged<std::uint32_t>(r, "A");
  // The one-CTA launches and the two of 132 CTAs (one per SM).
  for (std::size_t launch = 0; launch < r.config.kernels.size(); ++launch) {
    const auto& k = r.config.kernels[launch];
    wl::check_launch(r, launch, k.entry, k.grid.x, k.grid.x);
  }
  CHECK(r.config.kernels.at(29).grid.x == 132);
  CHECK(r.config.kernels.at(30).grid.x == 132);
}

}  // namespace

TEST_CASE("ubench_tma: serial, multi-map, ring and multicast TMA loads (H200, sm_90a PTX), timed and functional",
          "[workloads][cluster][tma]") {
  for (const bool functional : {false, true}) {
    INFO((functional ? "functional" : "timed"));
    wl::sim::RunOptions opts;
    opts.functional_only = functional;
    check_run(wl::sim::run_file(wl::trace_json("ubench_tma"), opts), !functional);
  }
}

TEST_CASE("ubench_tma on B200 (sm_100a PTX)", "[workloads][cluster][tma]") {
  check_run(wl::run_b200("ubench_tma"), true);
}

}  // namespace WARPSIM_UNITY_ID
