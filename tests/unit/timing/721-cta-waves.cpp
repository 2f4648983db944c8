// A grid larger than what fits at once runs in waves: a waiting CTA starts in the cycle after a resident CTA
// retires (when its last warp has exited), and launch.cta_dispatch_interval spaces out launches.
#include "dispatch_test_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

TEST_CASE("a fifth CTA waits for the first wave (sm.max_ctas 4)") {
  // CTAs of one warp: 4 fit (sm.max_ctas), one per sub-partition, each alone: 34 cycles.
  const auto four = ttest::run(dtest::chain(), 4, 32, 1);
  CHECK(four.timing.cycles == 34);
  CHECK(four.timing.stats.launch_waves_per_multiprocessor == 1.0);
  // CTA 4 starts at 32 (CTA 0 exits at 31 and retires at its end) and takes 34 more: 32 + 34, not 2 x 34,
  // because a CTA's resources free when its warps exit, before their last results land.
  const auto five = ttest::run(dtest::chain(), 5, 32, 1);
  CHECK(five.timing.cycles == 32 + 34);
  CHECK(five.timing.functional.ctas == 5);
  CHECK(five.timing.stats.launch_waves_per_multiprocessor == 1.25);
  CHECK(five.timing.stats.launch_grid_size == 5);
  CHECK(five.timing.stats.launch_block_size == 32);
}

TEST_CASE("launch.cta_dispatch_interval spaces CTA launches") {
  // Two CTAs 5 cycles apart on different sub-partitions: the second ends at 5 + 34.
  const auto r = ttest::run(dtest::chain(), 2, 32, 1, true, {"launch.cta_dispatch_interval=5"});
  CHECK(r.timing.cycles == 5 + 34);
  // The interval counts from the previous launch: CTA 4 waits for a retirement (32), not for 4 x 5.
  const auto five = ttest::run(dtest::chain(), 5, 32, 1, true, {"launch.cta_dispatch_interval=5"});
  CHECK(five.timing.cycles == 32 + 34);
  // launch.kernel_latency comes before the first launch.
  const auto late =
      ttest::run(dtest::chain(), 2, 32, 1, true, {"launch.cta_dispatch_interval=5", "launch.kernel_latency=100"});
  CHECK(late.timing.cycles == 100 + 5 + 34);
}

}  // namespace WARPSIM_UNITY_ID
