// 769: CTAs per SM and waves (timing/dispatcher.hpp): an SM takes CTAs while it holds fewer than the occupancy
// calculator's ctas_per_sm; a grid larger than SMs x ctas_per_sm waits, and the next CTA launches only after a
// resident one retires.
#include <warpsim/config/gpu_config.hpp>
#include <warpsim/timing/dispatcher.hpp>
#include <warpsim/timing/grid_timing.hpp>

#include <catch2/catch.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using warpsim::timing::CtaDispatcher;

TEST_CASE("769 tiny holds 3 CTAs of 5 warps, so a grid of 7 runs in waves, each launch after a retire") {
  const auto cfg = warpsim::config::load_gpu_config("tiny");
  // 160 threads = 5 warps; tiny has min(sm.max_warps 16, sm.max_threads 512 / 32) = 16 warp slots: 16 / 5 = 3 CTAs
  // (sm.max_ctas 4 allows more; no registers or shared memory counted).
  const auto occ = warpsim::timing::kernel_occupancy({7, 160, 0, {}}, cfg);
  REQUIRE(occ.ctas_per_sm == 3);
  CHECK(occ.limiter == warpsim::timing::Limit::Warps);

  CtaDispatcher d(cfg, occ.ctas_per_sm, 7, 0);
  CHECK(d.ctas_per_sm() == 3);
  for (int i = 0; i < 3; ++i) CHECK(d.launch(0) == 0u);  // the first wave, all at cycle 0
  CHECK_FALSE(d.launch(0).has_value());                  // the SM is full
  CHECK_FALSE(d.launch(100).has_value());                // and stays full however long nothing retires
  CHECK(d.next_launch(100) == CtaDispatcher::kNever);
  CHECK_FALSE(d.all_launched());

  d.retire(0);
  CHECK(d.next_launch(57) == 57);  // room again: at once
  CHECK(d.launch(57) == 0u);       // CTA 3
  CHECK_FALSE(d.launch(57).has_value());
  d.retire(0);
  d.retire(0);
  CHECK(d.launch(80) == 0u);  // CTAs 4 and 5
  CHECK(d.launch(80) == 0u);
  CHECK_FALSE(d.launch(80).has_value());
  d.retire(0);
  CHECK(d.launch(90) == 0u);  // CTA 6, the last
  CHECK(d.all_launched());
  d.retire(0);
  CHECK_FALSE(d.launch(91).has_value());  // nothing left, though there is room
  CHECK(d.next_launch(91) == CtaDispatcher::kNever);
}

}  // namespace WARPSIM_UNITY_ID
