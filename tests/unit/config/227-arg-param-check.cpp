// Each argument against the PTX parameter it meets (config::check_arg_fits, used by warpsim and by the GPU
// measurement tool): a buffer needs 8 bytes, a scalar its own size, a "bytes" argument exactly the declared size
// and alignment, a tensor map a 128-byte parameter aligned to 64; a mismatch is a Launch error naming the JSON
// path and the parameter.
#include <warpsim/config/kernel_args.hpp>
#include <warpsim/config/run_config.hpp>

#include "config_test_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::config;

namespace {

const RunConfig& config() {
  static const RunConfig c = parse_run_config(R"({"gpu": "tiny", "buffers": {"t": {"type": "f32", "count": 1024}},
    "kernels": [{"ptx": "k.ptx", "entry": "k", "grid": 1, "block": 32, "args": [
      {"buffer": "t"}, {"f64": 1}, {"bytes": {"size": 64, "align": 16}},
      {"tensor_map": {"buffer": "t", "dtype": "float32", "dims": [1024], "box": [32]}}]}]})",
                                              "run.json");
  return c;
}

std::string error_of(std::size_t index, std::uint32_t size, std::uint32_t align) {
  try {
    check_arg_fits("run.json", config().kernels[0], index, ParamDecl{"k_param_" + std::to_string(index), size, align});
  } catch (const warpsim::Error& e) {
    CHECK(e.kind() == warpsim::ErrorKind::Launch);
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST_CASE("a buffer meets an 8-byte parameter, a scalar one of its size") {
  CHECK(error_of(0, 8, 8) == "(no error)");
  CHECK(error_of(0, 4, 4) ==
        "run.json: kernels[0].args[0]: argument 0 is buffer 't' (an 8-byte device address), but parameter 0 "
        "(k_param_0) of k is 4 bytes");
  CHECK(error_of(1, 8, 8) == "(no error)");
  CHECK(error_of(1, 4, 4) ==
        "run.json: kernels[0].args[1]: argument 1 is a f64 (8 bytes), but parameter 1 (k_param_1) of k is 4 bytes");
}

TEST_CASE("a bytes argument meets a parameter of exactly its size and alignment") {
  CHECK(error_of(2, 64, 16) == "(no error)");
  CHECK(error_of(2, 48, 16) ==
        "run.json: kernels[0].args[2].bytes.size: 64 bytes, but parameter 2 (k_param_2) of k is 48 bytes");
  CHECK(error_of(2, 64, 8) ==
        "run.json: kernels[0].args[2].bytes.align: 16, but parameter 2 (k_param_2) of k is declared .align 8");
  CHECK(error_of(2, 64, 64) ==
        "run.json: kernels[0].args[2].bytes.align: 16, but parameter 2 (k_param_2) of k is declared .align 64");
}

TEST_CASE("a tensor map meets a 128-byte parameter aligned to 64") {
  CHECK(error_of(3, 128, 64) == "(no error)");
  CHECK(error_of(3, 128, 128) == "(no error)");
  CHECK(error_of(3, 8, 8) ==
        "run.json: kernels[0].args[3].tensor_map: a tensor map is a 128-byte parameter aligned to 64 (.param .align 64 "
        ".b8 k_param_3[128], a CUtensorMap), but parameter 3 (k_param_3) of k is 8 bytes aligned to 8");
  CHECK(error_of(3, 128, 8) ==
        "run.json: kernels[0].args[3].tensor_map: a tensor map is a 128-byte parameter aligned to 64 (.param .align 64 "
        ".b8 k_param_3[128], a CUtensorMap), but parameter 3 (k_param_3) of k is 128 bytes aligned to 8");
}

}  // namespace WARPSIM_UNITY_ID
