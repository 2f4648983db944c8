// 771: when CTAs may launch (timing/dispatcher.hpp): not before the start (after launch.kernel_latency), and at most
// one every launch.cta_dispatch_interval cycles GPU-wide (a fractional interval as an average); next_launch says
// when. Not at N-1, at N.
#include <warpsim/config/gpu_config.hpp>
#include <warpsim/timing/dispatcher.hpp>

#include <catch2/catch.hpp>

#include <vector>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

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

TEST_CASE("771 a fractional launch.cta_dispatch_interval is an average rate") {
  // 1.5 cycles per CTA: launches that follow one another at the first cycle they may go come at 0, 2, 3, 5, 6
  // (1.5, 3.0, 4.5, 6.0 rounded up), 4 CTAs per 6 cycles, not one every 2 cycles.
  const auto cfg = warpsim::config::load_gpu_config("tiny", {"sm.count=2", "launch.cta_dispatch_interval=1.5"});
  CtaDispatcher d(cfg, 16, 32, 0);
  std::vector<std::uint64_t> at;
  for (std::uint64_t now = 0; now <= 6; ++now)
    while (d.launch(now)) at.push_back(now);
  CHECK(at == std::vector<std::uint64_t>{0, 2, 3, 5, 6});
  CHECK(d.next_launch(7) == 8);  // 7.5
  // A launch later than allowed (no room before, or nobody asked) counts the interval from its own cycle: after
  // one at 12 the next may go at 13.5, so at 14.
  CHECK(d.launch(12).has_value());
  CHECK(d.next_launch(12) == 14);
  CHECK_FALSE(d.launch(13).has_value());
  CHECK(d.launch(14).has_value());
}

}  // namespace WARPSIM_UNITY_ID
