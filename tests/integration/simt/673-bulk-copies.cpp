// Non-tensor bulk copies: cp.async.bulk global -> shared::cluster (the CTA's own) and shared::cta -> shared::cluster
// completing transaction bytes on one mbarrier, shared::cta -> global with .bulk_group, cp.reduce.async.bulk .add.u32
// twice into zeros, cp.async.bulk.prefetch.L2 (no effect on memory), commit_group and wait_group 0. A read of the
// destination right after the copy issues sees the old bytes (timed: the TMA has not landed them; functional:
// copies land at the wait that covers them); after the mbarrier's phase completes it sees the copied ones.
// Functional and timed, under both reconvergence models.
#include "tma_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

// 64 threads fill a[] (512 bytes) with 0xffffffff and c[i] (256 bytes) with 7000 + i; thread 0 copies in[16..143]
// to a and c to b, reads a[0] at once (-> out[0]), waits, reads a[0] (-> out[1]), stores a to out[64..191] and
// reduces b twice into out[256..319].
const std::string kBulk = simt::header() + R"(
.visible .entry k(.param .u64 in, .param .u64 out)
{
  .reg .pred %p<4>;
  .reg .b32 %r<32>;
  .reg .b64 %rd<16>;
  .shared .align 128 .b8 a[512];
  .shared .align 128 .b8 b[256];
  .shared .align 128 .b8 c[256];
  .shared .align 8 .b64 bar;
  ld.param.u64 %rd1, [in];
  ld.param.u64 %rd2, [out];
  mov.u32 %r1, %tid.x;
  shl.b32 %r2, %r1, 3;
  mov.u32 %r3, a;
  add.u32 %r4, %r3, %r2;
  mov.u32 %r5, -1;
  st.shared.v2.u32 [%r4], {%r5, %r5};
  shl.b32 %r6, %r1, 2;
  mov.u32 %r7, c;
  add.u32 %r8, %r7, %r6;
  add.u32 %r9, %r1, 7000;
  st.shared.u32 [%r8], %r9;
  fence.proxy.async.shared::cta;
  bar.sync 0;
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra DONE;
  mov.u32 %r10, bar;
  mbarrier.init.shared::cta.b64 [%r10], 1;
  mbarrier.arrive.expect_tx.shared::cta.b64 %rd3, [%r10], 768;
  add.s64 %rd4, %rd1, 64;
  mov.u32 %r11, 512;
  cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r3], [%rd4], %r11, [%r10];
  ld.shared.u32 %r12, [%r3];
  st.global.u32 [%rd2], %r12;
  mov.u32 %r13, b;
  cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes [%r13], [%r7], 256, [%r10];
  cp.async.bulk.prefetch.L2.global [%rd1], 256;
WAIT:
  mbarrier.try_wait.parity.shared::cta.b64 %p2, [%r10], 0;
  @!%p2 bra WAIT;
  ld.shared.u32 %r14, [%r3];
  st.global.u32 [%rd2+4], %r14;
  add.s64 %rd5, %rd2, 256;
  cp.async.bulk.global.shared::cta.bulk_group [%rd5], [%r3], 512;
  cp.async.bulk.commit_group;
  add.s64 %rd6, %rd2, 1024;
  cp.reduce.async.bulk.global.shared::cta.bulk_group.add.u32 [%rd6], [%r13], 256;
  cp.reduce.async.bulk.global.shared::cta.bulk_group.add.u32 [%rd6], [%r13], 256;
  cp.async.bulk.commit_group;
  cp.async.bulk.wait_group 0;
DONE:
  ret;
}
)";

}  // namespace

TEST_CASE("673 bulk copies land at the wait, stores and reductions reach global memory", "[simt][bulk]") {
  for (const bool timed : {false, true})
    for (const char* model : {"independent", "ipdom_stack"}) {
      INFO((timed ? "timed " : "functional ") << model);
      const auto r = tmax::run("bulk", kBulk, 1, 64, R"({"buffer": "in"}, {"buffer": "out"})",
                               R"("in": {"type": "u32", "count": 1024, "init": "iota"},
                                  "out": {"type": "u32", "count": 512, "init": "zero"})",
                               timed, model);
      const auto out = r.as<std::uint32_t>("out");
      CHECK(out[0] == 0xffffffffu);  // read before the wait: the old bytes
      CHECK(out[1] == 16u);          // after it: in[16]
      for (unsigned i = 0; i < 128; ++i) CHECK(out[64 + i] == 16 + i);
      for (unsigned i = 0; i < 64; ++i) CHECK(out[256 + i] == 2 * (7000 + i));
      CHECK(out[2] == 0u);
      CHECK(out[320] == 0u);
    }
}

}  // namespace WARPSIM_UNITY_ID
