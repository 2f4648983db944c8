// Fuzz target: the GPU-model loader. Writes the input to a private temporary folder as gpu.json and loads it
// (config::load_gpu_config: the schema, units, ranges, unknown keys, derived values). When it loads, checks the
// round trip the loader promises: gpu_config_json() of the result, loaded again, gives the same text; a
// difference aborts (a finding). A warpsim::Error is an expected outcome; anything else is a finding.
// Leaves out: --set overrides (their parser is the one the file's values go through, but the "name=value"
// splitting is not fuzzed) and GPU models named rather than given as a path.
#include "fuzz_util.hpp"

#include <warpsim/common/error.hpp>
#include <warpsim/config/gpu_config.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace warpsim;
  const std::string path = fuzz::write_file("gpu.json", fuzz::as_text(data, size));
  std::string text;
  try {
    text = config::gpu_config_json(config::load_gpu_config(path));
  } catch (const Error&) {
    return 0;
  }
  const std::string again_path = fuzz::write_file("gpu_again.json", text);
  std::string again;
  try {
    again = config::gpu_config_json(config::load_gpu_config(again_path));
  } catch (const Error& e) {
    std::fprintf(stderr, "gpu_config_json's output does not load again: %s\n%s\n", e.what(), text.c_str());
    std::abort();
  }
  if (again != text) {
    std::fprintf(stderr, "gpu_config_json round trip differs:\n%s\n---\n%s\n", text.c_str(), again.c_str());
    std::abort();
  }
  return 0;
}
