// Every counter the timing model reports is documented: each key of a timed run's stats has a row in the
// README's "Statistics" table.
#include "outputs_util.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace outputs_test;

TEST_CASE("statistics: every stats key has a row in README.md's Statistics table") {
  std::ifstream f(std::string(WARPSIM_SOURCE_DIR) + "/README.md");
  std::stringstream ss;
  ss << f.rdbuf();
  const std::string readme = ss.str();
  const auto start = readme.find("\n## Statistics\n");
  REQUIRE(start != std::string::npos);
  const std::string section = readme.substr(start, readme.find("\n## ", start + 1) - start);
  const Recorded r = record("reduce", {});
  REQUIRE(!r.result.kernels.empty());
  for (const auto& [key, value] : r.result.kernels[0].stats) {
    INFO("key " << key);
    CHECK(section.find("\n| `" + key + "` |") != std::string::npos);
  }
}

}  // namespace WARPSIM_UNITY_ID
