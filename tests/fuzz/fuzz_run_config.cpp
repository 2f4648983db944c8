// Fuzz target: the run-config loader. Parses the input as a run config's JSON text (config::parse_run_config,
// anchored in a private temporary folder that holds a 64-byte data.bin, so relative "file" paths can name a file
// that exists) and, when it is valid, fills every buffer of at most 1 MiB from its init spec (zero, iota, random,
// values, file) as a run would. A warpsim::Error is an expected outcome; anything else is a finding.
// Leaves out: loading the PTX the config names and running it (fuzz_exec runs kernels), --set overrides of the
// GPU model (fuzz_gpu_config loads GPU configs), buffers over 1 MiB (only their pages a kernel touches are ever
// filled).
#include "fuzz_util.hpp"

#include <warpsim/common/error.hpp>
#include <warpsim/config/run_config.hpp>

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace warpsim;
  static const std::string anchor = [] {
    std::string bytes(64, '\0');
    for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<char>(i * 7 + 1);
    fuzz::write_file("data.bin", bytes);
    return fuzz::temp_dir() + "/run.json";
  }();
  try {
    const config::RunConfig cfg = config::parse_run_config(std::string(fuzz::as_text(data, size)), anchor);
    for (const auto& b : cfg.buffers) {
      if (b.count > (std::uint64_t{1} << 20) / config::elem_size(b.type)) continue;
      (void)config::init_buffer(b);
    }
  } catch (const Error&) {
  }
  return 0;
}
