// 770: which SM each CTA goes to (timing/dispatcher.hpp): round_robin visits SMs GPC by GPC (CTA 0 -> GPC 0,
// CTA 1 -> GPC 1, ...), continuing after the previous CTA's SM; fill takes the lowest-numbered SM with room.
#include <warpsim/config/gpu_config.hpp>
#include <warpsim/timing/dispatcher.hpp>

#include <catch2/catch.hpp>

#include <vector>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using warpsim::timing::CtaDispatcher;

namespace {

// tiny with 4 SMs in 2 GPCs of 1 TPC of 2 SMs (sm.per_tpc 2): SMs 0, 1 in GPC 0, SMs 2, 3 in GPC 1.
warpsim::config::GpuConfig four_sms(const char* order) {
  return warpsim::config::load_gpu_config(
      "tiny", {"sm.count=4", "gpc.count=2", std::string("launch.cta_dispatch_order=") + order});
}

std::vector<unsigned> launch_all(CtaDispatcher& d, unsigned n) {
  std::vector<unsigned> sms;
  for (unsigned i = 0; i < n; ++i) {
    const auto s = d.launch(0);
    REQUIRE(s.has_value());
    sms.push_back(*s);
  }
  return sms;
}

}  // namespace

TEST_CASE("770 the round-robin visiting order: GPCs first, then TPCs, then SMs of a TPC") {
  CHECK(warpsim::timing::sm_dispatch_order(four_sms("round_robin")) == std::vector<unsigned>{0, 2, 1, 3});
  // 12 SMs: 3 GPCs x 2 TPCs x 2 SMs. SM s is in TPC s / 2, TPC t in GPC t / 2: GPC 0 = SMs 0-3, GPC 1 = 4-7,
  // GPC 2 = 8-11. First SM 0 of TPC 0 of each GPC (0, 4, 8), then of TPC 1 (2, 6, 10), then SM 1 of each TPC.
  const auto twelve = warpsim::config::load_gpu_config("tiny", {"sm.count=12", "gpc.count=3", "gpc.tpcs=2"});
  CHECK(warpsim::timing::sm_dispatch_order(twelve) == std::vector<unsigned>{0, 4, 8, 2, 6, 10, 1, 5, 9, 3, 7, 11});
}

TEST_CASE("770 round_robin spreads consecutive CTAs and after a retire continues after the last SM used") {
  CtaDispatcher d(four_sms("round_robin"), 2, 11, 0);
  CHECK(launch_all(d, 8) == std::vector<unsigned>{0, 2, 1, 3, 0, 2, 1, 3});
  CHECK_FALSE(d.launch(0).has_value());
  d.retire(1);
  CHECK(d.launch(1) == 1u);  // the only SM with room
  d.retire(0);
  d.retire(3);
  // The previous CTA went to SM 1 (position 2 of 0, 2, 1, 3): SM 3 is tried first, then 0.
  CHECK(d.launch(2) == 3u);
  CHECK(d.launch(2) == 0u);
}

TEST_CASE("770 fill fills SM 0 first, and a retire gives the lowest SM with room") {
  CtaDispatcher d(four_sms("fill"), 2, 11, 0);
  CHECK(launch_all(d, 8) == std::vector<unsigned>{0, 0, 1, 1, 2, 2, 3, 3});
  CHECK_FALSE(d.launch(0).has_value());
  d.retire(3);
  d.retire(1);
  CHECK(d.launch(1) == 1u);
  CHECK(d.launch(1) == 3u);
  d.retire(2);
  CHECK(d.launch(1) == 2u);
}

}  // namespace WARPSIM_UNITY_ID
