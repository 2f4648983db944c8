// Mistakes in a "tensor_map" argument: its keys, names and array lengths, and every rule cuTensorMapEncodeTiled's
// documentation states (rank 1-5, global address and stride alignment, stride below 2^40, dims 1..2^32, box
// 1..256, the inner box a multiple of 16 bytes and within the swizzle span, interleave needing rank 3 and 32B
// interleave needing 32B swizzle, element strides 1..8, NaN fill only for float types), each naming the JSON path
// and CUDA's rule; and the boundary values CUDA accepts (including CUTLASS's 0 stride for a batch of extent 1).
#include <warpsim/config/run_config.hpp>

#include "config_test_util.hpp"

#include <nlohmann/json.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::config;
using ojson = nlohmann::ordered_json;

namespace {

ojson base() {
  return ojson::parse(R"({"buffer": "t", "dtype": "float32", "dims": [64, 32], "strides": [256], "box": [32, 8]})");
}

std::string error_of(const ojson& tmap) {
  ojson c = ojson::parse(R"({"gpu": "tiny", "buffers": {"t": {"type": "f32", "count": 65536}},
    "kernels": [{"ptx": "k.ptx", "entry": "k", "grid": 1, "block": 32}]})");
  c["kernels"][0]["args"] = ojson::array({{{"tensor_map", tmap}}});
  try {
    parse_run_config(c.dump(), "run.json");
  } catch (const warpsim::Error& e) {
    CHECK(e.kind() == warpsim::ErrorKind::Config);
    return e.what();
  }
  return "(no error)";
}

// The base map with `key` set to `value`.
std::string with(const char* key, const ojson& value) {
  ojson m = base();
  m[key] = value;
  return error_of(m);
}

const std::string kAt = "run.json: kernels[0].args[0].tensor_map";
const std::string kInvalid = "; CUDA_ERROR_INVALID_VALUE)";

}  // namespace

TEST_CASE("tensor_map: the base map of these tests is valid") { CHECK(error_of(base()) == "(no error)"); }

TEST_CASE("tensor_map: keys, buffer and offset, names, array lengths") {
  CHECK(error_of(3) == kAt + ": expected an object, got 3");
  CHECK(with("swizle", "none") == kAt + ".swizle: unknown key (did you mean swizzle?)");
  ojson m = base();
  m.erase("buffer");
  CHECK(error_of(m) == kAt + R"(: missing required key "buffer")");
  CHECK(with("buffer", "u") == kAt + R"(.buffer: unknown buffer "u" (buffers: t))");
  CHECK(with("buffer", 7) == kAt + ".buffer: expected a string, got 7");
  CHECK(with("offset", 262144) == kAt + R"(.offset: 262144 is not inside buffer "t" (262144 bytes: offsets 0..262143))");
  m = base();
  m.erase("dtype");
  CHECK(error_of(m) == kAt + R"(: missing required key "dtype")");
  CHECK(with("dtype", "f32") ==
        kAt + R"(.dtype: unknown dtype "f32" (expected one of uint8, uint16, uint32, int32, uint64, int64, float16, )"
              "float32, float64, bfloat16, float32_ftz, tfloat32, tfloat32_ftz: CUtensorMapDataType without "
              "CU_TENSOR_MAP_DATA_TYPE_, in lower case)");
  m = base();
  m.erase("dims");
  CHECK(error_of(m) == kAt + R"(: missing required key "dims")");
  CHECK(with("dims", 64) == kAt + ".dims: expected an array, got 64");
  CHECK(with("dims", {64, -1}) == kAt + ".dims[1]: expected an unsigned integer, got -1");
  m = base();
  m.erase("strides");
  CHECK(error_of(m) == kAt + R"(: missing required key "strides" (the byte strides of dims 1..1))");
  CHECK(with("strides", {256, 512}) ==
        kAt + ".strides: 2 strides for 2 dimensions: cuTensorMapEncodeTiled takes the byte strides of dims 1..rank-1 "
              "(1 value)");
  m = base();
  m.erase("box");
  CHECK(error_of(m) == kAt + R"(: missing required key "box")");
  CHECK(with("box", {32}) == kAt + ".box: 1 values for 2 dimensions (one per dimension)");
  CHECK(with("element_strides", {1, 1, 1}) == kAt + ".element_strides: 3 values for 2 dimensions (one per dimension)");
  CHECK(with("interleave", "8B") == kAt + R"(.interleave: unknown interleave "8B" (expected one of none, 16B, 32B))");
  CHECK(with("swizzle", "256B") == kAt + R"(.swizzle: unknown swizzle "256B" (expected one of none, 32B, 64B, 128B))");
  CHECK(with("l2_promotion", "512B") ==
        kAt + R"(.l2_promotion: unknown l2_promotion "512B" (expected one of none, 64B, 128B, 256B))");
  CHECK(with("oob_fill", "inf") == kAt + R"(.oob_fill: unknown oob_fill "inf" (expected one of zero, nan))");
  CHECK(with("oob_fill", 1) == kAt + ".oob_fill: expected a string, got 1");
}

TEST_CASE("tensor_map: rank 1 to 5") {
  CHECK(with("dims", ojson::array()) ==
        kAt + ".dims: 0 dimensions (cuTensorMapEncodeTiled: tensorRank must be 1 to 5" + kInvalid);
  CHECK(with("dims", {1, 1, 1, 1, 1, 1}) ==
        kAt + ".dims: 6 dimensions (cuTensorMapEncodeTiled: tensorRank must be 1 to 5" + kInvalid);
  ojson m = base();
  m["dims"] = {16, 2, 2, 2, 2};
  m["strides"] = {64, 128, 256, 512};
  m["box"] = {16, 2, 2, 2, 2};
  CHECK(error_of(m) == "(no error)");
}

TEST_CASE("tensor_map: global dims 1 to 2^32") {
  CHECK(with("dims", {64, 0}) ==
        kAt + ".dims[1]: 0 is outside 1..2^32 (cuTensorMapEncodeTiled: each globalDim must be non-zero and at most "
              "2^32" + kInvalid);
  CHECK(with("dims", {4294967297ull, 32}) ==
        kAt + ".dims[0]: 4294967297 is outside 1..2^32 (cuTensorMapEncodeTiled: each globalDim must be non-zero and "
              "at most 2^32" + kInvalid);
  CHECK(with("dims", {4294967296ull, 32}) == "(no error)");
}

TEST_CASE("tensor_map: strides a multiple of 16 (32 with 32B interleave), below 2^40, 0 allowed") {
  CHECK(with("strides", {250}) ==
        kAt + ".strides[0]: 250 bytes is not a multiple of 16 (cuTensorMapEncodeTiled: each globalStride must be a "
              "multiple of 16, and of 32 when interleave is 32B" + kInvalid);
  CHECK(with("strides", {1099511627776ull}) ==
        kAt + ".strides[0]: 1099511627776 bytes is not less than 2^40 (cuTensorMapEncodeTiled: each globalStride "
              "must be less than 2^40" + kInvalid);
  CHECK(with("strides", {1099511627760ull}) == "(no error)");
  // CUTLASS: a batch mode of extent 1 gets stride 0 (a multiple of 16 and below 2^40, so CUDA accepts it).
  ojson m = base();
  m["dims"] = {64, 32, 1};
  m["strides"] = {256, 0};
  m["box"] = {32, 8, 1};
  CHECK(error_of(m) == "(no error)");
  // A stride smaller than the row it steps over is not a rule either.
  CHECK(with("strides", {16}) == "(no error)");
  m = ojson::parse(R"({"buffer": "t", "dtype": "float16", "dims": [16, 4, 4], "strides": [48, 192], "box": [16, 4, 4],
                       "interleave": "32B", "swizzle": "32B"})");
  CHECK(error_of(m) ==
        kAt + ".strides[0]: 48 bytes is not a multiple of 32 (interleave 32B) (cuTensorMapEncodeTiled: each "
              "globalStride must be a multiple of 16, and of 32 when interleave is 32B" + kInvalid);
  m["strides"] = {64, 256};
  CHECK(error_of(m) == "(no error)");
}

TEST_CASE("tensor_map: box 1 to 256, inner box a multiple of 16 bytes without interleave") {
  CHECK(with("box", {32, 0}) ==
        kAt + ".box[1]: 0 is outside 1..256 (cuTensorMapEncodeTiled: each boxDim must be non-zero and at most 256" +
            kInvalid);
  CHECK(with("box", {32, 257}) ==
        kAt + ".box[1]: 257 is outside 1..256 (cuTensorMapEncodeTiled: each boxDim must be non-zero and at most 256" +
            kInvalid);
  CHECK(with("box", {256, 256}) == "(no error)");
  CHECK(with("box", {3, 8}) ==
        kAt + ".box[0]: 3 elements of float32 are 12 bytes, not a multiple of 16 (cuTensorMapEncodeTiled: with "
              "interleave NONE, boxDim[0] x the element size must be a multiple of 16 bytes" + kInvalid);
  // With interleave, the inner box need not be a multiple of 16 bytes.
  const ojson m = ojson::parse(R"({"buffer": "t", "dtype": "float16", "dims": [8, 4, 4], "strides": [16, 64],
                                   "box": [3, 4, 4], "interleave": "16B"})");
  CHECK(error_of(m) == "(no error)");
}

TEST_CASE("tensor_map: element strides 1 to 8") {
  CHECK(with("element_strides", {1, 9}) ==
        kAt + ".element_strides[1]: 9 is outside 1..8 (cuTensorMapEncodeTiled: each elementStride must be non-zero "
              "and at most 8" + kInvalid);
  CHECK(with("element_strides", {0, 1}) ==
        kAt + ".element_strides[0]: 0 is outside 1..8 (cuTensorMapEncodeTiled: each elementStride must be non-zero "
              "and at most 8" + kInvalid);
  CHECK(with("element_strides", {8, 8}) == "(no error)");
}

TEST_CASE("tensor_map: interleave needs rank 3, 32B interleave needs 32B swizzle") {
  CHECK(with("interleave", "16B") ==
        kAt + ".interleave: interleave 16B with 2 dimensions (cuTensorMapEncodeTiled: tensorRank must be at least 3 "
              "when interleave is not NONE" + kInvalid);
  ojson m = ojson::parse(R"({"buffer": "t", "dtype": "float16", "dims": [16, 4, 4], "strides": [64, 256],
                             "box": [16, 4, 4], "interleave": "32B"})");
  CHECK(error_of(m) ==
        kAt + ".swizzle: swizzle none with interleave 32B (cuTensorMapEncodeTiled: interleave 32B requires swizzle "
              "32B" + kInvalid);
  m["swizzle"] = "32B";
  CHECK(error_of(m) == "(no error)");
  // With interleave, the inner box may exceed the swizzle span.
  m["interleave"] = "16B";
  CHECK(error_of(m) == "(no error)");
}

TEST_CASE("tensor_map: the inner box fits the swizzle span") {
  CHECK(with("swizzle", "64B") ==
        kAt + ".box[0]: 32 elements of float32 are 128 bytes, more than the 64-byte span of swizzle 64B "
              "(cuTensorMapEncodeTiled: with interleave NONE and a swizzle, boxDim[0] x the element size must not "
              "exceed the swizzle span (32, 64 or 128 bytes)" + kInvalid);
  CHECK(with("swizzle", "32B") ==
        kAt + ".box[0]: 32 elements of float32 are 128 bytes, more than the 32-byte span of swizzle 32B "
              "(cuTensorMapEncodeTiled: with interleave NONE and a swizzle, boxDim[0] x the element size must not "
              "exceed the swizzle span (32, 64 or 128 bytes)" + kInvalid);
  CHECK(with("swizzle", "128B") == "(no error)");
  ojson m = base();
  m["box"] = {64, 8};
  m["swizzle"] = "128B";
  CHECK(error_of(m) ==
        kAt + ".box[0]: 64 elements of float32 are 256 bytes, more than the 128-byte span of swizzle 128B "
              "(cuTensorMapEncodeTiled: with interleave NONE and a swizzle, boxDim[0] x the element size must not "
              "exceed the swizzle span (32, 64 or 128 bytes)" + kInvalid);
  m["swizzle"] = "none";
  CHECK(error_of(m) == "(no error)");
}

TEST_CASE("tensor_map: NaN fill only for floating-point types") {
  ojson m = base();
  m["dtype"] = "int32";
  m["oob_fill"] = "nan";
  CHECK(error_of(m) == kAt + ".oob_fill: oob fill nan for int32 (cuTensorMapEncodeTiled: oobFill "
                             "NAN_REQUEST_ZERO_FMA needs a floating-point data type" + kInvalid);
  for (const char* t : {"float16", "float32", "float64", "bfloat16", "float32_ftz", "tfloat32", "tfloat32_ftz"}) {
    INFO(t);
    m["dtype"] = t;
    m["box"] = {16, 8};
    CHECK(error_of(m) == "(no error)");
  }
}

TEST_CASE("tensor_map: the global address 16-byte aligned, 32-byte with 32B interleave") {
  CHECK(with("offset", 8) ==
        kAt + R"(.offset: the tensor's global address, buffer "t" + 8, is not 16-byte aligned (buffers are 256-byte )"
              "aligned) (cuTensorMapEncodeTiled: globalAddress must be 16-byte aligned, and 32-byte aligned when "
              "interleave is 32B" + kInvalid);
  CHECK(with("offset", 16) == "(no error)");
  ojson m = ojson::parse(R"({"buffer": "t", "offset": 16, "dtype": "float16", "dims": [16, 4, 4],
                             "strides": [64, 256], "box": [16, 4, 4], "interleave": "32B", "swizzle": "32B"})");
  CHECK(error_of(m) ==
        kAt + R"(.offset: the tensor's global address, buffer "t" + 16, is not 32-byte aligned (buffers are 256-byte )"
              "aligned) (cuTensorMapEncodeTiled: globalAddress must be 16-byte aligned, and 32-byte aligned when "
              "interleave is 32B" + kInvalid);
  m["offset"] = 32;
  CHECK(error_of(m) == "(no error)");
}

}  // namespace WARPSIM_UNITY_ID
