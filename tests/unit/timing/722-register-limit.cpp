// Registers per thread limit the CTAs per SM as the occupancy calculator says: 128 registers x 32 threads =
// 4096 per warp fill one of tiny's sub-partitions (16384 / 4), so 4 warps fit: one CTA of 128 threads.
#include "dispatch_test_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

TEST_CASE("registers allow one CTA per SM: CTAs run one after another") {
  // Without registers both CTAs of 4 warps are resident (2 warps per sub-partition interleave: 36 cycles,
  // see 702-warps-interleave.cpp).
  const auto both = ttest::run(dtest::chain(), 2, 128, 1);
  CHECK(both.timing.cycles == 36);
  // With 128 registers CTA 1 starts when CTA 0 retires (32) and ends 34 later.
  const auto serial = ttest::run(dtest::chain(), 2, 128, 1, true, {}, {}, 128);
  CHECK(serial.timing.cycles == 32 + 34);
  CHECK(serial.timing.stats.launch_occupancy_limit_registers == 1);
  CHECK(serial.timing.stats.launch_registers_per_thread == 128);
  CHECK(serial.timing.stats.launch_waves_per_multiprocessor == 2.0);
  // 64 registers: 2 warps per sub-partition, both CTAs fit again.
  const auto two = ttest::run(dtest::chain(), 2, 128, 1, true, {}, {}, 64);
  CHECK(two.timing.cycles == 36);
  CHECK(two.timing.stats.launch_occupancy_limit_registers == 2);
}

}  // namespace WARPSIM_UNITY_ID
