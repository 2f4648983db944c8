// The run config: JSON -> RunConfig, with every launch checked against the GPU model the way the CUDA
// runtime would refuse it (block and grid limits, cluster shape, dynamic shared memory).
//
// Models: the keys of README "The run config"; unknown keys, wrong types, missing keys, unknown buffer
// names, out-of-range scalars and impossible launches are errors naming the file and the JSON path, with
// the CUDA error code where CUDA has one. Paths in the file are relative to the file. Parameter structs
// ("bytes": fields inside the parameter, not overlapping) and tensor maps (every rule cuTensorMapEncodeTiled
// documents, config/tensor_map.hpp) are checked here too.
// Leaves out: checks needing the PTX (parameter count, sizes and alignment, static shared memory): sim/ does
// those, with config/kernel_args.hpp.
#include <warpsim/config/run_config.hpp>

#include "config/elements.hpp"
#include "config/gpu_files.hpp"
#include "config/json_util.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>
#include <filesystem>
#include <limits>

namespace warpsim::config {

namespace fs = std::filesystem;
using detail::JsonPath;
using detail::ojson;

namespace {

constexpr const char* kInvalidConfig = "(cudaErrorInvalidConfiguration / CUDA_ERROR_INVALID_VALUE)";
constexpr const char* kInvalidCluster = "(cudaErrorInvalidClusterSize / CUDA_ERROR_INVALID_CLUSTER_SIZE)";
constexpr std::uint64_t kMaxBufferBytes = std::uint64_t{1} << 40;
constexpr char kAxis[] = {'x', 'y', 'z'};

std::string absolute_from(const fs::path& base, const std::string& p) {
  fs::path path(p);
  if (path.is_relative()) path = base / path;
  return fs::absolute(path).lexically_normal().string();
}

// A file the config names (`v` at `at`): absolute, relative to `base` unless absolute. A name holding a NUL
// character (the file system would cut it there) or naming a directory is an error at `at`; a missing file is
// reported where it is read, also naming `at`.
std::string input_file(const ojson& v, const JsonPath& at, const fs::path& base) {
  const std::string p = detail::get_string(v, at);
  if (p.empty()) at.fail("expected a file name, got \"\"");
  if (const auto nul = p.find('\0'); nul != std::string::npos)
    at.fail("{} holds a NUL character (at byte {}), which no file name can", detail::describe(v), nul);
  const std::string path = absolute_from(base, p);
  std::error_code ec;
  if (fs::is_directory(path, ec)) at.fail("{} is a directory, not a file", path);
  return path;
}

// A number or an array of 1 to 3 numbers, as 64-bit values so that limits can be reported exactly.
struct Dims {
  std::array<std::uint64_t, 3> v = {1, 1, 1};
  bool is_array = false;
  JsonPath at;
  JsonPath axis_at(int a) const { return is_array ? at.index(static_cast<std::size_t>(a)) : at; }
  std::uint64_t volume() const {  // saturating
    std::uint64_t n = 1;
    for (std::uint64_t d : v) n = (d != 0 && n > std::numeric_limits<std::uint64_t>::max() / d) ? UINT64_MAX : n * d;
    return n;
  }
  Dim3 dim3() const {
    return {static_cast<std::uint32_t>(v[0]), static_cast<std::uint32_t>(v[1]), static_cast<std::uint32_t>(v[2])};
  }
};

Dims parse_dims(const ojson& j, const JsonPath& at, const char* what, const char* cuda_error) {
  Dims d{.at = at};
  if (j.is_array()) {
    if (j.empty() || j.size() > 3)
      at.fail("expected a number or an array of 1 to 3 numbers, got {}", detail::describe(j));
    d.is_array = true;
    for (std::size_t a = 0; a < j.size(); ++a) d.v[a] = detail::get_uint(j[a], at.index(a));
  } else if (j.is_number()) {
    d.v[0] = detail::get_uint(j, at);
  } else {
    at.fail("expected a number or an array of 1 to 3 numbers, got {}", detail::describe(j));
  }
  for (int a = 0; a < 3; ++a) {
    if (d.v[a] == 0)
      d.axis_at(a).fail("{} {} is 0 (every dimension must be at least 1) {}", what, kAxis[a], cuda_error);
  }
  return d;
}

void check_dim_limits(const Dims& d, const char* what, const std::array<std::uint64_t, 3>& limits) {
  for (int a = 0; a < 3; ++a) {
    if (d.v[a] > limits[a]) {
      d.axis_at(a).fail("{} {} of {} exceeds the limit of {} {}", what, kAxis[a], d.v[a], limits[a], kInvalidConfig);
    }
  }
}

bool valid_buffer_name(const std::string& n) {
  if (n.empty() || n[0] == '.' || n[0] == '-') return false;
  return std::all_of(n.begin(), n.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.';
  });
}

std::vector<std::string> buffer_names(const std::vector<BufferSpec>& buffers) {
  std::vector<std::string> names;
  for (const auto& b : buffers) names.push_back(b.name);
  return names;
}

const BufferSpec* find_buffer(const std::vector<BufferSpec>& buffers, const std::string& name) {
  for (const auto& b : buffers) {
    if (b.name == name) return &b;
  }
  return nullptr;
}

[[noreturn]] void unknown_buffer(const JsonPath& at, const std::string& name, const std::vector<BufferSpec>& buffers) {
  const auto names = buffer_names(buffers);
  std::string hint = detail::suggestion(name, names);
  if (hint.empty())
    hint = fmt::format(" (buffers: {})", names.empty() ? "none" : fmt::format("{}", fmt::join(names, ", ")));
  at.fail("unknown buffer \"{}\"{}", name, hint);
}

void parse_random(BufferInit& init, const ojson& j, const JsonPath& at, ElemType type) {
  detail::get_object(j, at);
  detail::check_keys(j, at, {"seed", "min", "max"});
  init.kind = BufferInit::Kind::Random;
  init.seed = detail::get_uint(detail::require(j, at, "seed"), at.key("seed"));
  const ojson& lo = detail::require(j, at, "min");
  const ojson& hi = detail::require(j, at, "max");
  const auto& info = detail::elem_info(type);
  if (info.is_float) {
    detail::json_to_float_bits(lo, at.key("min"), type);
    detail::json_to_float_bits(hi, at.key("max"), type);
    init.min = lo.get<double>();
    init.max = hi.get<double>();
    if (init.min > init.max) at.fail("min ({}) is greater than max ({})", detail::describe(lo), detail::describe(hi));
    return;
  }
  init.int_min = detail::json_to_int(lo, at.key("min"), type);
  init.int_max = detail::json_to_int(hi, at.key("max"), type);
  const bool reversed = info.is_signed
                            ? static_cast<std::int64_t>(init.int_min) > static_cast<std::int64_t>(init.int_max)
                            : init.int_min > init.int_max;
  if (reversed) at.fail("min ({}) is greater than max ({})", detail::describe(lo), detail::describe(hi));
  init.min =
      info.is_signed ? static_cast<double>(static_cast<std::int64_t>(init.int_min)) : static_cast<double>(init.int_min);
  init.max =
      info.is_signed ? static_cast<double>(static_cast<std::int64_t>(init.int_max)) : static_cast<double>(init.int_max);
}

void parse_values(BufferInit& init, const ojson& j, const JsonPath& at, const BufferSpec& spec) {
  detail::get_array(j, at);
  if (j.size() != spec.count) at.fail("{} values for a buffer of {} elements", j.size(), spec.count);
  init.kind = BufferInit::Kind::Values;
  const auto& info = detail::elem_info(spec.type);
  for (std::size_t i = 0; i < j.size(); ++i) {
    const JsonPath vat = at.index(i);
    if (info.is_float) {
      detail::json_to_float_bits(j[i], vat, spec.type);
      init.values.push_back(j[i].get<double>());
      continue;
    }
    const std::uint64_t v = detail::json_to_int(j[i], vat, spec.type);
    const bool negative = info.is_signed && static_cast<std::int64_t>(v) < 0;
    const std::uint64_t magnitude = negative ? 0 - v : v;
    if (magnitude > (std::uint64_t{1} << 53)) {
      vat.fail("{} is beyond 2^53, which \"values\" cannot hold exactly; use {{\"file\": PATH}}",
               detail::describe(j[i]));
    }
    init.values.push_back(negative ? -static_cast<double>(magnitude) : static_cast<double>(magnitude));
  }
}

BufferInit parse_init(const ojson& j, const JsonPath& at, const BufferSpec& spec, const fs::path& base) {
  BufferInit init;
  if (j.is_string()) {
    const auto s = j.get<std::string>();
    if (s == "zero") return init;
    if (s == "iota") {
      init.kind = BufferInit::Kind::Iota;
      return init;
    }
  }
  if (!j.is_object() || j.size() != 1) {
    at.fail("expected \"zero\", \"iota\", {{\"random\": ...}}, {{\"values\": [...]}} or {{\"file\": PATH}}, got {}",
            detail::describe(j));
  }
  detail::check_keys(j, at, {"random", "values", "file"});
  const std::string& key = j.begin().key();
  const ojson& value = j.begin().value();
  if (key == "random") {
    parse_random(init, value, at.key(key), spec.type);
  } else if (key == "values") {
    parse_values(init, value, at.key(key), spec);
  } else {
    const JsonPath fat = at.key(key);
    init.kind = BufferInit::Kind::File;
    init.file = input_file(value, fat, base);
    std::error_code ec;
    const auto size = fs::file_size(init.file, ec);
    if (ec) fat.fail("cannot read {} ({})", init.file, ec.message());
    const std::uint64_t want = spec.count * elem_size(spec.type);
    if (size != want) {
      fat.fail("{} has {} bytes, expected {} ({} x {})", init.file, size, want, spec.count, elem_name(spec.type));
    }
  }
  return init;
}

BufferSpec parse_buffer(const std::string& name, const ojson& j, const JsonPath& at, const fs::path& base) {
  if (!valid_buffer_name(name)) {
    at.fail(
        "a buffer name may use letters, digits, '_', '-' and '.' and must not start with '.' or '-' "
        "(it names the dump file {}.bin)",
        name);
  }
  detail::get_object(j, at);
  detail::check_keys(j, at, {"type", "count", "init"});
  BufferSpec spec;
  spec.name = name;
  const std::string type = detail::get_string(detail::require(j, at, "type"), at.key("type"));
  const auto t = parse_elem_type(type);
  if (!t)
    at.key("type").fail("unknown type \"{}\" (expected one of f32, f64, u32, s32, u64, s64, u8, f16, bf16)", type);
  spec.type = *t;
  spec.count = detail::get_uint(detail::require(j, at, "count"), at.key("count"), 1, kMaxBufferBytes / elem_size(*t));
  if (const ojson* init = detail::find(j, "init")) spec.init = parse_init(*init, at.key("init"), spec, base);
  return spec;
}

std::uint64_t buffer_bytes(const BufferSpec& b) { return b.count * elem_size(b.type); }

// "offset" (at `oat`, 0 if absent): a byte of buffer `b`; with `allow_end`, also its end (a pointer one past the
// last byte, as C allows).
std::uint64_t parse_buffer_offset(const ojson* v, const JsonPath& oat, const BufferSpec& b, bool allow_end) {
  if (v == nullptr) return 0;
  const std::uint64_t off = detail::get_uint(*v, oat);
  const std::uint64_t bytes = buffer_bytes(b);
  if (allow_end && off > bytes)
    oat.fail("{} is past the end of buffer \"{}\" ({} bytes: offsets 0..{}, {} being its end)", off, b.name, bytes,
             bytes, bytes);
  if (!allow_end && off >= bytes)
    oat.fail("{} is not inside buffer \"{}\" ({} bytes: offsets 0..{})", off, b.name, bytes, bytes - 1);
  return off;
}

const BufferSpec& require_buffer(const ojson& j, const JsonPath& at, const std::vector<BufferSpec>& buffers,
                                 std::string& name) {
  const JsonPath bat = at.key("buffer");
  name = detail::get_string(detail::require(j, at, "buffer"), bat);
  const BufferSpec* b = find_buffer(buffers, name);
  if (b == nullptr) unknown_buffer(bat, name, buffers);
  return *b;
}

// An array of unsigned integers (a tensor map's dims, strides, box, element strides).
std::vector<std::uint64_t> parse_uint_array(const ojson& j, const JsonPath& at) {
  detail::get_array(j, at);
  std::vector<std::uint64_t> v;
  for (std::size_t i = 0; i < j.size(); ++i) v.push_back(detail::get_uint(j[i], at.index(i)));
  return v;
}

template <typename E>
E parse_enum(const ojson& j, const JsonPath& at, const char* key, E fallback, std::optional<E> (*parse)(std::string_view),
             const char* choices) {
  const ojson* v = detail::find(j, key);
  if (v == nullptr) return fallback;
  const std::string name = detail::get_string(*v, at.key(key));
  const auto e = parse(name);
  if (!e) at.key(key).fail("unknown {} \"{}\" (expected one of {})", key, name, choices);
  return *e;
}

// TMAP: cuTensorMapEncodeTiled's arguments (README "The run config"). Every rule of cuTensorMapEncodeTiled is
// checked here (config/tensor_map.hpp), with the address as if the buffer started at 0: buffers are 256-byte
// aligned in warpsim and by cuMemAlloc, so only the offset decides the address's alignment.
TensorMapSpec parse_tensor_map(const ojson& j, const JsonPath& at, const std::vector<BufferSpec>& buffers) {
  detail::get_object(j, at);
  detail::check_keys(j, at,
                     {"buffer", "offset", "dtype", "dims", "strides", "box", "element_strides", "interleave", "swizzle",
                      "l2_promotion", "oob_fill"});
  TensorMapSpec t;
  t.json_path = at.path();
  const BufferSpec& b = require_buffer(j, at, buffers, t.buffer);
  t.offset = parse_buffer_offset(detail::find(j, "offset"), at.key("offset"), b, false);
  TensorMap& m = t.map;
  m.global_address = t.offset;
  const JsonPath dat = at.key("dtype");
  const std::string dtype = detail::get_string(detail::require(j, at, "dtype"), dat);
  const auto dt = parse_tensor_map_dtype(dtype);
  if (!dt) {
    dat.fail(
        "unknown dtype \"{}\" (expected one of uint8, uint16, uint32, int32, uint64, int64, float16, float32, float64, "
        "bfloat16, float32_ftz, tfloat32, tfloat32_ftz: CUtensorMapDataType without CU_TENSOR_MAP_DATA_TYPE_, in "
        "lower case)",
        dtype);
  }
  m.dtype = *dt;

  const std::vector<std::uint64_t> dims = parse_uint_array(detail::require(j, at, "dims"), at.key("dims"));
  if (dims.empty() || dims.size() > kTensorMapMaxRank) {
    at.key("dims").fail(
        "{} dimensions (cuTensorMapEncodeTiled: tensorRank must be 1 to 5; CUDA_ERROR_INVALID_VALUE)", dims.size());
  }
  m.rank = static_cast<unsigned>(dims.size());
  std::copy(dims.begin(), dims.end(), m.dims.begin());
  // strides: rank - 1 values (none for rank 1, where the key may be left out).
  const ojson* sv = detail::find(j, "strides");
  if (sv == nullptr && m.rank > 1) at.fail("missing required key \"strides\" (the byte strides of dims 1..{})", m.rank - 1);
  if (sv != nullptr) {
    const std::vector<std::uint64_t> strides = parse_uint_array(*sv, at.key("strides"));
    if (strides.size() != m.rank - 1) {
      at.key("strides").fail(
          "{} strides for {} dimensions: cuTensorMapEncodeTiled takes the byte strides of dims 1..rank-1 ({} value{})",
          strides.size(), m.rank, m.rank - 1, m.rank == 2 ? "" : "s");
    }
    std::copy(strides.begin(), strides.end(), m.strides.begin());
  }
  const std::vector<std::uint64_t> box = parse_uint_array(detail::require(j, at, "box"), at.key("box"));
  if (box.size() != m.rank) at.key("box").fail("{} values for {} dimensions (one per dimension)", box.size(), m.rank);
  std::copy(box.begin(), box.end(), m.box.begin());
  std::fill(m.element_strides.begin(), m.element_strides.begin() + m.rank, 1);
  if (const ojson* ev = detail::find(j, "element_strides")) {
    const std::vector<std::uint64_t> es = parse_uint_array(*ev, at.key("element_strides"));
    if (es.size() != m.rank)
      at.key("element_strides").fail("{} values for {} dimensions (one per dimension)", es.size(), m.rank);
    std::copy(es.begin(), es.end(), m.element_strides.begin());
  }
  m.interleave = parse_enum(j, at, "interleave", TensorMapInterleave::None, &parse_tensor_map_interleave,
                            "none, 16B, 32B");
  m.swizzle = parse_enum(j, at, "swizzle", TensorMapSwizzle::None, &parse_tensor_map_swizzle, "none, 32B, 64B, 128B");
  m.l2_promotion = parse_enum(j, at, "l2_promotion", TensorMapL2Promotion::None, &parse_tensor_map_l2_promotion,
                              "none, 64B, 128B, 256B");
  m.oob_fill = parse_enum(j, at, "oob_fill", TensorMapOobFill::Zero, &parse_tensor_map_oob_fill, "zero, nan");

  if (const auto v = check_tensor_map(m)) {
    if (v->field == "global_address") {
      at.key("offset").fail("the tensor's global address, buffer \"{}\" + {}, is not {}-byte aligned (buffers are "
                            "256-byte aligned) ({})",
                            t.buffer, t.offset, m.interleave == TensorMapInterleave::B32 ? 32 : 16, v->rule);
    }
    const JsonPath fat = at.key(v->field);
    (v->index < 0 ? fat : fat.index(static_cast<std::size_t>(v->index))).fail("{}", v->message);
  }
  return t;
}

struct FieldScalar {
  const char* name;
  unsigned size;
  bool is_float, is_signed;
};
constexpr FieldScalar kFieldScalars[] = {{"u32", 4, false, false}, {"s32", 4, false, true}, {"u64", 8, false, false},
                                         {"s64", 8, false, true},  {"f32", 4, true, true},   {"f64", 8, true, true},
                                         {"u16", 2, false, false}, {"u8", 1, false, false}};

// FIELD of a "bytes" argument: {"at": OFFSET, then "buffer" (+ "offset"), one scalar key or "tensor_map"}.
ParamField parse_field(const ojson& j, const JsonPath& at, const std::vector<BufferSpec>& buffers) {
  detail::get_object(j, at);
  detail::check_keys(j, at, {"at", "buffer", "offset", "tensor_map", "u32", "s32", "u64", "s64", "f32", "f64", "u16", "u8"});
  ParamField f;
  f.json_path = at.path();
  f.at = detail::get_uint(detail::require(j, at, "at"), at.key("at"));
  std::vector<std::string> kinds;
  for (const auto& item : j.items()) {
    if (item.key() != "at" && item.key() != "offset") kinds.push_back(item.key());
  }
  if (kinds.size() != 1) {
    at.fail("expected \"at\" and exactly one of buffer, tensor_map, u32, s32, u64, s64, f32, f64, u16, u8, got {}",
            detail::describe(j));
  }
  const std::string& key = kinds[0];
  if (detail::find(j, "offset") != nullptr && key != "buffer")
    at.key("offset").fail("\"offset\" goes with \"buffer\" (a tensor map's offset goes inside its tensor_map)");
  const JsonPath vat = at.key(key);
  if (key == "buffer") {
    f.kind = ParamField::Kind::Buffer;
    f.size = 8;
    const BufferSpec& b = require_buffer(j, at, buffers, f.buffer);
    f.offset = parse_buffer_offset(detail::find(j, "offset"), at.key("offset"), b, true);
  } else if (key == "tensor_map") {
    f.kind = ParamField::Kind::TensorMap;
    f.size = kTensorMapBytes;
    f.tensor_map = parse_tensor_map(*detail::find(j, key), vat, buffers);
  } else {
    const FieldScalar* s = nullptr;
    for (const auto& c : kFieldScalars) {
      if (key == c.name) s = &c;
    }
    f.kind = ParamField::Kind::Scalar;
    f.type = s->name;
    f.size = s->size;
    const ojson& value = *detail::find(j, key);
    if (s->is_float) {
      f.bits = detail::json_to_float_bits(value, vat, s->size == 4 ? ElemType::F32 : ElemType::F64);
    } else {
      f.bits = detail::json_to_int(value, vat, s->name, s->size, s->is_signed);
      if (s->size < 8) f.bits &= (std::uint64_t{1} << (8 * s->size)) - 1;
    }
  }
  return f;
}

// CUDA's limit on a kernel's parameters (all of them together), since CUDA 12.1 on Volta and later.
constexpr std::uint64_t kMaxParamBytes = 32764;

// {"bytes": {"size": N, "align": A, "init": "zero" | {"file": PATH}, "fields": [FIELD, ...]}}
void parse_bytes(ArgSpec& arg, const ojson& j, const JsonPath& at, const std::vector<BufferSpec>& buffers,
                 const fs::path& base) {
  detail::get_object(j, at);
  detail::check_keys(j, at, {"size", "align", "init", "fields"});
  arg.kind = ArgSpec::Kind::Bytes;
  const JsonPath sat = at.key("size");
  const ojson& size = detail::require(j, at, "size");
  const std::uint64_t n = detail::get_uint(size, sat);
  if (n == 0 || n > kMaxParamBytes)
    sat.fail("{} is outside 1..{} (CUDA's limit on a kernel's parameters, since CUDA 12.1)", n, kMaxParamBytes);
  arg.size = static_cast<std::uint32_t>(n);
  const JsonPath aat = at.key("align");
  const std::uint64_t align = detail::get_uint(detail::require(j, at, "align"), aat);
  if (align == 0 || (align & (align - 1)) != 0 || align > kMaxParamBytes)
    aat.fail("{} is not a power of two from 1 to 16384 (PTX's .align)", align);
  arg.align = static_cast<std::uint32_t>(align);

  arg.init.assign(arg.size, std::byte{0});
  if (const ojson* init = detail::find(j, "init")) {
    const JsonPath iat = at.key("init");
    const bool zero = init->is_string() && init->get<std::string>() == "zero";
    if (!zero) {
      if (!init->is_object() || init->size() != 1 || detail::find(*init, "file") == nullptr)
        iat.fail("expected \"zero\" or {{\"file\": PATH}}, got {}", detail::describe(*init));
      const JsonPath fat = iat.key("file");
      const std::string file = input_file(*detail::find(*init, "file"), fat, base);
      std::error_code ec;
      const auto fsize = fs::file_size(file, ec);
      if (ec) fat.fail("cannot read {} ({})", file, ec.message());
      if (fsize != arg.size) fat.fail("{} has {} bytes, expected {} (\"size\")", file, fsize, arg.size);
      const std::string text = detail::read_text_file(file);
      std::memcpy(arg.init.data(), text.data(), arg.size);
    }
  }

  if (const ojson* fv = detail::find(j, "fields")) {
    const JsonPath fat = at.key("fields");
    detail::get_array(*fv, fat);
    for (std::size_t i = 0; i < fv->size(); ++i) {
      const JsonPath iat = fat.index(i);
      ParamField f = parse_field((*fv)[i], iat, buffers);
      const std::uint64_t last = f.at > UINT64_MAX - f.size ? UINT64_MAX : f.at + f.size - 1;
      if (last >= arg.size) {
        iat.key("at").fail("the field's {} bytes, {}..{}, lie outside the {}-byte parameter", f.size, f.at, last,
                           arg.size);
      }
      if (f.kind == ParamField::Kind::TensorMap) {
        if (f.at % kTensorMapAlign != 0)
          iat.key("at").fail("{} is not a multiple of 64: a tensor map must be 64-byte aligned (cuTensorMapEncodeTiled: "
                             "the tensorMap address must be aligned to 64 bytes)",
                             f.at);
        if (arg.align < kTensorMapAlign)
          aat.fail("{}, but fields[{}] holds a tensor map, which must be 64-byte aligned (cuTensorMapEncodeTiled: the "
                   "tensorMap address must be aligned to 64 bytes)",
                   arg.align, i);
      }
      for (std::size_t k = 0; k < arg.fields.size(); ++k) {
        const ParamField& g = arg.fields[k];
        if (f.at < g.at + g.size && g.at <= last) {
          iat.fail("bytes {}..{} overlap fields[{}] (bytes {}..{})", f.at, last, k, g.at, g.at + g.size - 1);
        }
      }
      arg.fields.push_back(std::move(f));
    }
  }
}

ArgSpec parse_arg(const ojson& j, const JsonPath& at, const std::vector<BufferSpec>& buffers, const fs::path& base) {
  detail::get_object(j, at);
  detail::check_keys(j, at, {"buffer", "u32", "s32", "u64", "s64", "f32", "f64", "bytes", "tensor_map"});
  if (j.size() != 1) {
    at.fail(
        "expected {{\"buffer\": NAME}}, {{\"bytes\": ...}}, {{\"tensor_map\": ...}} or exactly one of u32, s32, u64, "
        "s64, f32, f64, got {}",
        detail::describe(j));
  }
  ArgSpec arg;
  arg.json_path = at.path();
  const std::string& key = j.begin().key();
  const ojson& value = j.begin().value();
  const JsonPath vat = at.key(key);
  if (key == "buffer") {
    arg.kind = ArgSpec::Kind::Buffer;
    arg.buffer = detail::get_string(value, vat);
    if (!find_buffer(buffers, arg.buffer)) unknown_buffer(vat, arg.buffer, buffers);
    return arg;
  }
  if (key == "bytes") {
    parse_bytes(arg, value, vat, buffers, base);
    return arg;
  }
  if (key == "tensor_map") {
    arg.kind = ArgSpec::Kind::TensorMap;
    arg.tensor_map = parse_tensor_map(value, vat, buffers);
    return arg;
  }
  arg.type = *parse_elem_type(key);
  const auto& info = detail::elem_info(arg.type);
  if (info.is_float) {
    arg.bits = detail::json_to_float_bits(value, vat, arg.type);
  } else {
    arg.bits = detail::json_to_int(value, vat, arg.type);
    if (info.size < 8) arg.bits &= (std::uint64_t{1} << (8 * info.size)) - 1;
  }
  return arg;
}

LaunchSpec parse_kernel(const ojson& j, const JsonPath& at, const GpuConfig& gpu,
                        const std::vector<BufferSpec>& buffers, const fs::path& base) {
  detail::get_object(j, at);
  detail::check_keys(j, at,
                     {"ptx", "entry", "grid", "block", "cluster", "nonportable_cluster", "dynamic_smem", "stream",
                      "args", "registers", "preferred_carveout"});
  LaunchSpec k;
  k.json_path = at.path();
  k.ptx = input_file(detail::require(j, at, "ptx"), at.key("ptx"), base);
  k.entry = detail::get_string(detail::require(j, at, "entry"), at.key("entry"));
  if (k.entry.empty()) at.key("entry").fail("expected a kernel name, got \"\"");

  const Dims grid = parse_dims(detail::require(j, at, "grid"), at.key("grid"), "grid", kInvalidConfig);
  const Dims block = parse_dims(detail::require(j, at, "block"), at.key("block"), "block", kInvalidConfig);
  if (block.volume() > gpu.max_threads_per_cta) {
    at.key("block").fail("{} threads per block exceeds the limit of {} {}", block.volume(), gpu.max_threads_per_cta,
                         kInvalidConfig);
  }
  check_dim_limits(block, "block", {gpu.max_block_dim_x, gpu.max_block_dim_y, gpu.max_block_dim_z});
  check_dim_limits(grid, "grid", {gpu.max_grid_dim_x, gpu.max_grid_dim_y, gpu.max_grid_dim_z});
  k.grid = grid.dim3();
  k.block = block.dim3();

  if (const ojson* v = detail::find(j, "preferred_carveout")) {
    const std::uint64_t pct = detail::get_uint(*v, at.key("preferred_carveout"));
    if (pct > 100) {
      at.key("preferred_carveout")
          .fail("expected a percentage of the SM's shared memory from 0 to 100, got {} (cudaErrorInvalidValue)", pct);
    }
    k.preferred_carveout = static_cast<int>(pct);
  }
  if (const ojson* v = detail::find(j, "nonportable_cluster"))
    k.nonportable_cluster = detail::get_bool(*v, at.key("nonportable_cluster"));
  if (const ojson* v = detail::find(j, "cluster")) {
    const JsonPath cat = at.key("cluster");
    const Dims cluster = parse_dims(*v, cat, "cluster", kInvalidCluster);
    if (gpu.compute_capability < 90) {
      cat.fail("thread-block clusters need compute capability 9.0 or later; {} is {}.{}", gpu.name,
               gpu.compute_capability / 10, gpu.compute_capability % 10);
    }
    const unsigned limit = k.nonportable_cluster ? gpu.max_cluster_size_nonportable : gpu.max_cluster_size;
    if (cluster.volume() > limit) {
      cat.fail("{} CTAs per cluster exceeds the {} limit of {}{} {}", cluster.volume(),
               k.nonportable_cluster ? "non-portable" : "portable", limit,
               k.nonportable_cluster
                   ? ""
                   : fmt::format(" (\"nonportable_cluster\": true allows {})", gpu.max_cluster_size_nonportable),
               kInvalidCluster);
    }
    for (int a = 0; a < 3; ++a) {
      if (grid.v[a] % cluster.v[a] != 0) {
        cluster.axis_at(a).fail("grid {} ({}) is not a multiple of cluster {} ({}) {}", kAxis[a], grid.v[a], kAxis[a],
                                cluster.v[a], kInvalidCluster);
      }
    }
    k.cluster = cluster.dim3();
  }

  if (const ojson* v = detail::find(j, "dynamic_smem")) {
    const std::uint64_t bytes = detail::get_uint(*v, at.key("dynamic_smem"));
    if (bytes > gpu.smem_per_cta_max) {
      at.key("dynamic_smem")
          .fail("{} bytes exceeds the per-CTA limit of {} bytes (cudaErrorInvalidValue)", bytes, gpu.smem_per_cta_max);
    }
    k.dynamic_smem = static_cast<std::uint32_t>(bytes);
  }
  if (const ojson* v = detail::find(j, "registers")) {
    k.registers = static_cast<unsigned>(detail::get_uint(*v, at.key("registers"), 1, gpu.max_regs_per_thread));
  }
  if (const ojson* v = detail::find(j, "stream")) {
    k.stream = static_cast<int>(detail::get_int(*v, at.key("stream"), 0, std::numeric_limits<int>::max()));
  }
  if (const ojson* v = detail::find(j, "args")) {
    detail::get_array(*v, at.key("args"));
    for (std::size_t i = 0; i < v->size(); ++i) k.args.push_back(parse_arg((*v)[i], at.key("args").index(i), buffers, base));
  }
  return k;
}

ExpectSpec parse_expect(const std::string& name, const ojson& j, const JsonPath& at,
                        const std::vector<BufferSpec>& buffers, const fs::path& base) {
  const BufferSpec* spec = find_buffer(buffers, name);
  if (spec == nullptr) unknown_buffer(at, name, buffers);
  detail::get_object(j, at);
  detail::check_keys(j, at, {"file", "tolerance"});
  ExpectSpec e;
  e.buffer = name;
  e.file = input_file(detail::require(j, at, "file"), at.key("file"), base);
  e.json_path = at.key("file").where();
  if (const ojson* tol = detail::find(j, "tolerance")) {
    const JsonPath tat = at.key("tolerance");
    detail::get_object(*tol, tat);
    detail::check_keys(*tol, tat, {"ulp"});
    if (const ojson* ulp = detail::find(*tol, "ulp")) e.ulp = detail::get_uint(*ulp, tat.key("ulp"));
    if (e.ulp != 0 && !detail::elem_info(spec->type).is_float) {
      tat.key("ulp").fail("{} is a {} buffer; integer buffers are compared exactly", name, elem_name(spec->type));
    }
  }
  return e;
}

}  // namespace

RunConfig parse_run_config(const std::string& json_text, const std::string& path,
                           const std::vector<std::string>& gpu_overrides) {
  const ojson root = detail::parse_json(json_text, path);
  const JsonPath at(path);
  detail::get_object(root, at);
  detail::check_keys(root, at,
                     {"description", "gpu", "buffers", "kernels", "expect", "clock_buffers", "validation_set"});
  const fs::path base = fs::path(path).parent_path();

  RunConfig cfg;
  cfg.path = path;
  if (const ojson* d = detail::find(root, "description"))
    cfg.description = detail::get_string(*d, at.key("description"));
  if (const ojson* v = detail::find(root, "validation_set")) {
    cfg.validation_set = detail::get_string(*v, at.key("validation_set"));
    if (cfg.validation_set != "calibration" && cfg.validation_set != "judgement")
      at.key("validation_set").fail("expected \"calibration\" or \"judgement\", got \"{}\"", cfg.validation_set);
  }

  const std::string gpu = detail::get_string(detail::require(root, at, "gpu"), at.key("gpu"));
  if (gpu.find('\0') != std::string::npos)
    at.key("gpu").fail("{} holds a NUL character, which no GPU model or file name can",
                       detail::describe(*detail::find(root, "gpu")));
  const detail::GpuFile file = detail::locate_gpu_config(gpu, base.string());
  if (file.path.empty()) at.key("gpu").fail("{}", file.error);
  cfg.gpu = load_gpu_config(file.path, gpu_overrides);

  if (const ojson* b = detail::find(root, "buffers")) {
    const JsonPath bat = at.key("buffers");
    detail::get_object(*b, bat);
    for (const auto& [name, spec] : b->items()) cfg.buffers.push_back(parse_buffer(name, spec, bat.key(name), base));
  }

  const JsonPath kat = at.key("kernels");
  const ojson& kernels = detail::get_array(detail::require(root, at, "kernels"), kat);
  if (kernels.empty()) kat.fail("expected at least one kernel");
  for (std::size_t i = 0; i < kernels.size(); ++i) {
    cfg.kernels.push_back(parse_kernel(kernels[i], kat.index(i), cfg.gpu, cfg.buffers, base));
  }

  if (const ojson* c = detail::find(root, "clock_buffers")) {
    const JsonPath cat = at.key("clock_buffers");
    const ojson& list = detail::get_array(*c, cat);
    for (std::size_t i = 0; i < list.size(); ++i) {
      const std::string name = detail::get_string(list[i], cat.index(i));
      const bool known =
          std::any_of(cfg.buffers.begin(), cfg.buffers.end(), [&](const BufferSpec& b) { return b.name == name; });
      if (!known) cat.index(i).fail("unknown buffer \"{}\"", name);
      cfg.clock_buffers.push_back(name);
    }
  }

  if (const ojson* x = detail::find(root, "expect")) {
    const JsonPath xat = at.key("expect");
    detail::get_object(*x, xat);
    for (const auto& [name, e] : x->items())
      cfg.expects.push_back(parse_expect(name, e, xat.key(name), cfg.buffers, base));
  }
  return cfg;
}

RunConfig load_run_config(const std::string& path, const std::vector<std::string>& gpu_overrides) {
  return parse_run_config(detail::read_text_file(path), path, gpu_overrides);
}

}  // namespace warpsim::config
