// The dispatch order: round_robin spreads consecutive CTAs over GPCs, then TPCs, then the SMs of a TPC;
// fill puts CTAs on the lowest-numbered SM with room.
#include "dispatch_test_util.hpp"

#include <warpsim/timing/dispatcher.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

TEST_CASE("round-robin order visits GPCs first") {
  const auto h100 = warpsim::config::load_gpu_config("h100");  // 8 GPCs x 9 TPCs x 2 SMs, 132 SMs
  const auto order = warpsim::timing::sm_dispatch_order(h100);
  REQUIRE(order.size() == 132);
  // GPC g holds SMs 18g .. 18g + 17; the first SM of each TPC comes first.
  CHECK(std::vector<unsigned>(order.begin(), order.begin() + 9) ==
        std::vector<unsigned>{0, 18, 36, 54, 72, 90, 108, 126, 2});
  // GPC 7 has only SMs 126 to 131 (its TPCs 0 to 2): after SM 130 (its TPC 2) comes SM 6 (GPC 0's TPC 3).
  CHECK(order[23] == 130);
  CHECK(order[24] == 6);
  // The 66 first SMs of the TPCs come before the second ones.
  CHECK(order[65] == 124);
  CHECK(order[66] == 1);
}

TEST_CASE("fill and round_robin place CTAs differently") {
  // Two SMs; two CTAs of 5 warps. round_robin: one CTA per SM, 36 cycles each (702), both SMs active 34
  // cycles (until the CTAs retire). fill: both on SM 0, where sub-partitions 0 and 1 hold three warps each:
  // 39 cycles, SM 0 active 37 and SM 1 never.
  const auto rr = ttest::run(dtest::chain(), 2, 160, 1, true, {"sm.count=2"});
  const auto fill = ttest::run(dtest::chain(), 2, 160, 1, true, {"sm.count=2", "launch.cta_dispatch_order=fill"});
  CHECK(rr.timing.cycles == 36);
  CHECK(fill.timing.cycles == 39);
  CHECK(rr.timing.stats.sm_cycles_active_avg == 34.0);
  CHECK(fill.timing.stats.sm_cycles_active_avg == 18.5);
}

}  // namespace WARPSIM_UNITY_ID
