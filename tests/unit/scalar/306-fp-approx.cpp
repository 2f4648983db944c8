// .approx functions: special values from the PTX ISA tables, exact points, .ftz, and the f16/bf16 forms.
#include <catch2/catch.hpp>

#include "scalar_test_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace scalar_test;

namespace {
constexpr std::uint64_t kNan32 = 0x7fffffff;
constexpr std::uint64_t kInf32 = 0x7f800000;
constexpr std::uint64_t kNegInf32 = 0xff800000;
}  // namespace

TEST_CASE("ex2.approx special values and exact powers", "[scalar][fp][approx]") {
  CHECK(sc::fex2(F32, kNegInf32, false) == 0);
  CHECK(sc::fex2(F32, kInf32, false) == kInf32);
  CHECK(sc::fex2(F32, 0x7fc00000, false) == kNan32);
  CHECK(sc::fex2(F32, 0x3f800000, false) == 0x40000000);
  CHECK(sc::fex2(F32, 0, false) == 0x3f800000);
  CHECK(sc::fex2(F32, 0x80000000, false) == 0x3f800000);
  CHECK(sc::fex2(F32, 0xc3020000, false) == 0x00080000);  // 2^-130 is subnormal
  CHECK(sc::fex2(F32, 0xc3020000, true) == 0);            // ... and flushed with .ftz
  CHECK(sc::fex2(F32, 0x43000000, false) == kInf32);      // 2^128 overflows
  CHECK(sc::fex2(F16, 0x3c00, false) == 0x4000);
  CHECK(sc::fex2(F16, 0x4c00, false) == 0x7c00);  // 2^16 overflows f16
  CHECK(sc::fex2(BF16, 0x4000, true) == 0x4080);  // 2^2 = 4
}

TEST_CASE("lg2.approx special values", "[scalar][fp][approx]") {
  CHECK(sc::flg2(F32, 0, false) == kNegInf32);
  CHECK(sc::flg2(F32, 0x80000000, false) == kNegInf32);
  CHECK(sc::flg2(F32, 0xbf800000, false) == kNan32);
  CHECK(sc::flg2(F32, kInf32, false) == kInf32);
  CHECK(sc::flg2(F32, 0x41000000, false) == 0x40400000);  // lg2(8) = 3
  CHECK(sc::flg2(F32, 0x00000001, false) == 0xc3150000);  // lg2(2^-149) = -149
  CHECK(sc::flg2(F32, 0x00000001, true) == kNegInf32);    // flushed input
}

TEST_CASE("rsqrt.approx special values", "[scalar][fp][approx]") {
  CHECK(sc::frsqrt(F32, 0, false) == kInf32);
  CHECK(sc::frsqrt(F32, 0x80000000, false) == kNegInf32);
  CHECK(sc::frsqrt(F32, 0xbf800000, false) == kNan32);
  CHECK(sc::frsqrt(F32, kInf32, false) == 0);
  CHECK(sc::frsqrt(F32, 0x40800000, false) == 0x3f000000);  // 1/sqrt(4)
  CHECK(sc::frsqrt(F32, 0x00000001, true) == kInf32);       // flushed to +0
  CHECK(sc::frsqrt(F64, 0x4010000000000000ull, false) == 0x3fe0000000000000ull);
  CHECK(sc::frsqrt(F64, 0x8000000000000000ull, true) == 0xfff0000000000000ull);
}

TEST_CASE("sin/cos.approx special values", "[scalar][fp][approx]") {
  CHECK(sc::fsin(F32, kInf32, false) == kNan32);
  CHECK(sc::fcos(F32, kNegInf32, false) == kNan32);
  CHECK(sc::fsin(F32, 0x80000000, false) == 0x80000000);
  CHECK(sc::fcos(F32, 0, false) == 0x3f800000);
  CHECK(sc::fsin(F32, 0x00000001, false) == 0x00000001);
  CHECK(sc::fsin(F32, 0x80000001, true) == 0x80000000);
  CHECK(sc::fsin(F32, 0x3fc90fdb, false) == 0x3f800000);  // sin(RN(pi/2)) rounds to 1
}

TEST_CASE("tanh.approx on f32, f16 and bf16", "[scalar][fp][approx]") {
  CHECK(sc::ftanh(F32, kInf32) == 0x3f800000);
  CHECK(sc::ftanh(F32, kNegInf32) == 0xbf800000);
  CHECK(sc::ftanh(F32, 0x80000000) == 0x80000000);
  CHECK(sc::ftanh(F32, 0x7fc00000) == kNan32);
  CHECK(sc::ftanh(F16, 0x3c00) == 0x3a18);  // tanh(1) = 0.76159... -> 1560 * 2^-11
  CHECK(sc::ftanh(BF16, 0x7f80) == 0x3f80);
  CHECK(sc::ftanh(F16, 0xfe00) == 0x7fff);
}

TEST_CASE("rcp/sqrt .approx return the correctly rounded value", "[scalar][fp][approx]") {
  CHECK(sc::frcp(F32, 0x40400000, Rnd::None, true, false) == 0x3eaaaaab);
  CHECK(sc::frcp(F32, 0x00000001, Rnd::None, true, true) == kInf32);
  CHECK(sc::frcp(F64, 0x4008000000000000ull, Rnd::None, true, true) == 0x3fd5555555555555ull);
  CHECK(sc::frcp(F64, 0x0000000000000001ull, Rnd::None, true, true) == 0x7ff0000000000000ull);
  CHECK(sc::fsqrt(F32, 0x40000000, Rnd::None, true, false) == 0x3fb504f3);
  CHECK(sc::fsqrt(F32, 0xbf800000, Rnd::None, true, false) == kNan32);
}

}  // namespace WARPSIM_UNITY_ID
