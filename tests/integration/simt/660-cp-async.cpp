// cp.async (global -> shared): cp-size 4, 8 and 16, .ca and .cg, src-size zero-filling the rest, the ignore-src
// predicate, the L2 hints accepted; commit_group / wait_group N / wait_all per thread. The bytes land when the copy
// completes: a read of the destination before the wait sees the old bytes, in a timed run (the copy's global load
// has not returned) and in a functional one (copies complete at the thread's wait), and wait_group 1 leaves the
// newest group in flight in a functional run.
#include "async_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

// One warp; thread t fills its 32 bytes of shared memory at 32t with 0xffffffff, then copies in[] into them:
//   bytes 0-3   cp.async.ca 4 bytes of in[t]                          (group 0)
//   bytes 8-15  cp.async.ca.L2::128B 8 bytes of in[2t..], src-size 5   (group 1)
//   bytes 16-31 cp.async.cg.L2::256B 16 bytes of in[4t..], ignore-src on odd threads (group 1)
// out[t] = word 0 read before any wait, out[32 + t] = word 2 after wait_group 1 (group 1 may still be in flight),
// then after wait_all words 0-7 go to out[64 + 8t ...].
const std::string kCopies = simt::header() + R"(
.visible .entry k(.param .u64 in, .param .u64 out)
{
  .reg .pred %p<4>;
  .reg .b32 %r<24>;
  .reg .b64 %rd<12>;
  .shared .align 16 .b8 buf[1024];
  ld.param.u64 %rd1, [in];
  ld.param.u64 %rd2, [out];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, buf;
  shl.b32 %r3, %r1, 5;
  add.u32 %r4, %r2, %r3;
  mov.u32 %r5, -1;
  st.shared.v4.u32 [%r4], {%r5, %r5, %r5, %r5};
  st.shared.v4.u32 [%r4+16], {%r5, %r5, %r5, %r5};
  mul.wide.u32 %rd3, %r1, 4;
  add.s64 %rd4, %rd1, %rd3;
  cp.async.ca.shared.global [%r4], [%rd4], 4;
  cp.async.commit_group;
  mul.wide.u32 %rd5, %r1, 8;
  add.s64 %rd6, %rd1, %rd5;
  cp.async.ca.shared.global.L2::128B [%r4+8], [%rd6], 8, 5;
  mul.wide.u32 %rd7, %r1, 16;
  add.s64 %rd8, %rd1, %rd7;
  and.b32 %r6, %r1, 1;
  setp.ne.u32 %p1, %r6, 0;
  cp.async.cg.shared.global.L2::256B [%r4+16], [%rd8], 16, %p1;
  ld.shared.u32 %r7, [%r4];
  add.s64 %rd9, %rd2, %rd3;
  st.global.u32 [%rd9], %r7;
  cp.async.commit_group;
  cp.async.wait_group 1;
  ld.shared.u32 %r8, [%r4+8];
  st.global.u32 [%rd9+128], %r8;
  cp.async.wait_all;
  ld.shared.v4.u32 {%r10, %r11, %r12, %r13}, [%r4];
  ld.shared.v4.u32 {%r14, %r15, %r16, %r17}, [%r4+16];
  mul.wide.u32 %rd10, %r1, 32;
  add.s64 %rd11, %rd2, %rd10;
  st.global.v4.u32 [%rd11+256], {%r10, %r11, %r12, %r13};
  st.global.v4.u32 [%rd11+272], {%r14, %r15, %r16, %r17};
  ret;
}
)";

}  // namespace

TEST_CASE("660 cp.async sizes, zero fill and ignore-src land at the wait, not at issue", "[simt][cp.async]") {
  for (const bool timed : {false, true})
    for (const char* model : {"independent", "ipdom_stack"}) {
      INFO((timed ? "timed " : "functional ") << model);
      const auto out = asyncx::run("cp-async", kCopies, 1, 32, 128, 64 + 8 * 32, timed, model).as<std::uint32_t>("out");
      for (std::uint32_t t = 0; t < 32; ++t) {
        INFO("thread " << t);
        CHECK(out[t] == 0xffffffffu);  // read before the wait: the old bytes
        if (!timed) CHECK(out[32 + t] == 0xffffffffu);  // wait_group 1: group 1 still in flight (functional)
        const std::uint32_t* w = &out[64 + 8 * t];
        CHECK(w[0] == t);                  // 4 bytes of in[t]
        CHECK(w[1] == 0xffffffffu);        // not copied
        CHECK(w[2] == 2 * t);              // src-size 5 of 8: in[2t] whole,
        CHECK(w[3] == ((2 * t + 1) & 0xff));  // one byte of in[2t + 1], zeros after
        for (unsigned i = 0; i < 4; ++i) CHECK(w[4 + i] == (t % 2 == 1 ? 0u : 4 * t + i));  // ignore-src: zeros
      }
    }
}

TEST_CASE("660 cp.async's bad sizes are refused when the kernel is loaded", "[simt][cp.async]") {
  const auto msg = [](const std::string& instr) {
    const std::string ptx = simt::header() + ".visible .entry k(.param .u64 in, .param .u64 out)\n{\n"
                            "  .reg .b32 %r<4>;\n  .reg .b64 %rd<4>;\n  " + instr + ";\n  ret;\n}\n";
    return asyncx::error_of("cp-async-bad", ptx, 32, false);
  };
  CHECK(msg("cp.async.cg.shared.global [%r1], [%rd1], 8").find("cp.async.cg copies 16 bytes only") != std::string::npos);
  CHECK(msg("cp.async.ca.shared.global [%r1], [%rd1], 2").find("cp.async's cp-size must be 4, 8 or 16, not 2") !=
        std::string::npos);
  CHECK(msg("cp.async.ca.shared.global [%r1], [%rd1], 4, 5").find("cp.async's src-size 5 is larger than its cp-size 4") !=
        std::string::npos);
  // Bulk copies run (tests 670-675), multicast ones too, but only from .global (the PTX ISA's only form).
  CHECK(msg("cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes.multicast::cluster [%r1], [%r1], "
            "16, [%r2], %r3")
            .find(".multicast::cluster is defined only for loads from .global into .shared::cluster") !=
        std::string::npos);
}

}  // namespace WARPSIM_UNITY_ID
