// --racecheck across the CTAs of a cluster: a multicast copy (cp.async.bulk.multicast::cluster) issued by one CTA
// writes the shared memory of every CTA its mask names, and each destination's accesses to those bytes before that CTA
// observed the copy's completion through its own mbarrier are hazards, named with both sides (the accessing CTA,
// warp, lane and PTX line; the issuing CTA, warp, lane and PTX line of the copy); a DSMEM access
// (ld.shared::cluster) to a peer's bytes that a copy into the peer is still writing is one too. A cluster of 2 CTAs of
// 32 threads: rank 0's thread 0 multicasts in[0..127] into `a` of both CTAs; with `bad` set, rank 0 reads the peer's
// a[4t] through DSMEM right after the issue, and rank 1, after a cluster barrier, reads a[4t] and writes a[4t + 2]
// before waiting on its mbarrier. Both CTAs then wait on their own mbarrier and read a; rank 0 reads the peer's a
// again after a cluster barrier (complete: nothing). Without `bad` the kernel waits correctly and nothing is reported.
// Functional and timed, under both reconvergence models; the bytes read before the wait are the old ones.
#include "../../integration/simt/race_util.hpp"


namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

using racex::check_hazard;
using racex::line_of;
using warpsim::func::HazardKind;

const std::string kMulticast = simt::header() + R"(
.visible .entry k(.param .u64 in, .param .u64 out, .param .u32 bad)
{
  .reg .pred %p<12>;
  .reg .b16 %rs<2>;
  .reg .b32 %r<32>;
  .reg .b64 %rd<12>;
  .shared .align 128 .b8 a[512];
  .shared .align 8 .b64 bar;
  ld.param.u64 %rd1, [in];
  ld.param.u64 %rd2, [out];
  ld.param.u32 %r20, [bad];
  setp.ne.u32 %p5, %r20, 0;
  mov.u32 %r1, %tid.x;
  mov.u32 %r21, %cluster_ctarank;
  mov.u32 %r2, a;
  shl.b32 %r3, %r1, 4;
  add.u32 %r4, %r2, %r3;
  mov.u32 %r5, -1;
  st.shared.v4.u32 [%r4], {%r5, %r5, %r5, %r5};
  mov.u32 %r6, bar;
  setp.eq.u32 %p1, %r1, 0;
  @%p1 mbarrier.init.shared::cta.b64 [%r6], 1;
  @%p1 fence.mbarrier_init.release.cluster;
  barrier.cluster.arrive;
  barrier.cluster.wait;
  @%p1 mbarrier.arrive.expect_tx.shared::cta.b64 %rd3, [%r6], 512;
  setp.eq.u32 %p2, %r21, 0;
  and.pred %p3, %p1, %p2;
  mov.u16 %rs1, 3;
  @%p3 cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [%r2], [%rd1], 512, [%r6], %rs1; // COPY
  mapa.shared::cluster.u32 %r7, %r4, 1;
  and.pred %p4, %p2, %p5;
  mul.wide.u32 %rd4, %r1, 4;
  add.s64 %rd5, %rd2, %rd4;
  @%p4 ld.shared::cluster.u32 %r8, [%r7]; // DSMEM_EARLY
  @%p4 st.global.u32 [%rd5+640], %r8;
  barrier.cluster.arrive;
  barrier.cluster.wait;
  not.pred %p6, %p2;
  and.pred %p7, %p6, %p5;
  @%p7 ld.shared.u32 %r9, [%r4]; // PEER_READ
  @%p7 st.global.u32 [%rd5+768], %r9;
  mov.u32 %r10, 7;
  @%p7 st.shared.u32 [%r4+8], %r10; // PEER_WRITE
WAIT:
  mbarrier.try_wait.parity.shared::cta.b64 %p8, [%r6], 0;
  @!%p8 bra WAIT;
  mul.lo.u32 %r11, %r21, 256;
  cvt.u64.u32 %rd6, %r11;
  add.s64 %rd7, %rd5, %rd6;
  ld.shared.u32 %r12, [%r4];
  st.global.u32 [%rd7], %r12;
  ld.shared.u32 %r13, [%r4+8];
  st.global.u32 [%rd7+128], %r13;
  barrier.cluster.arrive;
  barrier.cluster.wait;
  @%p2 ld.shared::cluster.u32 %r14, [%r7]; // DSMEM_LATE
  @%p2 st.global.u32 [%rd5+512], %r14;
  barrier.cluster.arrive;
  barrier.cluster.wait;
  ret;
}
)";

struct Run {
  warpsim::sim::RunResult result;
  std::string ptx_path;
};

Run run(bool bad, bool timed, const std::string& model) {
  const std::string dir = simt::temp_dir(fmt::format("race-multicast-{}", bad));
  std::ofstream(dir + "/k.ptx") << kMulticast;
  std::ofstream(dir + "/run.json") << fmt::format(
      R"({{"gpu": "h200", "kernels": [{{"ptx": "k.ptx", "entry": "k", "grid": 2, "block": 32, "cluster": 2,
           "registers": 32, "args": [{{"buffer": "in"}}, {{"buffer": "out"}}, {{"u32": {}}}]}}],
          "buffers": {{"in": {{"type": "u32", "count": 128, "init": "iota"}},
                       "out": {{"type": "u32", "count": 224, "init": "zero"}}}}}})",
      bad ? 1 : 0);
  warpsim::sim::RunOptions opts;
  opts.gpu_overrides = {"sm.reconvergence=" + model, "compiler.schedule=0"};
  opts.functional_only = !timed;
  opts.racecheck = true;
  return {warpsim::sim::run_file(dir + "/run.json", opts), dir + "/k.ptx"};
}

const char* const kModels[] = {"independent", "ipdom_stack"};

}  // namespace

TEST_CASE("754 racecheck: a peer's accesses to a multicast copy's bytes before its own wait, and DSMEM reads of them, "
          "are hazards naming both CTAs",
          "[timing][racecheck][cluster]") {
  for (const bool timed : {false, true})
    for (const char* model : kModels) {
      INFO((timed ? "timed " : "functional ") << model);
      const auto r = run(true, timed, model);
      const auto out = r.result.as<std::uint32_t>("out");
      for (unsigned t = 0; t < 32; ++t) {
        INFO("thread " << t);
        CHECK(out[t] == 4 * t);                // rank 0 after its wait: in[4t]
        CHECK(out[32 + t] == 4 * t + 2);
        CHECK(out[64 + t] == 4 * t);           // rank 1 after its wait: the copy landed after its write of 7
        CHECK(out[96 + t] == 4 * t + 2);
        CHECK(out[128 + t] == 4 * t);          // rank 0's DSMEM read after the cluster barrier
        CHECK(out[160 + t] == 0xffffffffu);    // rank 0's DSMEM read right after the issue: the old bytes
        CHECK(out[192 + t] == 0xffffffffu);    // rank 1's read before its wait: the old bytes
      }
      const auto& h = r.result.kernels.at(0).hazards;
      REQUIRE(h.size() == 3);
      const std::string p = r.ptx_path;
      const unsigned copy = line_of(kMulticast, "// COPY");
      check_hazard(h[0], HazardKind::ReadAfterAsyncWrite, 32,
                   fmt::format("read-after-async-write: CTA (0,0,0) warp 0 lane 0 (thread (0,0,0)) at {}:{} reads "
                               "shared [0x0, 0x4) of CTA rank 1 while the cp.async.bulk.multicast::cluster at {}:{} by "
                               "thread (0,0,0) writes shared [0x0, 0x200) of CTA rank 1, still in flight",
                               p, line_of(kMulticast, "// DSMEM_EARLY"), p, copy));
      check_hazard(h[1], HazardKind::ReadAfterAsyncWrite, 32,
                   fmt::format("read-after-async-write: CTA (1,0,0) warp 0 lane 0 (thread (0,0,0)) at {}:{} reads "
                               "shared [0x0, 0x4) while the cp.async.bulk.multicast::cluster at {}:{} by CTA (0,0,0) "
                               "warp 0 lane 0 (thread (0,0,0)) writes shared [0x0, 0x200), still in flight",
                               p, line_of(kMulticast, "// PEER_READ"), p, copy));
      check_hazard(h[2], HazardKind::WriteDuringAsyncWrite, 32,
                   fmt::format("write-during-async-write: CTA (1,0,0) warp 0 lane 0 (thread (0,0,0)) at {}:{} writes "
                               "shared [0x8, 0xc) while the cp.async.bulk.multicast::cluster at {}:{} by CTA (0,0,0) "
                               "warp 0 lane 0 (thread (0,0,0)) writes shared [0x0, 0x200), still in flight",
                               p, line_of(kMulticast, "// PEER_WRITE"), p, copy));
    }
}

TEST_CASE("754 racecheck: a cluster that waits for its multicast copy on every CTA's own mbarrier reports nothing",
          "[timing][racecheck][cluster]") {
  for (const bool timed : {false, true})
    for (const char* model : kModels) {
      INFO((timed ? "timed " : "functional ") << model);
      const auto r = run(false, timed, model);
      const auto out = r.result.as<std::uint32_t>("out");
      for (unsigned t = 0; t < 32; ++t) {
        INFO("thread " << t);
        CHECK(out[t] == 4 * t);
        CHECK(out[32 + t] == 4 * t + 2);
        CHECK(out[64 + t] == 4 * t);
        CHECK(out[96 + t] == 4 * t + 2);
        CHECK(out[128 + t] == 4 * t);
        CHECK(out[160 + t] == 0);  // not read
        CHECK(out[192 + t] == 0);
      }
      CHECK(r.result.kernels.at(0).hazards.empty());
    }
}

}  // namespace WARPSIM_UNITY_ID
