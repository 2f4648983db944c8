// Mistakes in a "bytes" argument: its keys, size and alignment, its init file, and each field (keys, buffer names
// and offsets, scalar ranges, fields outside the parameter or overlapping, tensor maps off 64-byte alignment).
// Each message names the file and the JSON path.
#include <warpsim/config/run_config.hpp>

#include "config_test_util.hpp"

#include <nlohmann/json.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::config;
using ojson = nlohmann::ordered_json;

namespace {

std::string error_of(const ojson& arg, const std::string& path = "run.json") {
  ojson c = ojson::parse(R"({"gpu": "tiny", "buffers": {"a": {"type": "f32", "count": 16}, "b": {"type": "u8", "count": 4}},
    "kernels": [{"ptx": "k.ptx", "entry": "k", "grid": 1, "block": 32}]})");
  c["kernels"][0]["args"] = ojson::array({arg});
  try {
    parse_run_config(c.dump(), path);
  } catch (const warpsim::Error& e) {
    CHECK(e.kind() == warpsim::ErrorKind::Config);
    return e.what();
  }
  return "(no error)";
}

// {"bytes": {"size": 16, "align": 8, "fields": [field]}}
std::string field_error(const ojson& field, std::uint64_t size = 16, std::uint64_t align = 8) {
  return error_of(ojson{{"bytes", {{"size", size}, {"align", align}, {"fields", ojson::array({field})}}}});
}

const ojson kMap = ojson::parse(R"({"buffer": "a", "dtype": "float32", "dims": [16], "box": [4]})");

}  // namespace

TEST_CASE("bytes: the argument's keys, size and alignment") {
  CHECK(error_of({{"bytes", 5}}) == "run.json: kernels[0].args[0].bytes: expected an object, got 5");
  CHECK(error_of({{"bytes", {{"size", 8}, {"align", 8}, {"sise", 8}}}}) ==
        "run.json: kernels[0].args[0].bytes.sise: unknown key (did you mean size?)");
  CHECK(error_of({{"bytes", {{"align", 8}}}}) == R"(run.json: kernels[0].args[0].bytes: missing required key "size")");
  CHECK(error_of({{"bytes", {{"size", 8}}}}) == R"(run.json: kernels[0].args[0].bytes: missing required key "align")");
  CHECK(error_of({{"bytes", {{"size", 0}, {"align", 8}}}}) ==
        "run.json: kernels[0].args[0].bytes.size: 0 is outside 1..32764 (CUDA's limit on a kernel's parameters, since "
        "CUDA 12.1)");
  CHECK(error_of({{"bytes", {{"size", 32765}, {"align", 8}}}}) ==
        "run.json: kernels[0].args[0].bytes.size: 32765 is outside 1..32764 (CUDA's limit on a kernel's parameters, "
        "since CUDA 12.1)");
  CHECK(error_of({{"bytes", {{"size", 32764}, {"align", 4}}}}) == "(no error)");
  CHECK(error_of({{"bytes", {{"size", -1}, {"align", 8}}}}) ==
        "run.json: kernels[0].args[0].bytes.size: expected an unsigned integer, got -1");
  CHECK(error_of({{"bytes", {{"size", 8}, {"align", 3}}}}) ==
        "run.json: kernels[0].args[0].bytes.align: 3 is not a power of two from 1 to 16384 (PTX's .align)");
  CHECK(error_of({{"bytes", {{"size", 8}, {"align", 0}}}}) ==
        "run.json: kernels[0].args[0].bytes.align: 0 is not a power of two from 1 to 16384 (PTX's .align)");
  CHECK(error_of({{"bytes", {{"size", 8}, {"align", 32768}}}}) ==
        "run.json: kernels[0].args[0].bytes.align: 32768 is not a power of two from 1 to 16384 (PTX's .align)");
  CHECK(error_of({{"bytes", {{"size", 8}, {"align", 8}}}, {"u32", 1}}) ==
        R"(run.json: kernels[0].args[0]: expected {"buffer": NAME}, {"bytes": ...}, {"tensor_map": ...} or exactly one of u32, s32, u64, s64, f32, f64, got {"bytes":{"size":8,"align":8},"u32":1})");
}

TEST_CASE("bytes: init is \"zero\" or a file of exactly size bytes") {
  CHECK(error_of({{"bytes", {{"size", 8}, {"align", 8}, {"init", "iota"}}}}) ==
        R"(run.json: kernels[0].args[0].bytes.init: expected "zero" or {"file": PATH}, got "iota")");
  CHECK(error_of({{"bytes", {{"size", 8}, {"align", 8}, {"init", {{"values", {1}}}}}}}) ==
        R"(run.json: kernels[0].args[0].bytes.init: expected "zero" or {"file": PATH}, got {"values":[1]})");
  config_test::TempDir dir;
  config_test::write_file(dir.file("p.bin"), "abc");
  const std::string cfg = dir.file("run.json");
  CHECK(error_of({{"bytes", {{"size", 8}, {"align", 8}, {"init", {{"file", "p.bin"}}}}}}, cfg) ==
        cfg + ": kernels[0].args[0].bytes.init.file: " + dir.file("p.bin") + R"( has 3 bytes, expected 8 ("size"))");
  CHECK(error_of({{"bytes", {{"size", 8}, {"align", 8}, {"init", {{"file", "q.bin"}}}}}}, cfg) ==
        cfg + ": kernels[0].args[0].bytes.init.file: cannot read " + dir.file("q.bin") +
            " (No such file or directory)");
  CHECK(error_of({{"bytes", {{"size", 8}, {"align", 8}, {"init", {{"file", "."}}}}}}, cfg) ==
        cfg + ": kernels[0].args[0].bytes.init.file: " + dir.path.string() + "/ is a directory, not a file");
}

TEST_CASE("bytes: each field has \"at\" and exactly one value") {
  CHECK(error_of({{"bytes", {{"size", 8}, {"align", 8}, {"fields", ojson::object()}}}}) ==
        "run.json: kernels[0].args[0].bytes.fields: expected an array, got {}");
  CHECK(field_error(3) == "run.json: kernels[0].args[0].bytes.fields[0]: expected an object, got 3");
  CHECK(field_error({{"u32", 1}}) == R"(run.json: kernels[0].args[0].bytes.fields[0]: missing required key "at")");
  CHECK(field_error({{"at", 0}}) ==
        R"(run.json: kernels[0].args[0].bytes.fields[0]: expected "at" and exactly one of buffer, tensor_map, u32, s32, u64, s64, f32, f64, u16, u8, got {"at":0})");
  CHECK(field_error({{"at", 0}, {"u32", 1}, {"u8", 2}}) ==
        R"(run.json: kernels[0].args[0].bytes.fields[0]: expected "at" and exactly one of buffer, tensor_map, u32, s32, u64, s64, f32, f64, u16, u8, got {"at":0,"u32":1,"u8":2})");
  CHECK(field_error({{"at", 0}, {"u12", 1}}) ==
        "run.json: kernels[0].args[0].bytes.fields[0].u12: unknown key (did you mean u32 or u16?)");
  CHECK(field_error({{"at", 0}, {"u32", 1}, {"offset", 4}}) ==
        R"(run.json: kernels[0].args[0].bytes.fields[0].offset: "offset" goes with "buffer" (a tensor map's offset goes inside its tensor_map))");
  CHECK(field_error({{"at", -1}, {"u32", 1}}) ==
        "run.json: kernels[0].args[0].bytes.fields[0].at: expected an unsigned integer, got -1");
}

TEST_CASE("bytes: buffer fields name a buffer and an offset up to its end") {
  CHECK(field_error({{"at", 0}, {"buffer", "c"}}) ==
        R"(run.json: kernels[0].args[0].bytes.fields[0].buffer: unknown buffer "c" (buffers: a, b))");
  CHECK(field_error({{"at", 0}, {"buffer", 1}}) ==
        "run.json: kernels[0].args[0].bytes.fields[0].buffer: expected a string, got 1");
  CHECK(field_error({{"at", 0}, {"buffer", "a"}, {"offset", 65}}) ==
        R"(run.json: kernels[0].args[0].bytes.fields[0].offset: 65 is past the end of buffer "a" (64 bytes: offsets 0..64, 64 being its end))");
  CHECK(field_error({{"at", 0}, {"buffer", "a"}, {"offset", 64}}) == "(no error)");
}

TEST_CASE("bytes: scalar fields in their type's range") {
  CHECK(field_error({{"at", 0}, {"u16", 65536}}) ==
        "run.json: kernels[0].args[0].bytes.fields[0].u16: 65536 is out of range for u16 [0, 65535]");
  CHECK(field_error({{"at", 0}, {"u8", -1}}) ==
        "run.json: kernels[0].args[0].bytes.fields[0].u8: -1 is out of range for u8 [0, 255]");
  CHECK(field_error({{"at", 0}, {"u8", 1.5}}) ==
        "run.json: kernels[0].args[0].bytes.fields[0].u8: 1.5 is not an integer (u8 is an integer type)");
  CHECK(field_error({{"at", 0}, {"s64", "1"}}) ==
        R"(run.json: kernels[0].args[0].bytes.fields[0].s64: expected an integer, got "1")");
  CHECK(field_error({{"at", 0}, {"f32", 1e39}}) ==
        "run.json: kernels[0].args[0].bytes.fields[0].f32: 1e+39 is out of range for f32 (it rounds to infinity)");
}

TEST_CASE("bytes: fields lie inside the parameter and do not overlap") {
  CHECK(field_error({{"at", 12}, {"u64", 1}}) ==
        "run.json: kernels[0].args[0].bytes.fields[0].at: the field's 8 bytes, 12..19, lie outside the 16-byte "
        "parameter");
  CHECK(field_error({{"at", 16}, {"u8", 1}}) ==
        "run.json: kernels[0].args[0].bytes.fields[0].at: the field's 1 bytes, 16..16, lie outside the 16-byte "
        "parameter");
  CHECK(field_error({{"at", 18446744073709551615ull}, {"u16", 1}}) ==
        "run.json: kernels[0].args[0].bytes.fields[0].at: the field's 2 bytes, 18446744073709551615..18446744073709551615, "
        "lie outside the 16-byte parameter");
  CHECK(field_error({{"at", 8}, {"u64", 1}}) == "(no error)");
  const ojson two = {{"bytes",
                      {{"size", 16},
                       {"align", 8},
                       {"fields", {{{"at", 8}, {"buffer", "a"}}, {{"at", 0}, {"u64", 1}}, {{"at", 4}, {"u32", 2}}}}}}};
  CHECK(error_of(two) == "run.json: kernels[0].args[0].bytes.fields[2]: bytes 4..7 overlap fields[1] (bytes 0..7)");
  const ojson edge = {{"bytes",
                       {{"size", 16},
                        {"align", 8},
                        {"fields", {{{"at", 8}, {"buffer", "a"}}, {{"at", 7}, {"u16", 2}}}}}}};
  CHECK(error_of(edge) == "run.json: kernels[0].args[0].bytes.fields[1]: bytes 7..8 overlap fields[0] (bytes 8..15)");
}

TEST_CASE("bytes: a tensor map field sits 64-byte aligned in a parameter aligned to 64") {
  CHECK(field_error({{"at", 64}, {"tensor_map", kMap}}, 192, 64) == "(no error)");
  CHECK(field_error({{"at", 32}, {"tensor_map", kMap}}, 192, 64) ==
        "run.json: kernels[0].args[0].bytes.fields[0].at: 32 is not a multiple of 64: a tensor map must be 64-byte "
        "aligned (cuTensorMapEncodeTiled: the tensorMap address must be aligned to 64 bytes)");
  CHECK(field_error({{"at", 0}, {"tensor_map", kMap}}, 128, 16) ==
        "run.json: kernels[0].args[0].bytes.align: 16, but fields[0] holds a tensor map, which must be 64-byte aligned "
        "(cuTensorMapEncodeTiled: the tensorMap address must be aligned to 64 bytes)");
  CHECK(field_error({{"at", 64}, {"tensor_map", kMap}}, 128, 64) ==
        "run.json: kernels[0].args[0].bytes.fields[0].at: the field's 128 bytes, 64..191, lie outside the 128-byte "
        "parameter");
  ojson bad = kMap;
  bad["box"] = {300};
  CHECK(field_error({{"at", 0}, {"tensor_map", bad}}, 128, 64) ==
        "run.json: kernels[0].args[0].bytes.fields[0].tensor_map.box[0]: 300 is outside 1..256 "
        "(cuTensorMapEncodeTiled: each boxDim must be non-zero and at most 256; CUDA_ERROR_INVALID_VALUE)");
}

}  // namespace WARPSIM_UNITY_ID
