// Distributed shared memory through .shared::cluster addresses, exactly: mapa.shared::cluster and the generic mapa,
// getctarank of both, isspacep.shared::cta/::cluster of a peer's address, ld/st/atom/red.shared::cluster between the CTAs of clusters of 2 and 4 (a ring read, an
// all-to-all scatter, atomics on rank 0's counter) against a CPU reference, functional and timed, under both
// reconvergence models.
#include "cluster_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

// out[cta*256 + t]: the ring value read from CTA (rank+1)%N; +64: getctarank of that address (shared::cluster);
// +128: the all-to-all word received in slot t (t < N*16); +192 (thread 0): rank 0's counter; +193: getctarank of
// the generic mapa address; +194: getctarank of a plain shared::cta address (the CTA's own rank); +195/+196:
// isspacep.shared::cta / .shared::cluster of the peer's generic address; +197: isspacep.shared of the CTA's own.
const std::string kDsmem = simt::header() + R"(
.visible .entry k(.param .u64 out)
{
  .reg .pred %p<4>;
  .reg .b32 %r<40>;
  .reg .b64 %rd<20>;
  .shared .align 4 .b32 buf[64];
  .shared .align 4 .b32 a2a[64];
  .shared .align 4 .b32 cnt;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %cluster_ctarank;
  mov.u32 %r3, %cluster_nctarank;
  mov.u32 %r4, %ctaid.x;
  mul.lo.u32 %r5, %r2, 1000;
  add.u32 %r5, %r5, %r1;
  mov.u32 %r6, buf;
  shl.b32 %r7, %r1, 2;
  add.u32 %r8, %r6, %r7;
  st.shared.u32 [%r8], %r5;
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra INIT_DONE;
  st.shared.u32 [cnt], 0;
INIT_DONE:
  barrier.cluster.arrive.release.aligned;
  barrier.cluster.wait.acquire.aligned;
  add.u32 %r9, %r2, 1;
  rem.u32 %r9, %r9, %r3;
  mapa.shared::cluster.u32 %r10, %r8, %r9;
  ld.shared::cluster.u32 %r11, [%r10];
  getctarank.shared::cluster.u32 %r12, %r10;
  mul.wide.u32 %rd2, %r4, 1024;
  add.u64 %rd3, %rd1, %rd2;
  mul.wide.u32 %rd4, %r1, 4;
  add.u64 %rd5, %rd3, %rd4;
  st.global.u32 [%rd5], %r11;
  st.global.u32 [%rd5+256], %r12;
  mul.lo.u32 %r13, %r3, 16;
  setp.ge.u32 %p2, %r1, %r13;
  @%p2 bra SKIP;
  shr.u32 %r14, %r1, 4;
  and.b32 %r15, %r1, 15;
  mul.lo.u32 %r16, %r2, 16;
  add.u32 %r16, %r16, %r15;
  shl.b32 %r16, %r16, 2;
  mov.u32 %r17, a2a;
  add.u32 %r16, %r16, %r17;
  mapa.shared::cluster.u32 %r18, %r16, %r14;
  mul.lo.u32 %r19, %r2, 100;
  add.u32 %r19, %r19, %r15;
  mul.lo.u32 %r20, %r14, 10000;
  add.u32 %r19, %r19, %r20;
  st.shared::cluster.u32 [%r18], %r19;
SKIP:
  mov.u32 %r21, cnt;
  mapa.shared::cluster.u32 %r22, %r21, 0;
  atom.shared::cluster.add.u32 %r23, [%r22], 1;
  red.shared::cluster.add.u32 [%r22], 2;
  barrier.cluster.arrive;
  barrier.cluster.wait;
  @%p2 bra SKIP2;
  mov.u32 %r24, a2a;
  add.u32 %r24, %r24, %r7;
  ld.shared.u32 %r25, [%r24];
  st.global.u32 [%rd5+512], %r25;
SKIP2:
  @%p1 bra END;
  ld.shared.u32 %r26, [cnt];
  st.global.u32 [%rd3+768], %r26;
  mov.u64 %rd6, buf;
  cvta.shared.u64 %rd7, %rd6;
  mapa.u64 %rd8, %rd7, %r9;
  getctarank.u64 %r27, %rd8;
  st.global.u32 [%rd3+772], %r27;
  getctarank.shared::cluster.u32 %r28, %r6;
  st.global.u32 [%rd3+776], %r28;
  isspacep.shared::cta %p3, %rd8;
  selp.u32 %r29, 1, 0, %p3;
  st.global.u32 [%rd3+780], %r29;
  isspacep.shared::cluster %p3, %rd8;
  selp.u32 %r30, 1, 0, %p3;
  st.global.u32 [%rd3+784], %r30;
  isspacep.shared %p3, %rd7;
  selp.u32 %r31, 1, 0, %p3;
  st.global.u32 [%rd3+788], %r31;
END:
  ret;
}
)";

}  // namespace

TEST_CASE("665 DSMEM through shared::cluster addresses: ring, all-to-all and atomics in clusters of 2 and 4",
          "[simt][cluster]") {
  for (const unsigned n : {2u, 4u})
    for (const bool timed : {false, true})
      for (const char* model : {"independent", "ipdom_stack"}) {
        INFO("cluster " << n << (timed ? " timed " : " functional ") << model);
        const unsigned ctas = 2 * n;
        const auto out = clusterx::run("cl-dsmem", kDsmem,
                                       clusterx::Shape{std::to_string(ctas), 64, std::to_string(n), ctas * 256},
                                       timed, model)
                             .as<std::uint32_t>("out");
        for (unsigned c = 0; c < ctas; ++c) {
          const unsigned rank = c % n, next = (rank + 1) % n, o = c * 256;
          for (unsigned t = 0; t < 64; ++t) {
            CHECK(out[o + t] == next * 1000 + t);
            CHECK(out[o + 64 + t] == next);
            if (t < n * 16) {
              const unsigned src = t / 16, k = t % 16;
              CHECK(out[o + 128 + t] == src * 100 + k + 10000 * rank);
            } else {
              CHECK(out[o + 128 + t] == 0);
            }
          }
          CHECK(out[o + 192] == (rank == 0 ? n * 64 * 3 : 0));
          CHECK(out[o + 193] == next);
          CHECK(out[o + 194] == rank);
          CHECK(out[o + 195] == 0);  // the peer's shared memory is not the CTA's own
          CHECK(out[o + 196] == 1);
          CHECK(out[o + 197] == 1);
        }
      }
}

}  // namespace WARPSIM_UNITY_ID
