// cvt between float types: narrowing under every mode (f32/f64 -> f16, bf16, tf32), subnormals,
// overflow, .relu/.satfinite, round-to-integral, widening, .ftz/.sat, and the packed f16x2/bf16x2 and
// fp8/fp6/fp4 forms.
#include <catch2/catch.hpp>

#include "scalar_test_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace scalar_test;

namespace {
constexpr ScalarType TF32 = ScalarType::TF32;

std::uint64_t cvt(ScalarType d, ScalarType s, std::uint64_t a, Rnd r = Rnd::None, bool ftz = false, bool sat = false,
                  bool relu = false, bool satfinite = false) {
  return sc::cvt(d, s, a, r, ftz, sat, relu, satfinite);
}
}  // namespace

TEST_CASE("cvt f16 <- f32: overflow, underflow and subnormals", "[scalar][cvt][half]") {
  CHECK(cvt(F16, F32, b32(65504.0f), Rnd::RN) == 0x7bff);
  CHECK(cvt(F16, F32, b32(65519.0f), Rnd::RN) == 0x7bff);
  CHECK(cvt(F16, F32, b32(65520.0f), Rnd::RN) == 0x7c00);  // the overflow threshold
  CHECK(cvt(F16, F32, b32(65520.0f), Rnd::RZ) == 0x7bff);
  CHECK(cvt(F16, F32, b32(-65520.0f), Rnd::RP) == 0xfbff);
  CHECK(cvt(F16, F32, b32(-65520.0f), Rnd::RM) == 0xfc00);
  CHECK(cvt(F16, F32, 0x7f800000, Rnd::RZ) == 0x7c00);  // inf stays inf
  CHECK(cvt(F16, F32, 0x33800000, Rnd::RN) == 0x0001);  // 2^-24: smallest subnormal
  CHECK(cvt(F16, F32, 0x33000000, Rnd::RN) == 0);       // 2^-25: tie -> 0
  CHECK(cvt(F16, F32, 0x33400000, Rnd::RN) == 0x0001);  // 1.5 * 2^-25
  CHECK(cvt(F16, F32, 0x33c00000, Rnd::RN) == 0x0002);  // 3 * 2^-25: tie -> even 2
  CHECK(cvt(F16, F32, b32(1e-8f), Rnd::RN) == 0);
  CHECK(cvt(F16, F32, b32(1e-8f), Rnd::RP) == 0x0001);
  CHECK(cvt(F16, F32, b32(-1e-8f), Rnd::RM) == 0x8001);
  CHECK(cvt(F16, F32, b32(-1e-8f), Rnd::RN) == 0x8000);
  CHECK(cvt(F16, F32, 0x387ff000, Rnd::RN) == 0x0400);  // just below 2^-14 rounds up to normal
  CHECK(cvt(F16, F32, 0x7fc12345, Rnd::RN) == 0x7fff);
}

TEST_CASE("cvt f16 <- f32 ties and directed modes near 1.0", "[scalar][cvt][half]") {
  CHECK(cvt(F16, F32, 0x3f801000, Rnd::RN) == 0x3c00);  // 1 + 2^-11: tie -> even
  CHECK(cvt(F16, F32, 0x3f803000, Rnd::RN) == 0x3c02);  // 1 + 3 * 2^-11: tie -> even up
  CHECK(cvt(F16, F32, 0x3f801001, Rnd::RN) == 0x3c01);
  CHECK(cvt(F16, F32, 0x3f801000, Rnd::RP) == 0x3c01);
  CHECK(cvt(F16, F32, 0x3f801000, Rnd::RZ) == 0x3c00);
  CHECK(cvt(F16, F32, 0xbf801000, Rnd::RM) == 0xbc01);
  CHECK(cvt(F16, F32, 0x3f801000, Rnd::RNA) == 0x3c01);  // ties away
}

TEST_CASE("cvt bf16 <- f32 ties, overflow and NaN", "[scalar][cvt][half]") {
  CHECK(cvt(BF16, F32, 0x3f808000, Rnd::RN) == 0x3f80);
  CHECK(cvt(BF16, F32, 0x3f818000, Rnd::RN) == 0x3f82);
  CHECK(cvt(BF16, F32, 0x3f808001, Rnd::RN) == 0x3f81);
  CHECK(cvt(BF16, F32, 0x3f80ffff, Rnd::RZ) == 0x3f80);
  CHECK(cvt(BF16, F32, 0x7f7fffff, Rnd::RN) == 0x7f80);
  CHECK(cvt(BF16, F32, 0x7f7fffff, Rnd::RZ) == 0x7f7f);
  CHECK(cvt(BF16, F32, 0x00000001, Rnd::RN) == 0);
  CHECK(cvt(BF16, F32, 0x00008000, Rnd::RN) == 0);       // tie -> even 0
  CHECK(cvt(BF16, F32, 0x00018000, Rnd::RN) == 0x0002);  // tie -> even 2
  CHECK(cvt(BF16, F32, 0xffc00001, Rnd::RN) == 0x7fff);
}

TEST_CASE("cvt narrowing from f64 rounds once, without double rounding", "[scalar][cvt]") {
  const double just_above_tie32 = 1.0 + 0x1p-24 + 0x1p-50;
  CHECK(cvt(F32, F64, b64(just_above_tie32), Rnd::RN) == 0x3f800001);
  const double just_above_tie16 = 1.0 + 0x1p-11 + 0x1p-40;  // via f32 this would be a tie
  CHECK(cvt(F16, F64, b64(just_above_tie16), Rnd::RN) == 0x3c01);
  CHECK(cvt(BF16, F64, b64(1.0 + 0x1p-8 + 0x1p-50), Rnd::RN) == 0x3f81);
  CHECK(cvt(F32, F64, b64(1e300), Rnd::RN) == 0x7f800000);
  CHECK(cvt(F32, F64, b64(1e300), Rnd::RZ) == 0x7f7fffff);
  CHECK(cvt(F32, F64, b64(1e-40), Rnd::RN) == 0x000116c2);
  CHECK(cvt(F32, F64, b64(1e-40), Rnd::RN, true) == 0);  // subnormal f32 result flushed
  CHECK(cvt(F32, F64, b64(1e-50), Rnd::RP) == 0x00000001);
  CHECK(cvt(F32, F64, 0xfff8000000000001ull, Rnd::RN) == 0x7fffffff);
}

TEST_CASE("cvt widening is exact, NaN becomes canonical", "[scalar][cvt]") {
  CHECK(cvt(F32, F16, 0x0001) == 0x33800000);
  CHECK(cvt(F32, F16, 0xfc00) == 0xff800000);
  CHECK(cvt(F32, F16, 0x7e01) == 0x7fffffff);
  CHECK(cvt(F32, BF16, 0x3f81) == 0x3f810000);
  CHECK(cvt(F64, F32, 0x00000001) == 0x36a0000000000000ull);  // 2^-149
  CHECK(cvt(F64, F32, 0x00000001, Rnd::None, true) == 0);     // .ftz flushes the f32 source
  CHECK(cvt(F64, F32, 0x7fa00000) == 0x7fffffffffffffffull);
  CHECK(cvt(F64, F16, 0x3555) == b64(0x1.554p-2));
  CHECK(cvt(F32, F16, 0x4000, Rnd::None, false, true) == 0x3f800000);  // .sat
}

TEST_CASE("cvt .relu and .satfinite on f16/bf16 results", "[scalar][cvt][half]") {
  CHECK(cvt(F16, F32, b32(-1.0f), Rnd::RN, false, false, true) == 0);
  CHECK(cvt(F16, F32, 0x80000000, Rnd::RN, false, false, true) == 0);
  CHECK(cvt(F16, F32, 0x7fc00000, Rnd::RN, false, false, true) == 0x7fff);
  CHECK(cvt(F16, F32, b32(1e6f), Rnd::RN, false, false, false, true) == 0x7bff);
  CHECK(cvt(F16, F32, 0xff800000, Rnd::RN, false, false, false, true) == 0xfbff);
  CHECK(cvt(F16, F32, 0x7fc00000, Rnd::RN, false, false, false, true) == 0x7fff);
  CHECK(cvt(BF16, F32, 0x7f800000, Rnd::RZ, false, false, false, true) == 0x7f7f);
  CHECK(cvt(BF16, F32, 0xff800000, Rnd::RN, false, false, true, true) == 0);
}

TEST_CASE("cvt tf32 <- f32 keeps 10 fraction bits, low 13 bits zero", "[scalar][cvt][tf32]") {
  CHECK(cvt(TF32, F32, 0x3f801000, Rnd::RNA) == 0x3f802000);  // tie -> away
  CHECK(cvt(TF32, F32, 0x3f801000, Rnd::RN) == 0x3f800000);   // tie -> even
  CHECK(cvt(TF32, F32, 0x3f803000, Rnd::RN) == 0x3f804000);
  CHECK(cvt(TF32, F32, 0x3f801fff, Rnd::RZ) == 0x3f800000);
  CHECK(cvt(TF32, F32, 0xbf801000, Rnd::RNA) == 0xbf802000);
  CHECK(cvt(TF32, F32, 0x7f7fffff, Rnd::RNA) == 0x7f800000);
  CHECK(cvt(TF32, F32, 0x7f7fffff, Rnd::RNA, false, false, false, true) == 0x7f7fe000);
  CHECK(cvt(TF32, F32, 0x7fc00001, Rnd::RNA) == 0x7fffe000);
  CHECK(cvt(TF32, F32, 0x00001000, Rnd::RNA) == 0x00002000);  // subnormal tie -> away
  CHECK(cvt(TF32, F32, b32(-3.0f), Rnd::RN, false, false, true) == 0);
}

TEST_CASE("cvt round-to-integral within a float type", "[scalar][cvt]") {
  CHECK(cvt(F32, F32, b32(2.5f), Rnd::RNI) == b32(2.0f));
  CHECK(cvt(F32, F32, b32(-2.5f), Rnd::RNI) == b32(-2.0f));
  CHECK(cvt(F32, F32, b32(3.5f), Rnd::RNI) == b32(4.0f));
  CHECK(cvt(F32, F32, b32(-0.3f), Rnd::RNI) == 0x80000000);
  CHECK(cvt(F32, F32, b32(-0.3f), Rnd::RMI) == b32(-1.0f));
  CHECK(cvt(F32, F32, b32(-0.3f), Rnd::RPI) == 0x80000000);
  CHECK(cvt(F32, F32, b32(1.7f), Rnd::RZI) == b32(1.0f));
  CHECK(cvt(F32, F32, b32(1e20f), Rnd::RNI) == b32(1e20f));
  CHECK(cvt(F32, F32, 0x7f800000, Rnd::RNI) == 0x7f800000);
  CHECK(cvt(F32, F32, 0x7fc00001, Rnd::RNI) == 0x7fffffff);
  CHECK(cvt(F32, F32, 0x80000001, Rnd::RMI) == b32(-1.0f));
  CHECK(cvt(F32, F32, 0x80000001, Rnd::RMI, true) == 0x80000000);
  CHECK(cvt(F64, F64, b64(-1.5), Rnd::RNI) == b64(-2.0));
  CHECK(cvt(F16, F16, 0x3e00, Rnd::RNI) == 0x4000);  // 1.5 -> 2
  CHECK(cvt(BF16, BF16, 0x3fc0, Rnd::RZI) == 0x3f80);
  CHECK(cvt(F32, F32, 0x00000001, Rnd::None, true) == 0);  // cvt.ftz.f32.f32 flushes
  CHECK(cvt(F32, F32, b32(1.5f), Rnd::None, false, true) == b32(1.0f));
}

TEST_CASE("cvt to f16x2/bf16x2 packs a in the high half, b in the low half", "[scalar][cvt][pack]") {
  CHECK(sc::cvt_pack_f32x2(ScalarType::F16x2, b32(1.0f), b32(2.0f), Rnd::RN, false, false) == 0x3c004000u);
  CHECK(sc::cvt_pack_f32x2(ScalarType::BF16x2, b32(-1.0f), b32(3.0f), Rnd::RN, true, false) == 0x00004040u);
  CHECK(sc::cvt_pack_f32x2(ScalarType::F16x2, b32(1e9f), 0x3f801000, Rnd::RZ, false, true) == 0x7bff3c00u);
}

TEST_CASE("cvt to e4m3x2/e5m2x2 rounds to nearest and saturates to the finite range", "[scalar][cvt][fp8]") {
  const auto e4 = ScalarType::E4M3x2;
  const auto e5 = ScalarType::E5M2x2;
  CHECK(sc::cvt_f8x2_from_f32(e4, b32(1.0f), b32(-2.0f), false) == 0x38c0);
  CHECK(sc::cvt_f8x2_from_f32(e4, b32(448.0f), b32(480.0f), false) == 0x7e7e);
  CHECK(sc::cvt_f8x2_from_f32(e4, b32(1e9f), 0xff800000, false) == 0x7efe);
  CHECK(sc::cvt_f8x2_from_f32(e4, 0x7fc00000, b32(0.0f), false) == 0x7f00);
  CHECK(sc::cvt_f8x2_from_f32(e4, b32(17.0f), b32(19.0f), false) == 0x585a);       // ties -> even
  CHECK(sc::cvt_f8x2_from_f32(e4, b32(0x1p-9f), b32(0x1p-10f), false) == 0x0100);  // min subnormal, tie -> 0
  CHECK(sc::cvt_f8x2_from_f32(e4, b32(-1.0f), 0x7fc00000, true) == 0x007f);        // .relu
  CHECK(sc::cvt_f8x2_from_f32(e5, b32(1.0f), b32(57344.0f), false) == 0x3c7b);
  CHECK(sc::cvt_f8x2_from_f32(e5, 0x7f800000, 0xffc00000, false) == 0x7b7f);
  CHECK(sc::cvt_f8x2_from_f32(e5, b32(0x1p-16f), b32(0x1p-17f), false) == 0x0100);
}

TEST_CASE("cvt f16x2 <- e4m3x2/e5m2x2 unpacks exactly", "[scalar][cvt][fp8]") {
  CHECK(sc::cvt_f16x2_from_f8x2(ScalarType::E4M3x2, 0x38c0, false) == 0x3c00c000u);
  CHECK(sc::cvt_f16x2_from_f8x2(ScalarType::E4M3x2, 0x7e01, false) == 0x5f001800u);  // 448, 2^-9
  CHECK(sc::cvt_f16x2_from_f8x2(ScalarType::E4M3x2, 0x7fff, false) == 0x7fff7fffu);  // NaN
  CHECK(sc::cvt_f16x2_from_f8x2(ScalarType::E4M3x2, 0xc038, true) == 0x00003c00u);   // .relu
  CHECK(sc::cvt_f16x2_from_f8x2(ScalarType::E5M2x2, 0x7c7b, false) == 0x7c007b00u);  // inf, 57344
  CHECK(sc::cvt_f16x2_from_f8x2(ScalarType::E5M2x2, 0x7d01, false) == 0x7fff0100u);  // NaN, 2^-16
}

TEST_CASE("cvt e2m1x2/e2m3x2/e3m2x2 saturate, NaN gives the largest positive value", "[scalar][cvt][fp8]") {
  CHECK(sc::cvt_f8x2_from_f32(ScalarType::E2M1x2, b32(1.0f), b32(-0.5f), false) == 0x29);
  CHECK(sc::cvt_f8x2_from_f32(ScalarType::E2M1x2, b32(5.0f), b32(7.0f), false) == 0x67);  // tie -> 4; 7 -> 6
  CHECK(sc::cvt_f8x2_from_f32(ScalarType::E2M1x2, 0x7fc00000, 0xff800000, false) == 0x7f);
  CHECK(sc::cvt_f8x2_from_f32(ScalarType::E2M3x2, b32(7.5f), b32(100.0f), false) == 0x1f1f);
  CHECK(sc::cvt_f8x2_from_f32(ScalarType::E3M2x2, b32(28.0f), b32(-1.0f), false) == 0x1f2c);
  CHECK(sc::cvt_f16x2_from_f8x2(ScalarType::E2M1x2, 0x7f, false) == 0x4600c600u);    // 6.0, -6.0
  CHECK(sc::cvt_f16x2_from_f8x2(ScalarType::E3M2x2, 0x1f01, false) == 0x4f002c00u);  // 28, 2^-4
}

}  // namespace WARPSIM_UNITY_ID
