// The kernel key "registers": registers per thread for the timing model (overrides ptxas), 1 to
// regs.max_per_thread.
#include <warpsim/config/run_config.hpp>

#include "config_test_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::config;

namespace {

std::string config_with(const std::string& registers) {
  return R"({"gpu": "tiny", "kernels": [{"ptx": "k.ptx", "entry": "k", "grid": 1, "block": 32)" + registers + "}]}";
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

TEST_CASE("registers: optional, 1 to regs.max_per_thread") {
  CHECK(!parse_run_config(config_with(""), "run.json").kernels[0].registers);
  CHECK(parse_run_config(config_with(R"(, "registers": 40)"), "run.json").kernels[0].registers == 40u);
  CHECK(parse_run_config(config_with(R"(, "registers": 255)"), "run.json").kernels[0].registers == 255u);
  const std::string high = error_of(config_with(R"(, "registers": 256)"));
  CHECK(high.find("run.json: kernels[0].registers:") == 0);
  CHECK(high.find("256") != std::string::npos);
  CHECK(error_of(config_with(R"(, "registers": 0)")).find("kernels[0].registers") != std::string::npos);
  CHECK(error_of(config_with(R"(, "registers": "many")")).find("kernels[0].registers") != std::string::npos);
}

}  // namespace WARPSIM_UNITY_ID
