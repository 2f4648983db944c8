// Tensor maps: the 128-byte descriptor (CUDA's CUtensorMap) that a kernel receives as a parameter and that the
// TMA copies of cp.async.bulk.tensor read, as the run config describes it (the arguments of
// cuTensorMapEncodeTiled) and as warpsim writes it into parameter or global memory.
//
// Models: the tiled form of cuTensorMapEncodeTiled: its argument enums with CUDA's numeric values, every rule
// its documentation states (check_tensor_map), and warpsim's own 128-byte encoding of a valid map, with a decoder
// that the functional model's TMA unit uses to read a map back from memory and that rejects bytes which are not
// a valid warpsim tensor map.
// Leaves out: im2col maps (cuTensorMapEncodeIm2col), the packed sub-byte data types (16U4_ALIGN8B,
// 16U4_ALIGN16B, 16U6_ALIGN16B) and the Blackwell swizzle modes with 32/64-byte atoms; NVIDIA's own bit layout
// (opaque and undocumented: the GPU measurement tool gets it from cuTensorMapEncodeTiled itself).
//
// warpsim's encoding, all little-endian; every byte not listed is zero, as are the entries of dims, strides, box
// and element_strides at and beyond the rank:
//   offset  size  field
//        0     4  magic 0x4D545357 (the bytes "WSTM")
//        4     2  version (1)
//        6     1  dtype: CUtensorMapDataType value (0 uint8 ... 12 tfloat32_ftz)
//        7     1  rank (1 to 5)
//        8     8  global address (the tensor's first byte)
//       16  5 x 8 dims: elements per dimension, innermost first
//       56  4 x 8 strides: byte stride of dims 1..4 (strides[i] is dimension i+1's, CUDA's globalStrides)
//       88  5 x 2 box: elements per dimension of the box a copy moves
//       98  5 x 1 element strides
//      103     1  interleave: CUtensorMapInterleave value (0 none, 1 16B, 2 32B)
//      104     1  swizzle: CUtensorMapSwizzle value (0 none, 1 32B, 2 64B, 3 128B)
//      105     1  l2 promotion: CUtensorMapL2promotion value (0 none, 1 64B, 2 128B, 3 256B)
//      106     1  oob fill: CUtensorMapFloatOOBfill value (0 zero, 1 NaN with zero FMA)
//  107-127        zero
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace warpsim::config {

// CUDA's CUtensorMapDataType, same values (the packed sub-byte types 13-15 are left out).
enum class TensorMapDtype : std::uint8_t {
  Uint8 = 0,
  Uint16,
  Uint32,
  Int32,
  Uint64,
  Int64,
  Float16,
  Float32,
  Float64,
  Bfloat16,
  Float32Ftz,
  Tfloat32,
  Tfloat32Ftz,
};
enum class TensorMapInterleave : std::uint8_t { None = 0, B16, B32 };          // CUtensorMapInterleave
enum class TensorMapSwizzle : std::uint8_t { None = 0, B32, B64, B128 };       // CUtensorMapSwizzle (Hopper's)
enum class TensorMapL2Promotion : std::uint8_t { None = 0, B64, B128, B256 };  // CUtensorMapL2promotion
enum class TensorMapOobFill : std::uint8_t { Zero = 0, Nan };                  // CUtensorMapFloatOOBfill

inline constexpr unsigned kTensorMapBytes = 128;  // sizeof(CUtensorMap)
inline constexpr unsigned kTensorMapAlign = 64;   // alignof(CUtensorMap); the TMA reads maps at such addresses
inline constexpr unsigned kTensorMapMaxRank = 5;
inline constexpr std::uint32_t kTensorMapMagic = 0x4D545357;  // "WSTM"
inline constexpr std::uint16_t kTensorMapVersion = 1;

// One tiled tensor map: what cuTensorMapEncodeTiled takes (tensorMap itself aside).
struct TensorMap {
  TensorMapDtype dtype = TensorMapDtype::Uint8;
  unsigned rank = 1;
  std::uint64_t global_address = 0;
  std::array<std::uint64_t, kTensorMapMaxRank> dims{};             // innermost first; 0 beyond rank
  std::array<std::uint64_t, kTensorMapMaxRank - 1> strides{};      // bytes, of dims 1..rank-1; 0 beyond
  std::array<std::uint64_t, kTensorMapMaxRank> box{};              // 0 beyond rank
  std::array<std::uint64_t, kTensorMapMaxRank> element_strides{};  // 0 beyond rank
  TensorMapInterleave interleave = TensorMapInterleave::None;
  TensorMapSwizzle swizzle = TensorMapSwizzle::None;
  TensorMapL2Promotion l2_promotion = TensorMapL2Promotion::None;
  TensorMapOobFill oob_fill = TensorMapOobFill::Zero;
  bool operator==(const TensorMap&) const = default;
};

// Names as the run config writes them ("float32", "16B", "128B", "nan", ...), and back (nullopt if unknown).
const char* tensor_map_name(TensorMapDtype v);
const char* tensor_map_name(TensorMapInterleave v);
const char* tensor_map_name(TensorMapSwizzle v);
const char* tensor_map_name(TensorMapL2Promotion v);
const char* tensor_map_name(TensorMapOobFill v);
std::optional<TensorMapDtype> parse_tensor_map_dtype(std::string_view name);
std::optional<TensorMapInterleave> parse_tensor_map_interleave(std::string_view name);
std::optional<TensorMapSwizzle> parse_tensor_map_swizzle(std::string_view name);
std::optional<TensorMapL2Promotion> parse_tensor_map_l2_promotion(std::string_view name);
std::optional<TensorMapOobFill> parse_tensor_map_oob_fill(std::string_view name);

unsigned dtype_size(TensorMapDtype t);  // bytes per element
bool dtype_is_float(TensorMapDtype t);  // float16, float32, float64, bfloat16, float32_ftz, tfloat32(_ftz)
unsigned swizzle_span(TensorMapSwizzle s);  // bytes: 0 for none, else 32, 64 or 128

// A rule of cuTensorMapEncodeTiled that a map breaks. `field` is the run config's key for the argument
// ("dims", "strides", "box", "element_strides", "interleave", "swizzle", "oob_fill"; "global_address" for the
// address, which the run config gives as a buffer and a byte offset), `index` the array element or -1.
// `message` is the whole description ("300 is outside 1..256 (cuTensorMapEncodeTiled: ...)"), `rule` CUDA's
// rule alone ("cuTensorMapEncodeTiled: each boxDim must be ...; CUDA_ERROR_INVALID_VALUE").
struct TensorMapViolation {
  std::string field;
  int index = -1;
  std::string message;
  std::string rule;
};
// The first rule the map breaks, or nullopt if cuTensorMapEncodeTiled accepts it.
std::optional<TensorMapViolation> check_tensor_map(const TensorMap& m);

// warpsim's 128 bytes of a map (see the layout above). The map must pass check_tensor_map (an Internal error if
// not: the run config has checked it). `out` needs 128 bytes.
void encode_tensor_map(const TensorMap& m, std::byte* out);
std::array<std::byte, kTensorMapBytes> encode_tensor_map(const TensorMap& m);
// The map that 128 bytes at `in` encode. Bytes that are not a valid warpsim tensor map (wrong magic or version,
// an unknown enum value, a rank outside 1..5, non-zero reserved bytes, or a map that breaks a rule of
// cuTensorMapEncodeTiled) are an Execution error saying what is wrong; the caller adds where the bytes were.
TensorMap decode_tensor_map(const std::byte* in);

}  // namespace warpsim::config
