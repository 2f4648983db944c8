// Workload test ubench_tma_dram (traces/ubench_tma_dram): 2-D TMA tensor loads of cold lines, 1 to 128 rows a copy,
// one copy at a time or four in flight, on one CTA and on 132. The CPU reference replays every lane's u32 sum: for
// each load g = b * loads + i of CTA b, the word at row row0 + rows (g % bands) + lane % rows, column
// 32 (g / bands) + lane of the launch's tensor map over the iota table (word k holds k), so a copy that landed the
// wrong box, rows or stage fails. Timed, every stamp is ordered as the kernel forces (each load's full barrier after
// its issue; with one stage, each issue after the full barrier before), and a copy of 128 rows takes longer than a
// copy of one line. Timed and functional on the H200 with the sm_90a PTX, timed on the B200 with the sm_100a PTX.
// Leaves out: the cycle values (traces/ubench_tma_dram/h100.json holds an H100's; traces/README.md compares them).
#include "workload_util.hpp"

#include <algorithm>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

constexpr unsigned kLanes = 32;

std::uint64_t median(std::vector<std::uint64_t> v) {
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
  return v[v.size() / 2];
}

void check_run(const wl::sim::RunResult& r, bool timed, bool contended = true) {
  const auto& kernels = r.config.kernels;
  REQUIRE(kernels.size() == 9);
  std::vector<std::uint32_t> want(wl::buffer_spec(r.config, "out").count, 0);
  const auto cyc = wl::final_contents<std::uint64_t>(r, "cyc");
  std::vector<std::uint64_t> median_latency;
  for (std::size_t launch = 0; launch < kernels.size(); ++launch) {
    const auto& k = kernels[launch];
    INFO("launch " << launch);
    const auto arg = [&](std::size_t i) { return static_cast<std::uint64_t>(k.args.at(i).bits); };
    const auto& map = k.args.at(0).tensor_map.map;
    const std::uint64_t pitch_words = map.strides.at(0) / 4;
    const std::uint64_t slot = arg(3), oslot = arg(4), rows = arg(5), stages = arg(6), loads = arg(7),
                        bands = arg(8), row0 = arg(9);
    CHECK(map.box.at(1) == rows);
    const unsigned ctas = k.grid.x;
    wl::check_launch(r, launch, "tma_dram", ctas, ctas);
    std::vector<std::uint64_t> latency;
    for (unsigned b = 0; b < ctas; ++b) {
      for (unsigned lane = 0; lane < kLanes; ++lane) {
        std::uint32_t sum = 0;
        for (std::uint64_t i = 0; i < loads; ++i) {
          const std::uint64_t g = b * loads + i;
          const std::uint64_t row = row0 + rows * (g % bands) + lane % rows, col = 32 * (g / bands) + lane;
          sum += static_cast<std::uint32_t>(row * pitch_words + col);
        }
        want.at(kLanes * (oslot + b) + lane) = sum;
      }
      if (!timed) continue;
      for (std::uint64_t i = 0; i < loads; ++i) {
        const std::uint64_t at = 2 * (slot + b * loads + i);
        CHECK(cyc.at(at + 1) > cyc.at(at));
        if (stages == 1 && i > 0) CHECK(cyc.at(at) > cyc.at(at - 1));
        latency.push_back(cyc.at(at + 1) - cyc.at(at));
      }
    }
    if (timed) median_latency.push_back(median(latency));
  }
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "out"), want, "out");
  for (const std::uint64_t word : {0ull, 1ull << 20, 27262976ull, 134217727ull}) {
    std::uint32_t v = 0;
    r.read_buffer(0, word * 4, 4, reinterpret_cast<std::byte*>(&v));
    CHECK(v == static_cast<std::uint32_t>(word));
  }
  if (timed) {
    CHECK(median_latency.at(3) > median_latency.at(0));  // 128 lines against one
    INFO("median latency: one SM " << median_latency.at(5) << ", every SM " << median_latency.at(7));
    // Every SM streaming against one: slower on the H200 model; on the B200's (twice the DRAM bandwidth, no
    // measurement) its copies wait no longer since stores stopped holding loads back (mem.l2_store_queue, 2026-12-07).
    if (contended) CHECK(median_latency.at(7) > median_latency.at(5));
    else CHECK(median_latency.at(7) >= median_latency.at(5));
  }
}

}  // namespace

TEST_CASE("ubench_tma_dram: TMA loads of cold lines (H200, sm_90a PTX), timed", "[workloads][tma]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_tma_dram"), wl::timed_run()), true);
}

TEST_CASE("ubench_tma_dram: the same, functional (H200, sm_90a PTX)", "[workloads][tma]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_tma_dram")), false);
}

TEST_CASE("ubench_tma_dram: TMA loads of cold lines (B200, sm_100a PTX), timed", "[workloads][tma]") {
  check_run(wl::run_b200("ubench_tma_dram", wl::timed_run()), true, false);
}

}  // namespace WARPSIM_UNITY_ID
