// Bit-manipulation instructions, checked against the PTX ISA pseudo-code and its examples.
#include <catch2/catch.hpp>

#include "scalar_test_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace scalar_test;
using sc::PrmtMode;

TEST_CASE("bfe extracts, zero- or sign-extends, and clips at the msb", "[scalar][bits]") {
  CHECK(sc::bfe(0x12345678, 8, 8, 32, false) == 0x56);
  CHECK(sc::bfe(0x0000f000, 12, 4, 32, true) == 0xffffffff);  // field 0xf, sign bit 1
  CHECK(sc::bfe(0x0000f000, 12, 4, 32, false) == 0xf);
  CHECK(sc::bfe(0x12345678, 8, 0, 32, true) == 0);            // len 0 -> 0
  CHECK(sc::bfe(0x80000000, 28, 8, 32, false) == 0x8);        // field clipped at bit 31
  CHECK(sc::bfe(0x80000000, 28, 8, 32, true) == 0xfffffff8);  // sign from bit min(pos+len-1, msb)
  CHECK(sc::bfe(0x80000000, 40, 4, 32, true) == 0xffffffff);  // start beyond msb: sign of a[31]
  CHECK(sc::bfe(0x80000000, 40, 4, 32, false) == 0);
  CHECK(sc::bfe(0xff, 0x100, 4, 32, false) == 0xf);  // pos taken mod 256
  CHECK(sc::bfe(0xff, 0, 0x104, 32, false) == 0xf);  // len taken mod 256
  CHECK(sc::bfe(0x8000000000000000ull, 60, 10, 64, true) == ~0ull - 7);
  CHECK(sc::bfe(0x0123456789abcdefull, 0, 64, 64, false) == 0x0123456789abcdefull);
}

TEST_CASE("bfi inserts the low bits of a into b", "[scalar][bits]") {
  CHECK(sc::bfi(0xf, 0x12345678, 8, 4, 32) == 0x12345f78);
  CHECK(sc::bfi(0xff, 0x00000000, 28, 8, 32) == 0xf0000000);  // clipped at the msb
  CHECK(sc::bfi(0xff, 0x12345678, 32, 4, 32) == 0x12345678);  // start beyond msb -> b
  CHECK(sc::bfi(0xff, 0x12345678, 4, 0, 32) == 0x12345678);   // len 0 -> b
  CHECK(sc::bfi(0x1, 0x0, 63, 1, 64) == 0x8000000000000000ull);
  CHECK(sc::bfi(~0ull, 0, 0, 64, 64) == ~0ull);
}

TEST_CASE("bfind finds the most significant non-sign bit", "[scalar][bits]") {
  CHECK(sc::bfind(0, 32, false, false) == 0xffffffff);
  CHECK(sc::bfind(0xffffffff, 32, true, false) == 0xffffffff);  // -1: no non-sign bit
  CHECK(sc::bfind(0x00010000, 32, false, false) == 16);
  CHECK(sc::bfind(0x00010000, 32, false, true) == 15);
  CHECK(sc::bfind(0xfffeffff, 32, true, false) == 16);  // most significant 0 of a negative
  CHECK(sc::bfind(0x80000000, 32, false, false) == 31);
  CHECK(sc::bfind(0x80000000, 32, true, false) == 30);
  CHECK(sc::bfind(1, 64, false, true) == 63);
  CHECK(sc::bfind(0, 64, false, true) == 0xffffffff);
}

TEST_CASE("brev, clz and popc at 32 and 64 bits", "[scalar][bits]") {
  CHECK(sc::brev(0x00000001, 32) == 0x80000000);
  CHECK(sc::brev(0x12345678, 32) == 0x1e6a2c48);
  CHECK(sc::brev(1, 64) == 0x8000000000000000ull);
  CHECK(sc::clz(0, 32) == 32);
  CHECK(sc::clz(1, 32) == 31);
  CHECK(sc::clz(0x80000000, 32) == 0);
  CHECK(sc::clz(0, 64) == 64);
  CHECK(sc::clz(0x100000000ull, 64) == 31);
  CHECK(sc::popc(0xffffffff, 32) == 32);
  CHECK(sc::popc(0xf0f0f0f0f0f0f0f0ull, 64) == 32);
  CHECK(sc::popc(0x1ffffffffull, 32) == 32);  // bits above w are ignored
}

TEST_CASE("fns follows the ISA examples and negative offsets", "[scalar][bits]") {
  CHECK(sc::fns(0xaaaaaaaa, 3, 1) == 3);
  CHECK(sc::fns(0xaaaaaaaa, 3, -1) == 3);
  CHECK(sc::fns(0xaaaaaaaa, 2, 1) == 3);
  CHECK(sc::fns(0xaaaaaaaa, 2, -1) == 1);
  CHECK(sc::fns(0xaaaaaaaa, 2, 0) == 0xffffffff);  // offset 0: only mask[base]
  CHECK(sc::fns(0xaaaaaaaa, 3, 0) == 3);
  CHECK(sc::fns(0xaaaaaaaa, 0, 3) == 5);
  CHECK(sc::fns(0xaaaaaaaa, 31, -2) == 29);
  CHECK(sc::fns(0x1, 0, 2) == 0xffffffff);  // not found
  CHECK(sc::fns(0x80000001, 31, -2) == 0);
  CHECK(sc::fns(0xffffffff, 0, INT32_MIN) == 0xffffffff);
}

TEST_CASE("prmt generic form copies or sign-replicates bytes of {b, a}", "[scalar][bits]") {
  const std::uint32_t a = 0x33221100;
  const std::uint32_t b = 0x77665544;
  CHECK(sc::prmt(a, b, 0x3210, PrmtMode::Default) == 0x33221100);
  CHECK(sc::prmt(a, b, 0x7654, PrmtMode::Default) == 0x77665544);
  CHECK(sc::prmt(a, b, 0x0123, PrmtMode::Default) == 0x00112233);
  CHECK(sc::prmt(0x00008000, 0, 0x9991, PrmtMode::Default) == 0xffffff80);  // msb of selector: sign
  CHECK(sc::prmt(0x00007f00, 0, 0x9991, PrmtMode::Default) == 0x0000007f);
}

TEST_CASE("prmt modes follow the ISA table", "[scalar][bits]") {
  const std::uint32_t a = 0x33221100;
  const std::uint32_t b = 0x77665544;
  CHECK(sc::prmt(a, b, 1, PrmtMode::F4E) == 0x44332211);
  CHECK(sc::prmt(a, b, 3, PrmtMode::F4E) == 0x66554433);
  CHECK(sc::prmt(a, b, 0, PrmtMode::B4E) == 0x55667700);
  CHECK(sc::prmt(a, b, 2, PrmtMode::B4E) == 0x77001122);
  CHECK(sc::prmt(a, b, 2, PrmtMode::RC8) == 0x22222222);
  CHECK(sc::prmt(a, b, 1, PrmtMode::ECL) == 0x33221111);
  CHECK(sc::prmt(a, b, 2, PrmtMode::ECR) == 0x22221100);
  CHECK(sc::prmt(a, b, 1, PrmtMode::RC16) == 0x33223322);
  CHECK(sc::prmt(a, b, 0x6, PrmtMode::RC16) == 0x11001100);  // only c[1:0] counts
}

TEST_CASE("shf funnel-shifts {b, a} with wrap or clamp", "[scalar][bits]") {
  CHECK(sc::shf(0x89abcdef, 0x01234567, 8, true, false) == 0x23456789);
  CHECK(sc::shf(0x89abcdef, 0x01234567, 8, false, false) == 0x6789abcd);
  CHECK(sc::shf(0x89abcdef, 0x01234567, 40, true, false) == 0x23456789);  // wrap: 40 & 31 = 8
  CHECK(sc::shf(0x89abcdef, 0x01234567, 40, true, true) == 0x89abcdef);   // clamp: 32 -> a
  CHECK(sc::shf(0x89abcdef, 0x01234567, 40, false, true) == 0x01234567);  // clamp: 32 -> b
  CHECK(sc::shf(0x89abcdef, 0x01234567, 0, true, false) == 0x01234567);
}

TEST_CASE("shl and shr with amounts at and beyond the width", "[scalar][bits]") {
  CHECK(sc::shl(1, 31, 32) == 0x80000000);
  CHECK(sc::shl(1, 32, 32) == 0);
  CHECK(sc::shl(1, 1000, 64) == 0);
  CHECK(sc::shl(0xffff, 4, 16) == 0xfff0);
  CHECK(sc::shr(0x80000000, 31, 32, false) == 1);
  CHECK(sc::shr(0x80000000, 32, 32, false) == 0);
  CHECK(sc::shr(0x80000000, 4, 32, true) == 0xf8000000);
  CHECK(sc::shr(0x80000000, 32, 32, true) == 0xffffffff);
  CHECK(sc::shr(0x80000000, 0xffffffff, 32, true) == 0xffffffff);
  CHECK(sc::shr(0x70000000, 99, 32, true) == 0);
  CHECK(sc::shr(0x8000, 20, 16, true) == 0xffff);
  CHECK(sc::shr(0x8000000000000000ull, 64, 64, true) == ~0ull);
}

TEST_CASE("lop3 evaluates the truth table on each bit", "[scalar][bits]") {
  const std::uint32_t a = 0xf0f0f0f0;
  const std::uint32_t b = 0xcccccccc;
  const std::uint32_t c = 0xaaaaaaaa;
  CHECK(sc::lop3(a, b, c, 0xf0) == a);
  CHECK(sc::lop3(a, b, c, 0xcc) == b);
  CHECK(sc::lop3(a, b, c, 0xaa) == c);
  CHECK(sc::lop3(a, b, c, 0x80) == (a & b & c));
  CHECK(sc::lop3(a, b, c, 0x96) == (a ^ b ^ c));
  CHECK(sc::lop3(0x12345678, 0x0f0f0f0f, 0, 0xf0 & 0xcc) == (0x12345678u & 0x0f0f0f0fu));
  CHECK(sc::lop3(a, b, c, 0x00) == 0);
  CHECK(sc::lop3(a, b, c, 0xff) == 0xffffffff);
}

TEST_CASE("szext sign- or zero-extends an N-bit field", "[scalar][bits]") {
  CHECK(sc::szext(0xffffffff, 0, false, false) == 0);  // the ISA example
  CHECK(sc::szext(0x000000f0, 8, true, true) == 0xfffffff0);
  CHECK(sc::szext(0x000000f0, 8, false, true) == 0xf0);
  CHECK(sc::szext(0x12345678, 32, true, true) == 0x12345678);   // clamp, N >= 32: a
  CHECK(sc::szext(0x12345678, 32, true, false) == 0);           // wrap: N = 0
  CHECK(sc::szext(0x12345688, 40, true, false) == 0xffffff88);  // wrap: N = 8
}

TEST_CASE("bmsk builds a mask of width b at position a", "[scalar][bits]") {
  CHECK(sc::bmsk(1, 2, false) == 0x6);  // the ISA example
  CHECK(sc::bmsk(0, 32, true) == 0xffffffff);
  CHECK(sc::bmsk(0, 32, false) == 0);  // wrap: width 0
  CHECK(sc::bmsk(28, 8, false) == 0xf0000000);
  CHECK(sc::bmsk(32, 4, true) == 0);
  CHECK(sc::bmsk(32, 4, false) == 0xf);  // wrap: position 0
  CHECK(sc::bmsk(4, 0, true) == 0);
}

}  // namespace WARPSIM_UNITY_ID
