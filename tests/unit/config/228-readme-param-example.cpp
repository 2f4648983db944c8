// The examples of configs/README.md "Parameter structs and tensor maps" and of the README are valid run configs,
// and the first one's arguments give the parameters configs/README.md describes: a 256-byte struct with a tensor
// map at 0, two addresses of D and scalars, then a rank-3 tensor map with CUTLASS's 0 stride for a batch of
// extent 1.
#include <warpsim/config/kernel_args.hpp>
#include <warpsim/config/run_config.hpp>

#include "config_test_util.hpp"

#include <cstring>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::config;

TEST_CASE("the README's parameter-struct and tensor-map example parses into the parameters it describes") {
  const std::string readme = config_test::read_file(std::string(WARPSIM_SOURCE_DIR) + "/configs/README.md");
  const auto start = readme.find("```json\n", readme.find("### Parameter structs and tensor maps"));
  REQUIRE(start != std::string::npos);
  const auto body = start + 8;
  const std::string example = readme.substr(body, readme.find("```", body) - body);
  const RunConfig cfg = parse_run_config(example, std::string(WARPSIM_SOURCE_DIR) + "/configs/example.json");
  const auto& args = cfg.kernels.at(0).args;
  REQUIRE(args.size() == 2);
  CHECK(args[0].kind == ArgSpec::Kind::Bytes);
  CHECK(args[0].size == 256);
  CHECK(args[0].align == 64);
  CHECK(args[1].kind == ArgSpec::Kind::TensorMap);
  CHECK(args[1].tensor_map.map.strides[1] == 0);

  const auto address = [](const std::string& b) { return std::uint64_t{b == "A" ? 0x10000u : 0x90000u}; };
  const auto bytes = arg_bytes(args[0], address);
  REQUIRE(bytes.size() == 256);
  const TensorMap a = decode_tensor_map(bytes.data());
  CHECK(a.global_address == 0x10000);
  CHECK(a.dtype == TensorMapDtype::Bfloat16);
  CHECK(a.rank == 2);
  CHECK(a.box[0] == 64);
  CHECK(a.swizzle == TensorMapSwizzle::B128);
  CHECK(a.l2_promotion == TensorMapL2Promotion::B256);
  std::uint64_t d0 = 0, d1 = 0, n = 0;
  std::memcpy(&d0, bytes.data() + 128, 8);
  std::memcpy(&d1, bytes.data() + 136, 8);
  std::memcpy(&n, bytes.data() + 144, 8);
  CHECK(d0 == 0x90000);
  CHECK(d1 == 0x90000 + 131072);
  CHECK(n == 256);
  const TensorMap d = decode_tensor_map(arg_bytes(args[1], address).data());
  CHECK(d.global_address == 0x90000);
  CHECK(d.rank == 3);
  CHECK(d.oob_fill == TensorMapOobFill::Nan);
}

TEST_CASE("the main README's parameter example parses") {
  const std::string readme = config_test::read_file(std::string(WARPSIM_SOURCE_DIR) + "/README.md");
  const auto start = readme.find("```json\n", readme.find("Kernel parameters as real code passes them"));
  REQUIRE(start != std::string::npos);
  const auto body = start + 8;
  const std::string example = readme.substr(body, readme.find("```", body) - body);
  const RunConfig cfg = parse_run_config(example, std::string(WARPSIM_SOURCE_DIR) + "/example.json");
  const auto& args = cfg.kernels.at(0).args;
  REQUIRE(args.size() == 2);
  CHECK(args[0].kind == ArgSpec::Kind::Bytes);
  CHECK(args[0].fields.size() == 7);
  CHECK(args[1].kind == ArgSpec::Kind::TensorMap);
  CHECK(args[1].tensor_map.map.l2_promotion == TensorMapL2Promotion::B128);
}

}  // namespace WARPSIM_UNITY_ID
