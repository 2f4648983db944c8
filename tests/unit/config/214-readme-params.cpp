// configs/README.md documents every GPU parameter exactly as the table in gpu_config.cpp has it, so the
// documentation cannot drift from the code. On failure, the expected table is printed to paste in.
#include <warpsim/config/gpu_config.hpp>

#include "config_test_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::config;

TEST_CASE("configs/README.md lists every GPU parameter with its unit, default, range and description") {
  const std::string readme = config_test::read_file(std::string(WARPSIM_SOURCE_DIR) + "/configs/README.md");
  std::string table = "| Parameter | Unit | Default | Range | Description |\n|---|---|---|---|---|\n";
  for (const auto& p : gpu_params()) {
    table += fmt::format("| `{}` | {} | `{}` | {} | {} |\n", p.name, p.unit, p.default_value, p.range, p.description);
  }
  INFO("expected table:\n" << table);
  CHECK(readme.find(table) != std::string::npos);
}

}  // namespace WARPSIM_UNITY_ID
