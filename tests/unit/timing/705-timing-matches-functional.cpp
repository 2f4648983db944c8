// The timing model changes when instructions run, never what they compute: buffers after a timed run equal
// those after a functional run (barriers, divergence, more CTAs than fit at once), and two timed runs agree.
#include "timing_test_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

// Each CTA of 128 threads writes tid into shared memory, waits at a barrier, and writes the value of the
// mirrored thread (odd threads add 1000 on a divergent path) to out[ctaid * 128 + tid].
const std::string kReverse = ttest::header() + R"(
.visible .entry k(.param .u64 out) {
  .reg .pred %p<2>;
  .reg .u32 %r<10>;
  .reg .u64 %rd<4>;
  .shared .align 4 .b8 sm[512];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %ctaid.x;
  mov.u32 %r3, sm;
  shl.b32 %r4, %r1, 2;
  add.u32 %r5, %r3, %r4;
  st.shared.u32 [%r5], %r1;
  bar.sync 0;
  sub.u32 %r6, 127, %r1;
  shl.b32 %r6, %r6, 2;
  add.u32 %r6, %r3, %r6;
  ld.shared.u32 %r7, [%r6];
  and.b32 %r8, %r1, 1;
  setp.eq.u32 %p1, %r8, 0;
  @%p1 bra EVEN;
  add.u32 %r7, %r7, 1000;
EVEN:
  mad.lo.u32 %r9, %r2, 128, %r1;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  mul.wide.u32 %rd2, %r9, 4;
  add.u64 %rd1, %rd1, %rd2;
  st.global.u32 [%rd1], %r7;
  exit;
}
)";

}  // namespace

TEST_CASE("timed and functional runs give the same buffers") {
  // tiny fits 4 CTAs of 128 threads (sm.max_threads 512 and sm.max_warps 16 both allow 4); 6 CTAs make the
  // dispatcher place new CTAs as old ones retire.
  const unsigned ctas = 6, n = ctas * 128;
  const auto f = ttest::run(kReverse, ctas, 128, n, false);
  const auto t = ttest::run(kReverse, ctas, 128, n, true);
  CHECK(t.out == f.out);
  for (unsigned c = 0; c < ctas; ++c)
    for (unsigned i = 0; i < 128; ++i) CHECK(t.out[c * 128 + i] == (127 - i) + (i % 2 == 1 ? 1000u : 0u));
  CHECK(t.timing.functional.ctas == ctas);
  CHECK(t.timing.stats.warp_states.barrier > 0);
  const auto lrr = ttest::run(kReverse, ctas, 128, n, true, {"sm.scheduler=lrr"});
  CHECK(lrr.out == f.out);
}

TEST_CASE("timed runs are deterministic") {
  const auto a = ttest::run(kReverse, 6, 128, 6 * 128);
  const auto b = ttest::run(kReverse, 6, 128, 6 * 128);
  CHECK(a.timing.cycles == b.timing.cycles);
  CHECK(a.timing.stats.to_map() == b.timing.stats.to_map());
}

}  // namespace WARPSIM_UNITY_ID
