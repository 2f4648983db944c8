// wgmma.mma_async against the PTX ISA's layouts, computed here independently of the simulator: a warpgroup's
// m64n8k16 f16 -> f32 with A and B in shared memory as 8 x 16-byte core matrices (K-major, no swizzle; LBO 128,
// SBO 256) and D in the m64nNk16 register fragments, on small integers (every sum exact); and the errors: a CTA that
// is not a whole warpgroup, an accumulator read before the wait_group that covers it, shapes and types the PTX ISA
// does not have.
#include "simt_util.hpp"

#include <bit>
#include <cstring>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

// A(m, k) = (m + 2k) % 7 - 3, B(n, k) = (3n + k) % 5 - 2, C(row, col) = row - col; thread t writes its four D
// registers to out[4t ..].
std::string kernel(const std::string& between = "", const std::string& shape = "m64n8k16.f32.f16.f16") {
  return simt::header() + R"(
.visible .entry k(.param .u64 out)
{
  .reg .pred %p<4>;
  .reg .b32 %r<40>;
  .reg .b64 %rd<8>;
  .reg .f32 %f<12>;
  .reg .b16 %h<4>;
  .shared .align 1024 .b8 sm[4096];
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, sm;
  mov.u32 %r3, %r1;
LA:
  shr.u32 %r4, %r3, 4;
  and.b32 %r5, %r3, 15;
  shl.b32 %r6, %r5, 1;
  add.u32 %r6, %r6, %r4;
  rem.u32 %r6, %r6, 7;
  sub.s32 %r6, %r6, 3;
  cvt.rn.f16.s32 %h1, %r6;
  shr.u32 %r7, %r4, 3;
  shl.b32 %r7, %r7, 8;
  shr.u32 %r8, %r5, 3;
  shl.b32 %r8, %r8, 7;
  add.u32 %r7, %r7, %r8;
  and.b32 %r8, %r4, 7;
  shl.b32 %r8, %r8, 4;
  add.u32 %r7, %r7, %r8;
  and.b32 %r8, %r5, 7;
  shl.b32 %r8, %r8, 1;
  add.u32 %r7, %r7, %r8;
  add.u32 %r7, %r7, %r2;
  st.shared.b16 [%r7], %h1;
  add.u32 %r3, %r3, 128;
  setp.lt.u32 %p1, %r3, 1024;
  @%p1 bra LA;
  shr.u32 %r4, %r1, 4;
  and.b32 %r5, %r1, 15;
  mul.lo.u32 %r6, %r4, 3;
  add.u32 %r6, %r6, %r5;
  rem.u32 %r6, %r6, 5;
  sub.s32 %r6, %r6, 2;
  cvt.rn.f16.s32 %h2, %r6;
  shr.u32 %r8, %r5, 3;
  shl.b32 %r7, %r8, 7;
  and.b32 %r8, %r4, 7;
  shl.b32 %r8, %r8, 4;
  add.u32 %r7, %r7, %r8;
  and.b32 %r8, %r5, 7;
  shl.b32 %r8, %r8, 1;
  add.u32 %r7, %r7, %r8;
  add.u32 %r7, %r7, %r2;
  st.shared.b16 [%r7+2048], %h2;
  bar.sync 0;
  cvt.u64.u32 %rd2, %r2;
  shr.u64 %rd2, %rd2, 4;
  and.b64 %rd2, %rd2, 16383;
  or.b64 %rd3, %rd2, 68720001024;
  add.s64 %rd4, %rd3, 128;
  shr.u32 %r10, %r1, 5;
  and.b32 %r11, %r1, 31;
  shr.u32 %r12, %r11, 2;
  and.b32 %r13, %r11, 3;
  shl.b32 %r14, %r10, 4;
  add.u32 %r14, %r14, %r12;
  shl.b32 %r15, %r13, 1;
  sub.s32 %r16, %r14, %r15;
  cvt.rn.f32.s32 %f1, %r16;
  sub.s32 %r17, %r16, 1;
  cvt.rn.f32.s32 %f2, %r17;
  add.s32 %r18, %r16, 8;
  cvt.rn.f32.s32 %f3, %r18;
  add.s32 %r19, %r17, 8;
  cvt.rn.f32.s32 %f4, %r19;
  setp.eq.u32 %p2, %r1, %r1;
  wgmma.fence.sync.aligned;
  wgmma.mma_async.sync.aligned.)" + shape + R"( {%f1, %f2, %f3, %f4}, %rd3, %rd4, %p2, 1, 1, 0, 0;
  wgmma.commit_group.sync.aligned;
)" + between + R"(
  wgmma.wait_group.sync.aligned 0;
  mul.wide.u32 %rd5, %r1, 16;
  add.s64 %rd6, %rd1, %rd5;
  st.global.v4.f32 [%rd6], {%f1, %f2, %f3, %f4};
  ret;
}
)";
}

std::string error_of(const std::string& name, const std::string& ptx, unsigned block) {
  try {
    simt::run_kernel(name, ptx, 1, block, 512);
  } catch (const warpsim::Error& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("wgmma.mma_async computes a warpgroup's 64 x N tile from core-matrix descriptors", "[simt][matrix][wgmma]") {
  const auto r = simt::run_kernel("wgmma", kernel(), 1, 128, 512);
  const auto out = r.as<std::uint32_t>("out");
  for (unsigned t = 0; t < 128; ++t) {
    const unsigned w = t / 32, g = (t % 32) / 4, q = t % 4;
    for (unsigned i = 0; i < 4; ++i) {
      const int row = static_cast<int>(16 * w + g + 8 * ((i / 2) % 2)), col = static_cast<int>(2 * q + i % 2);
      int d = row - col;
      for (int k = 0; k < 16; ++k) d += ((row + 2 * k) % 7 - 3) * ((3 * col + k) % 5 - 2);
      INFO("thread " << t << " register " << i << " (row " << row << ", column " << col << ")");
      CHECK(out[4 * t + i] == std::bit_cast<std::uint32_t>(static_cast<float>(d)));
    }
  }
}

TEST_CASE("wgmma names what breaks the warpgroup rules", "[simt][matrix][wgmma]") {
  std::string msg = error_of("wgmma-96", kernel(), 96);
  INFO(msg);
  CHECK(msg.find("wgmma.mma_async needs a whole warpgroup (4 warps, 128 threads)") != std::string::npos);
  CHECK(msg.find("is in warpgroup 0, of which the CTA has only 3 warps (96 threads: a multiple of 128 is needed)") !=
        std::string::npos);
  msg = error_of("wgmma-early", kernel("  add.f32 %f9, %f2, %f2;\n"), 128);
  INFO(msg);
  CHECK(msg.find("add reads ") != std::string::npos);
  CHECK(msg.find("%f2, a register of the wgmma.mma_async at PTX line") != std::string::npos);
  CHECK(msg.find("that no wgmma.wait_group has covered yet") != std::string::npos);
  CHECK(msg.find("CTA (0,0,0) warp ") != std::string::npos);
  msg = error_of("wgmma-k", kernel("", "m64n8k8.f32.f16.f16"), 128);
  CHECK(msg.find("wgmma.mma_async with .f16 takes K = 16, not .m64n8k8") != std::string::npos);
  CHECK(msg.find("k.ptx:") != std::string::npos);
  msg = error_of("wgmma-type", kernel("", "m64n8k16.f16.bf16.bf16"), 128);
  CHECK(msg.find("wgmma.mma_async.f16.bf16.bf16 is not a type combination of the PTX ISA") != std::string::npos);
  msg = error_of("wgmma-n", kernel("", "m64n12k16.f32.f16.f16"), 128);
  CHECK(msg.find("N = 12 is not a shape of the PTX ISA") != std::string::npos);
}

}  // namespace WARPSIM_UNITY_ID
