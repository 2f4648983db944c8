// The complete example in configs/README.md "The run config" is a valid run config.
#include <warpsim/config/run_config.hpp>

#include "config_test_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::config;

TEST_CASE("the README's example run config parses") {
  const std::string readme = config_test::read_file(std::string(WARPSIM_SOURCE_DIR) + "/configs/README.md");
  const auto start = readme.find("```json\n", readme.find("## The run config"));
  REQUIRE(start != std::string::npos);
  const auto body = start + 8;
  const std::string example = readme.substr(body, readme.find("```", body) - body);
  const RunConfig cfg = parse_run_config(example, std::string(WARPSIM_SOURCE_DIR) + "/configs/example.json");
  CHECK(cfg.gpu.name == "h200");
  CHECK(cfg.buffers.size() == 3);
  CHECK(cfg.kernels.at(0).args.size() == 4);
  CHECK(cfg.kernels.at(0).block == warpsim::Dim3{256, 1, 1});
  CHECK(cfg.expects.at(0).buffer == "c");
  // The random a and b differ; c starts at zero.
  CHECK(init_buffer(cfg.buffers[0]) != init_buffer(cfg.buffers[1]));
  CHECK(init_buffer(cfg.buffers[2]) == std::vector<std::byte>(4000));
}

}  // namespace WARPSIM_UNITY_ID
