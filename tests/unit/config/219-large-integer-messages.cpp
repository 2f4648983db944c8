// A JSON integer too large for 64 bits (the parser holds it as a double) is written back in messages as the
// integer it is: 2^64 as 18446744073709551616, not 1.8446744073709552e+19.
// Leaves out: integers beyond 2^128, still written as doubles.
#include <warpsim/common/error.hpp>
#include <warpsim/config/run_config.hpp>

#include "config_test_util.hpp"

#include <nlohmann/json.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::config;

namespace {

std::string error_of(const std::string& json) {
  try {
    parse_run_config(json, "run.json");
  } catch (const warpsim::Error& e) {
    CHECK(e.kind() == warpsim::ErrorKind::Config);
    return e.what();
  }
  return "(no error)";
}

std::string with_buffer(const std::string& buffer) {
  return R"({"gpu": "tiny", "buffers": {"a": )" + buffer +
         R"(}, "kernels": [{"ptx": "k.ptx", "entry": "k", "grid": 1, "block": 32, "args": [{"buffer": "a"}]}]})";
}

}  // namespace

TEST_CASE("219 2^64 and beyond are written as integers in range messages") {
  CHECK(
      error_of(with_buffer(
          R"({"type": "f32", "count": 4, "init": {"random": {"seed": 18446744073709551616, "min": 0, "max": 1}}})")) ==
      "run.json: buffers.a.init.random.seed: 18446744073709551616 is out of range [0, 18446744073709551615]");
  CHECK(error_of(with_buffer(R"({"type": "u8", "count": 36893488147419103232})")) ==
        "run.json: buffers.a.count: 36893488147419103232 is out of range [1, 1099511627776]");
  CHECK(error_of(R"({"gpu": "tiny", "kernels": [{"ptx": "k.ptx", "entry": "k", "grid": 1, "block": 32,
                     "args": [{"u64": 18446744073709551616}]}]})") ==
        "run.json: kernels[0].args[0].u64: 18446744073709551616 is out of range for u64 [0, 18446744073709551615]");
}

}  // namespace WARPSIM_UNITY_ID
