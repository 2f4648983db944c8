// The run config: JSON -> RunConfig, with every launch checked against the GPU model the way the CUDA
// runtime would refuse it (block and grid limits, cluster shape, dynamic shared memory).
//
// Models: the keys of README "The run config"; unknown keys, wrong types, missing keys, unknown buffer
// names, out-of-range scalars and impossible launches are errors naming the file and the JSON path, with
// the CUDA error code where CUDA has one. Paths in the file are relative to the file.
// Leaves out: checks needing the PTX (parameter count and sizes, static shared memory): sim/ does those.
#include <warpsim/config/run_config.hpp>

#include "config/elements.hpp"
#include "config/gpu_files.hpp"
#include "config/json_util.hpp"

#include <algorithm>
#include <array>
#include <cctype>
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

ArgSpec parse_arg(const ojson& j, const JsonPath& at, const std::vector<BufferSpec>& buffers) {
  detail::get_object(j, at);
  detail::check_keys(j, at, {"buffer", "u32", "s32", "u64", "s64", "f32", "f64"});
  if (j.size() != 1) {
    at.fail("expected {{\"buffer\": NAME}} or exactly one of u32, s32, u64, s64, f32, f64, got {}",
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
    for (std::size_t i = 0; i < v->size(); ++i) k.args.push_back(parse_arg((*v)[i], at.key("args").index(i), buffers));
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
