// Workload test j_kmeans_assign (traces/j_kmeans_assign, judgement set): k-means assignment of n = 65536
// points (8 f32 dims each, points[p * 8 + d]) to the nearest of k = 16 centroids (centroids[c * 8 + d]).
// The kernel computes, per centroid c in increasing order, diff = x[d] - cent[c][d] (sub.f32) and
// dist = fmaf(diff, diff, dist) for d = 0 .. 7 starting from 0 (the PTX: sub.f32, then fma.rn.f32 with a 0
// addend for d = 0, chained), and keeps the first c with dist < best (best starts at FLT_MAX): the reference
// does exactly that with std::fma, so assign and min_dist are compared bit-exactly. Inputs stay unchanged.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: the times (a timing-model matter: the judgement set is measured on an H200).
#include "workload_util.hpp"

#include <cfloat>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  constexpr int D = 8;
  REQUIRE(r.config.kernels.size() == 1);
  const auto& k = r.config.kernels[0];
  REQUIRE(k.args.size() == 6);
  const int n = static_cast<int>(k.args[4].bits);
  const int kc = static_cast<int>(k.args[5].bits);
  CHECK(n == 65536);
  CHECK(kc == 16);
  const auto points = wl::initial<float>(r.config, "points");
  const auto cent = wl::initial<float>(r.config, "centroids");
  REQUIRE(points.size() == static_cast<std::size_t>(n) * D);
  REQUIRE(cent.size() == static_cast<std::size_t>(kc) * D);
  std::vector<std::int32_t> assign(n);
  std::vector<float> min_dist(n);
  std::vector<int> per_cluster(kc, 0);
  for (int p = 0; p < n; ++p) {
    float best = FLT_MAX;
    int best_c = 0;
    for (int c = 0; c < kc; ++c) {
      float dist = 0.0f;
      for (int d = 0; d < D; ++d) {
        const float diff = points[p * D + d] - cent[c * D + d];
        dist = std::fma(diff, diff, dist);
      }
      if (dist < best) {
        best = dist;
        best_c = c;
      }
    }
    assign[p] = best_c;
    min_dist[p] = best;
    ++per_cluster[best_c];
  }
  // The data exercise the comparison: every centroid wins some points.
  for (int c = 0; c < kc; ++c) {
    INFO("centroid " << c);
    CHECK(per_cluster[c] > 0);
  }
  wl::check_equal(wl::final_contents<std::int32_t>(r, "assign"), assign, "assign");
  wl::check_equal(wl::final_contents<float>(r, "min_dist"), min_dist, "min_dist");
  wl::check_unchanged<float>(r, "points");
  wl::check_unchanged<float>(r, "centroids");
  wl::check_launch(r, 0, "kmeans_assign", 256, 256 * 8);
}

TEST_CASE("j_kmeans_assign: nearest of 16 centroids for 65536 8-d points (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("j_kmeans_assign")));
}

TEST_CASE("j_kmeans_assign: nearest of 16 centroids for 65536 8-d points (B200, sm_100a PTX)", "[workloads]") {
  check_run(wl::run_b200("j_kmeans_assign"));
}

}  // namespace WARPSIM_UNITY_ID
