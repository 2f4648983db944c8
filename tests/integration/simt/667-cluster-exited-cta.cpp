// An access to the shared memory of a cluster CTA that has exited is an error naming the accessing CTA, warp, lane,
// thread and PTX line: rank 1 sets a flag in rank 0's shared memory and exits; rank 0 waits for the flag, then reads
// rank 1's shared memory. Functional and timed.
#include "cluster_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

const std::string kExited = simt::header() + R"(
.visible .entry k(.param .u64 out)
{
  .reg .pred %p<4>;
  .reg .b32 %r<20>;
  .shared .align 4 .b32 flag;
  mov.u32 %r1, %cluster_ctarank;
  mov.u32 %r2, flag;
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra PEER;
  st.shared.u32 [flag], 0;
  barrier.cluster.arrive;
  barrier.cluster.wait;
SPIN:
  ld.volatile.shared.u32 %r3, [flag];
  setp.eq.u32 %p2, %r3, 0;
  @%p2 bra SPIN;
  mapa.shared::cluster.u32 %r4, %r2, 1;
  ld.shared::cluster.u32 %r5, [%r4];
  ret;
PEER:
  barrier.cluster.arrive;
  barrier.cluster.wait;
  mapa.shared::cluster.u32 %r6, %r2, 0;
  st.shared::cluster.u32 [%r6], 1;
  ret;
}
)";

}  // namespace

TEST_CASE("667 an access to an exited cluster CTA's shared memory is an error naming the thread and line",
          "[simt][cluster]") {
  for (const bool timed : {false, true}) {
    INFO((timed ? "timed" : "functional"));
    warpsim::ErrorKind kind{};
    const std::string e = clusterx::error_of("cl-exited", kExited, clusterx::Shape{"2", 32, "2", 64}, timed, &kind);
    CHECK(kind == warpsim::ErrorKind::Execution);
    CHECK_THAT(e, Catch::Contains("CTA (0,0,0) warp 0 lane 0 (thread (0,0,0)) at "));
    CHECK_THAT(e, Catch::Contains("k.ptx:22"));
    CHECK_THAT(e, Catch::Contains(
                      "shared::cluster read of 4 bytes at address 0x2000000: CTA rank 1 of the cluster has exited, its "
                      "shared memory is gone (keep a CTA alive with barrier.cluster until its peers stop accessing it)"));
    CHECK_THAT(e, Catch::Contains("in: ld.shared::cluster.u32"));
  }
}

}  // namespace WARPSIM_UNITY_ID
