// Float min/max (NaN rules, signed zeros, .NaN, .xorsign.abs, .ftz), abs/neg/copysign/relu, testp and
// setp comparisons, following the PTX ISA.
#include <catch2/catch.hpp>

#include "scalar_test_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace scalar_test;
using sc::TestP;

namespace {
constexpr std::uint64_t kNan32 = 0x7fffffff;
constexpr std::uint64_t kOne32 = 0x3f800000;
constexpr std::uint64_t kTwo32 = 0x40000000;
}  // namespace

TEST_CASE("min/max ignore a single NaN operand", "[scalar][fp][minmax]") {
  CHECK(sc::fmin(F32, 0x7fc00000, kOne32, false, false, false) == kOne32);
  CHECK(sc::fmin(F32, kOne32, 0xffc00001, false, false, false) == kOne32);
  CHECK(sc::fmax(F32, 0x7fc00000, 0xbf800000, false, false, false) == 0xbf800000);
  CHECK(sc::fmin(F32, 0x7fc00000, 0x7fc00001, false, false, false) == kNan32);
  CHECK(sc::fmax(F64, 0x7ff8000000000000ull, 0x3ff0000000000000ull, false, false, false) == 0x3ff0000000000000ull);
  CHECK(sc::fmin(F16, 0x7e00, 0x3c00, false, false, false) == 0x3c00);
  CHECK(sc::fmax(BF16, 0x7fc0, 0x7fc0, false, false, false) == 0x7fff);
}

TEST_CASE("min/max .NaN propagates any NaN as the canonical NaN", "[scalar][fp][minmax]") {
  CHECK(sc::fmin(F32, 0x7fc00000, kOne32, false, true, false) == kNan32);
  CHECK(sc::fmax(F32, kOne32, 0xffc00000, false, true, false) == kNan32);
  CHECK(sc::fmin(F16, 0x7e00, 0x3c00, false, true, false) == 0x7fff);
  CHECK(sc::fmax(F32, kOne32, kTwo32, false, true, false) == kTwo32);
}

TEST_CASE("min/max order -0.0 below +0.0", "[scalar][fp][minmax]") {
  CHECK(sc::fmin(F32, 0, 0x80000000, false, false, false) == 0x80000000);
  CHECK(sc::fmin(F32, 0x80000000, 0, false, false, false) == 0x80000000);
  CHECK(sc::fmax(F32, 0x80000000, 0, false, false, false) == 0);
  CHECK(sc::fmax(F32, 0, 0x80000000, false, false, false) == 0);
  CHECK(sc::fmin(F64, 0, 0x8000000000000000ull, false, false, false) == 0x8000000000000000ull);
  CHECK(sc::fmin(F32, 0xff800000, 0xff7fffff, false, false, false) == 0xff800000);
  CHECK(sc::fmax(F32, 0xc0000000, 0xbf800000, false, false, false) == 0xbf800000);
}

TEST_CASE("min/max .xorsign.abs: |min| or |max| with the XOR of the signs", "[scalar][fp][minmax]") {
  CHECK(sc::fmin(F32, 0xc0000000, 0x40400000, false, false, true) == 0xc0000000);  // (-2, 3) -> -2
  CHECK(sc::fmax(F32, 0xc0000000, 0xc0400000, false, false, true) == 0x40400000);  // (-2, -3) -> +3
  CHECK(sc::fmax(F32, 0x40000000, 0xc0400000, false, false, true) == 0xc0400000);  // (2, -3) -> -3
  CHECK(sc::fmin(F16, 0xc000, 0x4200, false, false, true) == 0xc000);
}

TEST_CASE("min/max .ftz compares flushed subnormals", "[scalar][fp][minmax]") {
  CHECK(sc::fmin(F32, 0x00000001, 0x80000000, false, false, false) == 0x80000000);
  CHECK(sc::fmax(F32, 0x00000001, 0, false, false, false) == 0x00000001);
  CHECK(sc::fmax(F32, 0x00000001, 0, true, false, false) == 0);
  CHECK(sc::fmin(F32, 0x80000001, 0, true, false, false) == 0x80000000);
}

TEST_CASE("abs/neg flip or clear the sign, honour .ftz, canonicalise NaN", "[scalar][fp]") {
  CHECK(sc::fabs_(F32, 0xbf800000, false) == kOne32);
  CHECK(sc::fabs_(F32, 0x80000000, false) == 0);
  CHECK(sc::fneg(F32, 0, false) == 0x80000000);
  CHECK(sc::fneg(F32, 0x00000001, false) == 0x80000001);
  CHECK(sc::fneg(F32, 0x00000001, true) == 0x80000000);
  CHECK(sc::fabs_(F32, 0x80000001, true) == 0);
  CHECK(sc::fabs_(F32, 0xffc00000, false) == kNan32);
  CHECK(sc::fneg(F64, 0x3ff0000000000000ull, false) == 0xbff0000000000000ull);
  CHECK(sc::fneg(F16, 0x3c00, false) == 0xbc00);
  CHECK(sc::fabs_(BF16, 0xbf80, false) == 0x3f80);
}

TEST_CASE("copysign takes the sign of a and the rest of b", "[scalar][fp]") {
  CHECK(sc::fcopysign(F32, 0x80000000, kOne32) == 0xbf800000);
  CHECK(sc::fcopysign(F32, 0, 0xbf800000) == kOne32);
  CHECK(sc::fcopysign(F64, 0x8000000000000000ull, 0x4000000000000000ull) == 0xc000000000000000ull);
  CHECK(sc::fcopysign(F32, 0x80000000, 0x7fc00001) == 0xffc00001);
}

TEST_CASE("relu clamps negatives (and -0) to +0 and canonicalises NaN", "[scalar][fp]") {
  CHECK(sc::frelu(F16, 0xbc00) == 0);
  CHECK(sc::frelu(F16, 0x8000) == 0);
  CHECK(sc::frelu(F16, 0x3c00) == 0x3c00);
  CHECK(sc::frelu(BF16, 0xffc1) == 0x7fff);
  CHECK(sc::frelu(F32, 0x80000001) == 0);
}

TEST_CASE("testp classifies values", "[scalar][fp]") {
  CHECK(sc::ftestp(F32, kOne32, TestP::Normal));
  CHECK_FALSE(sc::ftestp(F32, kOne32, TestP::Subnormal));
  CHECK(sc::ftestp(F32, 0x00000001, TestP::Subnormal));
  CHECK_FALSE(sc::ftestp(F32, 0, TestP::Normal));
  CHECK_FALSE(sc::ftestp(F32, 0, TestP::Subnormal));
  CHECK(sc::ftestp(F32, 0, TestP::Finite));
  CHECK_FALSE(sc::ftestp(F32, 0x7f800000, TestP::Finite));
  CHECK(sc::ftestp(F32, 0xff800000, TestP::Infinite));
  CHECK(sc::ftestp(F32, 0xff800000, TestP::Number));
  CHECK(sc::ftestp(F32, 0x7f800001, TestP::NotANumber));
  CHECK_FALSE(sc::ftestp(F32, 0x7f800001, TestP::Number));
  CHECK(sc::ftestp(F64, 0x000fffffffffffffull, TestP::Subnormal));
  CHECK(sc::ftestp(F64, 0x0010000000000000ull, TestP::Normal));
}

TEST_CASE("setp: ordered comparisons are false on NaN, unordered ones true", "[scalar][fp][cmp]") {
  const std::uint64_t nan = 0x7fc00000;
  for (Cmp c : {Cmp::EQ, Cmp::NE, Cmp::LT, Cmp::LE, Cmp::GT, Cmp::GE, Cmp::NUM}) {
    CHECK_FALSE(sc::fcompare(F32, nan, kOne32, c, false));
  }
  for (Cmp c : {Cmp::EQU, Cmp::NEU, Cmp::LTU, Cmp::LEU, Cmp::GTU, Cmp::GEU, Cmp::NAN_}) {
    CHECK(sc::fcompare(F32, kOne32, nan, c, false));
  }
  CHECK(sc::fcompare(F32, kOne32, kTwo32, Cmp::LT, false));
  CHECK(sc::fcompare(F32, kOne32, kTwo32, Cmp::NE, false));
  CHECK_FALSE(sc::fcompare(F32, kOne32, kTwo32, Cmp::GTU, false));
  CHECK(sc::fcompare(F32, kOne32, kOne32, Cmp::NUM, false));
  CHECK(sc::fcompare(F32, 0, 0x80000000, Cmp::EQ, false));  // -0 == +0
  CHECK(sc::fcompare(F16, 0x3c00, 0x4000, Cmp::LT, false));
  CHECK(sc::fcompare(BF16, 0xff80, 0x0000, Cmp::LT, false));
  CHECK(sc::fcompare(F64, 0x3ff0000000000001ull, 0x3ff0000000000000ull, Cmp::GT, false));
}

TEST_CASE("setp .ftz compares subnormals as zero", "[scalar][fp][cmp]") {
  CHECK_FALSE(sc::fcompare(F32, 0x00000001, 0, Cmp::EQ, false));
  CHECK(sc::fcompare(F32, 0x00000001, 0, Cmp::EQ, true));
  CHECK(sc::fcompare(F32, 0x80000001, 0, Cmp::EQ, true));
  CHECK(sc::fcompare(F16, 0x0001, 0, Cmp::EQ, true));
}

}  // namespace WARPSIM_UNITY_ID
