// Cluster occupancy (cuOccupancyMaxActiveClusters' rule, timing/dispatcher.hpp): how many clusters fit on the H200
// model at once for several cluster sizes and CTAs per SM (GPCs of 18, 18, ..., 18, 6 SMs), and a launch whose
// cluster fits on no GPC is a launch error (cudaErrorClusterOutOfResources).
#include "../../integration/simt/cluster_util.hpp"

#include <warpsim/config/gpu_config.hpp>
#include <warpsim/timing/dispatcher.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

TEST_CASE("749 clusters active at once on the H200 model", "[timing][cluster]") {
  const auto h200 = warpsim::config::load_gpu_config("h200");
  using warpsim::timing::max_active_clusters;
  CHECK(max_active_clusters(h200, 1, 1) == 132);
  CHECK(max_active_clusters(h200, 1, 2) == 66);   // 7 x 9 + 3
  CHECK(max_active_clusters(h200, 1, 4) == 29);   // 7 x 4 + 1
  CHECK(max_active_clusters(h200, 1, 8) == 14);   // 7 x 2 + 0
  CHECK(max_active_clusters(h200, 1, 16) == 7);   // 7 x 1 + 0
  CHECK(max_active_clusters(h200, 2, 16) == 14);  // 7 x 36/16 + 12/16
  CHECK(max_active_clusters(h200, 4, 8) == 66);   // 7 x 72/8 + 24/8
  CHECK(max_active_clusters(h200, 3, 5) == 73);   // 7 x 54/5 + 18/5
  CHECK(max_active_clusters(h200, 0, 2) == 0);
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
