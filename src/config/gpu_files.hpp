// Finding GPU config files: a name resolves inside gpu_configs_dir(), a path (contains '/' or ends in
// .json) relative to a base folder. Shared by load_gpu_config and the run config's "gpu" key.
// Leaves out: reading or validating the file (gpu_config.cpp).
#pragma once

#include <string>

namespace warpsim::config::detail {

struct GpuFile {
  std::string path;   // the file to read ("" when not found)
  std::string error;  // why not found: "unknown GPU model \"h300\" (available: b200, h100, h200, tiny)"
};

// `base_dir` anchors relative paths ("" = the working directory).
GpuFile locate_gpu_config(const std::string& name_or_path, const std::string& base_dir);

}  // namespace warpsim::config::detail
