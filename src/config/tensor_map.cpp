// Tensor maps: the rules of cuTensorMapEncodeTiled as its documentation (CUDA 13 driver API, cuda.h) states
// them, and warpsim's 128-byte encoding (layout in include/warpsim/config/tensor_map.hpp).
// Leaves out: the packed sub-byte data types and the Blackwell swizzle atoms (not accepted by the run config), and
// the layout relation of the documentation's example code (globalStrides[i] >= globalDim[i] ...): it describes a
// packed tensor, it is not a check, and CUTLASS passes a stride of 0 for a batch dimension of extent 1.
#include <warpsim/config/tensor_map.hpp>

#include <warpsim/common/error.hpp>

#include <fmt/format.h>

#include <cstring>
#include <iterator>

namespace warpsim::config {

namespace {

constexpr const char* kDtypeNames[] = {"uint8",   "uint16",   "uint32",      "int32",    "uint64",
                                       "int64",   "float16",  "float32",     "float64",  "bfloat16",
                                       "float32_ftz", "tfloat32", "tfloat32_ftz"};
constexpr unsigned kDtypeSizes[] = {1, 2, 4, 4, 8, 8, 2, 4, 8, 2, 4, 4, 4};
constexpr const char* kInterleaveNames[] = {"none", "16B", "32B"};
constexpr const char* kSwizzleNames[] = {"none", "32B", "64B", "128B"};
constexpr const char* kL2Names[] = {"none", "64B", "128B", "256B"};
constexpr const char* kOobNames[] = {"zero", "nan"};

template <typename E, std::size_t N>
std::optional<E> parse_name(const char* const (&names)[N], std::string_view name) {
  for (std::size_t i = 0; i < N; ++i) {
    if (name == names[i]) return static_cast<E>(i);
  }
  return std::nullopt;
}

constexpr std::uint64_t kMaxDim = std::uint64_t{1} << 32;
constexpr std::uint64_t kStrideLimit = std::uint64_t{1} << 40;
constexpr unsigned kMaxBox = 256;
constexpr unsigned kMaxElementStride = 8;

std::string rule_text(const char* rule) {
  return fmt::format("cuTensorMapEncodeTiled: {}; CUDA_ERROR_INVALID_VALUE", rule);
}

TensorMapViolation violation(std::string field, int index, std::string what, const char* rule) {
  TensorMapViolation v{std::move(field), index, {}, rule_text(rule)};
  v.message = fmt::format("{} ({})", what, v.rule);
  return v;
}

void put(std::byte* p, std::uint64_t v, unsigned size) {
  for (unsigned i = 0; i < size; ++i) p[i] = static_cast<std::byte>((v >> (8 * i)) & 0xff);
}

std::uint64_t get(const std::byte* p, unsigned size) {
  std::uint64_t v = 0;
  for (unsigned i = 0; i < size; ++i) v |= std::uint64_t{std::to_integer<std::uint8_t>(p[i])} << (8 * i);
  return v;
}

// Byte offsets of the encoding's fields (the table in the header).
constexpr unsigned kOffMagic = 0, kOffVersion = 4, kOffDtype = 6, kOffRank = 7, kOffAddress = 8, kOffDims = 16,
                   kOffStrides = 56, kOffBox = 88, kOffElementStrides = 98, kOffInterleave = 103, kOffSwizzle = 104,
                   kOffL2 = 105, kOffOob = 106, kEncodedEnd = 107;

[[noreturn]] void bad_bytes(const std::string& why) {
  fail(ErrorKind::Execution, "the 128 bytes are not a valid warpsim tensor map: {}", why);
}

}  // namespace

const char* tensor_map_name(TensorMapDtype v) { return kDtypeNames[static_cast<unsigned>(v)]; }
const char* tensor_map_name(TensorMapInterleave v) { return kInterleaveNames[static_cast<unsigned>(v)]; }
const char* tensor_map_name(TensorMapSwizzle v) { return kSwizzleNames[static_cast<unsigned>(v)]; }
const char* tensor_map_name(TensorMapL2Promotion v) { return kL2Names[static_cast<unsigned>(v)]; }
const char* tensor_map_name(TensorMapOobFill v) { return kOobNames[static_cast<unsigned>(v)]; }

std::optional<TensorMapDtype> parse_tensor_map_dtype(std::string_view n) {
  return parse_name<TensorMapDtype>(kDtypeNames, n);
}
std::optional<TensorMapInterleave> parse_tensor_map_interleave(std::string_view n) {
  return parse_name<TensorMapInterleave>(kInterleaveNames, n);
}
std::optional<TensorMapSwizzle> parse_tensor_map_swizzle(std::string_view n) {
  return parse_name<TensorMapSwizzle>(kSwizzleNames, n);
}
std::optional<TensorMapL2Promotion> parse_tensor_map_l2_promotion(std::string_view n) {
  return parse_name<TensorMapL2Promotion>(kL2Names, n);
}
std::optional<TensorMapOobFill> parse_tensor_map_oob_fill(std::string_view n) {
  return parse_name<TensorMapOobFill>(kOobNames, n);
}

unsigned dtype_size(TensorMapDtype t) { return kDtypeSizes[static_cast<unsigned>(t)]; }

bool dtype_is_float(TensorMapDtype t) {
  switch (t) {
    case TensorMapDtype::Float16:
    case TensorMapDtype::Float32:
    case TensorMapDtype::Float64:
    case TensorMapDtype::Bfloat16:
    case TensorMapDtype::Float32Ftz:
    case TensorMapDtype::Tfloat32:
    case TensorMapDtype::Tfloat32Ftz: return true;
    default: return false;
  }
}

unsigned swizzle_span(TensorMapSwizzle s) {
  switch (s) {
    case TensorMapSwizzle::B32: return 32;
    case TensorMapSwizzle::B64: return 64;
    case TensorMapSwizzle::B128: return 128;
    default: return 0;
  }
}

std::optional<TensorMapViolation> check_tensor_map(const TensorMap& m) {
  if (m.rank < 1 || m.rank > kTensorMapMaxRank) {
    return violation("dims", -1, fmt::format("{} dimensions", m.rank), "tensorRank must be 1 to 5");
  }
  const int rank = static_cast<int>(m.rank);
  const bool i32 = m.interleave == TensorMapInterleave::B32;
  for (int i = 0; i < rank; ++i) {
    const std::uint64_t d = m.dims[static_cast<std::size_t>(i)];
    if (d == 0 || d > kMaxDim)
      return violation("dims", i, fmt::format("{} is outside 1..2^32", d),
                       "each globalDim must be non-zero and at most 2^32");
  }
  for (int i = 0; i + 1 < rank; ++i) {
    const std::uint64_t s = m.strides[static_cast<std::size_t>(i)];
    const unsigned multiple = i32 ? 32 : 16;
    if (s % multiple != 0)
      return violation("strides", i,
                       fmt::format("{} bytes is not a multiple of {}{}", s, multiple, i32 ? " (interleave 32B)" : ""),
                       "each globalStride must be a multiple of 16, and of 32 when interleave is 32B");
    if (s >= kStrideLimit)
      return violation("strides", i, fmt::format("{} bytes is not less than 2^40", s),
                       "each globalStride must be less than 2^40");
  }
  for (int i = 0; i < rank; ++i) {
    const std::uint64_t b = m.box[static_cast<std::size_t>(i)];
    if (b == 0 || b > kMaxBox)
      return violation("box", i, fmt::format("{} is outside 1..256", b), "each boxDim must be non-zero and at most 256");
  }
  const std::uint64_t inner_bytes = m.box[0] * dtype_size(m.dtype);
  if (m.interleave == TensorMapInterleave::None && inner_bytes % 16 != 0)
    return violation("box", 0,
                     fmt::format("{} elements of {} are {} bytes, not a multiple of 16", m.box[0],
                                 tensor_map_name(m.dtype), inner_bytes),
                     "with interleave NONE, boxDim[0] x the element size must be a multiple of 16 bytes");
  for (int i = 0; i < rank; ++i) {
    const std::uint64_t e = m.element_strides[static_cast<std::size_t>(i)];
    if (e == 0 || e > kMaxElementStride)
      return violation("element_strides", i, fmt::format("{} is outside 1..8", e),
                       "each elementStride must be non-zero and at most 8");
  }
  if (m.interleave != TensorMapInterleave::None && m.rank < 3)
    return violation("interleave", -1,
                     fmt::format("interleave {} with {} dimension{}", tensor_map_name(m.interleave), m.rank,
                                 m.rank == 1 ? "" : "s"),
                     "tensorRank must be at least 3 when interleave is not NONE");
  if (i32 && m.swizzle != TensorMapSwizzle::B32)
    return violation("swizzle", -1, fmt::format("swizzle {} with interleave 32B", tensor_map_name(m.swizzle)),
                     "interleave 32B requires swizzle 32B");
  const unsigned span = swizzle_span(m.swizzle);
  if (m.interleave == TensorMapInterleave::None && span != 0 && inner_bytes > span)
    return violation("box", 0,
                     fmt::format("{} elements of {} are {} bytes, more than the {}-byte span of swizzle {}", m.box[0],
                                 tensor_map_name(m.dtype), inner_bytes, span, tensor_map_name(m.swizzle)),
                     "with interleave NONE and a swizzle, boxDim[0] x the element size must not exceed the swizzle "
                     "span (32, 64 or 128 bytes)");
  if (m.oob_fill == TensorMapOobFill::Nan && !dtype_is_float(m.dtype))
    return violation("oob_fill", -1, fmt::format("oob fill nan for {}", tensor_map_name(m.dtype)),
                     "oobFill NAN_REQUEST_ZERO_FMA needs a floating-point data type");
  const unsigned addr_align = i32 ? 32 : 16;
  if (m.global_address % addr_align != 0)
    return violation("global_address", -1,
                     fmt::format("global address {:#x} is not a multiple of {}{}", m.global_address, addr_align,
                                 i32 ? " (interleave 32B)" : ""),
                     "globalAddress must be 16-byte aligned, and 32-byte aligned when interleave is 32B");
  return std::nullopt;
}

void encode_tensor_map(const TensorMap& m, std::byte* out) {
  if (const auto v = check_tensor_map(m)) fail(ErrorKind::Internal, "encoding an invalid tensor map: {}", v->message);
  std::memset(out, 0, kTensorMapBytes);
  put(out + kOffMagic, kTensorMapMagic, 4);
  put(out + kOffVersion, kTensorMapVersion, 2);
  put(out + kOffDtype, static_cast<unsigned>(m.dtype), 1);
  put(out + kOffRank, m.rank, 1);
  put(out + kOffAddress, m.global_address, 8);
  for (unsigned i = 0; i < m.rank; ++i) {
    put(out + kOffDims + 8 * i, m.dims[i], 8);
    if (i + 1 < m.rank) put(out + kOffStrides + 8 * i, m.strides[i], 8);
    put(out + kOffBox + 2 * i, m.box[i], 2);
    put(out + kOffElementStrides + i, m.element_strides[i], 1);
  }
  put(out + kOffInterleave, static_cast<unsigned>(m.interleave), 1);
  put(out + kOffSwizzle, static_cast<unsigned>(m.swizzle), 1);
  put(out + kOffL2, static_cast<unsigned>(m.l2_promotion), 1);
  put(out + kOffOob, static_cast<unsigned>(m.oob_fill), 1);
}

std::array<std::byte, kTensorMapBytes> encode_tensor_map(const TensorMap& m) {
  std::array<std::byte, kTensorMapBytes> out{};
  encode_tensor_map(m, out.data());
  return out;
}

TensorMap decode_tensor_map(const std::byte* in) {
  const std::uint64_t magic = get(in + kOffMagic, 4);
  if (magic != kTensorMapMagic)
    bad_bytes(fmt::format("its first word is {:#010x}, not the magic {:#010x} (\"WSTM\"); was it written by warpsim "
                          "from a run config's tensor_map?",
                          magic, kTensorMapMagic));
  const std::uint64_t version = get(in + kOffVersion, 2);
  if (version != kTensorMapVersion) bad_bytes(fmt::format("version {}, expected {}", version, kTensorMapVersion));
  struct EnumByte {
    const char* name;
    unsigned offset;
    unsigned count;
  };
  const EnumByte enums[] = {{"dtype", kOffDtype, static_cast<unsigned>(std::size(kDtypeNames))},
                            {"interleave", kOffInterleave, static_cast<unsigned>(std::size(kInterleaveNames))},
                            {"swizzle", kOffSwizzle, static_cast<unsigned>(std::size(kSwizzleNames))},
                            {"l2 promotion", kOffL2, static_cast<unsigned>(std::size(kL2Names))},
                            {"oob fill", kOffOob, static_cast<unsigned>(std::size(kOobNames))}};
  for (const auto& e : enums) {
    const std::uint64_t v = get(in + e.offset, 1);
    if (v >= e.count) bad_bytes(fmt::format("{} {} (byte {}) is not one of 0..{}", e.name, v, e.offset, e.count - 1));
  }
  TensorMap m;
  m.rank = static_cast<unsigned>(get(in + kOffRank, 1));
  if (m.rank < 1 || m.rank > kTensorMapMaxRank) bad_bytes(fmt::format("rank {} (byte {}) is not 1..5", m.rank, kOffRank));
  m.dtype = static_cast<TensorMapDtype>(get(in + kOffDtype, 1));
  m.global_address = get(in + kOffAddress, 8);
  m.interleave = static_cast<TensorMapInterleave>(get(in + kOffInterleave, 1));
  m.swizzle = static_cast<TensorMapSwizzle>(get(in + kOffSwizzle, 1));
  m.l2_promotion = static_cast<TensorMapL2Promotion>(get(in + kOffL2, 1));
  m.oob_fill = static_cast<TensorMapOobFill>(get(in + kOffOob, 1));
  for (unsigned i = 0; i < m.rank; ++i) {
    m.dims[i] = get(in + kOffDims + 8 * i, 8);
    if (i + 1 < m.rank) m.strides[i] = get(in + kOffStrides + 8 * i, 8);
    m.box[i] = get(in + kOffBox + 2 * i, 2);
    m.element_strides[i] = get(in + kOffElementStrides + i, 1);
  }
  // Everything else must be zero: what encode_tensor_map writes, and nothing else.
  std::array<std::byte, kTensorMapBytes> expect{};
  if (const auto v = check_tensor_map(m)) {
    const std::string field = v->index < 0 ? v->field : fmt::format("{}[{}]", v->field, v->index);
    bad_bytes(fmt::format("{}: {}", field, v->message));
  }
  encode_tensor_map(m, expect.data());
  for (unsigned i = 0; i < kTensorMapBytes; ++i) {
    if (expect[i] != in[i])
      bad_bytes(fmt::format("byte {} is {:#04x}, but is unused for a rank-{} map and must be 0", i,
                            std::to_integer<unsigned>(in[i]), m.rank));
  }
  return m;
}

}  // namespace warpsim::config
