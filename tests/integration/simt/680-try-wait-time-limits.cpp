// A try_wait whose time limit passes returns false, and a program may count that and go on: one warp that times out
// FunctionalSource::kIdleTimeoutLimit times in a row on a phase nobody has completed, then completes it itself,
// runs to the end (functional and timed, without and with a suspendTimeHint); one more time limit in a row while
// every warp waits and no mbarrier changes is the deadlock report of a phase that can never complete.
#include "async_util.hpp"

#include <warpsim/func/functional_source.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

constexpr unsigned kLimit = warpsim::func::FunctionalSource::kIdleTimeoutLimit;

// Every thread try_waits `k` times on phase 0 of an mbarrier expecting one arrival, counting the failures; then
// thread 0 arrives, all wait for phase 0 and each stores its count in out[tid].
std::string kernel(unsigned k, const std::string& hint) {
  return simt::header() + fmt::format(R"(
.visible .entry k(.param .u64 in, .param .u64 out)
{{
  .reg .pred %p<4>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<4>;
  .shared .align 8 .b64 bar;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra SKIP;
  mbarrier.init.shared.b64 [bar], 1;
SKIP:
  bar.sync 0;
  mov.u32 %r2, 0;
  mov.u32 %r3, 0;
LOOP:
  mbarrier.try_wait.parity.shared.b64 %p2, [bar], 0{};
  selp.u32 %r4, 0, 1, %p2;
  add.u32 %r2, %r2, %r4;
  add.u32 %r3, %r3, 1;
  setp.lt.u32 %p3, %r3, {};
  @%p3 bra LOOP;
  @%p1 bra WAIT;
  mbarrier.arrive.shared.b64 %rd2, [bar];
WAIT:
  mbarrier.try_wait.parity.shared.b64 %p2, [bar], 0;
  @!%p2 bra WAIT;
  mul.wide.u32 %rd3, %r1, 4;
  add.u64 %rd3, %rd1, %rd3;
  st.global.u32 [%rd3], %r2;
  ret;
}}
)",
                                      hint, k);
}

}  // namespace

TEST_CASE("680 try_waits that time out on a phase nobody completes yet are results, not a deadlock",
          "[simt][mbarrier]") {
  for (const bool timed : {false, true})
    for (const std::string hint : {"", ", 100"}) {
      INFO((timed ? "timed" : "functional") << (hint.empty() ? "" : ", suspendTimeHint 100"));
      const auto out =
          asyncx::run("try-wait-limits", kernel(kLimit, hint), 1, 32, 64, 64, timed).as<std::uint32_t>("out");
      for (unsigned t = 0; t < 32; ++t) CHECK(out[t] == kLimit);  // every try_wait of the loop failed
    }
}

TEST_CASE("680 one more time limit in a row with nothing changed is a deadlock naming the mbarrier",
          "[simt][mbarrier]") {
  for (const bool timed : {false, true}) {
    INFO((timed ? "timed" : "functional"));
    warpsim::ErrorKind kind{};
    const std::string msg = asyncx::error_of("try-wait-limits-deadlock", kernel(kLimit + 1, ""), 32, timed, &kind);
    INFO(msg);
    CHECK(kind == warpsim::ErrorKind::Deadlock);
    CHECK(msg.find("deadlock: every unfinished warp waits and nothing can release it\nCTA (0,0,0) on SM 0: 0 of 32 "
                   "threads exited\n  mbarrier at shared 0x0: phase 0 (parity 0), 1 of 1 arrivals pending, "
                   "tx-count 0\n  warp 0 lanes 0-31 wait for a phase of the mbarrier at shared 0x0 "
                   "(mbarrier.try_wait.parity.shared.b64 %p2, [bar], 0) at ") != std::string::npos);
  }
}

}  // namespace WARPSIM_UNITY_ID
