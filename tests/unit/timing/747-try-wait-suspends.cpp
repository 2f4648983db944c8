// mbarrier.try_wait on an incomplete phase suspends the warp instead of spinning: it issues once and its next
// instruction issues sm.mbarrier_wake_cycles after the arrive that completes the phase; with a time limit shorter
// than the wait (sm.mbarrier_suspend_limit_ns, or the suspendTimeHint operand) it returns false each time the
// limit passes and the kernel's loop issues it again.
#include "timing_test_util.hpp"

#include <vector>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

// Warp 1 loads a word from DRAM and only then arrives; warp 0 arrives and waits for phase 0 in a try_wait loop.
std::string kernel(const std::string& hint) {
  return ttest::header() + R"(
.visible .entry k(.param .u64 out) {
  .reg .pred %p<4>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<4>;
  .shared .align 8 .b64 bar;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra SKIP;
  mbarrier.init.shared.b64 [bar], 64;
SKIP:
  bar.sync 0;
  setp.lt.u32 %p2, %r1, 32;
  @%p2 bra WAITER;
  ld.global.u32 %r2, [%rd1+128];
  add.u32 %r3, %r2, 1;
  mbarrier.arrive.shared.b64 %rd2, [bar];
  st.global.u32 [%rd1+4], %r3;
  exit;
WAITER:
  mbarrier.arrive.shared.b64 %rd3, [bar];
WAIT:
  mbarrier.try_wait.parity.shared.b64 %p3, [bar], 0)" + hint + R"(;
  @!%p3 bra WAIT;
  mov.u32 %r4, 7;
  st.global.u32 [%rd1], %r4;
  exit;
}
)";
}

constexpr std::uint32_t kArrivePc = 10, kTryWaitPc = 14;

struct Issues : warpsim::timing::TraceSink {
  std::vector<std::uint64_t> try_waits;  // warp 0's try_wait issues
  std::uint64_t arrive = 0, after = 0;   // warp 1's arrive; warp 0's first issue after its last try_wait
  bool wants_issues() const override { return true; }
  void on_issue(const warpsim::timing::IssueEvent& e) override {
    if (e.warp == 1 && e.pc == kArrivePc) arrive = e.cycle;
    if (e.warp == 0 && e.pc == kTryWaitPc) try_waits.push_back(e.cycle);
    if (e.warp == 0 && e.pc == kTryWaitPc + 1) after = e.cycle;
  }
};

}  // namespace

TEST_CASE("747 try_wait suspends its warp until the phase completes") {
  // tiny: sm.mbarrier_suspend_limit_ns 1000 at 1000 MHz = 1000 cycles, longer than warp 1's DRAM load (500).
  Issues t;
  const auto r = ttest::run(kernel(""), 1, 64, 64, true, {}, {}, 0, &t);
  CHECK(r.out[0] == 7);
  CHECK(r.out[1] == 1);
  REQUIRE(t.try_waits.size() == 1);
  CHECK(t.arrive >= t.try_waits[0] + 500);  // warp 1's DRAM load first
  CHECK(t.after == t.arrive + 5);  // sm.mbarrier_wake_cycles
}

TEST_CASE("747 a try_wait whose time limit passes returns false and is issued again") {
  for (const bool hint : {false, true}) {
    INFO((hint ? "suspendTimeHint 100" : "sm.mbarrier_suspend_limit_ns=100"));
    Issues t;
    const auto r = hint ? ttest::run(kernel(", 100"), 1, 64, 64, true, {}, {}, 0, &t)
                        : ttest::run(kernel(""), 1, 64, 64, true, {"sm.mbarrier_suspend_limit_ns=100"}, {}, 0, &t);
    CHECK(r.out[0] == 7);
    REQUIRE(t.try_waits.size() >= 2);
    // Each time limit: 100 cycles after the try_wait, the bra issues (false: taken) and the try_wait the cycle after.
    for (std::size_t i = 1; i < t.try_waits.size(); ++i) CHECK(t.try_waits[i] - t.try_waits[i - 1] == 101);
    CHECK(t.try_waits.size() == (t.arrive - t.try_waits[0]) / 101 + 1);
    CHECK(t.after == t.arrive + 5);
  }
}

}  // namespace WARPSIM_UNITY_ID
