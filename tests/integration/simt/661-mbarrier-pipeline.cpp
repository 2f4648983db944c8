// A producer/consumer pipeline with cp.async double buffering and full/empty mbarriers, checked against a CPU
// reference in functional and timed runs under both reconvergence models: warp 0 copies tile t of in[] (32 words)
// into stage t % 2 with cp.async and arrives on full[stage] through cp.async.mbarrier.arrive.noinc once its copies
// land; warp 1 waits for full[stage] (try_wait.parity), reads the tile, accumulates sum += in[32t + lane] * (t + 1)
// and arrives on empty[stage], which the producer waits for before it refills the stage. A correct kernel: --racecheck
// finds no hazard in it.
#include "async_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

constexpr unsigned kTiles = 12;

const std::string kPipeline = simt::header() + R"(
.visible .entry k(.param .u64 in, .param .u64 out)
{
  .reg .pred %p<8>;
  .reg .b32 %r<32>;
  .reg .b64 %rd<12>;
  .shared .align 16 .b8 buf[256];
  .shared .align 8 .b64 full[2];
  .shared .align 8 .b64 empty[2];
  ld.param.u64 %rd1, [in];
  ld.param.u64 %rd2, [out];
  mov.u32 %r1, %tid.x;
  and.b32 %r2, %r1, 31;
  shr.u32 %r3, %r1, 5;
  mov.u32 %r4, buf;
  mov.u32 %r5, full;
  mov.u32 %r6, empty;
  mov.u32 %r7, 12;
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra START;
  mbarrier.init.shared.b64 [%r5], 32;
  mbarrier.init.shared.b64 [%r5+8], 32;
  mbarrier.init.shared.b64 [%r6], 32;
  mbarrier.init.shared.b64 [%r6+8], 32;
  fence.mbarrier_init.release.cluster;
START:
  bar.sync 0;
  mov.u32 %r8, 0;
  setp.ne.u32 %p2, %r3, 0;
  @%p2 bra CONSUMER;
PLOOP:
  setp.ge.u32 %p3, %r8, %r7;
  @%p3 bra PDONE;
  and.b32 %r9, %r8, 1;
  shl.b32 %r10, %r9, 3;
  setp.lt.u32 %p4, %r8, 2;
  @%p4 bra PISSUE;
  shr.u32 %r11, %r8, 1;
  sub.u32 %r11, %r11, 1;
  and.b32 %r11, %r11, 1;
  add.u32 %r12, %r6, %r10;
PWAIT:
  mbarrier.try_wait.parity.shared::cta.b64 %p5, [%r12], %r11;
  @!%p5 bra PWAIT;
PISSUE:
  shl.b32 %r13, %r9, 5;
  add.u32 %r13, %r13, %r2;
  shl.b32 %r13, %r13, 2;
  add.u32 %r14, %r4, %r13;
  shl.b32 %r15, %r8, 5;
  add.u32 %r15, %r15, %r2;
  mul.wide.u32 %rd3, %r15, 4;
  add.s64 %rd4, %rd1, %rd3;
  cp.async.ca.shared.global [%r14], [%rd4], 4;
  add.u32 %r16, %r5, %r10;
  cp.async.mbarrier.arrive.noinc.shared.b64 [%r16];
  add.u32 %r8, %r8, 1;
  bra PLOOP;
PDONE:
  ret;
CONSUMER:
  mov.u32 %r20, 0;
CLOOP:
  setp.ge.u32 %p3, %r8, %r7;
  @%p3 bra CDONE;
  and.b32 %r9, %r8, 1;
  shl.b32 %r10, %r9, 3;
  shr.u32 %r11, %r8, 1;
  and.b32 %r11, %r11, 1;
  add.u32 %r16, %r5, %r10;
CWAIT:
  mbarrier.try_wait.parity.shared::cta.b64 %p6, [%r16], %r11;
  @!%p6 bra CWAIT;
  shl.b32 %r13, %r9, 5;
  add.u32 %r13, %r13, %r2;
  shl.b32 %r13, %r13, 2;
  add.u32 %r14, %r4, %r13;
  ld.shared.u32 %r21, [%r14];
  add.u32 %r22, %r8, 1;
  mad.lo.u32 %r20, %r21, %r22, %r20;
  add.u32 %r12, %r6, %r10;
  mbarrier.arrive.shared::cta.b64 %rd5, [%r12];
  add.u32 %r8, %r8, 1;
  bra CLOOP;
CDONE:
  mul.wide.u32 %rd6, %r2, 4;
  add.s64 %rd7, %rd2, %rd6;
  st.global.u32 [%rd7], %r20;
  ret;
}
)";

}  // namespace

TEST_CASE("661 a cp.async double-buffered producer/consumer pipeline on mbarriers equals the CPU reference",
          "[simt][mbarrier][cp.async]") {
  std::vector<std::uint32_t> expect(32, 0);
  for (unsigned t = 0; t < kTiles; ++t)
    for (unsigned lane = 0; lane < 32; ++lane) expect[lane] += (32 * t + lane) * (t + 1);  // in[i] = i
  for (const bool timed : {false, true})
    for (const char* model : {"independent", "ipdom_stack"}) {
      INFO((timed ? "timed " : "functional ") << model);
      const auto r = asyncx::run("mbar-pipeline", kPipeline, 1, 64, 32 * kTiles, 32, timed, model, true);
      CHECK(r.as<std::uint32_t>("out") == expect);
      CHECK(r.kernels.at(0).hazards.empty());
      if (timed) CHECK(r.kernels.at(0).cycles > 0);
    }
}

}  // namespace WARPSIM_UNITY_ID
