// --racecheck: a generic shared-memory access to the bytes of an asynchronous copy before the thread observed the
// copy's completion is a hazard, named by kind, CTA, warp, lane, PTX line, shared range and the copy's PTX line, and
// counted once per distinct (kind, access line, copy line); a correct kernel reports none. Each kernel runs
// functionally and timed, under both reconvergence models, and the bytes a thread reads before its wait are the old
// ones (the copy lands when the timing model, or in a functional run the wait, says so), after it the new ones:
//   early reads    cp.async.bulk and cp.async.bulk.tensor destinations read by every lane right after the issue
//   cp.async       a write into a cp.async's destination before wait_all (write-during-async-write), a read of a
//                  neighbour's destination after the thread's own wait_all but before bar.sync (complete, but not
//                  observed), and the same read after bar.sync (nothing)
//   sources        writes to the shared source of cp.async.bulk (shared -> global) and cp.reduce.async.bulk before
//                  the issuing thread's wait_group.read (write-after-async-read); after it and bar.sync, nothing
//   visibility     a bulk load read by the warp that waited on its mbarrier (nothing), by a warp that only saw a
//                  flag in shared memory (a hazard), by that warp after an mbarrier that the first warp arrived on
//                  (nothing); cp.async copies completed through cp.async.mbarrier.arrive.noinc read by the other warp
//                  after waiting on that mbarrier (nothing)
// And the option changes nothing else: without it no hazard is listed; with it the buffers, instruction counts,
// cycles and statistics are those of the run without it.
#include "race_util.hpp"

#include <bit>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

using racex::check_hazard;
using racex::line_of;
using warpsim::func::HazardKind;

struct Run {
  warpsim::sim::RunResult result;
  std::string ptx_path;
};

Run run(const std::string& name, const std::string& ptx, unsigned block, const std::string& args,
        const std::string& buffers, bool timed, const std::string& model, bool racecheck = true) {
  const std::string dir = simt::temp_dir(name);
  std::ofstream(dir + "/k.ptx") << ptx;
  std::ofstream(dir + "/run.json") << fmt::format(
      R"({{"gpu": "h200", "kernels": [{{"ptx": "k.ptx", "entry": "k", "grid": 1, "block": {}, "registers": 32,
           "args": [{}]}}], "buffers": {{{}}}}})",
      block, args, buffers);
  warpsim::sim::RunOptions opts;
  opts.gpu_overrides = {"sm.reconvergence=" + model, "compiler.schedule=0"};
  opts.functional_only = !timed;
  opts.racecheck = racecheck;
  return {warpsim::sim::run_file(dir + "/run.json", opts), dir + "/k.ptx"};
}

const std::string kInOut = R"({"buffer": "in"}, {"buffer": "out"})";
std::string in_out(unsigned in, unsigned out) {
  return fmt::format(R"("in": {{"type": "u32", "count": {}, "init": "iota"}},
                        "out": {{"type": "u32", "count": {}, "init": "zero"}})",
                     in, out);
}

const char* const kModels[] = {"independent", "ipdom_stack"};

// 32 threads fill a[16t, 16t + 16) with 0xffffffff; thread 0 copies in[0..127] to a with cp.async.bulk; every thread
// reads a[16t] at once (out[t]) and after the wait (out[32 + t]).
const std::string kBulkEarly = simt::header() + R"(
.visible .entry k(.param .u64 in, .param .u64 out)
{
  .reg .pred %p<4>;
  .reg .b32 %r<16>;
  .reg .b64 %rd<8>;
  .shared .align 128 .b8 a[512];
  .shared .align 8 .b64 bar;
  ld.param.u64 %rd1, [in];
  ld.param.u64 %rd2, [out];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, a;
  shl.b32 %r3, %r1, 4;
  add.u32 %r4, %r2, %r3;
  mov.u32 %r5, -1;
  st.shared.v4.u32 [%r4], {%r5, %r5, %r5, %r5};
  mov.u32 %r6, bar;
  setp.eq.u32 %p1, %r1, 0;
  @%p1 mbarrier.init.shared::cta.b64 [%r6], 1;
  bar.sync 0;
  @%p1 mbarrier.arrive.expect_tx.shared::cta.b64 %rd3, [%r6], 512;
  @%p1 cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r2], [%rd1], 512, [%r6]; // COPY
  ld.shared.u32 %r7, [%r4]; // EARLY
  mul.wide.u32 %rd4, %r1, 4;
  add.s64 %rd5, %rd2, %rd4;
  st.global.u32 [%rd5], %r7;
WAIT:
  mbarrier.try_wait.parity.shared::cta.b64 %p2, [%r6], 0;
  @!%p2 bra WAIT;
  ld.shared.u32 %r8, [%r4];
  st.global.u32 [%rd5+128], %r8;
  ret;
}
)";

// The same with a 2-D TMA load of a 32 x 8 float box at (0, 0) of a 64 x 64 tensor (element (x, y) = 64 y + x) into a
// 1024-byte buffer filled with 0xdeadbeef; thread t reads word t before (out[t]) and after (out[32 + t]) the wait.
const std::string kTensorEarly = simt::header() + R"(
.visible .entry k(.param .align 64 .b8 map[128], .param .u64 out)
{
  .reg .pred %p<4>;
  .reg .b32 %r<24>;
  .reg .b64 %rd<8>;
  .shared .align 1024 .b8 buf[1024];
  .shared .align 8 .b64 bar;
  ld.param.u64 %rd2, [out];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, buf;
  shl.b32 %r3, %r1, 5;
  add.u32 %r4, %r2, %r3;
  mov.u32 %r5, 0xdeadbeef;
  st.shared.v4.u32 [%r4], {%r5, %r5, %r5, %r5};
  st.shared.v4.u32 [%r4+16], {%r5, %r5, %r5, %r5};
  mov.u32 %r6, bar;
  setp.eq.u32 %p1, %r1, 0;
  @%p1 mbarrier.init.shared::cta.b64 [%r6], 1;
  bar.sync 0;
  mov.b64 %rd6, map;
  cvta.param.u64 %rd7, %rd6;
  mov.u32 %r10, 0;
  @%p1 mbarrier.arrive.expect_tx.shared::cta.b64 %rd3, [%r6], 1024;
  @%p1 cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r2], [%rd7, {%r10, %r10}], [%r6]; // COPY
  shl.b32 %r11, %r1, 2;
  add.u32 %r12, %r2, %r11;
  ld.shared.u32 %r7, [%r12]; // EARLY
  mul.wide.u32 %rd4, %r1, 4;
  add.s64 %rd5, %rd2, %rd4;
  st.global.u32 [%rd5], %r7;
WAIT:
  mbarrier.try_wait.parity.shared::cta.b64 %p2, [%r6], 0;
  @!%p2 bra WAIT;
  ld.shared.u32 %r8, [%r12];
  st.global.u32 [%rd5+128], %r8;
  ret;
}
)";

// 32 threads: thread t fills buf[16t, +16) with 0xffffffff, copies in[4t..4t+3] there with cp.async.cg, writes 7 to
// its word 1 before waiting, waits (wait_all), reads word 0 of thread t + 1's copy (out[t]), bar.sync, reads it again
// (out[32 + t]) and word 1 of its own (out[64 + t]).
const std::string kCpAsync = simt::header() + R"(
.visible .entry k(.param .u64 in, .param .u64 out)
{
  .reg .b32 %r<24>;
  .reg .b64 %rd<12>;
  .shared .align 16 .b8 buf[512];
  ld.param.u64 %rd1, [in];
  ld.param.u64 %rd2, [out];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, buf;
  shl.b32 %r3, %r1, 4;
  add.u32 %r4, %r2, %r3;
  mov.u32 %r5, -1;
  st.shared.v4.u32 [%r4], {%r5, %r5, %r5, %r5};
  mul.wide.u32 %rd3, %r1, 16;
  add.s64 %rd4, %rd1, %rd3;
  cp.async.cg.shared.global [%r4], [%rd4], 16; // COPY
  cp.async.commit_group;
  mov.u32 %r6, 7;
  st.shared.u32 [%r4+4], %r6; // WRITE
  cp.async.wait_all;
  add.u32 %r7, %r1, 1;
  and.b32 %r7, %r7, 31;
  shl.b32 %r8, %r7, 4;
  add.u32 %r9, %r2, %r8;
  ld.shared.u32 %r10, [%r9]; // NEIGHBOUR
  mul.wide.u32 %rd5, %r1, 4;
  add.s64 %rd6, %rd2, %rd5;
  st.global.u32 [%rd6], %r10;
  bar.sync 0;
  ld.shared.u32 %r11, [%r9];
  st.global.u32 [%rd6+128], %r11;
  ld.shared.u32 %r12, [%r4+4];
  st.global.u32 [%rd6+256], %r12;
  ret;
}
)";

// 64 threads fill a[4t] = t and b[4t] = 100 + t; thread 0 stores a to out[0..63] with cp.async.bulk (shared ->
// global) and adds b to out[64..127] with cp.reduce.async.bulk, one bulk group; warp 0 then writes b[4 lane] = 5 and
// thread 0 writes a[0] = 6 before the wait_group.read; after it and bar.sync every thread writes a[4t] = 9.
const std::string kSources = simt::header() + R"(
.visible .entry k(.param .u64 in, .param .u64 out)
{
  .reg .pred %p<4>;
  .reg .b32 %r<24>;
  .reg .b64 %rd<8>;
  .shared .align 128 .b8 a[256];
  .shared .align 128 .b8 b[256];
  ld.param.u64 %rd2, [out];
  mov.u32 %r1, %tid.x;
  shl.b32 %r2, %r1, 2;
  mov.u32 %r3, a;
  add.u32 %r4, %r3, %r2;
  st.shared.u32 [%r4], %r1;
  mov.u32 %r5, b;
  add.u32 %r6, %r5, %r2;
  add.u32 %r7, %r1, 100;
  st.shared.u32 [%r6], %r7;
  fence.proxy.async.shared::cta;
  bar.sync 0;
  setp.eq.u32 %p1, %r1, 0;
  setp.lt.u32 %p2, %r1, 32;
  add.s64 %rd3, %rd2, 256;
  @%p1 cp.async.bulk.global.shared::cta.bulk_group [%rd2], [%r3], 256; // STORE
  @%p1 cp.reduce.async.bulk.global.shared::cta.bulk_group.add.u32 [%rd3], [%r5], 256; // REDUCE
  @%p1 cp.async.bulk.commit_group;
  mov.u32 %r8, 5;
  @%p2 st.shared.u32 [%r6], %r8; // WRITE_B
  mov.u32 %r9, 6;
  @%p1 st.shared.u32 [%r3], %r9; // WRITE_A
  @%p1 cp.async.bulk.wait_group.read 0;
  bar.sync 0;
  mov.u32 %r10, 9;
  st.shared.u32 [%r4], %r10;
  ret;
}
)";

// 64 threads. Thread 0 copies in[0..63] to a with cp.async.bulk on mbarrier bar; warp 0 waits on bar and reads
// a[4 lane] (out[lane]), then thread 0 sets flag; warp 1 spins until it sees flag and reads a[4 lane] (out[32 + lane]);
// every thread then arrives on bar2 (64 arrivals) and waits for it, and warp 1 reads a[4 lane] again
// (out[64 + lane]). Then thread t copies in[t] to c[4t] with cp.async and cp.async.mbarrier.arrive.noinc on bar3
// (64 arrivals), waits on bar3 and reads c[4 ((t + 32) mod 64)], the other warp's copy (out[96 + t]).
const std::string kVisibility = simt::header() + R"(
.visible .entry k(.param .u64 in, .param .u64 out)
{
  .reg .pred %p<8>;
  .reg .b32 %r<32>;
  .reg .b64 %rd<12>;
  .shared .align 128 .b8 a[256];
  .shared .align 16 .b8 c[256];
  .shared .align 8 .b64 bar;
  .shared .align 8 .b64 bar2;
  .shared .align 8 .b64 bar3;
  .shared .align 4 .u32 flag;
  ld.param.u64 %rd1, [in];
  ld.param.u64 %rd2, [out];
  mov.u32 %r1, %tid.x;
  and.b32 %r2, %r1, 31;
  shl.b32 %r3, %r2, 2;
  mov.u32 %r4, a;
  add.u32 %r5, %r4, %r3;
  mov.u32 %r6, bar;
  mov.u32 %r7, bar2;
  mov.u32 %r8, bar3;
  mov.u32 %r9, flag;
  mul.wide.u32 %rd3, %r1, 4;
  add.s64 %rd4, %rd2, %rd3;
  setp.eq.u32 %p1, %r1, 0;
  setp.lt.u32 %p2, %r1, 32;
  @!%p1 bra INIT_DONE;
  mbarrier.init.shared::cta.b64 [%r6], 1;
  mbarrier.init.shared::cta.b64 [%r7], 64;
  mbarrier.init.shared::cta.b64 [%r8], 64;
  mov.u32 %r10, 0;
  st.shared.u32 [%r9], %r10;
INIT_DONE:
  bar.sync 0;
  @!%p1 bra ISSUED;
  mbarrier.arrive.expect_tx.shared::cta.b64 %rd5, [%r6], 256;
  cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r4], [%rd1], 256, [%r6]; // COPY
ISSUED:
  @!%p2 bra CONSUMER;
WAIT:
  mbarrier.try_wait.parity.shared::cta.b64 %p3, [%r6], 0;
  @!%p3 bra WAIT;
  ld.shared.u32 %r11, [%r5];
  st.global.u32 [%rd4], %r11;
  mov.u32 %r12, 1;
  @%p1 st.shared.u32 [%r9], %r12;
  bra.uni HANDOFF;
CONSUMER:
  ld.shared.u32 %r13, [%r9];
  setp.eq.u32 %p4, %r13, 0;
  @%p4 bra CONSUMER;
  ld.shared.u32 %r14, [%r5]; // FLAG_READ
  st.global.u32 [%rd4], %r14;
HANDOFF:
  mbarrier.arrive.shared::cta.b64 %rd6, [%r7];
WAIT2:
  mbarrier.try_wait.parity.shared::cta.b64 %p5, [%r7], 0;
  @!%p5 bra WAIT2;
  @%p2 bra CP;
  ld.shared.u32 %r15, [%r5];
  st.global.u32 [%rd4+128], %r15;
CP:
  shl.b32 %r16, %r1, 2;
  mov.u32 %r17, c;
  add.u32 %r18, %r17, %r16;
  add.s64 %rd7, %rd1, %rd3;
  cp.async.ca.shared.global [%r18], [%rd7], 4;
  cp.async.mbarrier.arrive.noinc.shared::cta.b64 [%r8];
WAIT3:
  mbarrier.try_wait.parity.shared::cta.b64 %p6, [%r8], 0;
  @!%p6 bra WAIT3;
  add.u32 %r19, %r1, 32;
  and.b32 %r19, %r19, 63;
  shl.b32 %r20, %r19, 2;
  add.u32 %r21, %r17, %r20;
  ld.shared.u32 %r22, [%r21];
  st.global.u32 [%rd4+384], %r22;
  ret;
}
)";

}  // namespace

TEST_CASE("684 racecheck: reads of a bulk copy's or TMA load's destination before the wait see the old bytes and are "
          "hazards",
          "[simt][racecheck]") {
  const std::string map =
      R"({"tensor_map": {"buffer": "A", "dtype": "float32", "dims": [64, 64], "strides": [256], "box": [32, 8]}},
         {"buffer": "out"})";
  for (const bool timed : {false, true})
    for (const char* model : kModels) {
      INFO((timed ? "timed " : "functional ") << model);
      const auto bulk = run("race-bulk", kBulkEarly, 32, kInOut, in_out(128, 64), timed, model);
      const auto out = bulk.result.as<std::uint32_t>("out");
      for (unsigned t = 0; t < 32; ++t) {
        CHECK(out[t] == 0xffffffffu);  // before the wait: the old bytes
        CHECK(out[32 + t] == 4 * t);   // after it: in[4t]
      }
      const auto& hb = bulk.result.kernels.at(0).hazards;
      REQUIRE(hb.size() == 1);
      const std::string p = bulk.ptx_path;
      check_hazard(hb[0], HazardKind::ReadAfterAsyncWrite, 32,
                   fmt::format("read-after-async-write: CTA (0,0,0) warp 0 lane 0 (thread (0,0,0)) at {}:{} reads "
                               "shared [0x0, 0x4) while the cp.async.bulk at {}:{} by thread (0,0,0) writes shared "
                               "[0x0, 0x200), still in flight",
                               p, line_of(kBulkEarly, "// EARLY"), p, line_of(kBulkEarly, "// COPY")));

      const auto tensor = run("race-tensor", kTensorEarly, 32, map,
                              R"("A": {"type": "f32", "count": 4096, "init": "iota"},
                                 "out": {"type": "u32", "count": 64, "init": "zero"})",
                              timed, model);
      const auto tout = tensor.result.as<std::uint32_t>("out");
      for (unsigned t = 0; t < 32; ++t) {
        CHECK(tout[t] == 0xdeadbeefu);                                          // before the wait
        CHECK(tout[32 + t] == std::bit_cast<std::uint32_t>(static_cast<float>(t)));  // after it: element (t, 0)
      }
      const auto& ht = tensor.result.kernels.at(0).hazards;
      REQUIRE(ht.size() == 1);
      const std::string q = tensor.ptx_path;
      check_hazard(ht[0], HazardKind::ReadAfterAsyncWrite, 32,
                   fmt::format("read-after-async-write: CTA (0,0,0) warp 0 lane 0 (thread (0,0,0)) at {}:{} reads "
                               "shared [0x0, 0x4) while the cp.async.bulk.tensor at {}:{} by thread (0,0,0) writes "
                               "shared [0x0, 0x400), still in flight",
                               q, line_of(kTensorEarly, "// EARLY"), q, line_of(kTensorEarly, "// COPY")));
    }
}

TEST_CASE("684 racecheck: cp.async destinations written before the wait, or read before a barrier, are hazards",
          "[simt][racecheck]") {
  for (const bool timed : {false, true})
    for (const char* model : kModels) {
      INFO((timed ? "timed " : "functional ") << model);
      const auto r = run("race-cp-async", kCpAsync, 32, kInOut, in_out(128, 96), timed, model);
      const auto out = r.result.as<std::uint32_t>("out");
      for (unsigned t = 0; t < 32; ++t) {
        CHECK(out[t] == 4 * ((t + 1) % 32));       // landed (the neighbour waited too)
        CHECK(out[32 + t] == 4 * ((t + 1) % 32));
        CHECK(out[64 + t] == 4 * t + 1);           // the copy landed after the write: in[4t + 1]
      }
      const auto& h = r.result.kernels.at(0).hazards;
      REQUIRE(h.size() == 2);
      const std::string p = r.ptx_path;
      const unsigned copy = line_of(kCpAsync, "// COPY");
      check_hazard(h[0], HazardKind::WriteDuringAsyncWrite, 32,
                   fmt::format("write-during-async-write: CTA (0,0,0) warp 0 lane 0 (thread (0,0,0)) at {}:{} writes "
                               "shared [0x4, 0x8) while the cp.async at {}:{} by thread (0,0,0) writes shared "
                               "[0x0, 0x10), still in flight",
                               p, line_of(kCpAsync, "// WRITE"), p, copy));
      check_hazard(h[1], HazardKind::ReadAfterAsyncWrite, 32,
                   fmt::format("read-after-async-write: CTA (0,0,0) warp 0 lane 0 (thread (0,0,0)) at {}:{} reads "
                               "shared [0x10, 0x14) while the cp.async at {}:{} by thread (1,0,0) writes shared "
                               "[0x10, 0x20), complete, but not yet observed by this thread (no wait that covers the "
                               "copy, nor a barrier after one)",
                               p, line_of(kCpAsync, "// NEIGHBOUR"), p, copy));
    }
}

TEST_CASE("684 racecheck: writes to the shared source of a bulk store or reduction before wait_group.read are hazards",
          "[simt][racecheck]") {
  for (const bool timed : {false, true})
    for (const char* model : kModels) {
      INFO((timed ? "timed " : "functional ") << model);
      const auto r = run("race-sources", kSources, 64, kInOut, in_out(64, 128), timed, model);
      const auto out = r.result.as<std::uint32_t>("out");
      for (unsigned t = 0; t < 64; ++t) {
        CHECK(out[t] == t);            // sources are read at issue
        CHECK(out[64 + t] == 100 + t);
      }
      const auto& h = r.result.kernels.at(0).hazards;
      REQUIRE(h.size() == 2);
      const std::string p = r.ptx_path;
      check_hazard(h[0], HazardKind::WriteAfterAsyncRead, 32,
                   fmt::format("write-after-async-read: CTA (0,0,0) warp 0 lane 0 (thread (0,0,0)) at {}:{} writes "
                               "shared [0x100, 0x104) while the cp.reduce.async.bulk at {}:{} by thread (0,0,0) reads "
                               "shared [0x100, 0x200), still in flight",
                               p, line_of(kSources, "// WRITE_B"), p, line_of(kSources, "// REDUCE")));
      check_hazard(h[1], HazardKind::WriteAfterAsyncRead, 1,
                   fmt::format("write-after-async-read: CTA (0,0,0) warp 0 lane 0 (thread (0,0,0)) at {}:{} writes "
                               "shared [0x0, 0x4) while the cp.async.bulk at {}:{} by thread (0,0,0) reads shared "
                               "[0x0, 0x100), still in flight",
                               p, line_of(kSources, "// WRITE_A"), p, line_of(kSources, "// STORE")));
    }
}

TEST_CASE("684 racecheck: a completed copy is observed through its wait, barriers and mbarriers, not through a flag",
          "[simt][racecheck]") {
  for (const bool timed : {false, true})
    for (const char* model : kModels) {
      INFO((timed ? "timed " : "functional ") << model);
      const auto r = run("race-visibility", kVisibility, 64, kInOut, in_out(64, 160), timed, model);
      const auto out = r.result.as<std::uint32_t>("out");
      for (unsigned t = 0; t < 32; ++t) {
        CHECK(out[t] == t);
        CHECK(out[32 + t] == t);
        CHECK(out[64 + t] == t);
      }
      for (unsigned t = 0; t < 64; ++t) CHECK(out[96 + t] == (t + 32) % 64);
      const auto& h = r.result.kernels.at(0).hazards;
      REQUIRE(h.size() == 1);
      const std::string p = r.ptx_path;
      check_hazard(h[0], HazardKind::ReadAfterAsyncWrite, 32,
                   fmt::format("read-after-async-write: CTA (0,0,0) warp 1 lane 0 (thread (32,0,0)) at {}:{} reads "
                               "shared [0x0, 0x4) while the cp.async.bulk at {}:{} by thread (0,0,0) writes shared "
                               "[0x0, 0x100), complete, but not yet observed by this thread (no wait that covers the "
                               "copy, nor a barrier after one)",
                               p, line_of(kVisibility, "// FLAG_READ"), p, line_of(kVisibility, "// COPY")));
    }
}

TEST_CASE("684 racecheck changes nothing but the hazards it lists, and without it none are listed",
          "[simt][racecheck]") {
  for (const bool timed : {false, true}) {
    INFO((timed ? "timed" : "functional"));
    const auto off = run("race-off", kCpAsync, 32, kInOut, in_out(128, 96), timed, "independent", false);
    const auto on = run("race-on", kCpAsync, 32, kInOut, in_out(128, 96), timed, "independent", true);
    CHECK(off.result.kernels.at(0).hazards.empty());
    CHECK(on.result.kernels.at(0).hazards.size() == 2);
    CHECK(on.result.buffers() == off.result.buffers());
    CHECK(on.result.kernels.at(0).warp_instructions == off.result.kernels.at(0).warp_instructions);
    CHECK(on.result.kernels.at(0).cycles == off.result.kernels.at(0).cycles);
    CHECK(on.result.kernels.at(0).stats == off.result.kernels.at(0).stats);
  }
}

}  // namespace WARPSIM_UNITY_ID
