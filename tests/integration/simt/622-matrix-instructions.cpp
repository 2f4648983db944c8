// Warp-level matrix instructions against the PTX ISA's fragment layouts, computed here independently of the
// simulator: ldmatrix .x4 and .x4.trans, movmatrix, stmatrix, and mma.sync m16n8k32 s8 and m8n8k4 f64 against a
// CPU reference; and the errors: a warp that is not whole at an .aligned instruction, a misaligned ldmatrix row, a
// shape/type combination the PTX ISA does not have.
#include "simt_util.hpp"

#include <bit>
#include <cmath>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

// Shared memory holds four 8x8 b16 matrices, element (j, row, col) = 64 j + 8 row + col. Lane l gives the address of
// row l % 8 of matrix l / 8. out[12 l + j] = ldmatrix.x4 register j, out[12 l + 4 + j] = the .trans one's, then
// movmatrix's result and a word read back after stmatrix.trans.
const std::string kLdmatrix = simt::header() + R"(
.visible .entry k(.param .u64 out)
{
  .reg .pred %p<2>;
  .reg .b32 %r<40>;
  .reg .b64 %rd<8>;
  .shared .align 16 .b8 m[512];
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, m;
  mov.u32 %r3, 0;
FILL:
  add.u32 %r4, %r3, %r1;          // word w = r3 + tid holds elements 2w, 2w + 1
  shl.b32 %r5, %r4, 1;
  add.u32 %r6, %r5, 1;
  shl.b32 %r6, %r6, 16;
  or.b32 %r7, %r5, %r6;
  shl.b32 %r8, %r4, 2;
  add.u32 %r9, %r2, %r8;
  st.shared.u32 [%r9], %r7;
  add.u32 %r3, %r3, 32;
  setp.lt.u32 %p1, %r3, 128;
  @%p1 bra FILL;
  bar.warp.sync -1;
  shr.u32 %r10, %r1, 3;           // matrix
  and.b32 %r11, %r1, 7;           // row
  shl.b32 %r12, %r10, 7;          // 128 bytes a matrix
  shl.b32 %r13, %r11, 4;          // 16 bytes a row
  add.u32 %r14, %r12, %r13;
  add.u32 %r15, %r2, %r14;
  ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r20, %r21, %r22, %r23}, [%r15];
  ldmatrix.sync.aligned.m8n8.x4.trans.shared::cta.b16 {%r24, %r25, %r26, %r27}, [%r15];
  movmatrix.sync.aligned.m8n8.trans.b16 %r28, %r21;
  stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [%r15], {%r20, %r21, %r22, %r23};
  bar.warp.sync -1;
  ld.shared.u32 %r29, [%r15];     // after the transposing store: the first two elements of each row
  mul.wide.u32 %rd2, %r1, 48;
  add.s64 %rd3, %rd1, %rd2;
  st.global.v4.u32 [%rd3], {%r20, %r21, %r22, %r23};
  st.global.v4.u32 [%rd3+16], {%r24, %r25, %r26, %r27};
  st.global.u32 [%rd3+32], %r28;
  st.global.u32 [%rd3+36], %r29;
  ret;
}
)";

std::uint32_t pair(unsigned lo, unsigned hi) { return lo | (hi << 16); }

}  // namespace

TEST_CASE("ldmatrix, movmatrix and stmatrix follow the PTX ISA's fragment layout", "[simt][matrix]") {
  const auto r = simt::run_kernel("ldmatrix", kLdmatrix, 1, 32, 384);
  const auto out = r.as<std::uint32_t>("out");
  const auto elem = [](unsigned j, unsigned row, unsigned col) { return 64 * j + 8 * row + col; };
  for (unsigned l = 0; l < 32; ++l) {
    INFO("lane " << l);
    const unsigned row = l / 4, col = 2 * (l % 4);
    for (unsigned j = 0; j < 4; ++j) {
      CHECK(out[12 * l + j] == pair(elem(j, row, col), elem(j, row, col + 1)));
      CHECK(out[12 * l + 4 + j] == pair(elem(j, col, row), elem(j, col + 1, row)));
    }
    CHECK(out[12 * l + 8] == pair(elem(1, col, row), elem(1, col + 1, row)));  // movmatrix of matrix 1
    // stmatrix.trans wrote matrix j's transpose back: row `row` of matrix j now starts with elements (0, row), (1, row).
    CHECK(out[12 * l + 9] == pair(elem(l / 8, 0, l % 8), elem(l / 8, 1, l % 8)));
  }
}

namespace {

// Lane l's registers: A (4 x s8x4) = a0..a3, B (2) = b0, b1, C (4 x s32) from the lane number; D out[4 l + i].
std::uint32_t a_reg(unsigned l, unsigned r) { return (l * 0x01030507u + r * 0x11223344u) ^ 0x80808080u; }
std::uint32_t b_reg(unsigned l, unsigned r) { return l * 0x0d0c0b0au + r * 0x99aabbccu; }
std::int32_t c_reg(unsigned l, unsigned r) { return static_cast<std::int32_t>(l * 1000 + r) - 16000; }

const std::string kMmaS8 = simt::header() + R"(
.visible .entry k(.param .u64 out)
{
  .reg .b32 %r<40>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mul.lo.u32 %r2, %r1, 16975111;   // 0x01030507
  xor.b32 %r10, %r2, -2139062144;  // a0 = l * 0x01030507 ^ 0x80808080
  add.u32 %r3, %r2, 287454020;     // + 0x11223344
  xor.b32 %r11, %r3, -2139062144;
  add.u32 %r3, %r3, 287454020;
  xor.b32 %r12, %r3, -2139062144;
  add.u32 %r3, %r3, 287454020;
  xor.b32 %r13, %r3, -2139062144;
  mul.lo.u32 %r14, %r1, 218893066; // b0 = l * 0x0d0c0b0a
  add.u32 %r15, %r14, -1716864052; // + 0x99aabbcc
  mul.lo.u32 %r4, %r1, 1000;
  add.s32 %r16, %r4, -16000;
  add.s32 %r17, %r4, -15999;
  add.s32 %r18, %r4, -15998;
  add.s32 %r19, %r4, -15997;
  mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%r20, %r21, %r22, %r23}, {%r10, %r11, %r12, %r13}, {%r14, %r15}, {%r16, %r17, %r18, %r19};
  mul.wide.u32 %rd2, %r1, 16;
  add.s64 %rd3, %rd1, %rd2;
  st.global.v4.u32 [%rd3], {%r20, %r21, %r22, %r23};
  ret;
}
)";

}  // namespace

TEST_CASE("mma.sync m16n8k32 s8 computes A x B + C on the PTX ISA's fragments", "[simt][matrix]") {
  // The reference: A (16 x 32) element (row g + 8 (r % 2), col 4 t + i + 16 (r / 2)) is byte i of lane 4 g + t's
  // register r; B (32 x 8) element (row 4 t + i + 16 r, col g) byte i of its register r; C/D (16 x 8) register r of
  // lane 4 g + t is (row g + 8 (r / 2), col 2 t + r % 2).
  std::int64_t A[16][32], B[32][8], C[16][8];
  for (unsigned l = 0; l < 32; ++l) {
    const unsigned g = l / 4, t = l % 4;
    for (unsigned r = 0; r < 4; ++r)
      for (unsigned i = 0; i < 4; ++i)
        A[g + 8 * (r % 2)][4 * t + i + 16 * (r / 2)] = static_cast<std::int8_t>((a_reg(l, r) >> (8 * i)) & 0xff);
    for (unsigned r = 0; r < 2; ++r)
      for (unsigned i = 0; i < 4; ++i) B[4 * t + i + 16 * r][g] = static_cast<std::int8_t>((b_reg(l, r) >> (8 * i)) & 0xff);
    for (unsigned r = 0; r < 4; ++r) C[g + 8 * (r / 2)][2 * t + r % 2] = c_reg(l, r);
  }
  const auto r = simt::run_kernel("mma-s8", kMmaS8, 1, 32, 128);
  const auto out = r.as<std::uint32_t>("out");
  for (unsigned l = 0; l < 32; ++l)
    for (unsigned k = 0; k < 4; ++k) {
      const unsigned row = l / 4 + 8 * (k / 2), col = 2 * (l % 4) + k % 2;
      std::int64_t s = C[row][col];
      for (unsigned i = 0; i < 32; ++i) s += A[row][i] * B[i][col];
      INFO("lane " << l << " register " << k);
      CHECK(out[4 * l + k] == static_cast<std::uint32_t>(s));
    }
}

namespace {
// m8n8k4 f64: lane l's a = l + 0.5, b = 1 / (l + 1), c0 = l * 0.25, c1 = -l; D's two doubles to out.
const std::string kMmaF64 = simt::header() + R"(
.visible .entry k(.param .u64 out)
{
  .reg .b32 %r<8>;
  .reg .f64 %fd<12>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  cvt.rn.f64.u32 %fd1, %r1;
  add.f64 %fd2, %fd1, 0d3FE0000000000000;
  add.f64 %fd3, %fd1, 0d3FF0000000000000;
  rcp.rn.f64 %fd4, %fd3;
  mul.f64 %fd5, %fd1, 0d3FD0000000000000;
  neg.f64 %fd6, %fd1;
  mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%fd7, %fd8}, {%fd2}, {%fd4}, {%fd5, %fd6};
  mul.wide.u32 %rd2, %r1, 16;
  add.s64 %rd3, %rd1, %rd2;
  st.global.f64 [%rd3], %fd7;
  st.global.f64 [%rd3+8], %fd8;
  ret;
}
)";
}  // namespace

TEST_CASE("mma.sync m8n8k4 f64 is a chain of fused multiply-adds over k", "[simt][matrix]") {
  // A (8 x 4): (row g, col t) from lane 4 g + t; B (4 x 8): (row t, col g); C/D: register r of lane 4 g + t is
  // (row g, col 2 t + r).
  double A[8][4], B[4][8], C[8][8];
  for (unsigned l = 0; l < 32; ++l) {
    const unsigned g = l / 4, t = l % 4;
    A[g][t] = l + 0.5;
    B[t][g] = 1.0 / (l + 1.0);
    C[g][2 * t] = l * 0.25;
    C[g][2 * t + 1] = -static_cast<double>(l);
  }
  const auto r = simt::run_kernel("mma-f64", kMmaF64, 1, 32, 128);
  const auto out = r.as<std::uint32_t>("out");
  for (unsigned l = 0; l < 32; ++l)
    for (unsigned k = 0; k < 2; ++k) {
      const unsigned row = l / 4, col = 2 * (l % 4) + k;
      double d = C[row][col];
      for (unsigned i = 0; i < 4; ++i) d = std::fma(A[row][i], B[i][col], d);
      const std::uint64_t bits = out[4 * l + 2 * k] | (std::uint64_t{out[4 * l + 2 * k + 1]} << 32);
      INFO("lane " << l << " register " << k);
      CHECK(bits == std::bit_cast<std::uint64_t>(d));
    }
}

namespace {
std::string error_of(const std::string& name, const std::string& body) {
  const std::string ptx = simt::header() + ".visible .entry k(.param .u64 out)\n{\n  .reg .pred %p<2>;\n"
                          "  .reg .b32 %r<40>;\n  .shared .align 16 .b8 m[512];\n" + body + "  ret;\n}\n";
  try {
    simt::run_kernel(name, ptx, 1, 32, 32);
  } catch (const warpsim::Error& e) {
    return e.what();
  }
  return "no error";
}
}  // namespace

TEST_CASE("matrix instructions name what breaks their rules", "[simt][matrix]") {
  const std::string mma = "  mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%r1, %r2, %r3, %r4}, {%r5, %r6, %r7, "
                          "%r8}, {%r9, %r10}, {%r11, %r12, %r13, %r14};\n";
  std::string msg = error_of("mma-guard", "  mov.u32 %r20, %tid.x;\n  setp.lt.u32 %p1, %r20, 16;\n  @%p1 " + mma);
  INFO(msg);
  CHECK(msg.find("mma.sync.aligned must be executed by all 32 lanes of the warp together; lanes 16-31 are guarded "
                 "off") != std::string::npos);
  CHECK(msg.find("CTA (0,0,0) warp 0 lane 0") != std::string::npos);
  msg = error_of("mma-partial", mma);  // fine: a whole warp
  CHECK(msg == "no error");
  msg = error_of("ldm-align", "  mov.u32 %r20, m;\n  add.u32 %r20, %r20, 8;\n"
                              "  ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%r1}, [%r20];\n");
  CHECK(msg.find("ldmatrix row address 0x8 is not 16-byte aligned") != std::string::npos);
  msg = error_of("mma-combo", "  mma.sync.aligned.m16n8k16.row.col.f32.tf32.tf32.f32 {%r1, %r2, %r3, %r4}, {%r5, %r6, "
                              "%r7, %r8}, {%r9, %r10}, {%r11, %r12, %r13, %r14};\n");
  CHECK(msg.find("mma.m16n8k16.f32.tf32.tf32.f32 is not a shape and type combination of the PTX ISA for sm_90a") !=
        std::string::npos);
  CHECK(msg.find("k.ptx:") != std::string::npos);
}

}  // namespace WARPSIM_UNITY_ID
