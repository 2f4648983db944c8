// The "bytes" argument: a parameter of N bytes, zeros or a file's bytes, patched by fields (a buffer's address
// plus an offset, scalars of every width, a tensor map); the exact bytes config::arg_bytes builds from it, with
// buffer addresses given by the test.
#include <warpsim/config/kernel_args.hpp>
#include <warpsim/config/run_config.hpp>

#include "config_test_util.hpp"

#include <nlohmann/json.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::config;
using ojson = nlohmann::ordered_json;

namespace {

RunConfig parse_args(const ojson& args, const std::string& path = "run.json") {
  ojson c = ojson::parse(R"({"gpu": "tiny",
    "buffers": {"a": {"type": "f32", "count": 16}, "b": {"type": "u8", "count": 100}, "t": {"type": "f32", "count": 4096}},
    "kernels": [{"ptx": "k.ptx", "entry": "k", "grid": 1, "block": 32}]})");
  c["kernels"][0]["args"] = args;
  return parse_run_config(c.dump(), path);
}

std::uint64_t address(const std::string& name) {
  if (name == "a") return 0x1000;
  if (name == "b") return 0x2000;
  return 0x7000'0000'0000'0000ull;  // t
}

std::string hex(const std::vector<std::byte>& v) {
  std::string s;
  for (std::byte b : v) s += fmt::format("{:02x}", std::to_integer<unsigned>(b));
  return s;
}

}  // namespace

TEST_CASE("bytes: zero init patched by a buffer address, a buffer address plus offset and every scalar width") {
  const RunConfig c = parse_args(ojson::parse(R"([{"bytes": {"size": 64, "align": 8, "init": "zero", "fields": [
      {"at": 0, "buffer": "a"}, {"at": 8, "buffer": "b", "offset": 3}, {"at": 16, "u32": 3735928559},
      {"at": 20, "s32": -2}, {"at": 24, "u64": 81985529216486895}, {"at": 32, "s64": -3}, {"at": 40, "f32": 1.5},
      {"at": 48, "f64": -0.5}, {"at": 56, "u16": 48879}, {"at": 58, "u8": 255}]}}])"));
  const ArgSpec& a = c.kernels[0].args.at(0);
  CHECK(a.kind == ArgSpec::Kind::Bytes);
  CHECK(a.json_path == "kernels[0].args[0]");
  CHECK(a.size == 64);
  CHECK(a.align == 8);
  REQUIRE(a.fields.size() == 10);
  CHECK(a.fields[1].kind == ParamField::Kind::Buffer);
  CHECK(a.fields[1].offset == 3);
  CHECK(a.fields[8].type == "u16");
  CHECK(a.fields[8].size == 2);
  CHECK(a.fields[9].json_path == "kernels[0].args[0].bytes.fields[9]");
  CHECK(hex(arg_bytes(a, address)) ==
        "0010000000000000" "0320000000000000" "efbeadde" "feffffff" "efcdab8967452301" "fdffffffffffffff"
        "0000c03f00000000" "000000000000e0bf" "efbe" "ff" "0000000000");
}

TEST_CASE("bytes: init from a file (relative to the config), then patched, and one with no fields and no init") {
  config_test::TempDir dir;
  std::string raw;
  for (int i = 0; i < 16; ++i) raw.push_back(static_cast<char>(0xa0 + i));
  config_test::write_file(dir.file("params.bin"), raw);
  const RunConfig c = parse_args(ojson::parse(R"([
      {"bytes": {"size": 16, "align": 16, "init": {"file": "params.bin"}, "fields": [{"at": 4, "u16": 258}]}},
      {"bytes": {"size": 3, "align": 1}}])"),
                                 dir.file("run.json"));
  CHECK(hex(arg_bytes(c.kernels[0].args.at(0), address)) == "a0a1a2a30201a6a7a8a9aaabacadaeaf");
  CHECK(hex(arg_bytes(c.kernels[0].args.at(1), address)) == "000000");
}

TEST_CASE("bytes: a tensor map field is the map's 128 bytes at its offset, with the buffer's address") {
  const RunConfig c = parse_args(ojson::parse(R"([{"bytes": {"size": 256, "align": 64, "fields": [
      {"at": 0, "buffer": "t"},
      {"at": 64, "tensor_map": {"buffer": "t", "offset": 256, "dtype": "float32", "dims": [64, 63], "strides": [256],
                                "box": [32, 16], "swizzle": "128B"}},
      {"at": 192, "u32": 64}, {"at": 196, "u32": 63}]}}])"));
  const ArgSpec& a = c.kernels[0].args.at(0);
  REQUIRE(a.fields.size() == 4);
  const ParamField& f = a.fields[1];
  CHECK(f.kind == ParamField::Kind::TensorMap);
  CHECK(f.size == 128);
  CHECK(f.tensor_map.buffer == "t");
  CHECK(f.tensor_map.offset == 256);
  CHECK(f.tensor_map.json_path == "kernels[0].args[0].bytes.fields[1].tensor_map");

  TensorMap want;
  want.dtype = TensorMapDtype::Float32;
  want.rank = 2;
  want.global_address = 0x7000'0000'0000'0100ull;
  want.dims = {64, 63, 0, 0, 0};
  want.strides = {256, 0, 0, 0};
  want.box = {32, 16, 0, 0, 0};
  want.element_strides = {1, 1, 0, 0, 0};
  want.swizzle = TensorMapSwizzle::B128;
  CHECK(placed_tensor_map(f.tensor_map, address("t")) == want);

  const std::vector<std::byte> bytes = arg_bytes(a, address);
  REQUIRE(bytes.size() == 256);
  const auto map = encode_tensor_map(want);
  CHECK(std::equal(map.begin(), map.end(), bytes.begin() + 64));
  CHECK(hex(std::vector<std::byte>(bytes.begin(), bytes.begin() + 8)) == "0000000000000070");
  CHECK(hex(std::vector<std::byte>(bytes.begin() + 8, bytes.begin() + 64)) == std::string(112, '0'));
  CHECK(hex(std::vector<std::byte>(bytes.begin() + 192, bytes.end())) == "400000003f000000" + std::string(112, '0'));

  // The writer is the caller's: the GPU measurement tool passes cuTensorMapEncodeTiled's.
  const auto marked = arg_bytes(a, address, [](const TensorMap& m, std::byte* out) {
    for (unsigned i = 0; i < kTensorMapBytes; ++i) out[i] = static_cast<std::byte>(m.rank);
  });
  CHECK(hex(std::vector<std::byte>(marked.begin() + 64, marked.begin() + 192)) == [] {
    std::string s;
    for (int i = 0; i < 128; ++i) s += "02";
    return s;
  }());
}

}  // namespace WARPSIM_UNITY_ID
