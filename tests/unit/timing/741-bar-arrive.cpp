// bar.arrive never waits: the arriving warp issues its next instruction the cycle after, while the warps that
// wait at the barrier (bar.sync) are released sm.barrier_latency + sm.barrier_cycles_per_warp x (warps - 1)
// cycles after its last arrival.
#include "timing_test_util.hpp"

#include <map>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

constexpr unsigned kChain = 12;  // dependent adds the producer runs after its arrive

// Warp 0 (the producer) writes shared memory, arrives at named barrier 1, then runs kChain dependent adds and
// stores the sum to out[1]; warp 1 (the consumer) waits at barrier 1 and copies what the producer wrote to out[0].
std::string kernel() {
  std::string chain = "  add.u32 %r3, %r2, 1;\n";
  for (unsigned i = 1; i < kChain; ++i) chain += "  add.u32 %r3, %r3, 1;\n";
  return ttest::header() + R"(
.visible .entry k(.param .u64 out) {
  .reg .pred %p<2>;
  .reg .u32 %r<4>;
  .reg .u64 %rd<2>;
  .shared .align 4 .u32 flag;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  setp.lt.u32 %p1, %r1, 32;
  @!%p1 bra CONSUMER;
  mov.u32 %r2, 42;
  st.shared.u32 [flag], %r2;
  bar.arrive 1, 64;
)" + chain +
         R"(  st.global.u32 [%rd1+4], %r3;
  exit;
CONSUMER:
  bar.sync 1, 64;
  ld.shared.u32 %r2, [flag];
  st.global.u32 [%rd1], %r2;
  exit;
}
)";
}

// Per warp: the cycle of each issue (by pc) and the cycle it ended.
struct WarpTimes : warpsim::timing::TraceSink {
  std::map<std::uint32_t, std::map<std::uint32_t, std::uint64_t>> issue;
  std::map<std::uint32_t, std::uint64_t> end;
  bool wants_issues() const override { return true; }
  void on_issue(const warpsim::timing::IssueEvent& e) override { issue[e.warp][e.pc] = e.cycle; }
  void on_warp_end(std::uint64_t, std::uint32_t warp, std::uint64_t cycle, std::uint64_t) override {
    end[warp] = cycle;
  }
};

constexpr std::uint32_t kArrivePc = 6;                         // pcs count from the kernel's first instruction
constexpr std::uint32_t kConsumerPc = kArrivePc + kChain + 3;  // bar.sync: after the chain, the store and the exit

}  // namespace

TEST_CASE("bar.arrive: the arriving warp goes on at once, the waiting warp is released after the barrier latency") {
  // tiny: pipe latencies ldst 4, uniform 2, int 4 (issue interval 2), branch 2; mem.smem_latency 30;
  // sm.barrier_latency 10 and sm.barrier_cycles_per_warp 0, so a barrier releases 10 + 0 x (2 - 1) = 10 cycles
  // after its last arrival; sm.branch_taken_cycles 0. The two warps sit on sub-partitions 0 and 1 and issue side
  // by side: ld.param at 0 (%rd1 at 4), mov %tid at 1 (%r1 at 3), setp at 3 (%p1 at 7), bra at 7 (taken by
  // warp 1 only).
  // Warp 1: bar.sync at 8, arrival 32 of 64: it waits.
  // Warp 0: mov 42 at 8 (%r2 at 10), st.shared at 10, bar.arrive at 11: arrival 64 of 64 releases warp 1 at
  //   11 + 10 = 21. The first add issues at 12 (not at 21: the arrive does not wait), add i at 12 + 4i, the sum
  //   lands at 12 + 4 x kChain = 60, st.global at 60, exit at 61: warp 0 ends at 62.
  // Warp 1: ld.shared at 21 (%r2 at 21 + 30 = 51), st.global at 51, exit at 52: it ends at 53.
  // The kernel ends with warp 0: 62 cycles. (Charged the release as if it had waited, warp 0 would issue its
  // first add at 21 and end at 71.)
  WarpTimes t;
  const auto r = ttest::run(kernel(), 1, 64, 2, true, {}, {}, 0, &t);
  CHECK(r.out[0] == 42);
  CHECK(r.out[1] == 42 + kChain);
  CHECK(t.issue[1][kConsumerPc] == 8);       // bar.sync
  CHECK(t.issue[0][kArrivePc] == 11);        // bar.arrive
  CHECK(t.issue[0][kArrivePc + 1] == 12);    // the producer's next instruction, the cycle after
  CHECK(t.issue[1][kConsumerPc + 1] == 21);  // the consumer's, barrier_latency after the last arrival
  CHECK(t.end[0] == 12 + 4 * kChain + 2);
  CHECK(t.end[1] == 53);
  CHECK(r.timing.cycles == 62);
}

}  // namespace WARPSIM_UNITY_ID
