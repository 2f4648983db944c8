// Two runs of the same workload write byte-identical stats, timeline and Perfetto files.
#include "outputs_util.hpp"

#include <warpsim/report/stats_json.hpp>

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace outputs_test;
namespace fs = std::filesystem;

namespace {

std::string slurp(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

// Writes the three files of one run into dir and returns their contents.
std::vector<std::string> run_once(const std::string& name, const fs::path& dir) {
  const Recorded r = record(name, {.instructions = true, .issue_counts = true});
  std::vector<warpsim::report::KernelMetrics> ks;
  for (const auto& k : r.result.kernels) ks.push_back({k.entry, k.cycles, k.stats});
  const std::string gpu = r.result.config.gpu.name;
  fs::create_directories(dir);
  warpsim::report::write_file_atomically((dir / "stats.json").string(), warpsim::report::stats_json(gpu, ks));
  warpsim::report::write_file_atomically((dir / "timeline.json").string(),
                                         warpsim::report::timeline_json(gpu, r.kernels));
  warpsim::report::write_file_atomically((dir / "perfetto.json").string(),
                                         warpsim::report::perfetto_json(gpu, r.kernels));
  return {slurp(dir / "stats.json"), slurp(dir / "timeline.json"), slurp(dir / "perfetto.json")};
}

}  // namespace

TEST_CASE("determinism: stats, timeline and perfetto files are identical across runs") {
  const fs::path base = fs::temp_directory_path() / ("warpsim-803-" + std::to_string(::getpid()));
  for (const char* name : {"reduce", "histogram"}) {
    INFO("trace " << name);
    const auto a = run_once(name, base / "a");
    const auto b = run_once(name, base / "b");
    for (std::size_t i = 0; i < a.size(); ++i) {
      CHECK(!a[i].empty());
      CHECK(a[i] == b[i]);
    }
    // Nothing but the files themselves is left behind (the temporary siblings were renamed).
    std::size_t files = 0;
    for (const auto& e : fs::directory_iterator(base / "a")) files += e.is_regular_file() ? 1 : 0;
    CHECK(files == 3);
  }
  fs::remove_all(base);
}

TEST_CASE("determinism: a file that cannot be written leaves nothing behind") {
  const fs::path dir = fs::temp_directory_path() / ("warpsim-803-missing-" + std::to_string(::getpid()));
  CHECK_THROWS(warpsim::report::write_file_atomically((dir / "sub" / "t.json").string(), "{}"));
  CHECK(!fs::exists(dir));
}

}  // namespace WARPSIM_UNITY_ID
