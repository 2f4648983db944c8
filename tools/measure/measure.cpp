// warpsim-measure: runs a warpsim run config on a real NVIDIA GPU and records what the simulator is checked
// against: per-launch kernel times (CUDA events: min/median/max over repeated launches), every output
// buffer's sha256 (and its bytes when small), the CUDA function attributes and occupancy of each kernel, and
// provenance (GPU, clocks, driver, date, command line, input hashes).
//
// Models: the run config exactly as `warpsim run` reads it (config::load_run_config), buffers filled by the
// same code (config::init_buffer, so inputs are bit-identical by construction), kernel parameters laid out
// from warpsim's own PTX loader (ir::load_program: sizes and order of the entry's .param list) and filled by the
// same code as warpsim's (config::arg_bytes: buffer addresses are the device pointers, and each tensor map is
// what cuTensorMapEncodeTiled writes for the config's arguments instead of warpsim's own encoding), launches in
// config order on one stream with the config's grid, block, cluster and dynamic shared memory.
// Each repetition restores every buffer to its initial contents (device-to-device copy from a pristine
// copy), then launches every kernel in order, each bracketed by its own pair of events; the final
// repetition's results are the functional result (one pass of the config from the initial contents).
// Leaves out: the config's "stream" field (all launches go to one stream, in order, as warpsim runs them),
// cold-cache timing (inputs were just restored, so small buffers sit in L2), "expect" checks (compare the
// hashes with `warpsim run --dump` instead), hardware counters (run it under ncu: --once).
#include <warpsim/common/error.hpp>
#include <warpsim/config/kernel_args.hpp>
#include <warpsim/config/run_config.hpp>
#include <warpsim/ir/program.hpp>
#include <warpsim/ptx/parser.hpp>

#include <CLI/CLI.hpp>
#include <cuda.h>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace {

using ojson = nlohmann::ordered_json;
namespace cfg = warpsim::config;

[[noreturn]] void die(const std::string& msg) {
  std::fprintf(stderr, "warpsim-measure: %s\n", msg.c_str());
  std::exit(1);
}

void check(CUresult r, const char* what) {
  if (r == CUDA_SUCCESS) return;
  const char* name = nullptr;
  const char* desc = nullptr;
  cuGetErrorName(r, &name);
  cuGetErrorString(r, &desc);
  die(fmt::format("{} failed: {} ({})", what, name ? name : "?", desc ? desc : "?"));
}
#define CK(call) check((call), #call)

std::string read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) die("cannot read " + path);
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

std::string hex(const std::vector<std::byte>& d) {
  static const char* digits = "0123456789abcdef";
  std::string out;
  out.reserve(d.size() * 2);
  for (std::byte b : d) {
    out.push_back(digits[std::to_integer<unsigned>(b) >> 4]);
    out.push_back(digits[std::to_integer<unsigned>(b) & 15]);
  }
  return out;
}

ojson dim_json(const warpsim::Dim3& d) { return ojson::array({d.x, d.y, d.z}); }

std::string utc_now() {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

// One launch's parameter list as warpsim's loader sees it, and the argument bytes for it.
struct PreparedLaunch {
  const cfg::LaunchSpec* spec = nullptr;
  std::vector<warpsim::ir::ParamInfo> params;
  std::uint32_t static_smem = 0;
  std::string target;
  std::vector<std::vector<std::byte>> arg_bytes;  // per param, built once the buffers are on the device
};

std::vector<PreparedLaunch> prepare(const cfg::RunConfig& rc) {
  std::map<std::string, warpsim::ptx::Module> modules;
  std::vector<PreparedLaunch> out;
  for (const auto& k : rc.kernels) {
    auto it = modules.find(k.ptx);
    if (it == modules.end()) it = modules.emplace(k.ptx, warpsim::ptx::parse_file(k.ptx)).first;
    const warpsim::ir::Program prog = warpsim::ir::load_program(it->second, k.entry);
    PreparedLaunch p;
    p.spec = &k;
    p.params = prog.functions.at(0).params;
    p.static_smem = prog.static_smem;
    p.target = prog.target;
    if (p.params.size() != k.args.size())
      die(fmt::format("{}: {} takes {} parameters, the config gives {}", k.json_path, k.entry, p.params.size(),
                      k.args.size()));
    // The same checks as warpsim's (sizes; the alignment of "bytes" and tensor-map parameters).
    for (std::size_t a = 0; a < k.args.size(); ++a)
      cfg::check_arg_fits(rc.path, k, a, cfg::ParamDecl{p.params[a].name, p.params[a].size, p.params[a].align});
    out.push_back(std::move(p));
  }
  return out;
}

// CUDA's encoding of a tensor map: cuTensorMapEncodeTiled with the run config's arguments (the enums have CUDA's
// values; warpsim checked every rule the documentation states).
void write_cuda_tensor_map(const cfg::TensorMap& m, std::byte* out) {
  CUtensorMap map;
  cuuint64_t dims[cfg::kTensorMapMaxRank], strides[cfg::kTensorMapMaxRank - 1];
  cuuint32_t box[cfg::kTensorMapMaxRank], estrides[cfg::kTensorMapMaxRank];
  for (unsigned i = 0; i < m.rank; ++i) {
    dims[i] = m.dims[i];
    if (i + 1 < m.rank) strides[i] = m.strides[i];
    box[i] = static_cast<cuuint32_t>(m.box[i]);
    estrides[i] = static_cast<cuuint32_t>(m.element_strides[i]);
  }
  check(cuTensorMapEncodeTiled(&map, static_cast<CUtensorMapDataType>(m.dtype), m.rank,
                               reinterpret_cast<void*>(static_cast<std::uintptr_t>(m.global_address)), dims, strides,
                               box, estrides, static_cast<CUtensorMapInterleave>(m.interleave),
                               static_cast<CUtensorMapSwizzle>(m.swizzle),
                               static_cast<CUtensorMapL2promotion>(m.l2_promotion),
                               static_cast<CUtensorMapFloatOOBfill>(m.oob_fill)),
        "cuTensorMapEncodeTiled");
  static_assert(sizeof(CUtensorMap) == cfg::kTensorMapBytes);
  std::memcpy(out, &map, sizeof map);
}

// CUDA's enum values are warpsim's (config/tensor_map.hpp copies them); a header that renumbered them would
// change what the GPU is asked for.
static_assert(static_cast<int>(cfg::TensorMapDtype::Tfloat32Ftz) == CU_TENSOR_MAP_DATA_TYPE_TFLOAT32_FTZ);
static_assert(static_cast<int>(cfg::TensorMapDtype::Bfloat16) == CU_TENSOR_MAP_DATA_TYPE_BFLOAT16);
static_assert(static_cast<int>(cfg::TensorMapInterleave::B32) == CU_TENSOR_MAP_INTERLEAVE_32B);
static_assert(static_cast<int>(cfg::TensorMapSwizzle::B128) == CU_TENSOR_MAP_SWIZZLE_128B);
static_assert(static_cast<int>(cfg::TensorMapL2Promotion::B256) == CU_TENSOR_MAP_L2_PROMOTION_L2_256B);
static_assert(static_cast<int>(cfg::TensorMapOobFill::Nan) == CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA);

// What each field of a "bytes" argument and a tensor-map argument holds, for --dry-run.
std::string describe_fields(const cfg::ArgSpec& a) {
  auto map_text = [](const cfg::TensorMapSpec& t) {
    return fmt::format("tensor map of buffer {} + {} ({}, dims {}, box {}, swizzle {})", t.buffer, t.offset,
                       cfg::tensor_map_name(t.map.dtype),
                       fmt::join(t.map.dims.begin(), t.map.dims.begin() + t.map.rank, "x"),
                       fmt::join(t.map.box.begin(), t.map.box.begin() + t.map.rank, "x"),
                       cfg::tensor_map_name(t.map.swizzle));
  };
  if (a.kind == cfg::ArgSpec::Kind::TensorMap) return "\n      " + map_text(a.tensor_map);
  std::string s;
  for (const auto& f : a.fields) {
    s += fmt::format("\n      at {}: ", f.at);
    switch (f.kind) {
      case cfg::ParamField::Kind::Buffer: s += fmt::format("address of buffer {} + {}", f.buffer, f.offset); break;
      case cfg::ParamField::Kind::Scalar: s += fmt::format("{} 0x{:x}", f.type, f.bits); break;
      case cfg::ParamField::Kind::TensorMap: s += map_text(f.tensor_map); break;
    }
  }
  return s;
}

// Rewrites the config for another GPU model and PTX flavour (the B200 run: --gpu b200 --ptx-arch sm_100a):
// "gpu" is replaced and each kernel's "x.sm_90a.ptx" becomes "x.<arch>.ptx".
cfg::RunConfig load_config(const std::string& path, const std::string& gpu, const std::string& ptx_arch) {
  if (gpu.empty() && ptx_arch.empty()) return cfg::load_run_config(path);
  ojson j = ojson::parse(read_file(path));
  if (!gpu.empty()) j["gpu"] = gpu;
  if (!ptx_arch.empty()) {
    for (auto& k : j["kernels"]) {
      std::string p = k["ptx"].get<std::string>();
      const auto pos = p.rfind(".sm_");
      if (pos == std::string::npos) die("cannot re-target PTX path " + p + " (expected NAME.sm_XXa.ptx)");
      k["ptx"] = p.substr(0, pos) + "." + ptx_arch + ".ptx";
    }
  }
  return cfg::parse_run_config(j.dump(), path);
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

}  // namespace

int main(int argc, char** argv) {
  std::string command_line;
  for (int i = 0; i < argc; ++i) command_line += (i ? " " : "") + std::string(argv[i]);

  CLI::App app{"Run a warpsim run config on a real GPU: kernel times, output hashes, provenance"};
  std::string config_path, out_path, gpu_name, ptx_arch;
  int repeat = 20, warmup = 3, device = 0;
  bool dry_run = false, once = false;
  std::size_t inline_limit = 4096;
  app.add_option("config", config_path, "Run config (JSON), as for `warpsim run`")->required();
  app.add_option("--out", out_path, "Write the results to FILE.json (default: stdout)");
  app.add_option("--repeat", repeat, "Timed repetitions of the whole config")->check(CLI::PositiveNumber);
  app.add_option("--warmup", warmup, "Untimed repetitions before the timed ones")->check(CLI::NonNegativeNumber);
  app.add_option("--device", device, "CUDA device ordinal");
  app.add_option("--gpu", gpu_name, "Replace the config's GPU model (e.g. b200)");
  app.add_option("--ptx-arch", ptx_arch, "Use NAME.<arch>.ptx instead of the config's NAME.sm_XX.ptx (e.g. sm_100a)");
  app.add_option("--inline-limit", inline_limit, "Record buffers of at most this many bytes in hex");
  app.add_flag("--dry-run", dry_run, "Parse the config and PTX, print what would be launched; no GPU needed");
  app.add_flag("--once", once, "Launch each kernel exactly once (for ncu): no warm-up, no timing");
  CLI11_PARSE(app, argc, argv);
  if (once) {
    repeat = 1;
    warmup = 0;
  }

  cfg::RunConfig rc;
  std::vector<PreparedLaunch> launches;
  try {
    rc = load_config(config_path, gpu_name, ptx_arch);
    launches = prepare(rc);
  } catch (const std::exception& e) {
    die(e.what());
  }

  if (dry_run) {
    std::printf("config %s (gpu model %s), %zu buffer(s), %zu launch(es)\n", rc.path.c_str(), rc.gpu.name.c_str(),
                rc.buffers.size(), launches.size());
    for (const auto& b : rc.buffers)
      std::printf("  buffer %s: %s x %llu\n", b.name.c_str(), cfg::elem_name(b.type),
                  static_cast<unsigned long long>(b.count));
    for (const auto& p : launches) {
      const auto& k = *p.spec;
      std::printf("  launch %s (%s, %s) grid %ux%ux%u block %ux%ux%u", k.entry.c_str(), k.ptx.c_str(), p.target.c_str(),
                  k.grid.x, k.grid.y, k.grid.z, k.block.x, k.block.y, k.block.z);
      if (k.cluster) std::printf(" cluster %ux%ux%u", k.cluster->x, k.cluster->y, k.cluster->z);
      std::printf(" dynamic_smem %u static_smem %u\n", k.dynamic_smem, p.static_smem);
      // Without a GPU, buffer addresses are shown as 0 and tensor maps as 128 zero bytes.
      for (std::size_t a = 0; a < p.params.size(); ++a) {
        const auto& arg = k.args[a];
        const auto bytes = cfg::arg_bytes(
            arg, [](const std::string&) { return std::uint64_t{0}; },
            [](const cfg::TensorMap&, std::byte* out) { std::memset(out, 0, cfg::kTensorMapBytes); });
        std::printf("    param %s: %u bytes at %u <- ", p.params[a].name.c_str(), p.params[a].size, p.params[a].offset);
        switch (arg.kind) {
          case cfg::ArgSpec::Kind::Buffer: std::printf("buffer %s\n", arg.buffer.c_str()); break;
          case cfg::ArgSpec::Kind::Scalar:
            std::printf("0x%s (%s)\n", hex(bytes).c_str(), cfg::elem_name(arg.type));
            break;
          case cfg::ArgSpec::Kind::Bytes:
          case cfg::ArgSpec::Kind::TensorMap:
            std::printf("0x%s%s\n", hex(bytes).c_str(), describe_fields(arg).c_str());
            break;
        }
      }
    }
    std::printf("would run %d warm-up + %d timed repetition(s)\n", warmup, repeat);
    return 0;
  }

  // ---- device and provenance ----
  CK(cuInit(0));
  CUdevice dev;
  CK(cuDeviceGet(&dev, device));
  char name[256] = {};
  CK(cuDeviceGetName(name, sizeof name, dev));
  auto attr = [&](CUdevice_attribute a) {
    int v = 0;
    CK(cuDeviceGetAttribute(&v, a, dev));
    return v;
  };
  int driver_version = 0;
  CK(cuDriverGetVersion(&driver_version));
  CUcontext ctx;
  CK(cuDevicePrimaryCtxRetain(&ctx, dev));  // the primary context: the same API on CUDA 12 and 13
  CK(cuCtxSetCurrent(ctx));
  CUstream stream;
  CK(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));

  ojson result;
  result["tool"] = "warpsim-measure";
  result["command"] = command_line;
  result["date_utc"] = utc_now();
  result["config"] = config_path;
  result["config_sha256"] = [&] {
    const std::string t = read_file(rc.path);
    return cfg::sha256_hex(t.data(), t.size());
  }();
  result["gpu_model"] = rc.gpu.name;
  ojson devj;
  devj["name"] = name;
  devj["compute_capability"] = fmt::format("{}.{}", attr(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR),
                                           attr(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR));
  devj["sm_count"] = attr(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
  devj["clock_rate_khz"] = attr(CU_DEVICE_ATTRIBUTE_CLOCK_RATE);
  devj["memory_clock_rate_khz"] = attr(CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE);
  devj["memory_bus_width_bits"] = attr(CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH);
  devj["l2_cache_bytes"] = attr(CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE);
  devj["smem_per_sm_bytes"] = attr(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR);
  devj["regs_per_sm"] = attr(CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR);
  devj["driver_version"] = driver_version;
  devj["driver_version_text"] = fmt::format("{}.{}", driver_version / 1000, (driver_version % 1000) / 10);
  devj["cuda_headers_version"] = CUDA_VERSION;
  result["device"] = devj;
  result["method"] = {{"warmup", warmup},
                      {"repeat", repeat},
                      {"timer", "CUDA events around each launch (cuEventRecord before and after on one stream)"},
                      {"restore",
                       "before every repetition each buffer is restored from a pristine device copy (cuMemcpyDtoD), "
                       "so every launch sees the state it has in one pass of the config; L2 is warm for small buffers"},
                      {"functional_result", "buffers after the last repetition"}};

  // ---- buffers ----
  const std::size_t nb = rc.buffers.size();
  std::vector<std::vector<std::byte>> init(nb);
  std::vector<CUdeviceptr> dbuf(nb), dinit(nb);
  ojson inputs = ojson::object();
  for (std::size_t i = 0; i < nb; ++i) {
    init[i] = cfg::init_buffer(rc.buffers[i]);
    const std::size_t bytes = std::max<std::size_t>(init[i].size(), 1);
    CK(cuMemAlloc(&dbuf[i], bytes));
    CK(cuMemAlloc(&dinit[i], bytes));
    if (!init[i].empty()) CK(cuMemcpyHtoD(dinit[i], init[i].data(), init[i].size()));
    inputs[rc.buffers[i].name] = cfg::sha256_hex(init[i].data(), init[i].size());
  }
  result["input_sha256"] = inputs;

  // ---- parameter bytes: buffer addresses are the device pointers, tensor maps CUDA's own ----
  std::map<std::string, CUdeviceptr> device_addr;
  for (std::size_t i = 0; i < nb; ++i) device_addr[rc.buffers[i].name] = dbuf[i];
  for (auto& p : launches) {
    for (const auto& arg : p.spec->args)
      p.arg_bytes.push_back(cfg::arg_bytes(
          arg, [&](const std::string& name) { return std::uint64_t{device_addr.at(name)}; }, write_cuda_tensor_map));
  }

  // ---- modules and functions ----
  std::map<std::string, CUmodule> modules;
  std::vector<CUfunction> funcs;
  struct FuncDefaults {
    int max_dynamic_smem = 0, carveout = -1;
  };
  std::vector<std::pair<CUfunction, FuncDefaults>> defaults;
  ojson kernels = ojson::array();
  for (const auto& p : launches) {
    const auto& k = *p.spec;
    auto it = modules.find(k.ptx);
    if (it == modules.end()) {
      const std::string text = read_file(k.ptx);
      char log[16384] = {};
      CUjit_option opts[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
      void* vals[] = {log, reinterpret_cast<void*>(sizeof log)};
      CUmodule m;
      const CUresult r = cuModuleLoadDataEx(&m, text.c_str(), 2, opts, vals);
      if (r != CUDA_SUCCESS) {
        std::fprintf(stderr, "JIT log for %s:\n%s\n", k.ptx.c_str(), log);
        check(r, "cuModuleLoadDataEx");
      }
      it = modules.emplace(k.ptx, m).first;
    }
    CUfunction f;
    CK(cuModuleGetFunction(&f, it->second, k.entry.c_str()));
    if (k.nonportable_cluster) CK(cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 1));
    if (std::find(funcs.begin(), funcs.end(), f) == funcs.end()) {
      FuncDefaults d;
      CK(cuFuncGetAttribute(&d.max_dynamic_smem, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, f));
      CK(cuFuncGetAttribute(&d.carveout, CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT, f));
      defaults.emplace_back(f, d);
    }
    funcs.push_back(f);
  }
  // Launches of one entry share one CUfunction, and its attributes are the function's, not the launch's: each
  // launch sets its own (the dynamic shared-memory limit it needs, its carve-out preference) right before it
  // runs, and a launch without them gets the function's load-time values back, so that launches do not inherit
  // each other's settings (the driver picks the carve-out from them).
  auto apply_attributes = [&](std::size_t li) {
    const auto& k = *launches[li].spec;
    const CUfunction f = funcs[li];
    const auto d = std::find_if(defaults.begin(), defaults.end(), [&](const auto& e) { return e.first == f; });
    const int max_dyn = k.dynamic_smem > 48 * 1024 ? static_cast<int>(k.dynamic_smem) : d->second.max_dynamic_smem;
    CK(cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, max_dyn));
    CK(cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT,
                          k.preferred_carveout >= 0 ? k.preferred_carveout : d->second.carveout));
  };

  auto launch = [&](std::size_t li) {
    const auto& p = launches[li];
    const auto& k = *p.spec;
    // CUtensorMap parameters are read from here by the driver (copied into the launch): no alignment needed.
    std::vector<void*> params(p.params.size());
    std::vector<std::vector<std::byte>> bytes = p.arg_bytes;
    for (std::size_t a = 0; a < params.size(); ++a) params[a] = bytes[a].data();
    CUlaunchConfig lc{};
    lc.gridDimX = k.grid.x;
    lc.gridDimY = k.grid.y;
    lc.gridDimZ = k.grid.z;
    lc.blockDimX = k.block.x;
    lc.blockDimY = k.block.y;
    lc.blockDimZ = k.block.z;
    lc.sharedMemBytes = k.dynamic_smem;
    lc.hStream = stream;
    CUlaunchAttribute at[1];
    if (k.cluster) {
      at[0].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
      at[0].value.clusterDim.x = k.cluster->x;
      at[0].value.clusterDim.y = k.cluster->y;
      at[0].value.clusterDim.z = k.cluster->z;
      lc.attrs = at;
      lc.numAttrs = 1;
    }
    apply_attributes(li);
    CK(cuLaunchKernelEx(&lc, funcs[li], params.data(), nullptr));
  };

  // ---- repetitions ----
  const std::size_t nk = launches.size();
  std::vector<std::vector<double>> times(nk);
  std::vector<CUevent> ev0(nk), ev1(nk);
  for (std::size_t i = 0; i < nk; ++i) {
    CK(cuEventCreate(&ev0[i], CU_EVENT_DEFAULT));
    CK(cuEventCreate(&ev1[i], CU_EVENT_DEFAULT));
  }
  for (int rep = 0; rep < warmup + repeat; ++rep) {
    for (std::size_t i = 0; i < nb; ++i)
      if (!init[i].empty()) CK(cuMemcpyDtoDAsync(dbuf[i], dinit[i], init[i].size(), stream));
    for (std::size_t li = 0; li < nk; ++li) {
      CK(cuEventRecord(ev0[li], stream));
      launch(li);
      CK(cuEventRecord(ev1[li], stream));
    }
    CK(cuStreamSynchronize(stream));
    if (rep >= warmup && !once)
      for (std::size_t li = 0; li < nk; ++li) {
        float ms = 0;
        CK(cuEventElapsedTime(&ms, ev0[li], ev1[li]));
        times[li].push_back(ms * 1000.0);
      }
  }

  // ---- per-launch records ----
  for (std::size_t li = 0; li < nk; ++li) {
    const auto& p = launches[li];
    const auto& k = *p.spec;
    apply_attributes(li);  // the attributes and occupancy below are this launch's
    auto fattr = [&](CUfunction_attribute a) {
      int v = 0;
      CK(cuFuncGetAttribute(&v, a, funcs[li]));
      return v;
    };
    ojson kj;
    kj["entry"] = k.entry;
    kj["ptx"] = std::filesystem::path(k.ptx).filename().string();
    kj["ptx_sha256"] = [&] {
      const std::string t = read_file(k.ptx);
      return cfg::sha256_hex(t.data(), t.size());
    }();
    kj["grid"] = dim_json(k.grid);
    kj["block"] = dim_json(k.block);
    kj["cluster"] = k.cluster ? dim_json(*k.cluster) : ojson(nullptr);
    kj["dynamic_smem"] = k.dynamic_smem;
    if (k.preferred_carveout >= 0) kj["preferred_carveout"] = k.preferred_carveout;
    kj["attributes"] = {{"registers_per_thread", fattr(CU_FUNC_ATTRIBUTE_NUM_REGS)},
                        {"static_smem_bytes", fattr(CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES)},
                        {"local_bytes_per_thread", fattr(CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES)},
                        {"const_bytes", fattr(CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES)},
                        {"max_threads_per_block", fattr(CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK)},
                        {"ptx_version", fattr(CU_FUNC_ATTRIBUTE_PTX_VERSION)},
                        {"binary_version", fattr(CU_FUNC_ATTRIBUTE_BINARY_VERSION)},
                        {"preferred_carveout", fattr(CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT)}};
    kj["warpsim_static_smem"] = p.static_smem;
    if (!k.cluster) {
      int blocks = 0;
      CK(cuOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, funcs[li], static_cast<int>(k.block.volume()),
                                                     k.dynamic_smem));
      kj["occupancy_ctas_per_sm"] = blocks;
    }
    if (!once) {
      const auto& t = times[li];
      kj["time_us"] = {{"min", *std::min_element(t.begin(), t.end())},
                       {"median", median(t)},
                       {"max", *std::max_element(t.begin(), t.end())},
                       {"repeats", t.size()}};
    }
    kernels.push_back(kj);
  }
  result["launches"] = kernels;

  // ---- results ----
  ojson outs = ojson::object();
  for (std::size_t i = 0; i < nb; ++i) {
    std::vector<std::byte> data(init[i].size());
    if (!data.empty()) CK(cuMemcpyDtoH(data.data(), dbuf[i], data.size()));
    ojson bj;
    bj["type"] = cfg::elem_name(rc.buffers[i].type);
    bj["count"] = rc.buffers[i].count;
    bj["sha256"] = cfg::sha256_hex(data.data(), data.size());
    bj["changed"] = data != init[i];
    if (data.size() <= inline_limit) bj["hex"] = hex(data);
    outs[rc.buffers[i].name] = bj;
  }
  result["buffers"] = outs;

  for (std::size_t i = 0; i < nk; ++i) {
    cuEventDestroy(ev0[i]);
    cuEventDestroy(ev1[i]);
  }
  for (std::size_t i = 0; i < nb; ++i) {
    cuMemFree(dbuf[i]);
    cuMemFree(dinit[i]);
  }
  for (auto& [path, m] : modules) cuModuleUnload(m);
  cuStreamDestroy(stream);
  cuDevicePrimaryCtxRelease(dev);

  const std::string text = result.dump(2) + "\n";
  if (out_path.empty()) {
    std::fwrite(text.data(), 1, text.size(), stdout);
  } else {
    std::ofstream f(out_path, std::ios::binary);
    if (!f || !(f << text)) die("cannot write " + out_path);
  }
  return 0;
}
