// --racecheck between asynchronous copies (the async proxy against itself): a copy issued while another one is in
// flight for the issuing thread (not completed, or completed but not observed by it) whose shared-memory range
// overlaps it is a hazard, checked when the second copy issues:
//   async-write-during-async-write  two bulk loads into overlapping destinations
//   async-read-after-async-write    a bulk store (shared -> global) and a shared::cta -> shared::cluster copy reading
//                                   bytes a bulk load still writes
//   async-write-after-async-read    a bulk load into the source of a bulk store before its wait_group.read
// each named with the second copy's CTA, warp, lane and PTX line and the first copy's PTX line, issuing thread and
// range, and counted once per distinct place. The same copies separated by the waits that cover them (the mbarrier
// try_wait, cp.async.bulk.wait_group.read) report nothing. Functional and timed, under both reconvergence models.
#include "../../integration/simt/race_util.hpp"


namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

using racex::check_hazard;
using racex::line_of;
using warpsim::func::HazardKind;

// The threads fill a's words 0-63 with 5000 + i and 128-159 with 5000 + i, c's 64 words with 1000 + i. Then thread 0,
// with nothing waited for in between: LOAD_A in[0..127] -> a[0, 0x200) and LOAD_B in[256..383] -> a[0x100, 0x300)
// on bar; STORE_A a[0, 0x100) -> out[0..63]; SHARED_COPY a[0x200, 0x280) -> b on bar2; STORE_C c -> out[64..127] and
// LOAD_C in[128..191] -> c on bar. Then it waits for everything; every thread copies words of a, b and c to
// out[128..], out[384..] and out[416..].
const std::string kRacy = simt::header() + R"(
.visible .entry k(.param .u64 in, .param .u64 out)
{
  .reg .pred %p<8>;
  .reg .b32 %r<40>;
  .reg .b64 %rd<24>;
  .shared .align 128 .b8 a[1024];
  .shared .align 128 .b8 b[128];
  .shared .align 128 .b8 c[256];
  .shared .align 8 .b64 bar;
  .shared .align 8 .b64 bar2;
  ld.param.u64 %rd1, [in];
  ld.param.u64 %rd2, [out];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, a;
  mov.u32 %r3, b;
  mov.u32 %r4, c;
  mov.u32 %r5, bar;
  mov.u32 %r6, bar2;
  shl.b32 %r7, %r1, 2;
  add.u32 %r8, %r4, %r7;
  add.u32 %r9, %r1, 1000;
  st.shared.u32 [%r8], %r9;
  add.u32 %r9, %r1, 1032;
  st.shared.u32 [%r8+128], %r9;
  add.u32 %r8, %r2, %r7;
  add.u32 %r9, %r1, 5000;
  st.shared.u32 [%r8], %r9;
  add.u32 %r9, %r1, 5032;
  st.shared.u32 [%r8+128], %r9;
  add.u32 %r9, %r1, 5128;
  st.shared.u32 [%r8+512], %r9;
  setp.eq.u32 %p1, %r1, 0;
  @%p1 mbarrier.init.shared::cta.b64 [%r5], 1;
  @%p1 mbarrier.init.shared::cta.b64 [%r6], 1;
  fence.proxy.async.shared::cta;
  bar.sync 0;
  @!%p1 bra WAITED;
  add.u32 %r11, %r2, 256;
  add.u32 %r12, %r2, 512;
  add.s64 %rd3, %rd1, 1024;
  add.s64 %rd4, %rd1, 512;
  add.s64 %rd5, %rd2, 256;
  mbarrier.arrive.expect_tx.shared::cta.b64 %rd6, [%r5], 1280;
  mbarrier.arrive.expect_tx.shared::cta.b64 %rd7, [%r6], 128;
  cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r2], [%rd1], 512, [%r5]; // LOAD_A
  cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r11], [%rd3], 512, [%r5]; // LOAD_B
  cp.async.bulk.global.shared::cta.bulk_group [%rd2], [%r2], 256; // STORE_A
  cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes [%r3], [%r12], 128, [%r6]; // SHARED_COPY
  cp.async.bulk.global.shared::cta.bulk_group [%rd5], [%r4], 256; // STORE_C
  cp.async.bulk.commit_group;
  cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r4], [%rd4], 256, [%r5]; // LOAD_C
  cp.async.bulk.wait_group.read 0;
WAIT:
  mbarrier.try_wait.parity.shared::cta.b64 %p2, [%r5], 0;
  @!%p2 bra WAIT;
WAIT2:
  mbarrier.try_wait.parity.shared::cta.b64 %p3, [%r6], 0;
  @!%p3 bra WAIT2;
WAITED:
  bar.sync 0;
  mul.wide.u32 %rd8, %r1, 4;
  add.s64 %rd9, %rd2, %rd8;
  shl.b32 %r13, %r1, 2;
  add.u32 %r14, %r2, %r13;
  ld.shared.u32 %r15, [%r14];
  st.global.u32 [%rd9+512], %r15;
  ld.shared.u32 %r16, [%r14+128];
  st.global.u32 [%rd9+640], %r16;
  ld.shared.u32 %r17, [%r14+640];
  st.global.u32 [%rd9+1280], %r17;
  add.u32 %r18, %r3, %r13;
  ld.shared.u32 %r19, [%r18];
  st.global.u32 [%rd9+1536], %r19;
  add.u32 %r20, %r4, %r13;
  ld.shared.u32 %r21, [%r20];
  st.global.u32 [%rd9+1664], %r21;
  ld.shared.u32 %r22, [%r20+128];
  st.global.u32 [%rd9+1792], %r22;
  ret;
}
)";

// The same copies, each after the waits that cover the ones it overlaps: LOAD_A, wait (phase 0); STORE_A, commit,
// wait_group.read; LOAD_B into a[0, 0x200) again from in[256..383] and LOAD_C, wait (phase 1); SHARED_COPY a[0x100,
// 0x180) -> b, wait on bar2. Every thread then copies a, b and c to out as above.
const std::string kOrdered = simt::header() + R"(
.visible .entry k(.param .u64 in, .param .u64 out)
{
  .reg .pred %p<8>;
  .reg .b32 %r<40>;
  .reg .b64 %rd<24>;
  .shared .align 128 .b8 a[1024];
  .shared .align 128 .b8 b[128];
  .shared .align 128 .b8 c[256];
  .shared .align 8 .b64 bar;
  .shared .align 8 .b64 bar2;
  ld.param.u64 %rd1, [in];
  ld.param.u64 %rd2, [out];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, a;
  mov.u32 %r3, b;
  mov.u32 %r4, c;
  mov.u32 %r5, bar;
  mov.u32 %r6, bar2;
  setp.eq.u32 %p1, %r1, 0;
  @%p1 mbarrier.init.shared::cta.b64 [%r5], 1;
  @%p1 mbarrier.init.shared::cta.b64 [%r6], 1;
  bar.sync 0;
  @!%p1 bra WAITED;
  add.u32 %r11, %r2, 256;
  add.s64 %rd3, %rd1, 1024;
  add.s64 %rd4, %rd1, 512;
  add.s64 %rd5, %rd2, 256;
  mbarrier.arrive.expect_tx.shared::cta.b64 %rd6, [%r5], 512;
  cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r2], [%rd1], 512, [%r5];
WAIT:
  mbarrier.try_wait.parity.shared::cta.b64 %p2, [%r5], 0;
  @!%p2 bra WAIT;
  cp.async.bulk.global.shared::cta.bulk_group [%rd2], [%r2], 256;
  cp.async.bulk.commit_group;
  cp.async.bulk.wait_group.read 0;
  mbarrier.arrive.expect_tx.shared::cta.b64 %rd6, [%r5], 768;
  cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r2], [%rd3], 512, [%r5];
  cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r4], [%rd4], 256, [%r5];
WAIT1:
  mbarrier.try_wait.parity.shared::cta.b64 %p3, [%r5], 1;
  @!%p3 bra WAIT1;
  mbarrier.arrive.expect_tx.shared::cta.b64 %rd7, [%r6], 128;
  cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes [%r3], [%r11], 128, [%r6];
WAIT2:
  mbarrier.try_wait.parity.shared::cta.b64 %p4, [%r6], 0;
  @!%p4 bra WAIT2;
WAITED:
  bar.sync 0;
  mul.wide.u32 %rd8, %r1, 4;
  add.s64 %rd9, %rd2, %rd8;
  shl.b32 %r13, %r1, 2;
  add.u32 %r14, %r2, %r13;
  ld.shared.u32 %r15, [%r14];
  st.global.u32 [%rd9+512], %r15;
  ld.shared.u32 %r16, [%r14+128];
  st.global.u32 [%rd9+640], %r16;
  add.u32 %r18, %r3, %r13;
  ld.shared.u32 %r19, [%r18];
  st.global.u32 [%rd9+1536], %r19;
  add.u32 %r20, %r4, %r13;
  ld.shared.u32 %r21, [%r20];
  st.global.u32 [%rd9+1664], %r21;
  ld.shared.u32 %r22, [%r20+128];
  st.global.u32 [%rd9+1792], %r22;
  ret;
}
)";

struct Run {
  warpsim::sim::RunResult result;
  std::string ptx_path;
};

Run run(const std::string& name, const std::string& ptx, bool timed, const std::string& model) {
  const std::string dir = simt::temp_dir(name);
  std::ofstream(dir + "/k.ptx") << ptx;
  std::ofstream(dir + "/run.json") << R"({"gpu": "h200", "kernels": [{"ptx": "k.ptx", "entry": "k", "grid": 1,
      "block": 32, "registers": 32, "args": [{"buffer": "in"}, {"buffer": "out"}]}],
      "buffers": {"in": {"type": "u32", "count": 512, "init": "iota"},
                  "out": {"type": "u32", "count": 480, "init": "zero"}}})";
  warpsim::sim::RunOptions opts;
  opts.gpu_overrides = {"sm.reconvergence=" + model, "compiler.schedule=0"};
  opts.functional_only = !timed;
  opts.racecheck = true;
  return {warpsim::sim::run_file(dir + "/run.json", opts), dir + "/k.ptx"};
}

const char* const kModels[] = {"independent", "ipdom_stack"};

}  // namespace

TEST_CASE("755 racecheck: copies that overlap a copy still in flight for the issuing thread are hazards",
          "[timing][racecheck]") {
  for (const bool timed : {false, true})
    for (const char* model : kModels) {
      INFO((timed ? "timed " : "functional ") << model);
      const auto r = run("race-async-async", kRacy, timed, model);
      const auto out = r.result.as<std::uint32_t>("out");
      for (unsigned t = 0; t < 32; ++t) {
        INFO("thread " << t);
        CHECK(out[t] == 5000 + t);       // STORE_A read a[0, 0x100) at issue, before LOAD_A landed
        CHECK(out[32 + t] == 5032 + t);
        CHECK(out[64 + t] == 1000 + t);  // STORE_C read c at issue, before LOAD_C landed
        CHECK(out[96 + t] == 1032 + t);
        CHECK(out[128 + t] == t);        // a[0, 0x100): LOAD_A
        CHECK(out[160 + t] == 32 + t);
        CHECK(out[320 + t] == 352 + t);  // a[0x280, 0x300): LOAD_B alone
        CHECK(out[384 + t] == 5128 + t); // b: SHARED_COPY read a[0x200, 0x280) at issue
        CHECK(out[416 + t] == 128 + t);  // c: LOAD_C
        CHECK(out[448 + t] == 160 + t);
      }
      const auto& h = r.result.kernels.at(0).hazards;
      REQUIRE(h.size() == 4);
      const std::string p = r.ptx_path;
      const auto at = [&](const char* marker) { return line_of(kRacy, marker); };
      check_hazard(h[0], HazardKind::AsyncWriteDuringAsyncWrite, 1,
                   fmt::format("async-write-during-async-write: CTA (0,0,0) warp 0 lane 0 (thread (0,0,0)) at {}:{} "
                               "issues a cp.async.bulk that writes shared [0x100, 0x300) while the cp.async.bulk at "
                               "{}:{} by thread (0,0,0) writes shared [0x0, 0x200), still in flight",
                               p, at("// LOAD_B"), p, at("// LOAD_A")));
      check_hazard(h[1], HazardKind::AsyncReadAfterAsyncWrite, 1,
                   fmt::format("async-read-after-async-write: CTA (0,0,0) warp 0 lane 0 (thread (0,0,0)) at {}:{} "
                               "issues a cp.async.bulk that reads shared [0x0, 0x100) while the cp.async.bulk at "
                               "{}:{} by thread (0,0,0) writes shared [0x0, 0x200), still in flight",
                               p, at("// STORE_A"), p, at("// LOAD_A")));
      check_hazard(h[2], HazardKind::AsyncReadAfterAsyncWrite, 1,
                   fmt::format("async-read-after-async-write: CTA (0,0,0) warp 0 lane 0 (thread (0,0,0)) at {}:{} "
                               "issues a cp.async.bulk that reads shared [0x200, 0x280) while the cp.async.bulk at "
                               "{}:{} by thread (0,0,0) writes shared [0x100, 0x300), still in flight",
                               p, at("// SHARED_COPY"), p, at("// LOAD_B")));
      check_hazard(h[3], HazardKind::AsyncWriteAfterAsyncRead, 1,
                   fmt::format("async-write-after-async-read: CTA (0,0,0) warp 0 lane 0 (thread (0,0,0)) at {}:{} "
                               "issues a cp.async.bulk that writes shared [0x480, 0x580) while the cp.async.bulk at "
                               "{}:{} by thread (0,0,0) reads shared [0x480, 0x580), still in flight",
                               p, at("// LOAD_C"), p, at("// STORE_C")));
    }
}

TEST_CASE("755 racecheck: the same copies after the waits that cover them report nothing", "[timing][racecheck]") {
  for (const bool timed : {false, true})
    for (const char* model : kModels) {
      INFO((timed ? "timed " : "functional ") << model);
      const auto r = run("race-async-ordered", kOrdered, timed, model);
      const auto out = r.result.as<std::uint32_t>("out");
      for (unsigned t = 0; t < 32; ++t) {
        INFO("thread " << t);
        CHECK(out[t] == t);              // STORE_A after LOAD_A's wait
        CHECK(out[32 + t] == 32 + t);
        CHECK(out[128 + t] == 256 + t);  // a[0, 0x100): LOAD_B after wait_group.read
        CHECK(out[160 + t] == 288 + t);
        CHECK(out[384 + t] == 320 + t);  // b: a[0x100, 0x180), LOAD_B's in[320..351]
        CHECK(out[416 + t] == 128 + t);  // c: LOAD_C
        CHECK(out[448 + t] == 160 + t);
      }
      CHECK(r.result.kernels.at(0).hazards.empty());
    }
}

}  // namespace WARPSIM_UNITY_ID
