// The launch__* stats equal the occupancy calculator's numbers, and achieved occupancy
// (sm__warps_active.avg.pct_of_peak_sustained_active) is resident warps over warp slots per active cycle.
#include "dispatch_test_util.hpp"

#include <warpsim/timing/occupancy.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

TEST_CASE("launch__occupancy_limit_* equal compute_occupancy") {
  // 96 threads (3 warps), 64 registers, 3000 bytes of shared memory on tiny: warps 16 / 3 = 5; registers
  // 2048 per warp, 2 warps per sub-partition, 8 / 3 = 2; shared memory 3000 + 1024 -> 4096, 16384 / 4096 = 4;
  // blocks 4.
  const std::string ptx = dtest::chain(8, "  .shared .align 4 .b8 buf[3000];\n");
  const auto r = ttest::run(ptx, 5, 96, 1, true, {}, {}, 64);
  warpsim::timing::OccupancyRequest req;
  req.threads_per_cta = 96;
  req.regs_per_thread = 64;
  req.smem_per_cta = 3000;
  const auto o = warpsim::timing::compute_occupancy(warpsim::config::load_gpu_config("tiny"), req);
  const auto& st = r.timing.stats;
  CHECK(st.launch_occupancy_limit_warps == o.ctas_by_warps);
  CHECK(st.launch_occupancy_limit_registers == o.ctas_by_registers);
  CHECK(st.launch_occupancy_limit_shared_mem == o.ctas_by_shared_mem);
  CHECK(st.launch_occupancy_limit_blocks == o.ctas_by_blocks);
  CHECK(st.launch_occupancy_limit_warps == 5);
  CHECK(st.launch_occupancy_limit_registers == 2);
  CHECK(st.launch_occupancy_limit_shared_mem == 4);
  CHECK(st.launch_occupancy_limit_blocks == 4);
  CHECK(st.launch_waves_per_multiprocessor == 2.5);
  const auto m = st.to_map();
  CHECK(m.at("launch__occupancy_limit_registers") == 2);
  CHECK(m.at("launch__registers_per_thread") == 64);
}

TEST_CASE("achieved occupancy") {
  // One warp of 16 slots, resident from its first cycle to its exit: 6.25 %.
  CHECK(ttest::run(dtest::chain(), 1, 32, 1).timing.stats.sm_warps_active_pct == 6.25);
  // 4 warps exiting together: 25 %; two such CTAs one after another (128 registers): still 25 %.
  CHECK(ttest::run(dtest::chain(), 1, 128, 1).timing.stats.sm_warps_active_pct == 25.0);
  CHECK(ttest::run(dtest::chain(), 2, 128, 1, true, {}, {}, 128).timing.stats.sm_warps_active_pct == 25.0);
  const auto r = ttest::run(dtest::chain(), 1, 128, 1);
  CHECK(r.timing.stats.to_map().at("sm__warps_active.avg.pct_of_peak_sustained_active") == 25.0);
}

}  // namespace WARPSIM_UNITY_ID
