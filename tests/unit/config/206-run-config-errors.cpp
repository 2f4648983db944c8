// Run configs with mistakes: unknown keys, wrong types, missing keys, unknown buffers, out-of-range
// scalars, bad buffer specs. Each message names the file and the JSON path.
#include <warpsim/config/gpu_config.hpp>
#include <warpsim/config/run_config.hpp>

#include "config_test_util.hpp"

#include <nlohmann/json.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::config;
using ojson = nlohmann::ordered_json;

namespace {

ojson base() {
  return ojson::parse(R"({
    "gpu": "tiny",
    "buffers": {"a": {"type": "f32", "count": 4}, "b": {"type": "f32", "count": 4}, "c": {"type": "f32", "count": 4},
                "i": {"type": "u32", "count": 4}},
    "kernels": [{"ptx": "k.ptx", "entry": "k", "grid": 1, "block": 32,
                 "args": [{"buffer": "a"}, {"buffer": "b"}, {"buffer": "c"}, {"u32": 4}]}]
  })");
}

std::string error_of(const ojson& cfg, const std::string& path = "run.json") {
  return config_test::config_error([&] { parse_run_config(cfg.dump(), path); });
}

}  // namespace

TEST_CASE("the base config of these tests is valid") { CHECK(error_of(base()) == "(no error)"); }

TEST_CASE("top level: unknown and missing keys, the gpu") {
  ojson c = base();
  c["gpus"] = "tiny";
  CHECK(error_of(c) == "run.json: gpus: unknown key (did you mean gpu?)");
  c = base();
  c.erase("gpu");
  CHECK(error_of(c) == R"(run.json: missing required key "gpu")");
  c = base();
  c["gpu"] = "h300";
  CHECK(error_of(c) == R"(run.json: gpu: unknown GPU model "h300" (no h300.json in )" + gpu_configs_dir() +
                           "; available: b200, h100, h200, tiny)");
  c["gpu"] = "gpus/h300.json";
  CHECK(error_of(c) == "run.json: gpu: GPU config file gpus/h300.json not found");
  c = base();
  c["description"] = 5;
  CHECK(error_of(c) == "run.json: description: expected a string, got 5");
  c = base();
  c["kernels"] = ojson::array();
  CHECK(error_of(c) == "run.json: kernels: expected at least one kernel");
  c["kernels"] = ojson::object();
  CHECK(error_of(c) == "run.json: kernels: expected an array, got {}");
  CHECK(error_of(ojson::array()) == "run.json: expected an object, got []");
}

TEST_CASE("kernel keys") {
  ojson c = base();
  c["kernels"][0]["grdi"] = 1;
  CHECK(error_of(c) == "run.json: kernels[0].grdi: unknown key (did you mean grid?)");
  c = base();
  c["kernels"][0].erase("entry");
  CHECK(error_of(c) == R"(run.json: kernels[0]: missing required key "entry")");
  c = base();
  c["kernels"][0]["block"] = "32";
  CHECK(error_of(c) == R"(run.json: kernels[0].block: expected a number or an array of 1 to 3 numbers, got "32")");
  c["kernels"][0]["block"] = {1, 2, 3, 4};
  CHECK(error_of(c) == "run.json: kernels[0].block: expected a number or an array of 1 to 3 numbers, got [1,2,3,4]");
  c["kernels"][0]["block"] = {32, -1};
  CHECK(error_of(c) == "run.json: kernels[0].block[1]: expected an unsigned integer, got -1");
  c = base();
  c["kernels"][0]["stream"] = -1;
  CHECK(error_of(c) == "run.json: kernels[0].stream: -1 is out of range [0, 2147483647]");
  c = base();
  c["kernels"][0]["dynamic_smem"] = 1.5;
  CHECK(error_of(c) == "run.json: kernels[0].dynamic_smem: expected an unsigned integer, got 1.5");
  c = base();
  c["kernels"][0]["nonportable_cluster"] = 1;
  CHECK(error_of(c) == "run.json: kernels[0].nonportable_cluster: expected true or false, got 1");
}

TEST_CASE("arguments") {
  auto arg_error = [](ojson arg) {
    ojson c = base();
    c["kernels"][0]["args"][3] = std::move(arg);
    return error_of(c);
  };
  CHECK(arg_error({{"buffer", "d"}}) ==
        R"(run.json: kernels[0].args[3].buffer: unknown buffer "d" (buffers: a, b, c, i))");
  CHECK(arg_error({{"buffer", "cc"}}) ==
        R"(run.json: kernels[0].args[3].buffer: unknown buffer "cc" (did you mean c?))");
  CHECK(arg_error({{"u16", 1}}) ==
        "run.json: kernels[0].args[3].u16: unknown key (allowed: buffer, u32, s32, u64, s64, f32, f64, bytes, tensor_map)");
  CHECK(
      arg_error({{"u32", 1}, {"s32", 2}}) ==
      R"(run.json: kernels[0].args[3]: expected {"buffer": NAME}, {"bytes": ...}, {"tensor_map": ...} or exactly one of u32, s32, u64, s64, f32, f64, got {"u32":1,"s32":2})");
  CHECK(
      arg_error(ojson::object()) ==
      R"(run.json: kernels[0].args[3]: expected {"buffer": NAME}, {"bytes": ...}, {"tensor_map": ...} or exactly one of u32, s32, u64, s64, f32, f64, got {})");
  CHECK(arg_error({{"u32", -1}}) == "run.json: kernels[0].args[3].u32: -1 is out of range for u32 [0, 4294967295]");
  CHECK(arg_error({{"u32", 4294967296}}) ==
        "run.json: kernels[0].args[3].u32: 4294967296 is out of range for u32 [0, 4294967295]");
  CHECK(arg_error({{"s32", 2147483648}}) ==
        "run.json: kernels[0].args[3].s32: 2147483648 is out of range for s32 [-2147483648, 2147483647]");
  CHECK(arg_error({{"s32", -2147483649}}) ==
        "run.json: kernels[0].args[3].s32: -2147483649 is out of range for s32 [-2147483648, 2147483647]");
  CHECK(arg_error({{"u64", -1}}) ==
        "run.json: kernels[0].args[3].u64: -1 is out of range for u64 [0, 18446744073709551615]");
  CHECK(arg_error({{"s64", 9223372036854775808ull}}) ==
        "run.json: kernels[0].args[3].s64: 9223372036854775808 is out of range for s64 [-9223372036854775808, "
        "9223372036854775807]");
  CHECK(arg_error({{"u32", 1.5}}) ==
        "run.json: kernels[0].args[3].u32: 1.5 is not an integer (u32 is an integer type)");
  CHECK(arg_error({{"u32", "4"}}) == R"(run.json: kernels[0].args[3].u32: expected an integer, got "4")");
  CHECK(arg_error({{"f32", 1e39}}) ==
        "run.json: kernels[0].args[3].f32: 1e+39 is out of range for f32 (it rounds to infinity)");
  CHECK(arg_error({{"f32", true}}) == "run.json: kernels[0].args[3].f32: expected a number, got true");
  CHECK(arg_error({{"u32", 4.0}}) == "(no error)");  // integral floats are integers
}

TEST_CASE("buffers") {
  auto buffer_error = [](ojson spec) {
    ojson c = base();
    c["buffers"]["a"] = std::move(spec);
    return error_of(c);
  };
  CHECK(buffer_error({{"type", "f8"}, {"count", 4}}) ==
        R"(run.json: buffers.a.type: unknown type "f8" (expected one of f32, f64, u32, s32, u64, s64, u8, f16, bf16))");
  CHECK(buffer_error({{"type", "f32"}}) == R"(run.json: buffers.a: missing required key "count")");
  CHECK(buffer_error({{"type", "f32"}, {"count", 0}}) ==
        "run.json: buffers.a.count: 0 is out of range [1, 274877906944]");
  CHECK(buffer_error({{"type", "f32"}, {"count", 4}, {"size", 4}}) ==
        "run.json: buffers.a.size: unknown key (allowed: type, count, init)");
  CHECK(
      buffer_error({{"type", "f32"}, {"count", 4}, {"init", "ones"}}) ==
      R"(run.json: buffers.a.init: expected "zero", "iota", {"random": ...}, {"values": [...]} or {"file": PATH}, got "ones")");
  CHECK(
      buffer_error({{"type", "f32"}, {"count", 4}, {"init", {{"random", {{"seed", 1}}}, {"values", {1}}}}}) ==
      R"(run.json: buffers.a.init: expected "zero", "iota", {"random": ...}, {"values": [...]} or {"file": PATH}, got {"random":{"seed":1},"values":[1]})");
  CHECK(buffer_error({{"type", "f32"}, {"count", 4}, {"init", {{"valus", {1}}}}}) ==
        "run.json: buffers.a.init.valus: unknown key (did you mean values?)");
  CHECK(buffer_error({{"type", "f32"}, {"count", 4}, {"init", {{"values", {1, 2, 3}}}}}) ==
        "run.json: buffers.a.init.values: 3 values for a buffer of 4 elements");
  CHECK(buffer_error({{"type", "f32"}, {"count", 4}, {"init", {{"values", {1, 2, 3, 4, 5}}}}}) ==
        "run.json: buffers.a.init.values: 5 values for a buffer of 4 elements");
  CHECK(buffer_error({{"type", "u8"}, {"count", 2}, {"init", {{"values", {1, 300}}}}}) ==
        "run.json: buffers.a.init.values[1]: 300 is out of range for u8 [0, 255]");
  CHECK(buffer_error({{"type", "s32"}, {"count", 1}, {"init", {{"values", {0.5}}}}}) ==
        "run.json: buffers.a.init.values[0]: 0.5 is not an integer (s32 is an integer type)");
  CHECK(
      buffer_error({{"type", "u64"}, {"count", 1}, {"init", {{"values", {9007199254740993ull}}}}}) ==
      R"(run.json: buffers.a.init.values[0]: 9007199254740993 is beyond 2^53, which "values" cannot hold exactly; use {"file": PATH})");
  CHECK(buffer_error({{"type", "f16"}, {"count", 1}, {"init", {{"values", {65520}}}}}) ==
        "run.json: buffers.a.init.values[0]: 65520 is out of range for f16 (it rounds to infinity)");
  CHECK(buffer_error({{"type", "bf16"}, {"count", 1}, {"init", {{"values", {3.4028234663852886e38}}}}}) ==
        "run.json: buffers.a.init.values[0]: 3.4028234663852886e+38 is out of range for bf16 (it rounds to infinity)");
  CHECK(buffer_error({{"type", "f16"}, {"count", 1}, {"init", {{"values", {65519}}}}}) == "(no error)");

  CHECK(buffer_error({{"type", "f32"}, {"count", 4}, {"init", {{"random", {{"min", 0}, {"max", 1}}}}}}) ==
        R"(run.json: buffers.a.init.random: missing required key "seed")");
  CHECK(buffer_error({{"type", "f32"}, {"count", 4}, {"init", {{"random", {{"seed", -1}, {"min", 0}, {"max", 1}}}}}}) ==
        "run.json: buffers.a.init.random.seed: expected an unsigned integer, got -1");
  CHECK(buffer_error({{"type", "f32"}, {"count", 4}, {"init", {{"random", {{"seed", 1}, {"min", 5}, {"max", 3}}}}}}) ==
        "run.json: buffers.a.init.random: min (5) is greater than max (3)");
  CHECK(
      buffer_error({{"type", "s32"}, {"count", 4}, {"init", {{"random", {{"seed", 1}, {"min", -1.5}, {"max", 3}}}}}}) ==
      "run.json: buffers.a.init.random.min: -1.5 is not an integer (s32 is an integer type)");
  CHECK(buffer_error({{"type", "u8"}, {"count", 4}, {"init", {{"random", {{"seed", 1}, {"min", 0}, {"max", 256}}}}}}) ==
        "run.json: buffers.a.init.random.max: 256 is out of range for u8 [0, 255]");
  CHECK(buffer_error({{"type", "s32"}, {"count", 4}, {"init", {{"random", {{"seed", 1}, {"min", 2}, {"max", -3}}}}}}) ==
        "run.json: buffers.a.init.random: min (2) is greater than max (-3)");
  CHECK(
      buffer_error({{"type", "f16"}, {"count", 4}, {"init", {{"random", {{"seed", 1}, {"min", 0}, {"max", 1e5}}}}}}) ==
      "run.json: buffers.a.init.random.max: 100000.0 is out of range for f16 (it rounds to infinity)");
  CHECK(buffer_error({{"type", "f32"},
                      {"count", 4},
                      {"init", {{"random", {{"seed", 1}, {"min", 0}, {"max", 1}, {"mean", 0}}}}}}) ==
        "run.json: buffers.a.init.random.mean: unknown key (allowed: seed, min, max)");

  ojson c = base();
  c["buffers"]["a/b"] = {{"type", "f32"}, {"count", 1}};
  CHECK(error_of(c) ==
        "run.json: buffers.a/b: a buffer name may use letters, digits, '_', '-' and '.' and must not "
        "start with '.' or '-' (it names the dump file a/b.bin)");
}

TEST_CASE("buffer init files must exist and have count x element size bytes") {
  const std::string dir = config_test::data_dir();
  ojson c = base();
  c["buffers"]["a"] = {{"type", "f32"}, {"count", 3}, {"init", {{"file", "f32_1234.bin"}}}};
  CHECK(error_of(c, dir + "/run.json") ==
        dir + "/run.json: buffers.a.init.file: " + dir + "/f32_1234.bin has 16 bytes, expected 12 (3 x f32)");
  c["buffers"]["a"] = {{"type", "f32"}, {"count", 3}, {"init", {{"file", "missing.bin"}}}};
  CHECK_THAT(error_of(c, dir + "/run.json"),
             Catch::StartsWith(dir + "/run.json: buffers.a.init.file: cannot read " + dir + "/missing.bin ("));
}

TEST_CASE("expectations") {
  ojson c = base();
  c["expect"] = {{"d", {{"file", "d.bin"}}}};
  CHECK(error_of(c) == R"(run.json: expect.d: unknown buffer "d" (buffers: a, b, c, i))");
  c["expect"] = {{"c", {{"path", "c.bin"}}}};
  CHECK(error_of(c) == "run.json: expect.c.path: unknown key (allowed: file, tolerance)");
  c["expect"] = {{"c", {{"file", "c.bin"}, {"tolerance", {{"ulps", 1}}}}}};
  CHECK(error_of(c) == "run.json: expect.c.tolerance.ulps: unknown key (did you mean ulp?)");
  c["expect"] = {{"i", {{"file", "i.bin"}, {"tolerance", {{"ulp", 1}}}}}};
  CHECK(error_of(c) == "run.json: expect.i.tolerance.ulp: i is a u32 buffer; integer buffers are compared exactly");
  c["expect"] = {{"c", {{"tolerance", {{"ulp", 1}}}}}};
  CHECK(error_of(c) == R"(run.json: expect.c: missing required key "file")");
}

}  // namespace WARPSIM_UNITY_ID
