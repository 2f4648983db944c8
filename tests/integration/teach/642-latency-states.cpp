// The "Latency hiding" section's data: the state recorder splits intervals across buckets exactly and doubles its
// bucket width past StateRecorder::kMaxBuckets; on traces/reduce the warp states recorded over time (every SM,
// every bucket) sum to the timed run's warpsim__warp_cycles_<state>.sum exactly, and the section renders its views.
#include "teach/context.hpp"
#include "teach/perf_states.hpp"

#include <catch2/catch.hpp>

#include <string>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using warpsim::teach::StateCounts;

TEST_CASE("latency: state buckets split intervals by overlap and merge pairs when the kernel outgrows them") {
  warpsim::teach::StateRecorder rec(64);
  warpsim::timing::WarpStateCycles w;
  w.issued = 2, w.memory = 3;
  rec.add(1, 0, 100, w);  // buckets [0,64) and [64,128): 64 and 36 cycles
  CHECK(rec.width() == 64);
  CHECK(rec.buckets() == 2);
  REQUIRE(rec.per_sm().size() == 2);
  CHECK(rec.per_sm()[0].empty());
  CHECK(rec.per_sm()[1][0] == StateCounts{128, 0, 192, 0, 0});
  CHECK(rec.per_sm()[1][1] == StateCounts{72, 0, 108, 0, 0});
  warpsim::timing::WarpStateCycles one;
  one.barrier = 1;
  rec.add(0, 64 * 400, 64 * 400 + 10, one);  // bucket 400: 401 buckets do not fit, the width doubles
  CHECK(rec.width() == 128);
  CHECK(rec.buckets() == 201);
  CHECK(rec.per_sm()[1][0] == StateCounts{200, 0, 300, 0, 0});
  CHECK(rec.per_sm()[0][200] == StateCounts{0, 0, 0, 10, 0});
  CHECK(rec.total() == StateCounts{200, 0, 300, 10, 0});
}

TEST_CASE("latency: the warp states over time of traces/reduce sum to the run's warp-state totals") {
  for (const char* kernel : {"reduce_u32", "reduce_f32"}) {
    warpsim::teach::ReportOptions o;
    o.config_path = std::string(WARPSIM_SOURCE_DIR) + "/traces/reduce/reduce.json";
    o.kernel = kernel;
    warpsim::teach::Context ctx(o);
    const auto& st = ctx.kernel().stats;
    const StateCounts t = ctx.warp_states().total();
    CHECK(static_cast<double>(t[0]) == st.at("warpsim__warp_cycles_issued.sum"));
    CHECK(static_cast<double>(t[1]) == st.at("warpsim__warp_cycles_dependency.sum"));
    CHECK(static_cast<double>(t[2]) == st.at("warpsim__warp_cycles_memory.sum"));
    CHECK(static_cast<double>(t[3]) == st.at("warpsim__warp_cycles_barrier.sum"));
    CHECK(static_cast<double>(t[4]) == st.at("warpsim__warp_cycles_not_selected.sum"));
    CHECK(t[0] > 0);
    // 8 CTAs of 256 threads: 8 SMs hold warps, the buckets cover the kernel.
    std::size_t sms = 0;
    for (const auto& v : ctx.warp_states().per_sm()) sms += !v.empty();
    CHECK(sms == 8);
    CHECK(ctx.warp_states().width() * ctx.warp_states().buckets() <= ctx.kernel().cycles + 64);
    const auto sec = warpsim::teach::section_latency(ctx);
    CHECK(sec.applies);
    CHECK(sec.html.find("data-view=\"latency\"") != std::string::npos);
    CHECK(sec.html.find("data-view=\"latency-warp\"") != std::string::npos);
    CHECK(sec.html.find("warpsim__warp_cycles_memory.sum") != std::string::npos);
  }
}

}  // namespace WARPSIM_UNITY_ID

namespace WARPSIM_UNITY_ID {

TEST_CASE("latency: the chosen warp's state strip has one issued cycle per instruction it issued") {
  warpsim::teach::ReportOptions o;
  o.config_path = std::string(WARPSIM_SOURCE_DIR) + "/traces/reduce/reduce.json";
  o.cta = 3;
  o.warp = 5;
  warpsim::teach::Context ctx(o);
  const auto& ch = ctx.warp_state_changes();
  REQUIRE(ch.size() >= 2);
  CHECK(ch.back().second == -1);  // it exited (and drained)
  std::uint64_t issued = 0, waiting = 0;
  for (std::size_t i = 0; i + 1 < ch.size(); ++i) {
    CHECK(ch[i].first < ch[i + 1].first);  // changes only, in cycle order
    CHECK(ch[i].second != ch[i + 1].second);
    (ch[i].second == 0 ? issued : waiting) += ch[i + 1].first - ch[i].first;
  }
  CHECK(issued == ctx.warp_issues().size());
  CHECK(waiting > 0);
  for (const auto& e : ctx.warp_issues()) {
    CHECK(e.cta == 3);
    CHECK(e.warp == 5);
  }
}

}  // namespace WARPSIM_UNITY_ID
