// Workload test reduce (traces/reduce): per-CTA sums, u32 (exact) and f32. The f32 reference mirrors the
// kernel's order exactly: the shared-memory tree (s = 128, 64, 32: x[t] = x[t] + x[t + s]) and then the five
// __shfl_down_sync steps of warp 0 (lanes whose source is past lane 31 keep their own value), so the
// comparison is bit-exact.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: a grid-wide total (the kernel writes one partial per CTA).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

template <typename T>
std::vector<T> block_sums(const std::vector<T>& in, unsigned n, unsigned ctas, unsigned block) {
  std::vector<T> out(ctas);
  for (unsigned b = 0; b < ctas; ++b) {
    std::vector<T> s(block);
    for (unsigned t = 0; t < block; ++t) {
      const unsigned i = b * block + t;
      s[t] = i < n ? in[i] : T(0);
    }
    for (unsigned st = block / 2; st >= 32; st >>= 1) {
      for (unsigned t = 0; t < st; ++t) s[t] = s[t] + s[t + st];
    }
    std::vector<T> v(s.begin(), s.begin() + 32);
    for (unsigned off = 16; off > 0; off >>= 1) {
      std::vector<T> nv(32);
      for (unsigned l = 0; l < 32; ++l) nv[l] = v[l] + (l + off < 32 ? v[l + off] : v[l]);
      v = nv;
    }
    out[b] = v[0];
  }
  return out;
}

}  // namespace

static void check_run(const wl::sim::RunResult& r) {
  REQUIRE(r.config.kernels.size() == 2);
  REQUIRE(r.config.kernels[0].dynamic_smem == 1024);
  const auto in_u = wl::initial<std::uint32_t>(r.config, "in_u");
  const auto in_f = wl::initial<float>(r.config, "in_f");
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "out_u"), block_sums(in_u, 2000, 8, 256), "out_u");
  wl::check_equal(wl::final_contents<float>(r, "out_f"), block_sums(in_f, 2000, 8, 256), "out_f");
  wl::check_unchanged<std::uint32_t>(r, "in_u");
  wl::check_unchanged<float>(r, "in_f");
  wl::check_launch(r, 0, "reduce_u32", 8, 64);
  wl::check_launch(r, 1, "reduce_f32", 8, 64);
}

TEST_CASE("reduce: per-CTA u32 and f32 sums through shared memory and shuffles (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("reduce")));
}

TEST_CASE("reduce: per-CTA u32 and f32 sums through shared memory and shuffles (B200, sm_100a PTX)", "[workloads]") {
  check_run(wl::run_b200("reduce"));
}

}  // namespace WARPSIM_UNITY_ID
