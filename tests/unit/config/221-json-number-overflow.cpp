// A JSON number too large for a double (1e400) is a config error naming the file, in a run config and in a GPU
// config, not nlohmann's out_of_range escaping the loader (found by tests/fuzz/fuzz_run_config: the input is
// tests/fuzz/corpus/run_config/finding-number-overflow.json).
// Leaves out: the other invalid-JSON messages (tests 203 and the run-config error tests).
#include <warpsim/common/error.hpp>
#include <warpsim/config/gpu_config.hpp>
#include <warpsim/config/run_config.hpp>

#include "config_test_util.hpp"

#include <string>
#include <utility>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

template <typename F>
std::string error_of(F&& f) {
  return config_test::config_error(std::forward<F>(f), "(loaded)");
}

}  // namespace

TEST_CASE("221 a number that overflows a double is an invalid-JSON config error") {
  CHECK(error_of([] { warpsim::config::parse_run_config(R"({"buffers": 1e400})", "/x/run.json"); }) ==
        "/x/run.json: invalid JSON: number overflow parsing '1e400'");
  CHECK(error_of([] { warpsim::config::parse_run_config("[\n1e294967296.e}  \"", "/x/run.json"); }) ==
        "/x/run.json: invalid JSON: number overflow parsing '1e294967296'");
  config_test::TempDir tmp;
  const std::string path = config_test::write_file(tmp.file("g.json"), R"({"sm": {"count": -1e400}})");
  CHECK(error_of([&] { warpsim::config::load_gpu_config(path); }) ==
        path + ": invalid JSON: number overflow parsing '-1e400'");
}

}  // namespace WARPSIM_UNITY_ID
