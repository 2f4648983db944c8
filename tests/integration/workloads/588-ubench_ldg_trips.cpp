// Workload test ubench_ldg_trips (traces/ubench_ldg_trips): wgmma_gemm's epilogue without the GEMM, CTAs of 8 warps
// walking 128 x 128 f32 tiles of cold lines in 32 dependent round trips a thread, tiles laid out as the GEMM's C,
// 512 KiB apart or contiguous. The CPU reference replays every element: the read-modify-write launches leave
// C[w] = (tid + i) + 0.5 C[w] at each tile element (the thread and pair index that own it in wgmma's fragment order),
// the loads-only launches write each thread's sequential f32 sum of its 32 pairs' sums, and every word of C outside
// the read-modify-write tiles stays as the iota table had it; so a tile misplaced, a fragment element swapped or a
// dependent address taken wrong fails. Timed, every warp's end stamp follows its first load, a warp's 32 trips take
// at least 32 L2 round trips, and the timed and functional runs leave the same buffers.
// Timed on the H200 with the sm_90a PTX (the run's functional results are checked with it; test 793 runs the
// workload functionally and compares both runs' buffers).
// Leaves out: the cycle values (traces/README.md compares them with the GPU's).
#include "workload_util.hpp"

#include <algorithm>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

constexpr unsigned kThreads = 256, kWarps = 8, kTrips = 32;

void check_run(const wl::sim::RunResult& r, bool timed) {
  const auto& kernels = r.config.kernels;
  REQUIRE(kernels.size() == 11);
  std::vector<float> c = wl::initial<float>(r.config, "C");
  std::vector<float> out(wl::buffer_spec(r.config, "out").count, 0.f);
  const auto cyc = wl::final_contents<std::uint64_t>(r, "cyc");
  std::size_t changed = 0;  // elements the read-modify-write launches gave a new value
  for (std::size_t launch = 0; launch < kernels.size(); ++launch) {
    const auto& k = kernels[launch];
    INFO("launch " << launch);
    const auto arg = [&](std::size_t i) { return static_cast<std::uint64_t>(k.args.at(i).bits); };
    const std::uint64_t base = arg(1), sx = arg(2), sy = arg(3), pitch = arg(4), mode = arg(5), slot = arg(7),
                        oslot = arg(9);
    const unsigned gx = k.grid.x, gy = k.grid.y;
    wl::check_launch(r, launch, "ldg_trips", std::uint64_t{gx} * gy, std::uint64_t{gx} * gy * kWarps);
    for (unsigned by = 0; by < gy; ++by) {
      for (unsigned bx = 0; bx < gx; ++bx) {
        const std::uint64_t tile = base + by * sy + bx * sx, cta = std::uint64_t{by} * gx + bx;
        for (unsigned tid = 0; tid < kThreads; ++tid) {
          const unsigned w = tid / 32, g = (tid % 32) / 4, t = tid % 4;
          float sum = 0.f;
          for (unsigned i = 0; i < 64; i += 2) {
            const std::uint64_t row = 16 * w + g + 8 * ((i / 2) % 2), col = 8 * (i / 4) + 2 * t;
            float& x = c.at(tile + row * pitch + col);
            float& y = c.at(tile + row * pitch + col + 1);
            if (mode == 0) {
              const float nx = static_cast<float>(tid + i) + 0.5f * x, ny = static_cast<float>(tid + i + 1) + 0.5f * y;
              changed += (nx != x) + (ny != y);
              x = nx;
              y = ny;
            } else {
              const float s = x + y;
              sum += s;
            }
          }
          if (mode == 1) out.at((oslot + cta) * kThreads + tid) = sum;
        }
        if (!timed) continue;
        for (unsigned w = 0; w < kWarps; ++w) {
          const std::uint64_t at = 2 * (slot + cta * kWarps + w);
          CHECK(cyc.at(at + 1) > cyc.at(at));
          CHECK(cyc.at(at + 1) - cyc.at(at) >= kTrips * static_cast<std::uint64_t>(r.config.gpu.l2_hit_latency));
        }
      }
    }
  }
  REQUIRE(changed > 0);  // the read-modify-write launches changed C
  wl::check_equal(wl::final_contents<float>(r, "C"), c, "C");
  wl::check_equal(wl::final_contents<float>(r, "out"), out, "out");
}

}  // namespace

TEST_CASE("ubench_ldg_trips: dependent round trips to cold lines (H200, sm_90a PTX), timed", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_ldg_trips"), wl::timed_run()), true);
}

}  // namespace WARPSIM_UNITY_ID
