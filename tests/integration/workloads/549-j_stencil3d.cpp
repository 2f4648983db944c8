// Workload test j_stencil3d (traces/j_stencil3d, judgement set): one launch of `jacobi7` (grid 4 x 16 x 32,
// blocks 32 x 8 x 1, one thread per point) over the 128 x 128 x 32 f32 grid a (x fastest), writing b. Boundary
// points (any coordinate 0 or n - 1) copy a; interior points get, as the PTX computes it,
// s = ((a[x-1] + a[x+1]) + (a[y-1] + a[y+1])) + (a[z-1] + a[z+1]), b = fma(alpha, fma(-6, c, s), c) with
// c = a[x, y, z] and alpha the launch's f32 argument (0.1f). Every element of b is compared bit for bit
// against the CPU replay; a must be unchanged.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: timing.
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  REQUIRE(r.config.kernels.size() == 1);
  const auto& spec = r.config.kernels[0];
  REQUIRE(spec.args.size() == 6);
  const int nx = static_cast<int>(spec.args[2].bits), ny = static_cast<int>(spec.args[3].bits),
            nz = static_cast<int>(spec.args[4].bits);
  CHECK(nx == 128);
  CHECK(ny == 128);
  CHECK(nz == 32);
  const float alpha = wl::f32(static_cast<std::uint32_t>(spec.args[5].bits));
  CHECK(alpha == 0.1f);
  const auto a = wl::initial<float>(r.config, "a");
  REQUIRE(a.size() == static_cast<std::size_t>(nx) * ny * nz);
  std::vector<float> b = wl::initial<float>(r.config, "b");
  REQUIRE(b.size() == a.size());
  const int sy = nx, sz = nx * ny;
  std::size_t interior = 0;
  for (int z = 0; z < nz; ++z) {
    for (int y = 0; y < ny; ++y) {
      for (int x = 0; x < nx; ++x) {
        const int i = z * sz + y * sy + x;
        const float c = a[i];
        if (x == 0 || y == 0 || z == 0 || x == nx - 1 || y == ny - 1 || z == nz - 1) {
          b[i] = c;
          continue;
        }
        const float s = ((a[i - 1] + a[i + 1]) + (a[i - sy] + a[i + sy])) + (a[i - sz] + a[i + sz]);
        b[i] = std::fma(alpha, std::fma(-6.0f, c, s), c);
        ++interior;
      }
    }
  }
  CHECK(interior == 126u * 126u * 30u);
  wl::check_equal(wl::final_contents<float>(r, "b"), b, "b");
  wl::check_unchanged<float>(r, "a");
  wl::check_launch(r, 0, "jacobi7", 4 * 16 * 32, 4 * 16 * 32 * 8);
}

TEST_CASE("j_stencil3d: 7-point Jacobi sweep over 128 x 128 x 32 f32 (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("j_stencil3d")));
}

TEST_CASE("j_stencil3d: 7-point Jacobi sweep over 128 x 128 x 32 f32 (B200, sm_100a PTX)", "[workloads]") {
  check_run(wl::run_b200("j_stencil3d"));
}

}  // namespace WARPSIM_UNITY_ID
