// Divergence and reconvergence on hand-written PTX: exact warp- and thread-instruction counts of an
// if/else, which path runs first, and identical results under both reconvergence models.
#include "simt_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {
// Lanes 0-7 take THEN, lanes 8-31 ELSE; each path records the order in which it ran with an atomic counter
// kept in out[32].
const std::string kIfElse = simt::header() + R"(
.visible .entry k(.param .u64 out)
{
  .reg .pred %p<2>;
  .reg .b32 %r<5>;
  .reg .b64 %rd<6>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  add.s64 %rd4, %rd1, 128;
  setp.lt.u32 %p1, %r1, 8;
  @%p1 bra THEN;
  atom.global.add.u32 %r2, [%rd4], 1;
  add.u32 %r2, %r2, 1000;
  bra JOIN;
THEN:
  atom.global.add.u32 %r2, [%rd4], 1;
JOIN:
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r2;
  ret;
}
)";
}  // namespace

TEST_CASE("if/else: both paths run under their masks and reconverge at the join", "[simt][divergence]") {
  for (const char* model : {"independent", "ipdom_stack"}) {
    INFO(model);
    const auto r = simt::run_kernel("ifelse", kIfElse, 1, 32, 33, model);
    const auto out = r.as<std::uint32_t>("out");
    // The fall-through path (ELSE, lanes 8-31) runs first: its lanes take counter values 0..23 in lane
    // order; THEN (lanes 0-7) follows with 24..31.
    for (unsigned lane = 0; lane < 32; ++lane) CHECK(out[lane] == (lane < 8 ? 24 + lane : 1000 + (lane - 8)));
    CHECK(out[32] == 32);
    REQUIRE(r.kernels.size() == 1);
    // 5 before the branch + ELSE 3 + THEN 1 + 4 after the join, each once for the warp.
    CHECK(r.kernels[0].warp_instructions == 13);
    // 5*32 + 3*24 + 1*8 + 4*32
    CHECK(r.kernels[0].thread_instructions == 160 + 72 + 8 + 128);
  }
}

TEST_CASE("a partial warp keeps its dead lanes masked", "[simt][divergence]") {
  const auto r = simt::run_kernel("partial", kIfElse, 1, 40, 41);
  const auto out = r.as<std::uint32_t>("out");
  // Warp 1 has lanes 0-7 only (threads 32-39): all take ELSE and count after warp 0 finished.
  for (unsigned t = 32; t < 40; ++t) CHECK(out[t] >= 1000);
  CHECK(r.kernels[0].warps == 2);
  // Warp 1: 5*8 + 3*8 + 4*8 thread-instructions, 12 warp-instructions (no THEN).
  CHECK(r.kernels[0].warp_instructions == 13 + 12);
  CHECK(r.kernels[0].thread_instructions == 368 + 40 + 24 + 32);
}

}  // namespace WARPSIM_UNITY_ID
