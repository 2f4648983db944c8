// elect.sync returns the lowest lane of its member mask among the executing lanes, and true only there; the proxy
// fences (fence.proxy.async and its state-space forms, fence.proxy.tensormap::generic release and acquire),
// fence.mbarrier_init and griddepcontrol load and change nothing, in functional and timed runs.
#include "async_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

// Threads 0-3 skip the elect; the others elect with member mask 0xfffffff0: leader lane 4.
const std::string kElect = simt::header() + R"(
.visible .entry k(.param .u64 in, .param .u64 out)
{
  .reg .pred %p<4>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<6>;
  ld.param.u64 %rd1, [out];
  ld.param.u64 %rd4, [in];
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  fence.proxy.async;
  fence.proxy.async.shared::cta;
  fence.proxy.async.global;
  fence.proxy.tensormap::generic.release.gpu;
  fence.proxy.tensormap::generic.acquire.gpu [%rd4], 128;
  fence.mbarrier_init.release.cluster;
  griddepcontrol.wait;
  setp.lt.u32 %p1, %r1, 4;
  @%p1 bra SKIP;
  elect.sync %r2|%p2, 0xfffffff0;
  selp.u32 %r3, 100, 0, %p2;
  add.u32 %r4, %r2, %r3;
  st.global.u32 [%rd3], %r4;
SKIP:
  griddepcontrol.launch_dependents;
  ret;
}
)";

}  // namespace

TEST_CASE("662 elect.sync picks the lowest member lane, proxy fences and griddepcontrol change nothing",
          "[simt][elect]") {
  for (const bool timed : {false, true})
    for (const char* model : {"independent", "ipdom_stack"}) {
      INFO((timed ? "timed " : "functional ") << model);
      const auto out = asyncx::run("elect", kElect, 1, 32, 64, 32, timed, model).as<std::uint32_t>("out");
      for (unsigned t = 0; t < 32; ++t) CHECK(out[t] == (t < 4 ? 0u : t == 4 ? 104u : 4u));
    }
}

}  // namespace WARPSIM_UNITY_ID
