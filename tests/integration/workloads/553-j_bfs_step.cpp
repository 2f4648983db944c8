// Workload test j_bfs_step (traces/j_bfs_step, judgement set): a synthetic CSR graph of n = 393,216 vertices,
// deg(v) = 4 + v mod 8, neighbours col[] from the config (checked to be < n). Launch 0, `graph_row_ptr`
// (1537 x 256) writes row_ptr (compared with a running sum of the degrees, n + 1 entries, last = len(col));
// launch 1, `bfs_init`, sets level = 0 on every 509th vertex and -1 elsewhere; launches 2-4, `bfs_step` with
// cur = 0, 1, 2: every vertex at level cur claims each neighbour still at -1 for level cur + 1 (atomicCAS)
// and counts the claims in next_count[cur]. The final levels are those of a multi-source level-synchronous
// BFS cut after three levels (independent of thread order: each vertex is claimed once, with one value), so
// the CPU does that BFS and level is compared element by element, and next_count[c] with the number of
// vertices it put on level c + 1. col must be unchanged.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: timing.
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  REQUIRE(r.config.kernels.size() == 5);
  const std::uint32_t n = static_cast<std::uint32_t>(r.config.kernels[0].args[1].bits);
  CHECK(n == 393216u);
  const std::uint32_t stride = static_cast<std::uint32_t>(r.config.kernels[1].args[2].bits);
  CHECK(stride == 509u);
  for (int c = 0; c < 3; ++c) {
    const auto& k = r.config.kernels[2 + c];
    REQUIRE(k.args.size() == 6);
    CHECK(k.args[4].bits == n);
    CHECK(static_cast<std::int32_t>(k.args[5].bits) == c);
  }
  std::vector<std::uint32_t> row_ptr(n + 1, 0);
  for (std::uint32_t v = 0; v < n; ++v) row_ptr[v + 1] = row_ptr[v] + 4u + v % 8u;
  const auto col = wl::initial<std::uint32_t>(r.config, "col");
  REQUIRE(col.size() == row_ptr[n]);
  for (std::uint32_t c : col) REQUIRE(c < n);
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "row_ptr"), row_ptr, "row_ptr");

  std::vector<std::int32_t> level(n, -1);
  std::vector<std::uint32_t> frontier, next;
  for (std::uint32_t v = 0; v < n; v += stride) {
    level[v] = 0;
    frontier.push_back(v);
  }
  std::vector<std::uint32_t> count = wl::initial<std::uint32_t>(r.config, "next_count");
  REQUIRE(count.size() == 3);
  for (int cur = 0; cur < 3; ++cur) {
    next.clear();
    for (std::uint32_t v : frontier) {
      for (std::uint32_t e = row_ptr[v]; e < row_ptr[v + 1]; ++e) {
        const std::uint32_t nb = col[e];
        if (level[nb] == -1) {
          level[nb] = cur + 1;
          next.push_back(nb);
        }
      }
    }
    count[cur] += static_cast<std::uint32_t>(next.size());
    frontier.swap(next);
  }
  INFO("next_count = " << count[0] << ", " << count[1] << ", " << count[2]);
  CHECK(count[0] > 4000u);  // the frontier grows about sevenfold per step
  CHECK(count[2] > 100000u);
  wl::check_equal(wl::final_contents<std::int32_t>(r, "level"), level, "level");
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "next_count"), count, "next_count");
  wl::check_unchanged<std::uint32_t>(r, "col");

  wl::check_launch(r, 0, "graph_row_ptr", 1537, 1537 * 8);
  wl::check_launch(r, 1, "bfs_init", 1536, 1536 * 8);
  for (std::size_t k = 2; k < 5; ++k) wl::check_launch(r, k, "bfs_step", 1536, 1536 * 8);
}

TEST_CASE("j_bfs_step: three vertex-centric BFS steps with atomicCAS claims on a 393k-vertex graph (H200, sm_90a PTX)",
          "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("j_bfs_step")));
}

TEST_CASE("j_bfs_step: three vertex-centric BFS steps with atomicCAS claims on a 393k-vertex graph (B200, sm_100a PTX)",
          "[workloads]") {
  check_run(wl::run_b200("j_bfs_step"));
}

}  // namespace WARPSIM_UNITY_ID
