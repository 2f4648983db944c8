// Exact cycles on the tiny GPU (1 SM; cluster.dsmem_latency 20, cluster.dsmem_bytes_per_cycle 32,
// cluster.barrier_cycles 10): a dependent ld.shared::cluster from the peer CTA of a cluster of 2, timed with
// %clock64 around it, and a barrier.cluster arrive + wait that the last arrival completes, timed the same way; each
// grows by exactly what its parameter grows (+100 cycles).
#include "../../integration/simt/cluster_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

// Rank 0's thread 0..31: out[0] = clock64 cycles around a remote load and its use, out[1] the value loaded; out[2]
// = cycles around the second cluster barrier's arrive + wait (rank 0 arrives last: rank 1 is already waiting).
const std::string kCycles = simt::header() + R"(
.visible .entry k(.param .u64 out)
{
  .reg .pred %p<2>;
  .reg .b32 %r<12>;
  .reg .b64 %rd<12>;
  .shared .align 4 .b32 word;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %cluster_ctarank;
  add.u32 %r2, %r1, 41;
  st.shared.u32 [word], %r2;
  mov.u32 %r3, word;
  barrier.cluster.arrive;
  barrier.cluster.wait;
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra PEER;
  mapa.shared::cluster.u32 %r4, %r3, 1;
  mov.u64 %rd2, %clock64;
  ld.shared::cluster.u32 %r5, [%r4];
  add.u32 %r6, %r5, 1;
  mov.u64 %rd3, %clock64;
  sub.u64 %rd4, %rd3, %rd2;
  cvt.u32.u64 %r7, %rd4;
  st.global.u32 [%rd1], %r7;
  st.global.u32 [%rd1+4], %r6;
  mov.u64 %rd5, %clock64;
  barrier.cluster.arrive;
  barrier.cluster.wait;
  mov.u64 %rd6, %clock64;
  sub.u64 %rd7, %rd6, %rd5;
  cvt.u32.u64 %r8, %rd7;
  st.global.u32 [%rd1+8], %r8;
  ret;
PEER:
  barrier.cluster.arrive;
  barrier.cluster.wait;
  ret;
}
)";

std::vector<std::uint32_t> run(const std::vector<std::string>& sets) {
  return clusterx::run("cl-cycles", kCycles, clusterx::Shape{"2", 32, "2", 4}, true, "independent", sets, "tiny")
      .as<std::uint32_t>("out");
}

}  // namespace

TEST_CASE("750 DSMEM load and cluster barrier: exact cycles on tiny, and each parameter's effect", "[timing][cluster]") {
  const auto base = run({});
  CHECK(base[1] == 43);  // rank 1's word (42) + 1
  // The clock read at c, the load issues at c+1; its 32 lanes x 4 bytes take 4 cycles of the DSMEM port (32 B/cycle),
  // then 20 of latency: the value at c+25, the dependent add issues then, the second clock read at c+28.
  CHECK(base[0] == 28);
  // The clock read at c, the arrive (the last of the phase) at c+1 releases the cluster at c+1+10; the wait issues
  // at c+2 but the warp goes on only at c+11, where the clock is read.
  CHECK(base[2] == 11);
  const auto slow_dsmem = run({"cluster.dsmem_latency=120"});
  CHECK(slow_dsmem[0] == base[0] + 100);
  CHECK(slow_dsmem[2] == base[2]);
  const auto slow_barrier = run({"cluster.barrier_cycles=110"});
  CHECK(slow_barrier[0] == base[0]);
  CHECK(slow_barrier[2] == base[2] + 100);
}

}  // namespace WARPSIM_UNITY_ID
