// Kernel arguments as the bytes a kernel's parameters hold: what cuLaunchKernel's kernelParams point to, built the
// same way by the simulator and by the GPU measurement tool (tools/measure), which differ only in where buffers
// live and in who writes tensor maps (warpsim's encoding here, cuTensorMapEncodeTiled there).
//
// Models: a buffer argument as its 8-byte device address, a scalar as its little-endian bits, a "bytes" argument as
// its initial bytes patched by its fields, a tensor map as 128 bytes; and the check of each argument against the
// PTX parameter it meets (size, and the declared alignment of "bytes" and tensor-map parameters), with errors
// naming the run config, the JSON path and the parameter.
// Leaves out: where parameters sit in the parameter buffer (the PTX loader lays them out) and the check of the
// argument count (the callers do it).
#pragma once

#include <warpsim/config/run_config.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace warpsim::config {

// The device address of a buffer (by name).
using BufferAddress = std::function<std::uint64_t(const std::string& buffer)>;
// Writes the 128 bytes of a tensor map whose global_address is final to `out`.
using TensorMapWriter = std::function<void(const TensorMap& map, std::byte* out)>;

// warpsim's tensor-map writer: encode_tensor_map.
void write_warpsim_tensor_map(const TensorMap& map, std::byte* out);

// The map of `spec` once its buffer starts at `buffer_address`.
TensorMap placed_tensor_map(const TensorMapSpec& spec, std::uint64_t buffer_address);

// The bytes of argument `a`: its parameter's contents.
std::vector<std::byte> arg_bytes(const ArgSpec& a, const BufferAddress& address,
                                 const TensorMapWriter& write_map = write_warpsim_tensor_map);

// The PTX parameter an argument meets: its name, size and declared alignment (ir::ParamInfo's, which config/
// cannot include).
struct ParamDecl {
  std::string name;
  std::uint32_t size = 0;
  std::uint32_t align = 1;
};
// Checks argument `index` of launch `k` against parameter `p` of its entry: a buffer meets an 8-byte parameter,
// a scalar one of its own size, a "bytes" argument one of exactly its size and alignment, a tensor map a 128-byte
// parameter aligned to a multiple of 64 (`.param .align 64 .b8 name[128]`). Otherwise a Launch error:
// "run.json: kernels[0].args[1].bytes.size: 48 bytes, but parameter 1 (k_param_1) of k is 64 bytes".
void check_arg_fits(const std::string& config_path, const LaunchSpec& k, std::size_t index, const ParamDecl& p);

}  // namespace warpsim::config
