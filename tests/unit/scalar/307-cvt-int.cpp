// cvt with integer sources or destinations: truncation/extension and .sat between integers, float to
// integer rounding and saturation (NaN -> 0), integer to float rounding for every mode and width.
#include <catch2/catch.hpp>

#include "scalar_test_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace scalar_test;

namespace {
constexpr ScalarType U8 = ScalarType::U8;
constexpr ScalarType U16 = ScalarType::U16;
constexpr ScalarType U32 = ScalarType::U32;
constexpr ScalarType U64 = ScalarType::U64;
constexpr ScalarType S8 = ScalarType::S8;
constexpr ScalarType S32 = ScalarType::S32;
constexpr ScalarType S64 = ScalarType::S64;
constexpr ScalarType B16 = ScalarType::B16;

std::uint64_t cvt(ScalarType d, ScalarType s, std::uint64_t a, Rnd r = Rnd::None, bool ftz = false, bool sat = false) {
  return sc::cvt(d, s, a, r, ftz, sat);
}
}  // namespace

TEST_CASE("cvt int <- int truncates or extends, .sat clamps", "[scalar][cvt]") {
  CHECK(cvt(U8, U32, 0x1ff) == 0xff);
  CHECK(cvt(U8, U32, 0x1ff, Rnd::None, false, true) == 0xff);
  CHECK(cvt(S8, S32, 200) == 0xc8);
  CHECK(cvt(S8, S32, 200, Rnd::None, false, true) == 0x7f);
  CHECK(cvt(S8, S32, 0xffffff38, Rnd::None, false, true) == 0x80);  // -200 -> -128
  CHECK(cvt(U32, S32, 0xffffffff, Rnd::None, false, true) == 0);
  CHECK(cvt(S32, U32, 0xffffffff, Rnd::None, false, true) == 0x7fffffff);
  CHECK(cvt(S64, S32, 0xffffffff) == ~0ull);
  CHECK(cvt(U64, U32, 0xffffffff) == 0xffffffff);
  CHECK(cvt(S32, S8, 0x80) == 0xffffff80);
  CHECK(cvt(U16, S8, 0xff) == 0xffff);
  CHECK(cvt(U16, S8, 0xff, Rnd::None, false, true) == 0);
  CHECK(cvt(U64, S64, 0x8000000000000000ull, Rnd::None, false, true) == 0);
  CHECK(cvt(S64, U64, ~0ull, Rnd::None, false, true) == 0x7fffffffffffffffull);
  CHECK(cvt(B16, S32, 0x12345) == 0x2345);
}

TEST_CASE("cvt int <- float: NaN gives 0, out-of-range values saturate", "[scalar][cvt]") {
  CHECK(cvt(S32, F32, 0x7fc00000, Rnd::RZI) == 0);
  CHECK(cvt(U32, F32, 0xffc00000, Rnd::RNI) == 0);
  CHECK(cvt(S64, F64, 0x7ff8000000000000ull, Rnd::RZI) == 0);
  CHECK(cvt(S32, F32, b32(1e10f), Rnd::RZI) == 0x7fffffff);
  CHECK(cvt(S32, F32, b32(-1e10f), Rnd::RZI) == 0x80000000);
  CHECK(cvt(U32, F32, b32(1e10f), Rnd::RZI) == 0xffffffff);
  CHECK(cvt(U32, F32, b32(-1.0f), Rnd::RZI) == 0);
  CHECK(cvt(S32, F32, 0x7f800000, Rnd::RNI) == 0x7fffffff);
  CHECK(cvt(S32, F32, 0xff800000, Rnd::RNI) == 0x80000000);
  CHECK(cvt(S32, F32, b32(2147483520.0f), Rnd::RZI) == 0x7fffff80);  // largest f32 below 2^31
  CHECK(cvt(S32, F32, b32(2147483648.0f), Rnd::RZI) == 0x7fffffff);
  CHECK(cvt(S32, F32, b32(-2147483648.0f), Rnd::RZI) == 0x80000000);
  CHECK(cvt(S64, F64, b64(9223372036854775808.0), Rnd::RZI) == 0x7fffffffffffffffull);
  CHECK(cvt(S64, F64, b64(-9223372036854775808.0), Rnd::RZI) == 0x8000000000000000ull);
  CHECK(cvt(U64, F64, b64(1e300), Rnd::RZI) == ~0ull);
  CHECK(cvt(U64, F64, b64(18446744073709549568.0), Rnd::RZI) == 0xfffffffffffff800ull);
  CHECK(cvt(U8, F16, 0x5cb0, Rnd::RZI) == 0xff);   // 300 -> 255
  CHECK(cvt(U8, F16, 0xc500, Rnd::RZI) == 0);      // -5 -> 0
  CHECK(cvt(S8, BF16, 0xc300, Rnd::RZI) == 0x80);  // -128
  CHECK(cvt(S8, BF16, 0xc301, Rnd::RZI) == 0x80);  // -129 -> -128
}

TEST_CASE("cvt int <- float rounds with rni/rzi/rmi/rpi", "[scalar][cvt]") {
  CHECK(cvt(S32, F32, b32(-1.5f), Rnd::RNI) == 0xfffffffe);
  CHECK(cvt(S32, F32, b32(2.5f), Rnd::RNI) == 2);
  CHECK(cvt(S32, F32, b32(-2.5f), Rnd::RNI) == 0xfffffffe);
  CHECK(cvt(S32, F32, b32(3.5f), Rnd::RNI) == 4);
  CHECK(cvt(S32, F32, b32(0.5f), Rnd::RNI) == 0);
  CHECK(cvt(S32, F32, b32(2.6f), Rnd::RNI) == 3);
  CHECK(cvt(S32, F32, b32(-1.5f), Rnd::RZI) == 0xffffffff);
  CHECK(cvt(S32, F32, b32(-1.5f), Rnd::RMI) == 0xfffffffe);
  CHECK(cvt(S32, F32, b32(-1.5f), Rnd::RPI) == 0xffffffff);
  CHECK(cvt(S32, F32, b32(1.2f), Rnd::RPI) == 2);
  CHECK(cvt(S32, F32, b32(1.8f), Rnd::RMI) == 1);
  CHECK(cvt(S32, F32, b32(-1.5f)) == 0xffffffff);  // no modifier: rzi
  CHECK(cvt(U32, F32, b32(-0.7f), Rnd::RZI) == 0);
  CHECK(cvt(U32, F32, b32(-0.7f), Rnd::RNI) == 0);
  CHECK(cvt(S64, F64, b64(2251799813685249.5), Rnd::RNI) == 2251799813685250ull);  // 2^51 + 1.5: tie
}

TEST_CASE("cvt int <- f32 .ftz flushes subnormal sources before rounding", "[scalar][cvt]") {
  CHECK(cvt(S32, F32, 0x80000001, Rnd::RMI) == 0xffffffff);
  CHECK(cvt(S32, F32, 0x80000001, Rnd::RMI, true) == 0);
  CHECK(cvt(S32, F32, 0x00000001, Rnd::RPI) == 1);
  CHECK(cvt(S32, F32, 0x00000001, Rnd::RPI, true) == 0);
}

TEST_CASE("cvt float <- u64 max rounds per mode", "[scalar][cvt]") {
  const std::uint64_t m = ~0ull;  // 2^64 - 1
  CHECK(cvt(F32, U64, m, Rnd::RN) == 0x5f800000);
  CHECK(cvt(F32, U64, m, Rnd::RZ) == 0x5f7fffff);
  CHECK(cvt(F32, U64, m, Rnd::RM) == 0x5f7fffff);
  CHECK(cvt(F32, U64, m, Rnd::RP) == 0x5f800000);
  CHECK(cvt(F64, U64, m, Rnd::RN) == 0x43f0000000000000ull);
  CHECK(cvt(F64, U64, m, Rnd::RZ) == 0x43efffffffffffffull);
  CHECK(cvt(F64, U64, m, Rnd::RP) == 0x43f0000000000000ull);
  CHECK(cvt(F32, U64, m) == 0x5f800000);  // no modifier: rn
}

TEST_CASE("cvt float <- 64-bit ints rounds exactly, not through double", "[scalar][cvt]") {
  const std::uint64_t p = (1ull << 53) + 1;
  CHECK(cvt(F64, S64, p, Rnd::RN) == 0x4340000000000000ull);  // tie -> even
  CHECK(cvt(F64, S64, p, Rnd::RZ) == 0x4340000000000000ull);
  CHECK(cvt(F64, S64, p, Rnd::RP) == 0x4340000000000001ull);
  CHECK(cvt(F64, S64, 0 - p, Rnd::RM) == 0xc340000000000001ull);
  CHECK(cvt(F64, S64, 0 - p, Rnd::RP) == 0xc340000000000000ull);
  // 2^24 + 1 + 2^-? : u64 0x1000001_0000000001 needs rounding to f32 with a sticky bit far below
  CHECK(cvt(F32, U64, 0x0100000100000001ull, Rnd::RN) == 0x5b800001);  // above the tie
  CHECK(cvt(F32, U64, 0x0100000100000000ull, Rnd::RN) == 0x5b800000);  // exact tie -> even
  CHECK(cvt(F32, S64, 0x8000000000000000ull, Rnd::RZ) == 0xdf000000);  // -2^63 exactly
  CHECK(cvt(F32, U32, 0xffffffff, Rnd::RN) == 0x4f800000);
  CHECK(cvt(F32, U32, 0xffffffff, Rnd::RZ) == 0x4f7fffff);
  CHECK(cvt(F32, S32, 0x80000000, Rnd::RN) == 0xcf000000);
  CHECK(cvt(F32, S8, 0xff, Rnd::RN) == 0xbf800000);
  CHECK(cvt(F32, S32, 0) == 0);
}

TEST_CASE("cvt half <- int overflows to inf or max per mode", "[scalar][cvt]") {
  CHECK(cvt(F16, U32, 65520, Rnd::RN) == 0x7c00);
  CHECK(cvt(F16, U32, 65520, Rnd::RZ) == 0x7bff);
  CHECK(cvt(F16, U32, 65519, Rnd::RN) == 0x7bff);
  CHECK(cvt(F16, S32, 0xffff0000, Rnd::RM) == 0xfc00);  // -65536
  CHECK(cvt(F16, U32, 2049, Rnd::RN) == 0x6800);        // 2049 is a tie -> 2048
  CHECK(cvt(F16, U32, 2049, Rnd::RP) == 0x6801);
  CHECK(cvt(BF16, U64, 257, Rnd::RN) == 0x4380);  // 257 -> 256
  CHECK(cvt(BF16, U64, 257, Rnd::RP) == 0x4381);
}

TEST_CASE("cvt float <- int with .sat clamps to [0, 1]", "[scalar][cvt]") {
  CHECK(cvt(F32, S32, 5, Rnd::RN, false, true) == 0x3f800000);
  CHECK(cvt(F32, S32, 0xffffffff, Rnd::RN, false, true) == 0);
  CHECK(cvt(F32, S32, 0, Rnd::RN, false, true) == 0);
}

}  // namespace WARPSIM_UNITY_ID
