// The "tensor_map" argument: cuTensorMapEncodeTiled's arguments in the run config, the defaults of the optional
// keys, every dtype/interleave/swizzle/l2_promotion/oob_fill name, and the exact 128 bytes warpsim writes (the
// layout documented in include/warpsim/config/tensor_map.hpp).
#include <warpsim/config/kernel_args.hpp>
#include <warpsim/config/run_config.hpp>

#include "config_test_util.hpp"

#include <nlohmann/json.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::config;
using ojson = nlohmann::ordered_json;

namespace {

ArgSpec parse_map(const ojson& tmap) {
  ojson c = ojson::parse(R"({"gpu": "tiny", "buffers": {"t": {"type": "f32", "count": 65536}},
    "kernels": [{"ptx": "k.ptx", "entry": "k", "grid": 1, "block": 32}]})");
  c["kernels"][0]["args"] = ojson::array({ojson{{"tensor_map", tmap}}});
  return parse_run_config(c.dump(), "run.json").kernels[0].args.at(0);
}

std::string hex(const std::vector<std::byte>& v) {
  std::string s;
  for (std::byte b : v) s += fmt::format("{:02x}", std::to_integer<unsigned>(b));
  return s;
}

}  // namespace

TEST_CASE("tensor_map: every key, and the exact 128 bytes of warpsim's encoding") {
  const ArgSpec a = parse_map(ojson::parse(R"({"buffer": "t", "offset": 32, "dtype": "float32", "dims": [64, 32, 5],
      "strides": [256, 8192], "box": [32, 8, 2], "element_strides": [1, 2, 1], "interleave": "none",
      "swizzle": "128B", "l2_promotion": "128B", "oob_fill": "nan"})"));
  CHECK(a.kind == ArgSpec::Kind::TensorMap);
  CHECK(a.json_path == "kernels[0].args[0]");
  CHECK(a.tensor_map.json_path == "kernels[0].args[0].tensor_map");
  CHECK(a.tensor_map.buffer == "t");
  CHECK(a.tensor_map.offset == 32);
  const auto bytes = arg_bytes(a, [](const std::string&) { return std::uint64_t{0x7000'0000'0000'0000}; });
  CHECK(hex(bytes) ==
        "5753544d010007032000000000000070"   // "WSTM", version 1, float32 (7), rank 3, address t + 32
        "40000000000000002000000000000000"   // dims 64, 32
        "05000000000000000000000000000000"   // dims 5, 0
        "00000000000000000001000000000000"   // dims 0; strides 256
        "00200000000000000000000000000000"   // strides 8192, 0
        "00000000000000002000080002000000"   // strides 0; box 32, 8, 2, 0
        "00000102010000000302010000000000"   // box 0; element strides 1 2 1 0 0; none, 128B, 128B, nan
        "00000000000000000000000000000000");
}

TEST_CASE("tensor_map: defaults (offset 0, element strides 1, none, none, none, zero) and rank 1 without strides") {
  const ArgSpec a = parse_map(ojson::parse(R"({"buffer": "t", "dtype": "uint8", "dims": [1000], "box": [16]})"));
  TensorMap want;
  want.dtype = TensorMapDtype::Uint8;
  want.rank = 1;
  want.dims = {1000, 0, 0, 0, 0};
  want.box = {16, 0, 0, 0, 0};
  want.element_strides = {1, 0, 0, 0, 0};
  CHECK(a.tensor_map.offset == 0);
  CHECK(a.tensor_map.map == want);
  // An empty strides array is accepted for rank 1 too.
  CHECK(parse_map(ojson::parse(R"({"buffer": "t", "dtype": "uint8", "dims": [1000], "strides": [], "box": [16]})"))
            .tensor_map.map == want);
}

TEST_CASE("tensor_map: the names of every dtype and option, with CUDA's enum values") {
  const char* dtypes[] = {"uint8",   "uint16",  "uint32",   "int32",       "uint64",   "int64",       "float16",
                          "float32", "float64", "bfloat16", "float32_ftz", "tfloat32", "tfloat32_ftz"};
  const unsigned sizes[] = {1, 2, 4, 4, 8, 8, 2, 4, 8, 2, 4, 4, 4};
  for (unsigned i = 0; i < 13; ++i) {
    INFO(dtypes[i]);
    // A 16-byte inner box in every element size.
    const ArgSpec a = parse_map(ojson{{"buffer", "t"}, {"dtype", dtypes[i]}, {"dims", {64}}, {"box", {16 / sizes[i]}}});
    CHECK(static_cast<unsigned>(a.tensor_map.map.dtype) == i);
    CHECK(dtype_size(a.tensor_map.map.dtype) == sizes[i]);
    CHECK(std::string(tensor_map_name(a.tensor_map.map.dtype)) == dtypes[i]);
  }
  const char* swizzles[] = {"none", "32B", "64B", "128B"};
  for (unsigned i = 0; i < 4; ++i) {
    const ArgSpec a = parse_map(ojson{{"buffer", "t"}, {"dtype", "uint8"}, {"dims", {64}}, {"box", {32}},
                                      {"swizzle", swizzles[i]}, {"l2_promotion", ojson::array({"none", "64B", "128B", "256B"})[i]}});
    CHECK(static_cast<unsigned>(a.tensor_map.map.swizzle) == i);
    CHECK(static_cast<unsigned>(a.tensor_map.map.l2_promotion) == i);
  }
  const char* interleaves[] = {"none", "16B", "32B"};
  for (unsigned i = 0; i < 3; ++i) {
    const ArgSpec a = parse_map(ojson{{"buffer", "t"}, {"dtype", "float16"}, {"dims", {8, 4, 4}}, {"strides", {32, 128}},
                                      {"box", {8, 4, 4}}, {"interleave", interleaves[i]},
                                      {"swizzle", i == 2 ? "32B" : "none"}, {"oob_fill", i == 1 ? "nan" : "zero"}});
    CHECK(static_cast<unsigned>(a.tensor_map.map.interleave) == i);
    CHECK(a.tensor_map.map.oob_fill == (i == 1 ? TensorMapOobFill::Nan : TensorMapOobFill::Zero));
  }
}

}  // namespace WARPSIM_UNITY_ID
