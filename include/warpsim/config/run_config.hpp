// The run config: which GPU, which kernels with which launch geometry and arguments, which buffers with
// which initial contents, and which results to check. See README "The run config".
//
// Models: parsing and validating the JSON (unknown keys, wrong types, impossible launches that need only
// the GPU model: block > max threads, grid/block dimension limits, dynamic shared memory above the
// per-CTA limit); every error names the config file and the JSON path (e.g. kernels[1].block[0]).
// Paths in the config are relative to the config file unless absolute.
// Leaves out: checks that need the PTX (argument count/sizes, static shared memory): sim/ does those, with
// config/kernel_args.hpp for the arguments.
#pragma once

#include <warpsim/common/types.hpp>
#include <warpsim/config/gpu_config.hpp>
#include <warpsim/config/tensor_map.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace warpsim::config {

enum class ElemType { F32, F64, U32, S32, U64, S64, U8, F16, BF16 };
unsigned elem_size(ElemType t);
const char* elem_name(ElemType t);                               // "f32", ...
std::optional<ElemType> parse_elem_type(std::string_view name);  // "f32" -> F32; nullopt if unknown

struct BufferInit {
  enum class Kind { Zero, Iota, Random, Values, File } kind = Kind::Zero;
  std::uint64_t seed = 0;                  // Random
  double min = 0.0, max = 1.0;             // Random (for integer types, int_min/int_max are the exact values)
  std::uint64_t int_min = 0, int_max = 0;  // Random, integer types: 64-bit two's complement (sign-extended)
  std::vector<double> values;              // Values (integers up to 2^53 exactly; use File for wider)
  std::string file;                        // File: absolute path, raw little-endian elements
};

struct BufferSpec {
  std::string name;
  ElemType type = ElemType::F32;
  std::uint64_t count = 0;
  BufferInit init;
};

// A tensor map as the run config gives it: cuTensorMapEncodeTiled's arguments, with the global address as a
// buffer and a byte offset into it (map.global_address holds only the offset until the buffer is placed).
struct TensorMapSpec {
  std::string buffer;
  std::uint64_t offset = 0;  // bytes into the buffer
  TensorMap map;
  std::string json_path;  // "kernels[0].args[2].tensor_map", for messages
};

// One patch of a "bytes" argument: `at` bytes into the parameter, a buffer's device address (8 bytes), a scalar
// or a tensor map (128 bytes).
struct ParamField {
  enum class Kind { Buffer, Scalar, TensorMap } kind = Kind::Scalar;
  std::uint64_t at = 0;      // bytes into the parameter
  std::string buffer;        // Kind::Buffer
  std::uint64_t offset = 0;  // Kind::Buffer: the address written is that of this byte of the buffer
  std::string type;          // Kind::Scalar: u32, s32, u64, s64, f32, f64, u16 or u8
  unsigned size = 0;         // bytes written: 8 for a buffer, the scalar's size, 128 for a tensor map
  std::uint64_t bits = 0;    // Kind::Scalar: the value's little-endian bits
  TensorMapSpec tensor_map;  // Kind::TensorMap
  std::string json_path;     // "kernels[0].args[0].bytes.fields[3]"
};

struct ArgSpec {
  enum class Kind { Buffer, Scalar, Bytes, TensorMap } kind = Kind::Scalar;
  std::string buffer;             // Kind::Buffer
  ElemType type = ElemType::U32;  // Kind::Scalar: one of u32, s32, u64, s64, f32, f64
  std::uint64_t bits = 0;         // Kind::Scalar: the value's little-endian bits
  // Kind::Bytes: a parameter of `size` bytes aligned to `align`, starting as `init` (zeros or a file's bytes),
  // then patched by `fields` (in config order; they neither overlap nor leave the parameter).
  std::uint32_t size = 0, align = 1;
  std::vector<std::byte> init;
  std::vector<ParamField> fields;
  TensorMapSpec tensor_map;  // Kind::TensorMap: a 128-byte parameter aligned to 64
  std::string json_path;     // "kernels[0].args[2]", for messages
};

struct LaunchSpec {
  std::string ptx;  // absolute path
  std::string entry;
  Dim3 grid, block;
  std::optional<Dim3> cluster;
  std::uint32_t dynamic_smem = 0;
  int stream = 0;
  bool nonportable_cluster = false;  // cluster may exceed the portable size limit (CUDA's opt-in attribute)
  // cudaFuncAttributePreferredSharedMemoryCarveout: percent of the largest shared-memory carve-out the kernel
  // prefers (the driver rounds it to a supported size and still gives the launch what it needs); -1 = not set.
  int preferred_carveout = -1;
  std::vector<ArgSpec> args;
  // Registers per thread for the timing model's occupancy; when set it overrides what ptxas reports.
  std::optional<unsigned> registers;
  std::string json_path;  // "kernels[0]"
};

struct ExpectSpec {
  std::string buffer;
  std::string file;  // absolute path, raw little-endian elements of the buffer's type
  std::uint64_t ulp = 0;
  std::string json_path;  // "run.json: expect.c.file", prefixed to errors reading the file ("" = none)
};

struct RunConfig {
  std::string path;  // the config file
  std::string description;
  // Which validation set the workload belongs to: "calibration" (GPU-model parameters may be fitted to its
  // measurements) or "judgement" (never: it only judges the model). `warpsim validate` reports them apart.
  std::string validation_set = "calibration";
  GpuConfig gpu;
  std::vector<LaunchSpec> kernels;
  std::vector<BufferSpec> buffers;  // in file order
  std::vector<ExpectSpec> expects;
  // Buffers that hold %clock/%clock64/%globaltimer readings: their contents depend on timing, so they are
  // left out when results are compared with a real GPU (warpsim validate).
  std::vector<std::string> clock_buffers;
};

// Reads and validates a run config. `gpu_overrides` are --set name=value strings for the GPU model.
RunConfig load_run_config(const std::string& path, const std::vector<std::string>& gpu_overrides = {});
// The same from already-parsed text (tests); `path` names it in messages and anchors relative paths.
RunConfig parse_run_config(const std::string& json_text, const std::string& path,
                           const std::vector<std::string>& gpu_overrides = {});

// ---- buffers ----
// Fills a buffer per its init spec (README "Random initialisation" specifies the generator exactly).
std::vector<std::byte> init_buffer(const BufferSpec& spec);
// Elements [first, first + n) of the same, into `out` (n x element size bytes).
void init_elements(const BufferSpec& spec, std::uint64_t first, std::uint64_t n, std::byte* out);

struct ExpectResult {
  std::string buffer;
  bool ok = true;
  std::uint64_t mismatches = 0;
  std::uint64_t first_index = 0;  // of the first mismatch
  std::uint64_t max_ulp = 0;      // largest ulp distance between numbers (floats; 0 for integers)
  std::string detail;             // "index 17: got 1.5 (0x3fc00000), expected 1.25 (0x3fa00000), 2 ulp > 0"
};
ExpectResult check_expect(const ExpectSpec& e, const BufferSpec& spec, const std::vector<std::byte>& data);

// Writes DIR/<name>.bin for each buffer and DIR/buffers.json (name, type, count, sha256), completely or
// not at all (written to a temporary directory beside DIR, then renamed over it).
void dump_buffers(const std::string& dir, const std::vector<BufferSpec>& specs,
                  const std::vector<std::vector<std::byte>>& data);
// The same, reading each buffer in pieces: read(i, offset, n, out) gives bytes [offset, offset + n) of buffer i
// (buffers larger than memory are written and hashed piece by piece).
using BufferReader = std::function<void(std::size_t buffer, std::uint64_t offset, std::uint64_t n, std::byte* out)>;
void dump_buffers(const std::string& dir, const std::vector<BufferSpec>& specs, const BufferReader& read);
std::string sha256_hex(const void* data, std::size_t size);

}  // namespace warpsim::config
