// Sparse mma.sp::ordered_metadata m16n8k32 s8 with sparsity selector 1 against a CPU reference built here from the
// PTX ISA's "Sparse matrix storage" and fragment layouts (threads T2, T3 of each group of four hold the metadata;
// the lanes the selector does not pick hold invalid metadata, which must be ignored), and the errors: metadata with
// both indices equal, unsorted metadata under ::ordered_metadata, a selector the shape does not allow, a sparse
// shape/type combination the PTX ISA does not have, mma.m8n8k4 .f16 with .f16 D and .f32 C.
#include "simt_util.hpp"

#include <bit>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

std::uint32_t a_reg(unsigned l, unsigned r) { return (l * 0x01030507u + r * 0x11223344u) ^ 0x80808080u; }
std::uint32_t b_reg(unsigned l, unsigned r) { return l * 0x0d0c0b0au + r * 0x99aabbccu; }
std::int32_t c_reg(unsigned l, unsigned r) { return static_cast<std::int32_t>(l * 1000 + r) - 16000; }
// Metadata of lane 4g + t: t = 2 and 3 (selector 1) hold valid sorted fields, rotated by g; t = 0, 1 hold 0 (both
// indices 0 in every field: invalid if it were read).
std::uint32_t e_reg(unsigned l) {
  const unsigned g = l / 4, t = l % 4;
  if (t < 2) return 0;
  const std::uint32_t v = t == 2 ? 0x4E8D9C84u : 0xDC98E4C9u;
  return std::rotl(v, static_cast<int>(4 * g));
}

std::string kernel(const std::string& mma, const std::string& tail = "") {
  return simt::header() + R"(
.visible .entry k(.param .u64 out)
{
  .reg .pred %p<2>;
  .reg .b32 %r<40>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mul.lo.u32 %r2, %r1, 16975111;   // 0x01030507
  xor.b32 %r10, %r2, -2139062144;  // a0 = l * 0x01030507 ^ 0x80808080
  add.u32 %r3, %r2, 287454020;     // + 0x11223344
  xor.b32 %r11, %r3, -2139062144;
  mul.lo.u32 %r14, %r1, 218893066; // b0 = l * 0x0d0c0b0a
  add.u32 %r15, %r14, -1716864052; // + 0x99aabbcc
  mul.lo.u32 %r4, %r1, 1000;
  add.s32 %r16, %r4, -16000;
  add.s32 %r17, %r4, -15999;
  add.s32 %r18, %r4, -15998;
  add.s32 %r19, %r4, -15997;
  and.b32 %r5, %r1, 3;             // t
  shr.u32 %r6, %r1, 2;             // g
  shl.b32 %r6, %r6, 2;             // 4 g
  setp.eq.u32 %p1, %r5, 2;
  selp.b32 %r7, 1317903492, -593959735, %p1;  // 0x4E8D9C84 (t = 2) or 0xDC98E4C9 (t = 3)
  shf.l.wrap.b32 %r7, %r7, %r7, %r6;
  setp.lt.u32 %p1, %r5, 2;
  selp.b32 %r30, 0, %r7, %p1;
)" + tail + "  " + mma + R"(
  mul.wide.u32 %rd2, %r1, 16;
  add.s64 %rd3, %rd1, %rd2;
  st.global.v4.u32 [%rd3], {%r20, %r21, %r22, %r23};
  ret;
}
)";
}

const std::string kMma = "mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%r20, %r21, %r22, "
                         "%r23}, {%r10, %r11}, {%r14, %r15}, {%r16, %r17, %r18, %r19}, %r30, 1;";

std::string error_of(const std::string& name, const std::string& ptx) {
  try {
    simt::run_kernel(name, ptx, 1, 32, 128);
  } catch (const warpsim::Error& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("mma.sp::ordered_metadata m16n8k32 s8: A's non-zero halves placed by the selected lanes' metadata",
          "[simt][matrix]") {
  // A's registers hold a 16 x 16 (the non-zero half of 16 x 32) in mma.m16n8k16 s8's layout: byte i of register r of
  // lane 4 g + t is at row g + 8 r, stored column 4 t + i. Row R's chunk c (logical columns 4c .. 4c + 3, stored
  // columns 2c, 2c + 1) is described by bits 4c .. 4c + 3 of lane 4 (R % 8) + 2 + R / 8 (selector 1: threads T2 for
  // row g, T3 for row g + 8; the 8-bit types' metadata layout, measured on the H200 by traces/mma_sparse): the low
  // 2-bit index places stored column 2c, the high one 2c + 1.
  std::int64_t A[16][32] = {}, B[32][8], C[16][8];
  std::int64_t stored[16][16];
  for (unsigned l = 0; l < 32; ++l) {
    const unsigned g = l / 4, t = l % 4;
    for (unsigned r = 0; r < 2; ++r)
      for (unsigned i = 0; i < 4; ++i) stored[g + 8 * r][4 * t + i] = static_cast<std::int8_t>((a_reg(l, r) >> (8 * i)) & 0xff);
    for (unsigned r = 0; r < 2; ++r)
      for (unsigned i = 0; i < 4; ++i) B[4 * t + i + 16 * r][g] = static_cast<std::int8_t>((b_reg(l, r) >> (8 * i)) & 0xff);
    for (unsigned r = 0; r < 4; ++r) C[g + 8 * (r / 2)][2 * t + r % 2] = c_reg(l, r);
  }
  for (unsigned row = 0; row < 16; ++row)
    for (unsigned c = 0; c < 8; ++c) {
      const unsigned lane = 4 * (row % 8) + 2 + row / 8;
      const unsigned field = (e_reg(lane) >> (4 * c)) & 0xf;
      A[row][4 * c + (field & 3)] = stored[row][2 * c];
      A[row][4 * c + (field >> 2)] = stored[row][2 * c + 1];
    }
  const auto r = simt::run_kernel("mma-sp-s8", kernel(kMma), 1, 32, 128);
  const auto out = r.as<std::uint32_t>("out");
  for (unsigned l = 0; l < 32; ++l)
    for (unsigned k = 0; k < 4; ++k) {
      const unsigned row = l / 4 + 8 * (k / 2), col = 2 * (l % 4) + k % 2;
      std::int64_t s = C[row][col];
      for (unsigned kk = 0; kk < 32; ++kk) s += A[row][kk] * B[kk][col];
      INFO("lane " << l << " register " << k);
      CHECK(out[4 * l + k] == static_cast<std::uint32_t>(s));
    }
}

TEST_CASE("mma.sp names invalid metadata, selectors and forms", "[simt][matrix]") {
  // Selector 0 picks T0, T1, whose metadata is 0: both indices of chunk 0 are 0.
  std::string msg = error_of("sp-meta-equal", kernel(std::string(kMma).replace(kMma.size() - 2, 1, "0")));
  INFO(msg);
  CHECK(msg.find("mma.sp::ordered_metadata metadata 0b0000 (bits 3-0 of lane 0's e = 0x00000000, chunk 0 of row 0 of "
                 "A) names the same position twice (PTX ISA, \"Sparse matrix storage\": the behaviour is undefined)") !=
        std::string::npos);
  CHECK(msg.find("lane 0") != std::string::npos);
  // 0b0001 (indices 1, 0) is valid for mma.sp but not sorted for ::ordered_metadata.
  msg = error_of("sp-unsorted", kernel(kMma, "  mov.u32 %r30, 1;\n"));
  CHECK(msg.find("metadata 0b0001 (bits 3-0 of lane 2's e = 0x00000001, chunk 0 of row 0 of A) is not in increasing "
                 "order from the LSB, as ::ordered_metadata requires") != std::string::npos);
  std::string plain = kMma;
  plain.replace(0, std::string("mma.sp::ordered_metadata").size(), "mma.sp");
  msg = error_of("sp-unsorted-plain", kernel(plain, "  mov.u32 %r30, 0x11111111;\n"));
  CHECK(msg == "no error");  // mma.sp takes the indices in either order
  msg = error_of("sp-selector", kernel(std::string(kMma).replace(kMma.size() - 2, 1, "2")));
  CHECK(msg.find("mma.sp::ordered_metadata.m16n8k32 with .s8: the sparsity selector f is 2, but must be 0 (threads T0, "
                 "T1 of each group of four) or 1 (T2, T3)") != std::string::npos);
  msg = error_of("sp-combo", kernel("mma.sp.sync.aligned.m16n8k16.row.col.s32.s8.s8.s32 {%r20, %r21, %r22, %r23}, "
                                    "{%r10, %r11}, {%r14, %r15}, {%r16, %r17, %r18, %r19}, %r30, 0;"));
  CHECK(msg.find("mma.sp.m16n8k16.s32.s8.s8.s32 is not a sparse shape and type combination of the PTX ISA for sm_90a") !=
        std::string::npos);
  msg = error_of("m884-f16-f32", kernel("mma.sync.aligned.m8n8k4.row.row.f16.f16.f16.f32 {%r20, %r21, %r22, %r23}, "
                                        "{%r10, %r11}, {%r14, %r15}, {%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8};"));
  CHECK(msg.find("mma.m8n8k4 with .f16 inputs: .dtype must be .f32 when .ctype is .f32 (ptxas)") != std::string::npos);
  msg = error_of("layout", kernel("mma.sync.aligned.m16n8k32.row.row.s32.s8.s8.s32 {%r20, %r21, %r22, %r23}, "
                                  "{%r10, %r11, %r12, %r13}, {%r14, %r15}, {%r16, %r17, %r18, %r19};"));
  CHECK(msg.find("mma.m16n8k32.row.row takes .row.col only (A row-major, B column-major); other layouts are "
                 "mma.m8n8k4 .f16's") != std::string::npos);
}

}  // namespace WARPSIM_UNITY_ID
