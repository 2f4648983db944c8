// Every .ptx file of the repository must parse without errors: the workloads under traces/ (however many
// there are, none included) and the samples under tests/unit/ptx/data.
#include "ptx_test_util.hpp"

#include <algorithm>
#include <filesystem>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::ptx;
namespace fs = std::filesystem;

namespace {

std::vector<fs::path> ptx_files_under(const fs::path& root) {
  std::vector<fs::path> out;
  if (!fs::exists(root)) return out;
  for (const auto& entry : fs::recursive_directory_iterator(root))
    if (entry.is_regular_file() && entry.path().extension() == ".ptx") out.push_back(entry.path());
  std::sort(out.begin(), out.end());
  return out;
}

void parse_all(const std::vector<fs::path>& files) {
  for (const fs::path& file : files) {
    INFO(file.string());
    Module m = parse_file(file.string());
    CHECK_FALSE(m.version.empty());
    CHECK_FALSE(m.target.empty());
  }
}

}  // namespace

TEST_CASE("every .ptx under traces/ parses") { parse_all(ptx_files_under(fs::path(WARPSIM_SOURCE_DIR) / "traces")); }

TEST_CASE("every .ptx under tests/unit/ptx/data parses") {
  auto files = ptx_files_under(fs::path(WARPSIM_SOURCE_DIR) / "tests/unit/ptx/data");
  CHECK(files.size() >= 12);
  parse_all(files);
}

}  // namespace WARPSIM_UNITY_ID
