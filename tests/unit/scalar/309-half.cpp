// f32 <-> f16 / bf16 helper conversions: exact round trips, known values, NaN canonicalisation.
#include <catch2/catch.hpp>

#include "scalar_test_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace scalar_test;

TEST_CASE("every non-NaN f16 survives f16 -> f32 -> f16", "[scalar][half]") {
  for (std::uint32_t h = 0; h <= 0xffff; ++h) {
    const bool nan = (h & 0x7c00) == 0x7c00 && (h & 0x3ff) != 0;
    const float f = sc::f16_to_f32(static_cast<std::uint16_t>(h));
    if (nan) {
      REQUIRE(b32(f) == 0x7fffffff);
      REQUIRE(sc::f32_to_f16(f) == 0x7fff);
    } else {
      REQUIRE(sc::f32_to_f16(f) == h);
    }
  }
}

TEST_CASE("every non-NaN bf16 survives bf16 -> f32 -> bf16", "[scalar][half]") {
  for (std::uint32_t h = 0; h <= 0xffff; ++h) {
    const bool nan = (h & 0x7f80) == 0x7f80 && (h & 0x7f) != 0;
    const float f = sc::bf16_to_f32(static_cast<std::uint16_t>(h));
    if (nan) {
      REQUIRE(b32(f) == 0x7fffffff);
      REQUIRE(sc::f32_to_bf16(f) == 0x7fff);
    } else {
      REQUIRE(b32(f) == h << 16);
      REQUIRE(sc::f32_to_bf16(f) == h);
    }
  }
}

TEST_CASE("f32 -> f16 / bf16 known values", "[scalar][half]") {
  CHECK(sc::f32_to_f16(1.0f) == 0x3c00);
  CHECK(sc::f32_to_f16(0.1f) == 0x2e66);
  CHECK(sc::f32_to_f16(-2.0f) == 0xc000);
  CHECK(sc::f32_to_f16(65504.0f) == 0x7bff);
  CHECK(sc::f32_to_f16(65520.0f) == 0x7c00);
  CHECK(sc::f32_to_f16(0x1p-24f) == 0x0001);
  CHECK(sc::f32_to_f16(0x1p-14f) == 0x0400);
  CHECK(sc::f32_to_f16(-0.0f) == 0x8000);
  CHECK(sc::f32_to_bf16(0.1f) == 0x3dcd);
  CHECK(sc::f32_to_bf16(1.0f) == 0x3f80);
  CHECK(sc::f32_to_bf16(f32(0x7f7fffff)) == 0x7f80);
  CHECK(sc::f16_to_f32(0x3555) == 0x1.554p-2f);
  CHECK(b32(sc::f16_to_f32(0x8000)) == 0x80000000);
  CHECK(sc::bf16_to_f32(0xc040) == -3.0f);
}

}  // namespace WARPSIM_UNITY_ID
