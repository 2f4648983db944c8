// Workload test param_struct (traces/param_struct): a "bytes" argument builds the kernel's 64-byte, 64-aligned
// parameter struct (three buffer addresses, one into the middle of its buffer, and scalars of every width) and
// the kernel's result is checked element by element against a CPU reference computed from the initial buffers;
// the inputs stay unchanged and the elements past n stay zero. The same config with a "bytes" argument of the
// wrong size or alignment fails at launch, naming the JSON path and the PTX parameter.
// Each run check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: timing, tensor maps (traces/tma_swizzle and tma_pipeline read theirs).
#include "workload_util.hpp"

#include <nlohmann/json.hpp>

#include <filesystem>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

void check_run(const wl::sim::RunResult& r) {
  const auto x = wl::initial<float>(r.config, "x");
  const auto idx = wl::initial<std::uint32_t>(r.config, "idx");
  // The struct's values, as the run config writes them.
  const int n = 250;
  const float scale = 1.5f;
  const double bias = 0.25;
  const unsigned shift = 3, flags = 1, tag = 7;
  const long long stride = 2;
  const unsigned long long mask = 1023;
  const std::size_t idx_base = 4;  // "offset": 16 bytes into idx
  std::vector<float> want(256, 0.0f);
  for (int i = 0; i < n; ++i) {
    float v = x[static_cast<std::size_t>(i)] * scale;
    if (flags & 1) v = -v;
    const unsigned k = (idx[idx_base + static_cast<std::size_t>(i * stride)] >> shift) & static_cast<unsigned>(mask);
    want[static_cast<std::size_t>(i)] =
        static_cast<float>(static_cast<double>(v) + bias) + static_cast<float>(k) + static_cast<float>(tag);
  }
  wl::check_equal(wl::final_contents<float>(r, "y"), want, "y");
  wl::check_unchanged<float>(r, "x");
  wl::check_unchanged<std::uint32_t>(r, "idx");
  wl::check_launch(r, 0, "param_struct", 2, 8);
}

// The workload's config with args[0].bytes changed by `edit`, written beside the PTX in a temporary folder.
std::string edited_config(const std::string& dir_name, void (*edit)(nlohmann::ordered_json&)) {
  namespace fs = std::filesystem;
  auto j = nlohmann::ordered_json::parse(std::ifstream(wl::trace_json("param_struct")));
  edit(j["kernels"][0]["args"][0]["bytes"]);
  const fs::path dir = fs::temp_directory_path() / (dir_name + "-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  fs::copy_file(wl::trace_file("param_struct", "param_struct.sm_90a.ptx"), dir / "param_struct.sm_90a.ptx",
                fs::copy_options::overwrite_existing);
  std::ofstream(dir / "run.json") << j.dump(2);
  return (dir / "run.json").string();
}

std::string launch_error(const std::string& config) {
  try {
    wl::sim::RunOptions opts;
    opts.functional_only = true;
    wl::sim::run_file(config, opts);
  } catch (const warpsim::Error& e) {
    CHECK(e.kind() == warpsim::ErrorKind::Launch);
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST_CASE("param_struct: a bytes argument passes a parameter struct, checked against the CPU (H200, sm_90a PTX)",
          "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("param_struct")));
}

TEST_CASE("param_struct: a bytes argument passes a parameter struct, checked against the CPU (B200, sm_100a PTX)",
          "[workloads]") {
  check_run(wl::run_b200("param_struct"));
}

TEST_CASE("param_struct: a bytes argument of the wrong size or alignment is a launch error naming the parameter",
          "[workloads]") {
  const std::string small = edited_config("warpsim-param-size", [](nlohmann::ordered_json& b) {
    b["size"] = 48;
    b["fields"].erase(b["fields"].size() - 1);  // the u64 at 56 and the s64 at 48 no longer fit
    b["fields"].erase(b["fields"].size() - 1);
  });
  CHECK(launch_error(small) == small +
                                   ": kernels[0].args[0].bytes.size: 48 bytes, but parameter 0 (param_struct_param_0) of "
                                   "param_struct is 64 bytes");
  const std::string loose = edited_config("warpsim-param-align", [](nlohmann::ordered_json& b) { b["align"] = 8; });
  CHECK(launch_error(loose) ==
        loose + ": kernels[0].args[0].bytes.align: 8, but parameter 0 (param_struct_param_0) of param_struct is "
                "declared .align 64");
  std::filesystem::remove_all(std::filesystem::path(small).parent_path());
  std::filesystem::remove_all(std::filesystem::path(loose).parent_path());
}

}  // namespace WARPSIM_UNITY_ID
