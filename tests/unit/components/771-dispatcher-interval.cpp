// 771: when CTAs may launch (timing/dispatcher.hpp): not before the start (after launch.kernel_latency), and at most
// one every launch.cta_dispatch_interval cycles GPU-wide; next_launch says when. Not at N-1, at N.
#include <warpsim/config/gpu_config.hpp>
#include <warpsim/timing/dispatcher.hpp>

#include <catch2/catch.hpp>

using warpsim::timing::CtaDispatcher;

TEST_CASE("771 the first launch is at the start cycle, not before") {
  const auto cfg = warpsim::config::load_gpu_config("tiny");
  CtaDispatcher d(cfg, 4, 2, 10);
  CHECK(d.next_launch(0) == 10);
  CHECK_FALSE(d.launch(9).has_value());
  CHECK(d.launch(10) == 0u);
  CHECK(d.launch(10) == 0u);  // interval 0: any number in one cycle
  CHECK(d.all_launched());
}

TEST_CASE("771 launch.cta_dispatch_interval spaces launches GPU-wide") {
  // Two SMs (the round-robin order 0, 1), room for 4 CTAs each: only the interval holds launches back.
  const auto cfg = warpsim::config::load_gpu_config("tiny", {"sm.count=2", "launch.cta_dispatch_interval=5"});
  CtaDispatcher d(cfg, 4, 4, 0);
  CHECK(d.launch(0) == 0u);
  CHECK_FALSE(d.launch(0).has_value());
  CHECK(d.next_launch(1) == 5);
  CHECK_FALSE(d.launch(4).has_value());
  CHECK(d.launch(5) == 1u);  // the next SM: the interval is the GPU's, not the SM's
  // The interval counts from the last launch: after one at 12 (later than allowed), the next may go at 17.
  CHECK(d.next_launch(12) == 12);
  CHECK(d.launch(12) == 0u);
  CHECK(d.next_launch(13) == 17);
  CHECK_FALSE(d.launch(16).has_value());
  CHECK(d.launch(17) == 1u);
  CHECK(d.next_launch(17) == CtaDispatcher::kNever);  // all launched
}
