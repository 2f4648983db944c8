// A remote mbarrier arrive: rank 1's 64 threads each store a word into rank 0's shared memory through DSMEM and
// arrive on rank 0's mbarrier (mbarrier.arrive.release.cluster.shared::cluster.b64 _, [addr]); rank 0's threads wait
// on the phase with try_wait.parity and then read the words. Exact values, functional and timed, both reconvergence
// models; plus remote expect_tx/complete_tx on a peer's mbarrier, and a cluster-scope fence before the arrive.
#include "cluster_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

const std::string kRemote = simt::header() + R"(
.visible .entry k(.param .u64 out)
{
  .reg .pred %p<4>;
  .reg .b32 %r<20>;
  .reg .b64 %rd<12>;
  .shared .align 8 .b64 bar;
  .shared .align 4 .b32 data[64];
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %cluster_ctarank;
  setp.ne.u32 %p1, %r1, 0;
  setp.ne.u32 %p2, %r2, 0;
  @%p1 bra SYNC;
  @%p2 bra SYNC;
  mbarrier.init.shared::cta.b64 [bar], 64;
SYNC:
  barrier.cluster.arrive.release.aligned;
  barrier.cluster.wait.acquire.aligned;
  @%p2 bra PRODUCER;
WAIT:
  mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 %p3, [bar], 0;
  @!%p3 bra WAIT;
  shl.b32 %r3, %r1, 2;
  mov.u32 %r4, data;
  add.u32 %r4, %r4, %r3;
  ld.shared.u32 %r5, [%r4];
  mul.wide.u32 %rd2, %r1, 4;
  add.u64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r5;
  @%p1 bra DONE;
  ld.shared.u64 %rd4, [bar];
  st.global.u64 [%rd1+256], %rd4;
  bra DONE;
PRODUCER:
  shl.b32 %r3, %r1, 2;
  mov.u32 %r4, data;
  add.u32 %r4, %r4, %r3;
  mapa.shared::cluster.u32 %r6, %r4, 0;
  mad.lo.u32 %r7, %r1, 7, 5;
  st.shared::cluster.u32 [%r6], %r7;
  mov.u32 %r8, bar;
  mapa.shared::cluster.u32 %r9, %r8, 0;
  @%p1 bra ARRIVE;
  mbarrier.expect_tx.relaxed.cluster.shared::cluster.b64 [%r9], 32;
  mbarrier.complete_tx.relaxed.cluster.shared::cluster.b64 [%r9], 32;
ARRIVE:
  fence.acq_rel.cluster;
  membar.cta;
  mbarrier.arrive.release.cluster.shared::cluster.b64 _, [%r9];
DONE:
  ret;
}
)";

}  // namespace

TEST_CASE("666 remote mbarrier arrive: a peer CTA's threads arrive on rank 0's mbarrier through shared::cluster",
          "[simt][cluster][mbarrier]") {
  for (const bool timed : {false, true})
    for (const char* model : {"independent", "ipdom_stack"}) {
      INFO((timed ? "timed " : "functional ") << model);
      const auto out = clusterx::run("cl-remote-mbar", kRemote, clusterx::Shape{"2", 64, "2", 128}, timed, model)
                           .as<std::uint32_t>("out");
      for (unsigned t = 0; t < 64; ++t) CHECK(out[t] == t * 7 + 5);
      // After the 64th arrival: phase 1 (parity 1), 64 of 64 pending, tx-count 0.
      CHECK((std::uint64_t{out[64]} | std::uint64_t{out[65]} << 32) == (64ull | 64ull << 20 | 1ull << 63));
    }
}

}  // namespace WARPSIM_UNITY_ID
