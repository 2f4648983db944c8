// A complete run config parses into the structs other modules use: paths made absolute from the config's
// folder, geometry as Dim3, arguments as little-endian bits, buffers in file order, expectations.
#include <warpsim/config/run_config.hpp>

#include "config_test_util.hpp"

#include <bit>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::config;

namespace {

const char* kVecAdd = R"({
  "description": "c = a + b",
  "gpu": "tiny",
  "buffers": {
    "a": {"type": "f32", "count": 4, "init": {"random": {"seed": 1, "min": -1, "max": 1}}},
    "b": {"type": "f32", "count": 4, "init": {"file": "f32_1234.bin"}},
    "c": {"type": "f32", "count": 4},
    "n": {"type": "s32", "count": 2, "init": {"values": [-1, 7]}},
    "i": {"type": "u8", "count": 3, "init": "iota"}
  },
  "kernels": [
    {"ptx": "vecadd.ptx", "entry": "vecadd", "grid": [2, 1], "block": 2,
     "args": [{"buffer": "a"}, {"buffer": "b"}, {"buffer": "c"}, {"u32": 4}, {"s32": -2}, {"f32": 0.5},
              {"f64": -2.5}, {"u64": 18446744073709551615}, {"s64": -9223372036854775808}]},
    {"ptx": "/abs/other.ptx", "entry": "k2", "grid": [4, 2, 1], "block": [8, 4, 2], "cluster": [2, 2],
     "dynamic_smem": 1024, "stream": 3}
  ],
  "expect": {"c": {"file": "f32_1234.bin", "tolerance": {"ulp": 2}}, "n": {"file": "n.bin"}}
})";

}  // namespace

TEST_CASE("a complete run config") {
  const std::string dir = config_test::data_dir();
  const RunConfig cfg = parse_run_config(kVecAdd, dir + "/run.json");
  CHECK(cfg.path == dir + "/run.json");
  CHECK(cfg.description == "c = a + b");
  CHECK(cfg.gpu.name == "tiny");

  REQUIRE(cfg.buffers.size() == 5);
  CHECK(cfg.buffers[0].name == "a");  // file order, not alphabetical
  CHECK(cfg.buffers[3].name == "n");
  CHECK(cfg.buffers[4].name == "i");
  CHECK(cfg.buffers[0].init.kind == BufferInit::Kind::Random);
  CHECK(cfg.buffers[0].init.seed == 1);
  CHECK(cfg.buffers[0].init.min == -1.0);
  CHECK(cfg.buffers[0].init.max == 1.0);
  CHECK(cfg.buffers[1].init.kind == BufferInit::Kind::File);
  CHECK(cfg.buffers[1].init.file == dir + "/f32_1234.bin");
  CHECK(cfg.buffers[2].init.kind == BufferInit::Kind::Zero);
  CHECK(cfg.buffers[3].type == ElemType::S32);
  CHECK(cfg.buffers[3].init.values == std::vector<double>{-1.0, 7.0});
  CHECK(cfg.buffers[4].init.kind == BufferInit::Kind::Iota);

  REQUIRE(cfg.kernels.size() == 2);
  const LaunchSpec& k = cfg.kernels[0];
  CHECK(k.ptx == dir + "/vecadd.ptx");
  CHECK(k.entry == "vecadd");
  CHECK(k.grid == warpsim::Dim3{2, 1, 1});
  CHECK(k.block == warpsim::Dim3{2, 1, 1});
  CHECK(!k.cluster);
  CHECK(k.dynamic_smem == 0);
  CHECK(k.stream == 0);
  CHECK(k.json_path == "kernels[0]");
  REQUIRE(k.args.size() == 9);
  CHECK(k.args[0].kind == ArgSpec::Kind::Buffer);
  CHECK(k.args[2].buffer == "c");
  CHECK(k.args[3].kind == ArgSpec::Kind::Scalar);
  CHECK(k.args[3].type == ElemType::U32);
  CHECK(k.args[3].bits == 4);
  CHECK(k.args[4].type == ElemType::S32);
  CHECK(k.args[4].bits == 0xfffffffeu);
  CHECK(k.args[5].bits == std::bit_cast<std::uint32_t>(0.5f));
  CHECK(k.args[6].bits == std::bit_cast<std::uint64_t>(-2.5));
  CHECK(k.args[7].bits == 0xffffffffffffffffull);
  CHECK(k.args[8].bits == 0x8000000000000000ull);
  CHECK(k.args[8].json_path == "kernels[0].args[8]");

  const LaunchSpec& k2 = cfg.kernels[1];
  CHECK(k2.ptx == "/abs/other.ptx");
  CHECK(k2.grid == warpsim::Dim3{4, 2, 1});
  CHECK(k2.block == warpsim::Dim3{8, 4, 2});
  REQUIRE(k2.cluster);
  CHECK(*k2.cluster == warpsim::Dim3{2, 2, 1});
  CHECK(k2.dynamic_smem == 1024);
  CHECK(k2.stream == 3);

  REQUIRE(cfg.expects.size() == 2);
  CHECK(cfg.expects[0].buffer == "c");
  CHECK(cfg.expects[0].file == dir + "/f32_1234.bin");
  CHECK(cfg.expects[0].ulp == 2);
  CHECK(cfg.expects[1].ulp == 0);
}

TEST_CASE("load_run_config reads the file, and the gpu may be a path relative to it") {
  config_test::TempDir tmp;
  std::filesystem::create_directories(tmp.path / "gpus");
  config_test::write_file(tmp.file("gpus/mine.json"), R"({"sm": {"count": 7}})");
  const std::string path = config_test::write_file(
      tmp.file("run.json"),
      R"({"gpu": "gpus/mine.json", "kernels": [{"ptx": "k.ptx", "entry": "k", "grid": 1, "block": 1}]})");
  const RunConfig cfg = load_run_config(path, {"sm.max_ctas=16"});
  CHECK(cfg.gpu.name == "mine");
  CHECK(cfg.gpu.num_sms == 7);
  CHECK(cfg.gpu.max_ctas_per_sm == 16);
  CHECK(cfg.buffers.empty());
  CHECK(cfg.kernels[0].args.empty());
  CHECK(cfg.kernels[0].ptx == tmp.file("k.ptx"));
}

}  // namespace WARPSIM_UNITY_ID
