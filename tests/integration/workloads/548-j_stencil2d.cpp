// Workload test j_stencil2d (traces/j_stencil2d, judgement set): two launches of the weighted 3x3 stencil
// `stencil2d_3x3` (32 x 8 threads per CTA, one thread per output point): in -> out over 1024 x 384 (32 x 48
// CTAs) and in2 -> out2 over 256 x 256 (8 x 32 CTAs). For every point, neighbour coordinates are clamped to
// the grid (x-1 -> max(x-1, 0), x+1 -> min(x+1, nx-1), likewise y) and the PTX computes
// acc = fma(w22, in[yp][xp], ... fma(w01, in[ym][x], fma(w00, in[ym][xm], 0))) in row-major tap order; the CPU
// replay does the same with std::fma, with the weights read from the launch's f32 arguments. Every element of
// out and out2 is compared bit for bit; in and in2 must be unchanged.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: timing (the judgement set's hardware measurements are compared by warpsim validate).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static std::vector<float> stencil_ref(const std::vector<float>& in, int nx, int ny, const float w[9]) {
  std::vector<float> out(in.size());
  for (int y = 0; y < ny; ++y) {
    const int ys[3] = {std::max(y - 1, 0), y, std::min(y + 1, ny - 1)};
    for (int x = 0; x < nx; ++x) {
      const int xs[3] = {std::max(x - 1, 0), x, std::min(x + 1, nx - 1)};
      float acc = 0.0f;
      for (int dy = 0; dy < 3; ++dy)
        for (int dx = 0; dx < 3; ++dx) acc = std::fma(w[dy * 3 + dx], in[ys[dy] * nx + xs[dx]], acc);
      out[y * nx + x] = acc;
    }
  }
  return out;
}

static void check_launch_output(const wl::sim::RunResult& r, std::size_t k, const std::string& in_name,
                                const std::string& out_name, int want_nx, int want_ny) {
  const auto& spec = r.config.kernels[k];
  REQUIRE(spec.args.size() == 13);
  const int nx = static_cast<int>(spec.args[2].bits), ny = static_cast<int>(spec.args[3].bits);
  CHECK(nx == want_nx);
  CHECK(ny == want_ny);
  float w[9];
  for (int t = 0; t < 9; ++t) w[t] = wl::f32(static_cast<std::uint32_t>(spec.args[4 + t].bits));
  CHECK(w[4] == 0.55f);  // the centre weight of the config (the others are read the same way)
  const auto in = wl::initial<float>(r.config, in_name);
  REQUIRE(in.size() == static_cast<std::size_t>(nx) * ny);
  wl::check_equal(wl::final_contents<float>(r, out_name), stencil_ref(in, nx, ny, w), out_name);
  wl::check_unchanged<float>(r, in_name);
}

static void check_run(const wl::sim::RunResult& r) {
  REQUIRE(r.config.kernels.size() == 2);
  check_launch_output(r, 0, "in", "out", 1024, 384);
  check_launch_output(r, 1, "in2", "out2", 256, 256);
  wl::check_launch(r, 0, "stencil2d_3x3", 32 * 48, 32 * 48 * 8);
  wl::check_launch(r, 1, "stencil2d_3x3", 8 * 32, 8 * 32 * 8);
}

TEST_CASE("j_stencil2d: clamped 3x3 f32 stencil over 1024 x 384 and 256 x 256 (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("j_stencil2d")));
}

TEST_CASE("j_stencil2d: clamped 3x3 f32 stencil over 1024 x 384 and 256 x 256 (B200, sm_100a PTX)", "[workloads]") {
  check_run(wl::run_b200("j_stencil2d"));
}

}  // namespace WARPSIM_UNITY_ID
