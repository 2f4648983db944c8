// The time limit of a try_wait whose phase completed first is stale: when it passes it changes nothing. It is not
// counted towards a deadlock while every warp of the CTA waits (a hand-over between two warps, as in
// traces/ubench_mbarrier's mbar_pingpong, was reported as a deadlock), and it does not end a later wait, not even
// one of the next CTA in the same slot.
#include "timing_test_util.hpp"

#include <map>
#include <utility>
#include <vector>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

// Issue cycles by (CTA, warp, pc), each in order.
struct Issues : warpsim::timing::TraceSink {
  std::map<std::pair<std::uint64_t, std::uint32_t>, std::map<std::uint32_t, std::vector<std::uint64_t>>> at;
  bool wants_issues() const override { return true; }
  void on_issue(const warpsim::timing::IssueEvent& e) override { at[{e.cta, e.warp}][e.pc].push_back(e.cycle); }
  const std::vector<std::uint64_t>& of(std::uint64_t cta, std::uint32_t warp, std::uint32_t pc) {
    return at[{cta, warp}][pc];
  }
};

// Warp 1 completes two phases of bar0 (32 arrivals each), each after a DRAM load (about 500 cycles), while warp 0
// waits for them in try_wait loops with a 2000 ns limit: both waits end by the arrives and their limits pass later,
// while warp 0 waits 5000 ns for bar1 (a single try_wait: it returns false, out[0] = 2) and warp 1 waits for bar1 in
// a loop with a 10000 ns limit, so nothing of the CTA can run and no mbarrier changes when they pass. Then warp 0
// completes bar1 and warp 1 stores 7 to out[1].
const std::string kHandOver = ttest::header() + R"(
.visible .entry k(.param .u64 out) {
  .reg .pred %p<4>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<4>;
  .shared .align 8 .b64 bar0;
  .shared .align 8 .b64 bar1;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra SKIP;
  mbarrier.init.shared.b64 [bar0], 32;
  mbarrier.init.shared.b64 [bar1], 32;
SKIP:
  bar.sync 0;
  setp.lt.u32 %p2, %r1, 32;
  @%p2 bra WAITER;
  ld.global.u32 %r2, [%rd1+128];
  and.b32 %r3, %r2, 0;
  add.u32 %r3, %r3, 1;
  mbarrier.arrive.shared.b64 %rd2, [bar0], %r3;
  mul.wide.u32 %rd3, %r3, 256;
  add.u64 %rd3, %rd1, %rd3;
  ld.global.u32 %r4, [%rd3];
  and.b32 %r5, %r4, 0;
  add.u32 %r5, %r5, 1;
  mbarrier.arrive.shared.b64 %rd2, [bar0], %r5;
LAST:
  mbarrier.try_wait.parity.shared.b64 %p3, [bar1], 0, 10000;
  @!%p3 bra LAST;
  mov.u32 %r6, 7;
  st.global.u32 [%rd1+4], %r6;
  exit;
WAITER:
  mbarrier.try_wait.parity.shared.b64 %p3, [bar0], 0, 2000;
  @!%p3 bra WAITER;
SECOND:
  mbarrier.try_wait.parity.shared.b64 %p3, [bar0], 1, 2000;
  @!%p3 bra SECOND;
  mbarrier.try_wait.parity.shared.b64 %p3, [bar1], 0, 5000;
  selp.u32 %r6, 1, 2, %p3;
  st.global.u32 [%rd1], %r6;
  mbarrier.arrive.shared.b64 %rd2, [bar1];
  exit;
}
)";

constexpr std::uint32_t kLastWaitPc = 19, kFirstPc = 24, kSecondPc = 26, kBar1Pc = 28;

// One CTA at a time (9 KiB of the tiny GPU's 16 KiB of shared memory). In CTA 0 warp 1 arrives after a DRAM load,
// ending warp 0's 4000 ns try_wait early (out[0] = 1); in CTA 1, which reuses the slot, nobody arrives and warp 0's
// try_wait returns false (out[1] = 2) 4000 cycles after it issued, although CTA 0's stale limit passes meanwhile.
const std::string kNextCta = ttest::header() + R"(
.visible .entry k(.param .u64 out) {
  .reg .pred %p<4>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<4>;
  .shared .align 8 .b64 bar;
  .shared .align 8 .b8 fill[9216];
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mov.u32 %r7, %ctaid.x;
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra SKIP;
  mbarrier.init.shared.b64 [bar], 32;
SKIP:
  bar.sync 0;
  setp.lt.u32 %p2, %r1, 32;
  @%p2 bra WAITER;
  setp.ne.u32 %p1, %r7, 0;
  @%p1 bra DONE;
  ld.global.u32 %r2, [%rd1+128];
  and.b32 %r3, %r2, 0;
  add.u32 %r3, %r3, 1;
  mbarrier.arrive.shared.b64 %rd2, [bar], %r3;
DONE:
  exit;
WAITER:
  mbarrier.try_wait.parity.shared.b64 %p3, [bar], 0, 4000;
  selp.u32 %r6, 1, 2, %p3;
  mul.wide.u32 %rd3, %r7, 4;
  add.u64 %rd3, %rd1, %rd3;
  st.global.u32 [%rd3], %r6;
  exit;
}
)";

constexpr std::uint32_t kWaitPc = 16;

}  // namespace

TEST_CASE("760 stale time limits passing while every warp waits are no deadlock") {
  Issues t;
  const auto r = ttest::run(kHandOver, 1, 64, 128, true, {}, {}, 0, &t);
  CHECK(r.out[0] == 2);
  CHECK(r.out[1] == 7);
  // Each hand-over wait suspended once and was ended by warp 1's arrive, before its limit.
  REQUIRE(t.of(0, 0, kFirstPc).size() == 1);
  REQUIRE(t.of(0, 0, kSecondPc).size() == 1);
  REQUIRE(t.of(0, 0, kBar1Pc).size() == 1);
  REQUIRE(t.of(0, 1, kLastWaitPc).size() == 1);
  const std::uint64_t bar1 = t.of(0, 0, kBar1Pc)[0];
  CHECK(bar1 < t.of(0, 0, kFirstPc)[0] + 2000);
  // Both stale limits pass while warp 0 waits for bar1 and warp 1 waits in its loop.
  CHECK(t.of(0, 1, kLastWaitPc)[0] < t.of(0, 0, kFirstPc)[0] + 2000);
  CHECK(t.of(0, 0, kSecondPc)[0] + 2000 < bar1 + 5000);
  // warp 0's try_wait on bar1 returns false after its own 5000 cycles (tiny: 1000 MHz), not at a stale limit.
  REQUIRE(t.of(0, 0, kBar1Pc + 1).size() == 1);
  CHECK(t.of(0, 0, kBar1Pc + 1)[0] == bar1 + 5000);
}

TEST_CASE("760 a finished CTA's stale time limit does not end a wait of the next CTA in its slot") {
  Issues t;
  const auto r = ttest::run(kNextCta, 2, 64, 128, true, {}, {}, 0, &t);
  CHECK(r.out[0] == 1);
  CHECK(r.out[1] == 2);
  REQUIRE(t.of(0, 0, kWaitPc).size() == 1);
  REQUIRE(t.of(1, 0, kWaitPc).size() == 1);
  const std::uint64_t first = t.of(0, 0, kWaitPc)[0], next = t.of(1, 0, kWaitPc)[0];
  CHECK(next < first + 4000);  // CTA 0's stale limit passes while CTA 1's warp 0 waits
  REQUIRE(t.of(1, 0, kWaitPc + 1).size() == 1);
  CHECK(t.of(1, 0, kWaitPc + 1)[0] == next + 4000);
}

}  // namespace WARPSIM_UNITY_ID
