// mbarrier phases and counts, exactly: init, arrive (with a count), arrive_drop, expect_tx, complete_tx,
// arrive.expect_tx, test_wait and try_wait on a state token and on a phase parity, pending_count, inval; the state
// in the object's 8 bytes of shared memory (warpsim's encoding: pending bits 0-19, expected 20-39, tx-count 40-60,
// parity bit 63), in functional and timed runs under both reconvergence models.
#include "async_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

const std::string kPhases = simt::header() + R"(
.visible .entry k(.param .u64 in, .param .u64 out)
{
  .reg .pred %p<8>;
  .reg .b32 %r<12>;
  .reg .b64 %rd<12>;
  .shared .align 8 .b64 bar;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra DONE;
  mbarrier.init.shared::cta.b64 [bar], 3;
  mbarrier.arrive.shared::cta.b64 %rd2, [bar];
  mbarrier.pending_count.b64 %r2, %rd2;
  st.global.u32 [%rd1], %r2;
  mbarrier.test_wait.shared::cta.b64 %p2, [bar], %rd2;
  selp.u32 %r3, 1, 0, %p2;
  st.global.u32 [%rd1+4], %r3;
  mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [bar], 64;
  mbarrier.arrive.release.cta.shared::cta.b64 %rd3, [bar], 2;
  mbarrier.pending_count.b64 %r4, %rd3;
  st.global.u32 [%rd1+8], %r4;
  mbarrier.test_wait.parity.shared::cta.b64 %p3, [bar], 0;
  selp.u32 %r5, 1, 0, %p3;
  st.global.u32 [%rd1+12], %r5;
  mbarrier.complete_tx.relaxed.cta.shared::cta.b64 [bar], 64;
  mbarrier.test_wait.parity.acquire.cta.shared::cta.b64 %p4, [bar], 0;
  selp.u32 %r6, 1, 0, %p4;
  st.global.u32 [%rd1+16], %r6;
  mbarrier.test_wait.shared::cta.b64 %p5, [bar], %rd2;
  selp.u32 %r7, 1, 0, %p5;
  st.global.u32 [%rd1+20], %r7;
  ld.shared.u64 %rd4, [bar];
  st.global.u64 [%rd1+24], %rd4;
  mbarrier.arrive_drop.shared::cta.b64 %rd5, [bar];
  mbarrier.arrive.expect_tx.shared::cta.b64 %rd6, [bar], 16;
  ld.shared.u64 %rd7, [bar];
  st.global.u64 [%rd1+32], %rd7;
  mbarrier.arrive.shared::cta.b64 %rd8, [bar];
  mbarrier.complete_tx.shared::cta.b64 [bar], 16;
  ld.shared.u64 %rd9, [bar];
  st.global.u64 [%rd1+40], %rd9;
  mbarrier.try_wait.parity.relaxed.cta.shared::cta.b64 %p6, [bar], 1;
  selp.u32 %r8, 1, 0, %p6;
  st.global.u32 [%rd1+48], %r8;
  st.global.u64 [%rd1+56], %rd6;
  mbarrier.inval.shared::cta.b64 [bar];
DONE:
  ret;
}
)";

std::uint64_t u64_at(const std::vector<std::uint32_t>& v, unsigned i) {
  return std::uint64_t{v[i]} | (std::uint64_t{v[i + 1]} << 32);
}

}  // namespace

TEST_CASE("658 mbarrier phases: arrivals, tx-counts, tokens, parities and the encoding in shared memory",
          "[simt][mbarrier]") {
  for (const bool timed : {false, true})
    for (const char* model : {"independent", "ipdom_stack"}) {
      INFO((timed ? "timed " : "functional ") << model);
      const auto out = asyncx::run("mbar-phases", kPhases, 1, 32, 64, 64, timed, model).as<std::uint32_t>("out");
      CHECK(out[0] == 2);  // pending_count of the first arrive's token: 3 - 1
      CHECK(out[1] == 0);  // test_wait on it: phase 0 still open
      CHECK(out[2] == 0);  // 2 more arrivals: none pending, but 64 bytes of tx-count
      CHECK(out[3] == 0);  // so phase 0 (parity 0) is not complete
      CHECK(out[4] == 1);  // complete_tx 64 completes it
      CHECK(out[5] == 1);  // and the phase-0 token sees it completed
      CHECK(u64_at(out, 6) == (3ull | 3ull << 20 | 1ull << 63));  // phase 1: 3 of 3 pending, tx 0, parity 1
      // arrive_drop: 2 of 2; arrive.expect_tx 16: tx-count 16 first, then 1 of 2 pending
      CHECK(u64_at(out, 8) == (1ull | 2ull << 20 | 16ull << 40 | 1ull << 63));
      CHECK(u64_at(out, 10) == (2ull | 2ull << 20));  // the last arrival and complete_tx 16: phase 2, parity 0
      CHECK(out[12] == 1);                            // try_wait.parity 1: phase 1 has completed
      CHECK(u64_at(out, 14) == (1ull | 2ull << 20 | 16ull << 40 | 1ull << 63));  // arrive.expect_tx's token
    }
}

}  // namespace WARPSIM_UNITY_ID
