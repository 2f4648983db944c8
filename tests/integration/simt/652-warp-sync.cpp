// Warp-synchronous instructions under divergence: shfl.sync from two paths at different pcs completes
// under independent thread scheduling and is an error under the SIMT stack; a lane outside the member
// mask is an error.
#include "simt_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {
const std::string kShflDiverged = simt::header() + R"(
.visible .entry k(.param .u64 out)
{
  .reg .pred %p<2>;
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  setp.lt.u32 %p1, %r1, 16;
  @%p1 bra LOW;
  shfl.sync.idx.b32 %r2, %r1, 0, 31, -1;
  bra JOIN;
LOW:
  shfl.sync.idx.b32 %r2, %r1, 31, 31, -1;
JOIN:
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r2;
  ret;
}
)";

const std::string kBadMask = simt::header() + R"(
.visible .entry k(.param .u64 out)
{
  .reg .b32 %r<4>;
  mov.u32 %r1, %tid.x;
  shfl.sync.bfly.b32 %r2, %r1, 1, 31, 65535;
  ret;
}
)";
}  // namespace

TEST_CASE("shfl.sync from two diverged paths exchanges values under independent scheduling", "[simt][sync]") {
  const auto r = simt::run_kernel("shfl-its", kShflDiverged, 1, 32, 32, "independent");
  const auto out = r.as<std::uint32_t>("out");
  for (unsigned lane = 0; lane < 32; ++lane) CHECK(out[lane] == (lane < 16 ? 31u : 0u));
}

TEST_CASE("shfl.sync needing unconverged lanes is an error under ipdom_stack", "[simt][sync]") {
  try {
    simt::run_kernel("shfl-stack", kShflDiverged, 1, 32, 32, "ipdom_stack");
    FAIL("expected an error");
  } catch (const warpsim::Error& e) {
    const std::string msg = e.what();
    INFO(msg);
    CHECK(msg.find("member mask 0xffffffff needs lanes") != std::string::npos);
    CHECK(msg.find("not converged") != std::string::npos);
    CHECK(msg.find("CTA (0,0,0) warp 0 lane") != std::string::npos);
    CHECK(msg.find("k.ptx:") != std::string::npos);
  }
}

TEST_CASE("a lane outside the member mask is an error naming the lane", "[simt][sync]") {
  try {
    simt::run_kernel("badmask", kBadMask, 1, 32, 32);
    FAIL("expected an error");
  } catch (const warpsim::Error& e) {
    const std::string msg = e.what();
    INFO(msg);
    CHECK(msg.find("lane 16 executes shfl but is not in its member mask 0x0000ffff") != std::string::npos);
    CHECK(msg.find("k.ptx:9:") != std::string::npos);
  }
}

}  // namespace WARPSIM_UNITY_ID
