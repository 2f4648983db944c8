// Greedy-then-youngest keeps issuing the last warp while it is ready, else picks the youngest ready warp;
// greedy-then-oldest picks the oldest. With a single CTA whose warps are alike the two are mirror images and
// take the same time; they differ when the order in which CTAs retire matters.
#include "dispatch_test_util.hpp"

#include <map>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

struct CtaTimes : warpsim::timing::TraceSink {
  std::map<std::uint64_t, std::uint64_t> start, end;
  void on_cta_start(std::uint32_t, std::uint64_t cta, warpsim::Dim3, std::uint64_t cycle) override {
    start[cta] = cycle;
  }
  void on_cta_end(std::uint64_t cta, std::uint64_t cycle) override { end[cta] = cycle; }
};

}  // namespace

TEST_CASE("gty and gto take the same time on one CTA") {
  // 5 warps, two on sub-partition 0 (702-warps-interleave.cpp): 36 cycles either way.
  const auto gto = ttest::run(dtest::chain(), 1, 160, 1);
  const auto gty = ttest::run(dtest::chain(), 1, 160, 1, true, {"sm.scheduler=gty"});
  CHECK(gto.timing.cycles == 36);
  CHECK(gty.timing.cycles == 36);
}

TEST_CASE("gty and gto differ when a CTA waits for a second wave") {
  // Three CTAs of 6 warps: two are resident (16 warp slots), the third starts when one of them retires.
  // gto favours the older CTA 0, which retires first; gty favours CTA 1, which retires first. Either way CTA 2
  // starts at cycle 11, but under gto it then ranks below the rest of CTA 1 (it is the youngest) while under
  // gty it ranks above the rest of CTA 0, so the second wave finishes sooner: 23 cycles instead of 25.
  CtaTimes o, y;
  const auto gto = ttest::run(dtest::chain(2), 3, 192, 1, true, {}, {}, 0, &o);
  const auto gty = ttest::run(dtest::chain(2), 3, 192, 1, true, {"sm.scheduler=gty"}, {}, 0, &y);
  CHECK(gto.timing.cycles == 25);
  CHECK(gty.timing.cycles == 23);
  CHECK(o.end[0] < o.end[1]);
  CHECK(y.end[1] < y.end[0]);
  CHECK(o.start[2] == 11);
  CHECK(y.start[2] == 11);
  CHECK(gto.timing.stats.smsp_inst_executed_sum == gty.timing.stats.smsp_inst_executed_sum);
}

}  // namespace WARPSIM_UNITY_ID
