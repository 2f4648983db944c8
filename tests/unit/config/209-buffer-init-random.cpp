// Random buffer contents follow the documented recipe bit for bit: floats for a fixed seed, integer ranges
// with a negative minimum, the full 64-bit range, and one value per element in order.
#include <warpsim/config/run_config.hpp>

#include "config_test_util.hpp"

#include <bit>
#include <cstring>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::config;

namespace {

BufferSpec random_spec(ElemType t, std::uint64_t count, std::uint64_t seed) {
  BufferSpec s{.name = "r", .type = t, .count = count, .init = {}};
  s.init.kind = BufferInit::Kind::Random;
  s.init.seed = seed;
  return s;
}

template <typename T>
std::vector<T> as(const std::vector<std::byte>& b) {
  std::vector<T> v(b.size() / sizeof(T));
  std::memcpy(v.data(), b.data(), b.size());
  return v;
}

}  // namespace

TEST_CASE("f32 from -1 up to 1 with seed 42") {
  BufferSpec s = random_spec(ElemType::F32, 4, 42);
  s.init.min = -1.0;
  s.init.max = 1.0;
  const auto v = as<std::uint32_t>(init_buffer(s));
  // u = (next() >> 11) * 2^-53; v = min + (max - min) * u; then rounded to nearest f32.
  CHECK(v == std::vector<std::uint32_t>{0x3ef75cc9, 0xbf2e203a, 0xbee2b663, 0xbe9f8c78});
  CHECK(std::bit_cast<float>(v[0]) == 0.4831297695636749f);
}

TEST_CASE("f64 keeps the double exactly") {
  BufferSpec s = random_spec(ElemType::F64, 1, 42);
  s.init.min = -1.0;
  s.init.max = 1.0;
  CHECK(as<double>(init_buffer(s))[0] == 0.4831297575436466);
}

TEST_CASE("s32 from -5 to 5") {
  BufferSpec s = random_spec(ElemType::S32, 6, 7);
  s.init.int_min = static_cast<std::uint64_t>(std::int64_t{-5});
  s.init.int_max = 5;
  CHECK(as<std::int32_t>(init_buffer(s)) == std::vector<std::int32_t>{-3, -5, -5, -5, 2, 2});
}

TEST_CASE("u8 over its whole range, and the same from a parsed config") {
  BufferSpec s = random_spec(ElemType::U8, 6, 7);
  s.init.int_min = 0;
  s.init.int_max = 255;
  const std::vector<std::uint8_t> want = {215, 28, 2, 203, 218, 17};
  CHECK(as<std::uint8_t>(init_buffer(s)) == want);

  const RunConfig cfg = parse_run_config(R"({"gpu": "tiny",
      "buffers": {"r": {"type": "u8", "count": 6, "init": {"random": {"seed": 7, "min": 0, "max": 255}}}},
      "kernels": [{"ptx": "k.ptx", "entry": "k", "grid": 1, "block": 1}]})",
                                         "run.json");
  CHECK(as<std::uint8_t>(init_buffer(cfg.buffers[0])) == want);
}

TEST_CASE("the full 64-bit range (span 0) uses next() itself") {
  const RunConfig cfg = parse_run_config(R"({"gpu": "tiny",
      "buffers": {"u": {"type": "u64", "count": 2, "init": {"random": {"seed": 1, "min": 0, "max": 18446744073709551615}}},
                  "s": {"type": "s64", "count": 2,
                        "init": {"random": {"seed": 1, "min": -9223372036854775808, "max": 9223372036854775807}}}},
      "kernels": [{"ptx": "k.ptx", "entry": "k", "grid": 1, "block": 1}]})",
                                         "run.json");
  CHECK(as<std::uint64_t>(init_buffer(cfg.buffers[0])) ==
        std::vector<std::uint64_t>{0x910A2DEC89025CC1ull, 0xBEEB8DA1658EEC67ull});
  // lo + next() with lo = -2^63, modulo 2^64.
  CHECK(as<std::int64_t>(init_buffer(cfg.buffers[1])) ==
        std::vector<std::int64_t>{1227844342346046657, 4533873174211652711});
}

TEST_CASE("min == max gives a constant") {
  BufferSpec s = random_spec(ElemType::S32, 3, 9);
  s.init.int_min = static_cast<std::uint64_t>(std::int64_t{-7});
  s.init.int_max = static_cast<std::uint64_t>(std::int64_t{-7});
  CHECK(as<std::int32_t>(init_buffer(s)) == std::vector<std::int32_t>{-7, -7, -7});
}

}  // namespace WARPSIM_UNITY_ID
