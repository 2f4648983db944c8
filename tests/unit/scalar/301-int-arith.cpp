// Integer arithmetic helpers: products, division corner cases, saturation, min/max/abs, sad, dot products,
// comparisons. Expected values follow the PTX ISA text (and the hardware's division-by-zero results).
#include <catch2/catch.hpp>

#include "scalar_test_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace scalar_test;

TEST_CASE("mul.hi keeps the upper half of the double-width product", "[scalar][int]") {
  CHECK(sc::mul_hi(0xffffffff, 0xffffffff, 32, false) == 0xfffffffe);
  CHECK(sc::mul_hi(0xffffffff, 0xffffffff, 32, true) == 0);  // -1 * -1 = 1
  CHECK(sc::mul_hi(0x80000000, 0x80000000, 32, true) == 0x40000000);
  CHECK(sc::mul_hi(0xffffffff, 1, 32, true) == 0xffffffff);  // -1 * 1: high half is the sign
  CHECK(sc::mul_hi(0xffff, 0xffff, 16, false) == 0xfffe);
  CHECK(sc::mul_hi(~0ull, ~0ull, 64, false) == 0xfffffffffffffffeull);
  CHECK(sc::mul_hi(0x8000000000000000ull, 0x8000000000000000ull, 64, true) == 0x4000000000000000ull);
  CHECK(sc::mul_hi(~0ull, 5, 64, true) == ~0ull);
}

TEST_CASE("mul.wide gives the full 2w-bit product", "[scalar][int]") {
  CHECK(sc::mul_wide(0xfffe, 3, 16, true) == 0xfffffffa);  // -2 * 3
  CHECK(sc::mul_wide(0xffffffff, 2, 32, false) == 0x1fffffffeull);
  CHECK(sc::mul_wide(0x80000000, 0x80000000, 32, true) == 0x4000000000000000ull);
  CHECK(sc::mul_wide(0xffffffff, 0xffffffff, 32, true) == 1);
}

TEST_CASE("mul24 uses the low 24 bits, lo = bits 31..0, hi = bits 47..16", "[scalar][int]") {
  CHECK(sc::mul24(0x00ffffff, 0x00ffffff, false, false) == 0xfe000001u);
  CHECK(sc::mul24(0x00ffffff, 0x00ffffff, true, false) == 0xfffffe00u);
  CHECK(sc::mul24(0x00ffffff, 0x00ffffff, false, true) == 1u);  // -1 * -1 in 24-bit signed
  CHECK(sc::mul24(0x00ffffff, 2, true, true) == 0xffffffffu);   // -2 >> 16 keeps the sign
  CHECK(sc::mul24(0xff000002, 3, false, false) == 6u);          // bits 31..24 are ignored
}

TEST_CASE("div and rem by zero give the hardware's results", "[scalar][int]") {
  CHECK(sc::idiv(7, 0, 32, false) == 0xffffffff);
  CHECK(sc::irem(7, 0, 32, false) == 7);
  CHECK(sc::idiv(7, 0, 32, true) == 0xffffffff);  // a >= 0: -1
  CHECK(sc::idiv(0, 0, 32, true) == 0xffffffff);
  CHECK(sc::idiv(0xfffffff9, 0, 32, true) == 1);  // a < 0: 1
  CHECK(sc::irem(0xfffffff9, 0, 32, true) == 0xfffffff9);
  CHECK(sc::idiv(5, 0, 64, false) == ~0ull);
  CHECK(sc::idiv(5, 0, 16, false) == 0xffff);
}

TEST_CASE("INT_MIN / -1 is INT_MIN with remainder 0", "[scalar][int]") {
  CHECK(sc::idiv(0x80000000, 0xffffffff, 32, true) == 0x80000000);
  CHECK(sc::irem(0x80000000, 0xffffffff, 32, true) == 0);
  CHECK(sc::idiv(0x8000000000000000ull, ~0ull, 64, true) == 0x8000000000000000ull);
  CHECK(sc::irem(0x8000000000000000ull, ~0ull, 64, true) == 0);
  CHECK(sc::idiv(0x8000, 0xffff, 16, true) == 0x8000);
}

TEST_CASE("signed div truncates toward zero and rem takes the dividend's sign", "[scalar][int]") {
  CHECK(sc::idiv(0xfffffff9, 2, 32, true) == 0xfffffffd);  // -7 / 2 = -3
  CHECK(sc::irem(0xfffffff9, 2, 32, true) == 0xffffffff);  // -7 % 2 = -1
  CHECK(sc::irem(7, 0xfffffffe, 32, true) == 1);           // 7 % -2 = 1
  CHECK(sc::idiv(0xfffffff9, 2, 32, false) == 0x7ffffffc);
}

TEST_CASE("add.sat.s32 and sub.sat.s32 clamp to the s32 range", "[scalar][int]") {
  CHECK(sc::add_sat_s32(0x7fffffff, 1) == 0x7fffffff);
  CHECK(sc::add_sat_s32(0x80000000, 0xffffffff) == 0x80000000);
  CHECK(sc::add_sat_s32(5, 0xfffffffd) == 2);
  CHECK(sc::sub_sat_s32(0x80000000, 1) == 0x80000000);
  CHECK(sc::sub_sat_s32(0x7fffffff, 0xffffffff) == 0x7fffffff);
  CHECK(sc::sub_sat_s32(3, 5) == 0xfffffffe);
}

TEST_CASE("integer min/max respect signedness and .relu", "[scalar][int]") {
  CHECK(sc::imin(0xffffffff, 1, 32, true, false) == 0xffffffff);
  CHECK(sc::imin(0xffffffff, 1, 32, true, true) == 0);
  CHECK(sc::imax(0xfffffffb, 0xfffffffd, 32, true, true) == 0);
  CHECK(sc::imax(0xfffffffb, 0xfffffffd, 32, true, false) == 0xfffffffd);
  CHECK(sc::imin(0xffffffff, 1, 32, false, false) == 1);
  CHECK(sc::imax(0x8000, 0x7fff, 16, true, false) == 0x7fff);
  CHECK(sc::imax(0x8000, 0x7fff, 16, false, false) == 0x8000);
}

TEST_CASE("abs of INT_MIN is INT_MIN", "[scalar][int]") {
  CHECK(sc::iabs(0x80000000, 32) == 0x80000000);
  CHECK(sc::iabs(0xfffffffb, 32) == 5);
  CHECK(sc::iabs(0xffff, 16) == 1);
  CHECK(sc::iabs(0x8000000000000000ull, 64) == 0x8000000000000000ull);
}

TEST_CASE("sad adds |a - b| to c with wrap-around", "[scalar][int]") {
  CHECK(sc::sad(3, 10, 100, 32, false) == 107);
  CHECK(sc::sad(0xfffffffd, 4, 0, 32, true) == 7);
  CHECK(sc::sad(0xfffffffd, 4, 0, 32, false) == 0xfffffff9);
  CHECK(sc::sad(0, 0xffffffff, 2, 32, false) == 1);
}

TEST_CASE("dp4a and dp2a accumulate byte and halfword products", "[scalar][int]") {
  CHECK(sc::dp4a(0x01020304, 0x01010101, 5, false, false) == 15u);
  CHECK(sc::dp4a(0xff000000, 0x02000000, 0, true, true) == 0xfffffffeu);
  CHECK(sc::dp4a(0xff000000, 0x02000000, 0, false, true) == 510u);
  CHECK(sc::dp4a(0x80808080, 0x80808080, 0, true, true) == 65536u);  // 4 * (-128)^2
  CHECK(sc::dp2a(0x00020003, 0x04030201, 0, false, false, false) == 7u);
  CHECK(sc::dp2a(0x00020003, 0x04030201, 0, false, false, true) == 17u);
  CHECK(sc::dp2a(0xffff0001, 0x00000201, 0, true, false, false) == 0xffffffffu);
}

TEST_CASE("integer setp compares at the given width and signedness", "[scalar][int]") {
  CHECK(sc::icompare(0xffffffff, 1, 32, true, Cmp::LT));
  CHECK_FALSE(sc::icompare(0xffffffff, 1, 32, false, Cmp::LT));
  CHECK_FALSE(sc::icompare(0xffffffff, 1, 32, true, Cmp::LO));  // lo is always unsigned
  CHECK(sc::icompare(0xffffffff, 1, 32, true, Cmp::HI));
  CHECK(sc::icompare(0x80, 0x7f, 8, true, Cmp::LT));
  CHECK(sc::icompare(5, 5, 32, true, Cmp::GE));
  CHECK(sc::icompare(5, 5, 32, true, Cmp::LE));
  CHECK_FALSE(sc::icompare(5, 5, 32, true, Cmp::GT));
  CHECK(sc::icompare(0x1ffffffff, 0xffffffff, 32, false, Cmp::EQ));  // bits above w are ignored
}

TEST_CASE("sext and trunc convert between widths", "[scalar][int]") {
  CHECK(sc::sext(0x80, 8) == 0xffffffffffffff80ull);
  CHECK(sc::sext(0x7f, 8) == 0x7f);
  CHECK(sc::sext(0x80000000, 32) == 0xffffffff80000000ull);
  CHECK(sc::trunc(0x1234, 8) == 0x34);
  CHECK(sc::trunc(~0ull, 64) == ~0ull);
}

}  // namespace WARPSIM_UNITY_ID
