// Rounding a double to f16/bf16/f32 to nearest, ties to even, straight from the double (never through
// float first), and "iota" for every element type.
#include <warpsim/config/run_config.hpp>

#include "config/elements.hpp"
#include "config_test_util.hpp"

#include <bit>
#include <cmath>
#include <cstring>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::config;
using detail::float_bits;

TEST_CASE("f16: ties go to even, and no double rounding") {
  CHECK(float_bits(ElemType::F16, 1.0) == 0x3c00);
  CHECK(float_bits(ElemType::F16, 1.0 + 0x1p-11) == 0x3c00);            // tie, 1.0 is even
  CHECK(float_bits(ElemType::F16, 1.0 + 3 * 0x1p-11) == 0x3c02);        // tie, rounds up to even
  CHECK(float_bits(ElemType::F16, 1.0 + 0x1p-11 + 0x1p-40) == 0x3c01);  // above the tie (through float: 0x3c00)
  CHECK(float_bits(ElemType::F16, -1.5) == 0xbe00);
  CHECK(float_bits(ElemType::F16, -0.0) == 0x8000);
  CHECK(float_bits(ElemType::F16, 0.1) == 0x2e66);
  CHECK(float_bits(ElemType::F16, 65504.0) == 0x7bff);
  CHECK(float_bits(ElemType::F16, 65519.0) == 0x7bff);  // below the tie with 65536
  CHECK(float_bits(ElemType::F16, 65520.0) == 0x7c00);  // the tie rounds to "even" = infinity
  CHECK(float_bits(ElemType::F16, -1e300) == 0xfc00);
  CHECK(float_bits(ElemType::F16, 0x1p-24) == 0x0001);            // smallest subnormal
  CHECK(float_bits(ElemType::F16, 0x1p-25) == 0x0000);            // tie with 0
  CHECK(float_bits(ElemType::F16, 3 * 0x1p-25) == 0x0002);        // tie between 1 and 2 subnormal steps
  CHECK(float_bits(ElemType::F16, 0x1p-25 + 0x1p-40) == 0x0001);  // just above the tie
  CHECK(float_bits(ElemType::F16, 0x1p-14 - 0x1p-26) == 0x0400);  // rounds up into the smallest normal
  CHECK(float_bits(ElemType::F16, 1e-300) == 0x0000);
  CHECK(float_bits(ElemType::F16, 4.9e-324) == 0x0000);  // a double subnormal
  CHECK(float_bits(ElemType::F16, HUGE_VAL) == 0x7c00);
  CHECK(detail::is_nan(ElemType::F16, float_bits(ElemType::F16, std::nan(""))));
}

TEST_CASE("bf16: ties go to even, and no double rounding") {
  CHECK(float_bits(ElemType::BF16, 1.0) == 0x3f80);
  CHECK(float_bits(ElemType::BF16, 1.0 + 0x1p-8) == 0x3f80);
  CHECK(float_bits(ElemType::BF16, 1.0 + 3 * 0x1p-8) == 0x3f82);
  CHECK(float_bits(ElemType::BF16, 1.0 + 0x1p-8 + 0x1p-30) == 0x3f81);  // through float: 0x3f80
  CHECK(float_bits(ElemType::BF16, -2.0) == 0xc000);
  CHECK(float_bits(ElemType::BF16, 3.3895313892515355e38) == 0x7f7f);  // largest finite
  CHECK(float_bits(ElemType::BF16, 3.4028234663852886e38) == 0x7f80);  // FLT_MAX is past the tie
  CHECK(float_bits(ElemType::BF16, 0x1p-133) == 0x0001);               // smallest subnormal
}

TEST_CASE("f32 agrees with the C++ conversion") {
  for (double v : {0.1, -1.0 / 3.0, 1e-40, 1e-45, 0.7e-45, 3.4e38, 16777217.0, -0.0, 0x1p-149 * 1.5}) {
    INFO(v);
    CHECK(float_bits(ElemType::F32, v) == std::bit_cast<std::uint32_t>(static_cast<float>(v)));
  }
  CHECK(float_bits(ElemType::F32, 3.4028235677973366e38) == 0x7f800000);  // FLT_MAX + half an ulp: infinity
  CHECK(float_bits(ElemType::F32, std::nextafter(3.4028235677973366e38, 0.0)) == 0x7f7fffff);
}

TEST_CASE("decoding bits gives the exact value back") {
  CHECK(detail::float_value(ElemType::F16, 0x3c01) == 1.0 + 0x1p-10);
  CHECK(detail::float_value(ElemType::F16, 0x0001) == 0x1p-24);
  CHECK(detail::float_value(ElemType::F16, 0xfbff) == -65504.0);
  CHECK(detail::float_value(ElemType::BF16, 0x3f81) == 1.0 + 0x1p-7);
}

namespace {

std::vector<std::uint64_t> iota(ElemType t, std::uint64_t count) {
  BufferSpec s;
  s.type = t;
  s.count = count;
  s.init.kind = BufferInit::Kind::Iota;
  const auto bytes = init_buffer(s);
  const unsigned size = elem_size(t);
  REQUIRE(bytes.size() == count * size);
  std::vector<std::uint64_t> out;
  for (std::uint64_t i = 0; i < count; ++i) out.push_back(detail::load_le(&bytes[i * size], size));
  return out;
}

}  // namespace

TEST_CASE("iota for every type") {
  CHECK(iota(ElemType::F32, 3) == std::vector<std::uint64_t>{0, 0x3f800000, 0x40000000});
  CHECK(iota(ElemType::F64, 2) == std::vector<std::uint64_t>{0, 0x3ff0000000000000});
  CHECK(iota(ElemType::F16, 3) == std::vector<std::uint64_t>{0, 0x3c00, 0x4000});
  CHECK(iota(ElemType::BF16, 3) == std::vector<std::uint64_t>{0, 0x3f80, 0x4000});
  CHECK(iota(ElemType::U32, 3) == std::vector<std::uint64_t>{0, 1, 2});
  CHECK(iota(ElemType::S32, 3) == std::vector<std::uint64_t>{0, 1, 2});
  CHECK(iota(ElemType::U64, 3) == std::vector<std::uint64_t>{0, 1, 2});
  CHECK(iota(ElemType::S64, 3) == std::vector<std::uint64_t>{0, 1, 2});
  const auto u8 = iota(ElemType::U8, 258);
  CHECK(u8[255] == 255);
  CHECK(u8[256] == 0);  // modulo 2^8
  CHECK(u8[257] == 1);
}

TEST_CASE("iota rounds large indices to nearest even and wraps integers") {
  CHECK(detail::iota_bits(ElemType::F16, 2049) == 0x6800);   // tie between 2048 and 2050: 2048
  CHECK(detail::iota_bits(ElemType::F16, 2051) == 0x6802);   // tie between 2050 and 2052: 2052
  CHECK(detail::iota_bits(ElemType::F16, 70000) == 0x7c00);  // beyond f16: infinity
  CHECK(detail::iota_bits(ElemType::BF16, 257) == 0x4380);   // tie between 256 and 258: 256
  CHECK(detail::iota_bits(ElemType::F32, 16777217) == 0x4b800000);
  CHECK(detail::iota_bits(ElemType::S32, 0x80000000ull) == 0x80000000ull);
  CHECK(detail::iota_bits(ElemType::U32, 0x100000005ull) == 5);
}

}  // namespace WARPSIM_UNITY_ID
