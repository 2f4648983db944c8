// NaN, infinity and subnormal handling of the basic float operations: canonical NaNs, .ftz on inputs and
// results, .sat clamping, division by zero and invalid operations (IEEE 754 and the PTX ISA).
#include <catch2/catch.hpp>

#include "scalar_test_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace scalar_test;

namespace {
constexpr std::uint64_t kNan32 = 0x7fffffff;
constexpr std::uint64_t kNan64 = 0x7fffffffffffffffull;
constexpr std::uint64_t kInf32 = 0x7f800000;
constexpr std::uint64_t kOne32 = 0x3f800000;
}  // namespace

TEST_CASE("NaN results are canonical in every type and mode", "[scalar][fp][special]") {
  CHECK(sc::fadd(F32, 0x7fc12345, kOne32, Rnd::RN, false, false) == kNan32);
  CHECK(sc::fadd(F32, 0xffc00001, kOne32, Rnd::RZ, false, false) == kNan32);
  CHECK(sc::fmul(F32, 0x7f800001, kOne32, Rnd::RN, true, false) == kNan32);   // signalling NaN input
  CHECK(sc::fadd(F32, kInf32, 0xff800000, Rnd::RN, false, false) == kNan32);  // inf - inf
  CHECK(sc::fmul(F32, kInf32, 0, Rnd::RP, false, false) == kNan32);           // inf * 0
  CHECK(sc::ffma(F32, kInf32, 0, kOne32, Rnd::RN, false, false) == kNan32);
  CHECK(sc::ffma(F32, kInf32, kOne32, 0xff800000, Rnd::RM, false, false) == kNan32);
  CHECK(sc::fadd(F64, 0xfff8000000000001ull, 0, Rnd::RN, false, false) == kNan64);
  CHECK(sc::fmul(F64, 0x7ff0000000000000ull, 0, Rnd::RZ, false, false) == kNan64);
  CHECK(sc::fadd(F16, 0x7c00, 0xfc00, Rnd::RN, false, false) == 0x7fff);
  CHECK(sc::fmul(BF16, 0xffc1, 0x3f80, Rnd::RN, false, false) == 0x7fff);
}

TEST_CASE("infinities propagate with their sign", "[scalar][fp][special]") {
  CHECK(sc::fadd(F32, kInf32, 0xff7fffff, Rnd::RZ, false, false) == kInf32);
  CHECK(sc::fmul(F32, 0xff800000, kOne32, Rnd::RN, false, false) == 0xff800000);
  CHECK(sc::ffma(F32, kOne32, kOne32, 0xff800000, Rnd::RP, false, false) == 0xff800000);
  CHECK(sc::fadd(F64, 0x7ff0000000000000ull, 0x3ff0000000000000ull, Rnd::RM, false, false) == 0x7ff0000000000000ull);
}

TEST_CASE("division by zero and invalid division", "[scalar][fp][special]") {
  CHECK(sc::fdiv(F32, kOne32, 0, Rnd::RN, false, false, false) == kInf32);
  CHECK(sc::fdiv(F32, 0xbf800000, 0, Rnd::RZ, false, false, false) == 0xff800000);
  CHECK(sc::fdiv(F32, kOne32, 0x80000000, Rnd::RN, false, false, false) == 0xff800000);
  CHECK(sc::fdiv(F32, 0, 0, Rnd::RN, false, false, false) == kNan32);
  CHECK(sc::fdiv(F32, kInf32, kInf32, Rnd::RP, false, false, false) == kNan32);
  CHECK(sc::fdiv(F32, kOne32, kInf32, Rnd::RM, false, false, false) == 0);
  CHECK(sc::fdiv(F64, 0, 0, Rnd::RZ, false, false, false) == kNan64);
  CHECK(sc::fdiv(F64, 0x3ff0000000000000ull, 0, Rnd::RM, false, false, false) == 0x7ff0000000000000ull);
  CHECK(sc::frcp(F32, 0, Rnd::RN, false, false) == kInf32);
  CHECK(sc::frcp(F32, 0x80000000, Rnd::RZ, false, false) == 0xff800000);
  CHECK(sc::frcp(F32, kInf32, Rnd::RN, true, false) == 0);
}

TEST_CASE("sqrt of negatives is NaN and sqrt(-0) is -0", "[scalar][fp][special]") {
  CHECK(sc::fsqrt(F32, 0xbf800000, Rnd::RN, false, false) == kNan32);
  CHECK(sc::fsqrt(F32, 0xbf800000, Rnd::RZ, false, false) == kNan32);
  CHECK(sc::fsqrt(F32, 0x80000000, Rnd::RN, false, false) == 0x80000000);
  CHECK(sc::fsqrt(F32, 0x80000000, Rnd::RP, false, false) == 0x80000000);
  CHECK(sc::fsqrt(F32, kInf32, Rnd::RM, false, false) == kInf32);
  CHECK(sc::fsqrt(F32, 0xff800000, Rnd::RN, true, false) == kNan32);
  CHECK(sc::fsqrt(F64, 0xbff0000000000000ull, Rnd::RZ, false, false) == kNan64);
  CHECK(sc::fsqrt(F64, 0x8000000000000000ull, Rnd::RZ, false, false) == 0x8000000000000000ull);
  CHECK(sc::fsqrt(F32, 0x00000001, Rnd::RN, false, false) == 0x1a3504f3);  // sqrt(2^-149) = 2^-74.5
}

TEST_CASE("without .ftz f32 subnormals are kept", "[scalar][fp][ftz]") {
  CHECK(sc::fadd(F32, 0x00000001, 0, Rnd::RN, false, false) == 0x00000001);
  CHECK(sc::fmul(F32, 0x00800000, 0x3f000000, Rnd::RN, false, false) == 0x00400000);  // 2^-127
  CHECK(sc::fmul(F32, 0x00400000, 0x4b800000, Rnd::RN, false, false) == 0x0c000000);  // 2^-127 * 2^24
}

TEST_CASE(".ftz flushes f32 subnormal inputs and results to sign-preserving zero", "[scalar][fp][ftz]") {
  CHECK(sc::fadd(F32, 0x00000001, 0, Rnd::RN, true, false) == 0);
  CHECK(sc::fadd(F32, 0x80000001, 0x80000000, Rnd::RN, true, false) == 0x80000000);
  CHECK(sc::fmul(F32, 0x00800000, 0x3f000000, Rnd::RN, true, false) == 0);
  CHECK(sc::fmul(F32, 0x80800000, 0x3f000000, Rnd::RZ, true, false) == 0x80000000);
  CHECK(sc::fmul(F32, 0x00400000, 0x4b800000, Rnd::RN, true, false) == 0);  // input flushed first
  CHECK(sc::ffma(F32, 0x00400000, 0x4b800000, kOne32, Rnd::RP, true, false) == kOne32);
  CHECK(sc::fdiv(F32, kOne32, 0x00000001, Rnd::RN, false, false, true) == kInf32);  // 1 / +0
  CHECK(sc::fdiv(F32, kOne32, 0x80000001, Rnd::RN, true, false, true) == 0xff800000);
  CHECK(sc::fsqrt(F32, 0x00000001, Rnd::RN, false, true) == 0);
  CHECK(sc::frcp(F32, 0x7f000000, Rnd::RN, false, true) == 0);  // 2^-127 result flushed
  CHECK(sc::frcp(F32, 0x7f000000, Rnd::RN, false, false) == 0x00400000);
}

TEST_CASE(".ftz on f16 flushes f16 subnormals, f64 ignores it", "[scalar][fp][ftz]") {
  CHECK(sc::fadd(F16, 0x0001, 0, Rnd::RN, false, false) == 0x0001);
  CHECK(sc::fadd(F16, 0x0001, 0, Rnd::RN, true, false) == 0);
  CHECK(sc::fmul(F16, 0x0400, 0x3800, Rnd::RN, true, false) == 0);  // 2^-15 result flushed
  CHECK(sc::fadd(F64, 1, 0, Rnd::RN, true, false) == 1);
}

TEST_CASE(".sat clamps to [0, 1] and maps NaN and -0 to +0", "[scalar][fp][sat]") {
  CHECK(sc::fadd(F32, 0x3f400000, 0x3f000000, Rnd::RN, false, true) == kOne32);  // 1.25 -> 1
  CHECK(sc::fadd(F32, 0xbf800000, 0x3f000000, Rnd::RN, false, true) == 0);       // -0.5 -> 0
  CHECK(sc::fadd(F32, 0x3f000000, 0x3e800000, Rnd::RN, false, true) == 0x3f400000);
  CHECK(sc::fadd(F32, kInf32, 0xff800000, Rnd::RN, false, true) == 0);  // NaN -> 0
  CHECK(sc::fmul(F32, 0xbf800000, 0, Rnd::RN, false, true) == 0);       // -0 -> +0
  CHECK(sc::fmul(F32, kInf32, kOne32, Rnd::RZ, false, true) == kOne32);
  CHECK(sc::ffma(F64, 0x4000000000000000ull, 0x4000000000000000ull, 0, Rnd::RN, false, true) == 0x3ff0000000000000ull);
  CHECK(sc::fadd(F16, 0x4000, 0x3c00, Rnd::RN, false, true) == 0x3c00);
  CHECK(sc::fadd(BF16, 0xbf80, 0x3f00, Rnd::RZ, false, true) == 0);
}

TEST_CASE("div.approx.f32 returns 0 for 2^126 < |b| < 2^128, NaN for infinite a", "[scalar][fp][approx]") {
  const std::uint64_t big = 0x7f000000;  // 2^127
  CHECK(sc::fdiv(F32, kOne32, big, Rnd::None, true, false, false) == 0);
  CHECK(sc::fdiv(F32, 0xbf800000, big, Rnd::None, true, false, false) == 0x80000000);
  CHECK(sc::fdiv(F32, kInf32, big, Rnd::None, true, false, false) == kNan32);
  CHECK(sc::fdiv(F32, kOne32, big, Rnd::None, false, true, false) == 0x00400000);  // div.full: 2^-127
  CHECK(sc::fdiv(F32, 0x40400000, 0x40000000, Rnd::None, true, false, false) == 0x3fc00000);
}

}  // namespace WARPSIM_UNITY_ID
