// Rounding modes of add/sub/mul/fma/div/sqrt/rcp on values whose exact results distinguish rn/rz/rm/rp,
// including exact ties, for f32, f64, f16 and bf16. Expected bit patterns follow from IEEE 754.
#include <catch2/catch.hpp>

#include "scalar_test_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace scalar_test;

namespace {
constexpr std::uint64_t kOne32 = 0x3f800000;
constexpr std::uint64_t kOne64 = 0x3ff0000000000000ull;

struct Expect {
  Rnd rnd;
  std::uint64_t bits;
};
}  // namespace

TEST_CASE("f32 add: 1 + 2^-24 is a tie, resolved per mode", "[scalar][fp][round]") {
  const std::uint64_t tiny = 0x33800000;  // 2^-24
  for (auto [rnd, bits] :
       {Expect{Rnd::RN, kOne32}, Expect{Rnd::RZ, kOne32}, Expect{Rnd::RM, kOne32}, Expect{Rnd::RP, 0x3f800001}}) {
    CHECK(sc::fadd(F32, kOne32, tiny, rnd, false, false) == bits);
  }
  for (auto [rnd, bits] : {Expect{Rnd::RN, 0xbf800000}, Expect{Rnd::RZ, 0xbf800000}, Expect{Rnd::RM, 0xbf800001},
                           Expect{Rnd::RP, 0xbf800000}}) {
    CHECK(sc::fadd(F32, 0xbf800000, 0xb3800000, rnd, false, false) == bits);
  }
  CHECK(sc::fadd(F32, kOne32, tiny, Rnd::None, false, false) == kOne32);
}

TEST_CASE("f32 add: ties go to even, above-tie rounds up in rn", "[scalar][fp][round]") {
  CHECK(sc::fadd(F32, 0x3f800001, 0x33800000, Rnd::RN, false, false) == 0x3f800002);  // tie, odd -> even up
  CHECK(sc::fadd(F32, kOne32, 0x33c00000, Rnd::RN, false, false) == 0x3f800001);      // 1 + 1.5 * 2^-24
  CHECK(sc::fadd(F32, kOne32, 0x33c00000, Rnd::RZ, false, false) == kOne32);
  CHECK(sc::fadd(F32, kOne32, 0x33c00000, Rnd::RM, false, false) == kOne32);
  CHECK(sc::fadd(F32, kOne32, 0x00000001, Rnd::RP, false, false) == 0x3f800001);  // far-away sticky bit
  CHECK(sc::fsub(F32, kOne32, 0x00000001, Rnd::RZ, false, false) == 0x3f7fffff);
  CHECK(sc::fsub(F32, kOne32, 0x00000001, Rnd::RN, false, false) == kOne32);
}

TEST_CASE("f32 exact cancellation gives +0, or -0 under rm", "[scalar][fp][round]") {
  CHECK(sc::fsub(F32, kOne32, kOne32, Rnd::RN, false, false) == 0);
  CHECK(sc::fsub(F32, kOne32, kOne32, Rnd::RZ, false, false) == 0);
  CHECK(sc::fsub(F32, kOne32, kOne32, Rnd::RP, false, false) == 0);
  CHECK(sc::fsub(F32, kOne32, kOne32, Rnd::RM, false, false) == 0x80000000);
  CHECK(sc::fadd(F32, 0x80000000, 0x80000000, Rnd::RN, false, false) == 0x80000000);
  CHECK(sc::fadd(F32, 0, 0, Rnd::RM, false, false) == 0);
  CHECK(sc::fadd(F32, 0, 0x80000000, Rnd::RM, false, false) == 0x80000000);
  CHECK(sc::fsub(F64, kOne64, kOne64, Rnd::RM, false, false) == 0x8000000000000000ull);
  CHECK(sc::fsub(F16, 0x3c00, 0x3c00, Rnd::RM, false, false) == 0x8000);
  CHECK(sc::ffma(F32, kOne32, kOne32, 0xbf800000, Rnd::RM, false, false) == 0x80000000);
  CHECK(sc::ffma(F32, kOne32, kOne32, 0xbf800000, Rnd::RN, false, false) == 0);
}

TEST_CASE("f32 mul and fma round the exact product once", "[scalar][fp][round]") {
  // (1 + 2^-23)^2 = 1 + 2^-22 + 2^-46
  CHECK(sc::fmul(F32, 0x3f800001, 0x3f800001, Rnd::RN, false, false) == 0x3f800002);
  CHECK(sc::fmul(F32, 0x3f800001, 0x3f800001, Rnd::RZ, false, false) == 0x3f800002);
  CHECK(sc::fmul(F32, 0x3f800001, 0x3f800001, Rnd::RP, false, false) == 0x3f800003);
  CHECK(sc::fmul(F32, 0xbf800001, 0x3f800001, Rnd::RM, false, false) == 0xbf800003);
  // fma((1 + 2^-23)^2 - 1) = 2^-22 * (1 + 2^-24): a tie at f32 precision
  CHECK(sc::ffma(F32, 0x3f800001, 0x3f800001, 0xbf800000, Rnd::RN, false, false) == 0x34800000);
  CHECK(sc::ffma(F32, 0x3f800001, 0x3f800001, 0xbf800000, Rnd::RZ, false, false) == 0x34800000);
  CHECK(sc::ffma(F32, 0x3f800001, 0x3f800001, 0xbf800000, Rnd::RP, false, false) == 0x34800001);
  CHECK(sc::ffma(F32, 0x3f800001, 0x3f800001, 0xbf800000, Rnd::RM, false, false) == 0x34800000);
}

TEST_CASE("f32 div, rcp and sqrt under every mode", "[scalar][fp][round]") {
  const std::uint64_t three = 0x40400000;
  CHECK(sc::fdiv(F32, kOne32, three, Rnd::RN, false, false, false) == 0x3eaaaaab);
  CHECK(sc::fdiv(F32, kOne32, three, Rnd::RZ, false, false, false) == 0x3eaaaaaa);
  CHECK(sc::fdiv(F32, kOne32, three, Rnd::RM, false, false, false) == 0x3eaaaaaa);
  CHECK(sc::fdiv(F32, kOne32, three, Rnd::RP, false, false, false) == 0x3eaaaaab);
  CHECK(sc::fdiv(F32, 0xbf800000, three, Rnd::RM, false, false, false) == 0xbeaaaaab);
  CHECK(sc::fdiv(F32, 0xbf800000, three, Rnd::RP, false, false, false) == 0xbeaaaaaa);
  CHECK(sc::frcp(F32, three, Rnd::RZ, false, false) == 0x3eaaaaaa);
  CHECK(sc::frcp(F32, three, Rnd::RP, false, false) == 0x3eaaaaab);
  CHECK(sc::fdiv(F32, 0x40c00000, three, Rnd::RZ, false, false, false) == 0x40000000);  // exact 6 / 3
  const std::uint64_t two = 0x40000000;  // sqrt(2) = 0x3fb504f3 + 0.4 ulp
  CHECK(sc::fsqrt(F32, two, Rnd::RN, false, false) == 0x3fb504f3);
  CHECK(sc::fsqrt(F32, two, Rnd::RZ, false, false) == 0x3fb504f3);
  CHECK(sc::fsqrt(F32, two, Rnd::RM, false, false) == 0x3fb504f3);
  CHECK(sc::fsqrt(F32, two, Rnd::RP, false, false) == 0x3fb504f4);
  CHECK(sc::fsqrt(F32, 0x40800000, Rnd::RP, false, false) == two);  // exact sqrt(4)
}

TEST_CASE("f32 overflow gives inf or the largest finite value per mode", "[scalar][fp][round]") {
  const std::uint64_t max = 0x7f7fffff;
  CHECK(sc::fadd(F32, max, max, Rnd::RN, false, false) == 0x7f800000);
  CHECK(sc::fadd(F32, max, max, Rnd::RZ, false, false) == max);
  CHECK(sc::fadd(F32, max, max, Rnd::RM, false, false) == max);
  CHECK(sc::fadd(F32, max, max, Rnd::RP, false, false) == 0x7f800000);
  CHECK(sc::fadd(F32, 0xff7fffff, 0xff7fffff, Rnd::RM, false, false) == 0xff800000);
  CHECK(sc::fadd(F32, 0xff7fffff, 0xff7fffff, Rnd::RP, false, false) == 0xff7fffff);
  CHECK(sc::fmul(F32, max, 0x3f800001, Rnd::RZ, false, false) == max);
  CHECK(sc::fadd(F32, max, 0x00000001, Rnd::RP, false, false) == 0x7f800000);  // just above max
}

TEST_CASE("f32 results in the subnormal range round at the subnormal ulp", "[scalar][fp][round]") {
  const std::uint64_t min_sub = 0x00000001;  // 2^-149
  const std::uint64_t half = 0x3f000000;
  CHECK(sc::fmul(F32, min_sub, half, Rnd::RN, false, false) == 0);  // 2^-150: tie -> even 0
  CHECK(sc::fmul(F32, min_sub, half, Rnd::RP, false, false) == 1);
  CHECK(sc::fmul(F32, min_sub, half, Rnd::RZ, false, false) == 0);
  CHECK(sc::fmul(F32, min_sub | 0x80000000, half, Rnd::RM, false, false) == 0x80000001);
  CHECK(sc::fmul(F32, min_sub, 0x3f400000, Rnd::RN, false, false) == 1);              // 0.75 ulp
  CHECK(sc::fmul(F32, 0x00000003, half, Rnd::RN, false, false) == 2);                 // 1.5 ulp: tie -> even 2
  CHECK(sc::fmul(F32, 0x00800000, 0x3f7fffff, Rnd::RP, false, false) == 0x00800000);  // rounds up to normal
}

TEST_CASE("f64 directed rounding goes through the exact path", "[scalar][fp][round]") {
  const std::uint64_t tiny = 0x3ca0000000000000ull;  // 2^-53
  CHECK(sc::fadd(F64, kOne64, tiny, Rnd::RN, false, false) == kOne64);
  CHECK(sc::fadd(F64, kOne64, tiny, Rnd::RZ, false, false) == kOne64);
  CHECK(sc::fadd(F64, kOne64, tiny, Rnd::RP, false, false) == kOne64 + 1);
  CHECK(sc::fadd(F64, kOne64 | (1ull << 63), tiny | (1ull << 63), Rnd::RM, false, false) ==
        (kOne64 | (1ull << 63)) + 1);
  const std::uint64_t next = kOne64 + 1;  // (1 + 2^-52)^2 = 1 + 2^-51 + 2^-104
  CHECK(sc::fmul(F64, next, next, Rnd::RN, false, false) == kOne64 + 2);
  CHECK(sc::fmul(F64, next, next, Rnd::RP, false, false) == kOne64 + 3);
  CHECK(sc::fmul(F64, next, next, Rnd::RZ, false, false) == kOne64 + 2);
  CHECK(sc::ffma(F64, next, next, 0xbff0000000000000ull, Rnd::RN, false, false) == 0x3cc0000000000000ull);
  CHECK(sc::ffma(F64, next, next, 0xbff0000000000000ull, Rnd::RP, false, false) == 0x3cc0000000000001ull);
  const std::uint64_t three = 0x4008000000000000ull;
  CHECK(sc::fdiv(F64, kOne64, three, Rnd::RN, false, false, false) == 0x3fd5555555555555ull);
  CHECK(sc::fdiv(F64, kOne64, three, Rnd::RZ, false, false, false) == 0x3fd5555555555555ull);
  CHECK(sc::fdiv(F64, kOne64, three, Rnd::RP, false, false, false) == 0x3fd5555555555556ull);
  CHECK(sc::frcp(F64, three, Rnd::RP, false, false) == 0x3fd5555555555556ull);
  const std::uint64_t two = 0x4000000000000000ull;  // RN(sqrt(2)) = 0x3ff6a09e667f3bcd is above sqrt(2)
  CHECK(sc::fsqrt(F64, two, Rnd::RN, false, false) == 0x3ff6a09e667f3bcdull);
  CHECK(sc::fsqrt(F64, two, Rnd::RP, false, false) == 0x3ff6a09e667f3bcdull);
  CHECK(sc::fsqrt(F64, two, Rnd::RZ, false, false) == 0x3ff6a09e667f3bccull);
  CHECK(sc::fsqrt(F64, two, Rnd::RM, false, false) == 0x3ff6a09e667f3bccull);
  CHECK(sc::fmul(F64, 1, 0x3fe0000000000000ull, Rnd::RP, false, false) == 1);  // 2^-1075 rounds up
  CHECK(sc::fmul(F64, 1, 0x3fe0000000000000ull, Rnd::RN, false, false) == 0);
  CHECK(sc::fadd(F64, 0x7fefffffffffffffull, 0x7fefffffffffffffull, Rnd::RZ, false, false) == 0x7fefffffffffffffull);
}

TEST_CASE("f16 and bf16 arithmetic rounds once to the half format", "[scalar][fp][round]") {
  const std::uint64_t one16 = 0x3c00;
  const std::uint64_t tiny16 = 0x1000;  // 2^-11: half an f16 ulp at 1.0
  CHECK(sc::fadd(F16, one16, tiny16, Rnd::RN, false, false) == one16);
  CHECK(sc::fadd(F16, one16, tiny16, Rnd::RP, false, false) == 0x3c01);
  CHECK(sc::fadd(F16, one16, tiny16, Rnd::RZ, false, false) == one16);
  CHECK(sc::fadd(F16, 0x3c01, tiny16, Rnd::RN, false, false) == 0x3c02);
  CHECK(sc::fadd(F16, 0x7bff, 0x7bff, Rnd::RN, false, false) == 0x7c00);  // overflow
  CHECK(sc::fadd(F16, 0x7bff, 0x7bff, Rnd::RZ, false, false) == 0x7bff);
  CHECK(sc::fmul(F16, 0x0001, 0x3800, Rnd::RN, false, false) == 0);  // 2^-25: tie -> 0
  CHECK(sc::fmul(F16, 0x0001, 0x3800, Rnd::RP, false, false) == 0x0001);
  // fma with a far smaller addend: 1 * 1 + 2^-24 only moves the result under rp
  CHECK(sc::ffma(F16, one16, one16, 0x0001, Rnd::RN, false, false) == one16);
  CHECK(sc::ffma(F16, one16, one16, 0x0001, Rnd::RP, false, false) == 0x3c01);
  CHECK(sc::ffma(F16, one16, one16, 0x8001, Rnd::RZ, false, false) == 0x3bff);
  const std::uint64_t one_bf = 0x3f80;
  CHECK(sc::fadd(BF16, one_bf, 0x3b80, Rnd::RN, false, false) == one_bf);  // 1 + 2^-8: tie
  CHECK(sc::fadd(BF16, one_bf, 0x3b80, Rnd::RP, false, false) == 0x3f81);
  CHECK(sc::fadd(BF16, 0x3f81, 0x3b80, Rnd::RN, false, false) == 0x3f82);
  CHECK(sc::fmul(BF16, 0x3f81, 0x3f81, Rnd::RN, false, false) == 0x3f82);  // (1+2^-7)^2 = 1 + 2^-6 + 2^-14
  CHECK(sc::fmul(BF16, 0x3f81, 0x3f81, Rnd::RP, false, false) == 0x3f83);
  CHECK(sc::ffma(BF16, one_bf, one_bf, 0x0001, Rnd::RP, false, false) == 0x3f81);  // bf16 subnormal addend
}

}  // namespace WARPSIM_UNITY_ID
