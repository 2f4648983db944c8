// Cluster occupancy (cuOccupancyMaxActiveClusters' rule, timing/dispatcher.hpp): how many clusters fit on the H200
// model at once for several cluster sizes and CTAs per SM (the GPCs measured on the H200), equal to the driver's
// answer over the sweep measured there (traces/cluster_occupancy), and a launch whose cluster fits on no GPC is a
// launch error (cudaErrorClusterOutOfResources).
#include "../../integration/simt/cluster_util.hpp"

#include <warpsim/config/gpu_config.hpp>
#include <warpsim/timing/dispatcher.hpp>
#include <warpsim/timing/occupancy.hpp>

#include <nlohmann/json.hpp>

#include <fstream>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

TEST_CASE("749 clusters active at once on the H200 model", "[timing][cluster]") {
  const auto h200 = warpsim::config::load_gpu_config("h200");
  using warpsim::timing::max_active_clusters;
  // The measured GPCs: 18, 18, 16 x 5, 8 SMs and four of 2 (SMs 124-131).
  CHECK(max_active_clusters(h200, 1, 1) == 132);
  CHECK(max_active_clusters(h200, 1, 2) == 66);   // 9 + 9 + 5 x 8 + 4 + 4 x 1
  CHECK(max_active_clusters(h200, 1, 3) == 39);   // 6 + 6 + 5 x 5 + 2, none on a GPC of 2
  CHECK(max_active_clusters(h200, 1, 4) == 30);   // 4 + 4 + 5 x 4 + 2
  CHECK(max_active_clusters(h200, 1, 8) == 15);   // 2 + 2 + 5 x 2 + 1
  CHECK(max_active_clusters(h200, 1, 16) == 7);   // 1 + 1 + 5 x 1
  CHECK(max_active_clusters(h200, 2, 16) == 14);  // 2 + 2 + 5 x 2
  CHECK(max_active_clusters(h200, 32, 1) == 1056);  // 8 CTAs per SM at most in a cluster launch, even of 1 CTA
  CHECK(max_active_clusters(h200, 32, 2) == 528);  // 1,056 / 2
  CHECK(max_active_clusters(h200, 3, 5) == 69);    // 10 + 10 + 5 x 9 + 4, none on a GPC of 2
  CHECK(max_active_clusters(h200, 0, 2) == 0);
}

TEST_CASE("749 the H200 model's cluster occupancy equals the driver's over the measured sweep", "[timing][cluster]") {
  // traces/cluster_occupancy: cudaOccupancyMaxActiveClusters and cudaOccupancyMaxActiveBlocksPerMultiprocessor on
  // the H200 for a 10-register kernel over block sizes x dynamic shared memory x cluster sizes 1-16.
  std::ifstream in(std::string(WARPSIM_SOURCE_DIR) + "/traces/cluster_occupancy/cluster_occupancy.h200.json");
  REQUIRE(in);
  const auto m = nlohmann::json::parse(in);
  const auto h200 = warpsim::config::load_gpu_config("h200");
  const unsigned regs = m.at("kernel").at("registers_per_thread").get<unsigned>();
  unsigned points = 0, ctas_wrong = 0, clusters_wrong = 0;
  for (const auto& row : m.at("sweep")) {
    const unsigned block = row[0], cluster = row[2];
    const std::uint64_t smem = row[1];
    const int ctas = row[3], clusters = row[4];
    const auto o = warpsim::timing::compute_occupancy(h200, {block, regs, smem, std::nullopt});
    ++points;
    if (static_cast<int>(o.ctas_per_sm) != ctas) ++ctas_wrong;
    const auto n = warpsim::timing::max_active_clusters(h200, o.ctas_per_sm, cluster);
    const auto expect = n;
    if (static_cast<std::int64_t>(expect) != clusters) {
      if (++clusters_wrong <= 5)
        UNSCOPED_INFO("block " << block << ", smem " << smem << ", cluster " << cluster << ": warpsim " << expect
                               << ", H200 " << clusters);
    }
  }
  CHECK(points == 2464);
  CHECK(ctas_wrong == 0);
  CHECK(clusters_wrong == 0);
}

TEST_CASE("749 a cluster that fits on no GPC is a launch error", "[timing][cluster]") {
  const std::string ptx = simt::header() + R"(
.visible .entry k(.param .u64 out)
{
  ret;
}
)";
  // tiny: one SM of 512 threads; CTAs of 256 threads leave room for 2, so a cluster of 4 never fits.
  try {
    clusterx::run("cl-nofit", ptx, clusterx::Shape{"4", 256, "4", 4}, true, "independent", {}, "tiny");
    FAIL("no error");
  } catch (const warpsim::Error& e) {
    CHECK(e.kind() == warpsim::ErrorKind::Launch);
    CHECK_THAT(std::string(e.what()), Catch::Contains("a cluster of 4 CTAs does not fit on one GPC of tiny") &&
                                          Catch::Contains("(cudaErrorClusterOutOfResources)"));
  }
}

}  // namespace WARPSIM_UNITY_ID
