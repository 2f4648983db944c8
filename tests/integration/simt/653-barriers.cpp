// CTA barriers: bar.red.popc across two warps of a partial CTA; a named barrier that can never fill is a
// deadlock report naming the barrier and where every warp is.
#include "simt_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {
const std::string kBarRed = simt::header() + R"(
.visible .entry k(.param .u64 out)
{
  .reg .pred %p<2>;
  .reg .b32 %r<5>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  and.b32 %r3, %r1, 1;
  setp.eq.u32 %p1, %r3, 0;
  bar.red.popc.u32 %r2, 0, %p1;
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r2;
  ret;
}
)";

const std::string kStuck = simt::header() + R"(
.visible .entry k(.param .u64 out)
{
  .reg .pred %p<2>;
  .reg .b32 %r<3>;
  mov.u32 %r1, %tid.x;
  setp.ge.u32 %p1, %r1, 32;
  @%p1 bra WAIT2;
  bar.sync 1, 64;
  ret;
WAIT2:
  bar.sync 2, 64;
  ret;
}
)";
}  // namespace

TEST_CASE("bar.red.popc counts the predicate over every thread of a partial CTA", "[simt][barrier]") {
  const auto r = simt::run_kernel("barred", kBarRed, 1, 40, 40);
  const auto out = r.as<std::uint32_t>("out");
  for (unsigned t = 0; t < 40; ++t) CHECK(out[t] == 20);
}

TEST_CASE("warps waiting at different named barriers are a deadlock", "[simt][barrier]") {
  try {
    simt::run_kernel("stuck", kStuck, 1, 64, 1);
    FAIL("expected a deadlock");
  } catch (const warpsim::Error& e) {
    const std::string msg = e.what();
    INFO(msg);
    CHECK(e.kind() == warpsim::ErrorKind::Deadlock);
    CHECK(msg.find("deadlock: every unfinished warp waits") != std::string::npos);
    CHECK(msg.find("barrier 1: 32 of 64 threads arrived") != std::string::npos);
    CHECK(msg.find("barrier 2: 32 of 64 threads arrived") != std::string::npos);
    CHECK(msg.find("warp 0 lanes 0-31 wait at barrier 1 (bar.sync 1, 64) at") != std::string::npos);
    CHECK(msg.find("warp 1 lanes 0-31 wait at barrier 2 (bar.sync 2, 64) at") != std::string::npos);
  }
}

}  // namespace WARPSIM_UNITY_ID
