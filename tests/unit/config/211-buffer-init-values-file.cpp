// "values" and "file" initialisation, and "zero".
#include <warpsim/config/run_config.hpp>

#include "config_test_util.hpp"

#include <bit>
#include <cstring>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::config;

namespace {

RunConfig parse_buffers(const std::string& buffers) {
  return parse_run_config(R"({"gpu": "tiny", "buffers": )" + buffers +
                              R"(, "kernels": [{"ptx": "k.ptx", "entry": "k", "grid": 1, "block": 1}]})",
                          config_test::data_dir() + "/run.json");
}

std::vector<std::uint8_t> bytes_of(const std::vector<std::byte>& b) {
  std::vector<std::uint8_t> out;
  for (auto x : b) out.push_back(std::to_integer<std::uint8_t>(x));
  return out;
}

}  // namespace

TEST_CASE("values are converted like iota, little-endian") {
  const RunConfig cfg = parse_buffers(R"({
    "s": {"type": "s32", "count": 3, "init": {"values": [-1, 2, -2147483648]}},
    "h": {"type": "f16", "count": 3, "init": {"values": [1.00048828125, 1.00146484375, -0.0]}},
    "b": {"type": "bf16", "count": 2, "init": {"values": [1.00390625, 1.01171875]}},
    "f": {"type": "f32", "count": 2, "init": {"values": [0.1, -2]}},
    "u": {"type": "u64", "count": 1, "init": {"values": [9007199254740992]}},
    "q": {"type": "s64", "count": 1, "init": {"values": [-9007199254740992]}},
    "c": {"type": "u8", "count": 2, "init": {"values": [0, 255]}}
  })");
  CHECK(bytes_of(init_buffer(cfg.buffers[0])) ==
        std::vector<std::uint8_t>{0xff, 0xff, 0xff, 0xff, 2, 0, 0, 0, 0, 0, 0, 0x80});
  CHECK(bytes_of(init_buffer(cfg.buffers[1])) == std::vector<std::uint8_t>{0x00, 0x3c, 0x02, 0x3c, 0x00, 0x80});
  CHECK(bytes_of(init_buffer(cfg.buffers[2])) == std::vector<std::uint8_t>{0x80, 0x3f, 0x82, 0x3f});
  const auto f = init_buffer(cfg.buffers[3]);
  float fv[2];
  std::memcpy(fv, f.data(), 8);
  CHECK(fv[0] == 0.1f);
  CHECK(fv[1] == -2.0f);
  CHECK(bytes_of(init_buffer(cfg.buffers[4])) == std::vector<std::uint8_t>{0, 0, 0, 0, 0, 0, 0x20, 0});
  CHECK(bytes_of(init_buffer(cfg.buffers[5])) == std::vector<std::uint8_t>{0, 0, 0, 0, 0, 0, 0xe0, 0xff});
  CHECK(bytes_of(init_buffer(cfg.buffers[6])) == std::vector<std::uint8_t>{0, 255});
}

TEST_CASE("file copies the bytes, and zero is zero") {
  const RunConfig cfg = parse_buffers(R"({
    "a": {"type": "f32", "count": 4, "init": {"file": "f32_1234.bin"}},
    "t": {"type": "u8", "count": 3, "init": {"file": "u8_abc.bin"}},
    "z": {"type": "u32", "count": 2, "init": "zero"}
  })");
  const auto a = init_buffer(cfg.buffers[0]);
  float v[4];
  std::memcpy(v, a.data(), 16);
  CHECK(v[0] == 1.0f);
  CHECK(v[3] == 4.0f);
  CHECK(bytes_of(init_buffer(cfg.buffers[1])) == std::vector<std::uint8_t>{'a', 'b', 'c'});
  CHECK(bytes_of(init_buffer(cfg.buffers[2])) == std::vector<std::uint8_t>(8, 0));
}

TEST_CASE("a file whose size changed after parsing is an error at init time") {
  BufferSpec s{.name = "t", .type = ElemType::U8, .count = 4, .init = {}};
  s.init.kind = BufferInit::Kind::File;
  s.init.file = config_test::data_dir() + "/u8_abc.bin";
  CHECK_THROWS_WITH(init_buffer(s), s.init.file + ": has 3 bytes, expected 4 (4 x u8) for buffer t");
}

}  // namespace WARPSIM_UNITY_ID
