// The top-level key "clock_buffers": buffers holding clock readings, which validation against a GPU skips;
// each name must be a buffer of the config.
#include <warpsim/config/run_config.hpp>

#include "config_test_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::config;

namespace {

std::string config_with(const std::string& extra) {
  return R"({"gpu": "tiny", "buffers": {"cyc": {"type": "u64", "count": 4}},
             "kernels": [{"ptx": "k.ptx", "entry": "k", "grid": 1, "block": 32}])" +
         extra + "}";
}

std::string error_of(const std::string& text) {
  try {
    parse_run_config(text, "run.json");
  } catch (const warpsim::Error& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST_CASE("clock_buffers: optional list of the config's buffers") {
  CHECK(parse_run_config(config_with(""), "run.json").clock_buffers.empty());
  CHECK(parse_run_config(config_with(R"(, "clock_buffers": ["cyc"])"), "run.json").clock_buffers ==
        std::vector<std::string>{"cyc"});
  CHECK(error_of(config_with(R"(, "clock_buffers": ["cycles"])")) ==
        "run.json: clock_buffers[0]: unknown buffer \"cycles\"");
  CHECK(error_of(config_with(R"(, "clock_buffers": "cyc")")).find("run.json: clock_buffers:") == 0);
}

}  // namespace WARPSIM_UNITY_ID
