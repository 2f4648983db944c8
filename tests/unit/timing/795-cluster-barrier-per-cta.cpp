// Exact cycles on the tiny GPU (1 SM; cluster.barrier_cycles 10): a barrier.cluster arrive + wait that rank 0's
// last arrival completes, timed with %clock64 around it, in clusters of 2 and of 4 CTAs. The release comes
// cluster.barrier_cycles + cluster.barrier_cycles_per_cta x (CTAs - 1), rounded to a whole cycle, after that arrival.
// Leaves out: which rank arrives last (the release counts from the last arrival whichever it is: test 750).
#include "../../integration/simt/cluster_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

// Every CTA passes one cluster barrier; then the other ranks arrive at the second at once while rank 0 first spends
// a DSMEM round trip, so rank 0 arrives last: out[0] = its cycles around that arrive + wait.
const std::string kBarrier = simt::header() + R"(
.visible .entry k(.param .u64 out)
{
  .reg .pred %p<2>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<8>;
  .shared .align 4 .b32 word;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %cluster_ctarank;
  st.shared.u32 [word], %r1;
  mov.u32 %r3, word;
  barrier.cluster.arrive;
  barrier.cluster.wait;
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra PEER;
  mapa.shared::cluster.u32 %r4, %r3, 1;
  ld.shared::cluster.u32 %r5, [%r4];
  st.global.u32 [%rd1+4], %r5;
  mov.u64 %rd5, %clock64;
  barrier.cluster.arrive;
  barrier.cluster.wait;
  mov.u64 %rd6, %clock64;
  sub.u64 %rd7, %rd6, %rd5;
  cvt.u32.u64 %r6, %rd7;
  st.global.u32 [%rd1], %r6;
  ret;
PEER:
  barrier.cluster.arrive;
  barrier.cluster.wait;
  ret;
}
)";

std::uint32_t barrier_cycles(const std::string& ctas, const std::vector<std::string>& sets) {
  const auto out = clusterx::run("cl-per-cta", kBarrier, clusterx::Shape{ctas, 32, ctas, 4}, true, "independent", sets,
                                 "tiny")
                       .as<std::uint32_t>("out");
  CHECK(out[1] == 1);  // rank 1's word
  return out[0];
}

}  // namespace

TEST_CASE("795 the cluster barrier's release grows by cluster.barrier_cycles_per_cta per CTA beyond the first",
          "[timing][cluster]") {
  // The clock read at c, the last arrive at c+1 releases at c+1+10: the second clock read at c+11, as in test 750.
  CHECK(barrier_cycles("2", {}) == 11);
  CHECK(barrier_cycles("4", {}) == 11);
  CHECK(barrier_cycles("2", {"cluster.barrier_cycles_per_cta=4"}) == 11 + 4);
  CHECK(barrier_cycles("4", {"cluster.barrier_cycles_per_cta=4"}) == 11 + 12);
  // Fractions: 2.5 x 1 rounds to 3, 2.5 x 3 = 7.5 to 8 (half away from zero).
  CHECK(barrier_cycles("2", {"cluster.barrier_cycles_per_cta=2.5"}) == 11 + 3);
  CHECK(barrier_cycles("4", {"cluster.barrier_cycles_per_cta=2.5"}) == 11 + 8);
}

}  // namespace WARPSIM_UNITY_ID
