// check_expect: integers exactly; floats by ulp distance on the ordered line (+0 and -0 coincide, any NaN
// equals any NaN, NaN against a number is a mismatch); the first mismatch is described exactly.
#include <warpsim/config/run_config.hpp>

#include "config_test_util.hpp"

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::config;

namespace {

template <typename T>
std::vector<std::byte> bytes(const std::vector<T>& v) {
  std::vector<std::byte> b(v.size() * sizeof(T));
  std::memcpy(b.data(), v.data(), b.size());
  return b;
}

// Writes `want` as the expected file and compares `got` with it.
template <typename T>
ExpectResult compare(ElemType t, const std::vector<T>& got, const std::vector<T>& want, std::uint64_t ulp = 0) {
  static config_test::TempDir tmp;
  const auto w = bytes(want);
  const std::string file =
      config_test::write_file(tmp.file("want.bin"), std::string(reinterpret_cast<const char*>(w.data()), w.size()));
  const BufferSpec spec{.name = "c", .type = t, .count = got.size(), .init = {}};
  return check_expect(ExpectSpec{"c", file, ulp, ""}, spec, bytes(got));
}

}  // namespace

TEST_CASE("one ulp above 1.0f") {
  const float up = std::nextafter(1.0f, 2.0f);
  ExpectResult r = compare<float>(ElemType::F32, {2.0f, up}, {2.0f, 1.0f});
  CHECK(!r.ok);
  CHECK(r.buffer == "c");
  CHECK(r.mismatches == 1);
  CHECK(r.first_index == 1);
  CHECK(r.max_ulp == 1);
  CHECK(r.detail == "index 1: got 1.0000001 (0x3f800001), expected 1 (0x3f800000), 1 ulp > 0");
  r = compare<float>(ElemType::F32, {2.0f, up}, {2.0f, 1.0f}, 1);
  CHECK(r.ok);
  CHECK(r.detail.empty());
}

TEST_CASE("ulp distances across zero and to infinity") {
  const float min_sub = std::numeric_limits<float>::denorm_min();
  const float inf = std::numeric_limits<float>::infinity();
  const float max = std::numeric_limits<float>::max();
  CHECK(compare<float>(ElemType::F32, {-0.0f}, {0.0f}).ok);
  CHECK(compare<float>(ElemType::F32, {-min_sub}, {min_sub}, 2).ok);
  CHECK(compare<float>(ElemType::F32, {-min_sub}, {min_sub}, 1).detail ==
        "index 0: got -1e-45 (0x80000001), expected 1e-45 (0x00000001), 2 ulp > 1");
  CHECK(compare<float>(ElemType::F32, {inf}, {max}, 1).ok);
  CHECK(compare<double>(ElemType::F64, {1.0}, {std::nextafter(1.0, 0.0)}, 1).ok);
  CHECK(compare<double>(ElemType::F64, {-1.0}, {1.0}).detail ==
        "index 0: got -1 (0xbff0000000000000), expected 1 (0x3ff0000000000000), 9214364837600034816 ulp > 0");
}

TEST_CASE("NaN") {
  const float qnan = std::bit_cast<float>(0x7fc00000u);
  const float other_nan = std::bit_cast<float>(0xffc00123u);
  CHECK(compare<float>(ElemType::F32, {qnan}, {other_nan}).ok);
  const ExpectResult r = compare<float>(ElemType::F32, {1.0f, qnan}, {1.0f, 1.0f}, 1000);
  CHECK(!r.ok);
  CHECK(r.detail == "index 1: got nan (0x7fc00000), expected 1 (0x3f800000), NaN vs number");
  CHECK(compare<float>(ElemType::F32, {1.0f}, {qnan}).detail ==
        "index 0: got 1 (0x3f800000), expected nan (0x7fc00000), NaN vs number");
}

TEST_CASE("f16 and bf16 distances") {
  CHECK(compare<std::uint16_t>(ElemType::F16, {0x3c02}, {0x3c00}).detail ==
        "index 0: got 1.0019531 (0x3c02), expected 1 (0x3c00), 2 ulp > 0");
  CHECK(compare<std::uint16_t>(ElemType::F16, {0x8000}, {0x0000}).ok);
  CHECK(compare<std::uint16_t>(ElemType::F16, {0x7e00}, {0xfe01}).ok);  // NaN vs NaN
  CHECK(compare<std::uint16_t>(ElemType::BF16, {0x3f81}, {0x3f80}, 1).ok);
  CHECK(compare<std::uint16_t>(ElemType::BF16, {0xbf80}, {0x3f80}).detail ==
        "index 0: got -1 (0xbf80), expected 1 (0x3f80), 32512 ulp > 0");
}

TEST_CASE("integers compare exactly") {
  ExpectResult r = compare<std::uint32_t>(ElemType::U32, {1, 7, 9}, {1, 8, 10});
  CHECK(!r.ok);
  CHECK(r.mismatches == 2);
  CHECK(r.first_index == 1);
  CHECK(r.detail == "index 1: got 7 (0x00000007), expected 8 (0x00000008)");
  CHECK(compare<std::int32_t>(ElemType::S32, {-1}, {1}).detail ==
        "index 0: got -1 (0xffffffff), expected 1 (0x00000001)");
  CHECK(compare<std::int8_t>(ElemType::U8, {-1}, {1}).detail == "index 0: got 255 (0xff), expected 1 (0x01)");
  CHECK(compare<std::int64_t>(ElemType::S64, {-5}, {-5}).ok);
}

TEST_CASE("the expected file must have count x element size bytes") {
  config_test::TempDir tmp;
  const std::string file = config_test::write_file(tmp.file("short.bin"), "abc");
  const BufferSpec spec{.name = "c", .type = ElemType::F32, .count = 1, .init = {}};
  CHECK_THROWS_WITH(check_expect(ExpectSpec{"c", file, 0, ""}, spec, bytes<float>({1.0f})),
                    file + ": has 3 bytes, expected 4 (1 x f32) for buffer c");
  CHECK_THROWS_WITH(check_expect(ExpectSpec{"c", tmp.file("none.bin"), 0, ""}, spec, bytes<float>({1.0f})),
                    tmp.file("none.bin") + ": cannot read expected contents of buffer c (No such file or directory)");
}

}  // namespace WARPSIM_UNITY_ID
