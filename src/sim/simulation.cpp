// Running a run config functionally: the host side of a CUDA program (module loading, buffer allocation
// and initialisation, argument marshalling, launches in order, copying results back).
// Models: launch validation against the kernel (argument count and sizes, shared memory, .reqntid/.maxntid,
// cluster directives, compile target) with CUDA's error names; one global memory shared by all launches, whose
// buffers are initialised page by page as kernels touch them (func/memory.hpp); the per-kernel run limits.
// Leaves out: streams' concurrency (launches run one after another in config order) and timing.
#include <warpsim/sim/simulation.hpp>

#include <warpsim/lower/lowered.hpp>
#include <warpsim/sim/ptxas.hpp>
#include <warpsim/sim/timed_grid.hpp>

#include <warpsim/common/error.hpp>
#include <warpsim/config/kernel_args.hpp>
#include <warpsim/func/grid.hpp>
#include <warpsim/ir/program.hpp>
#include <warpsim/ptx/parser.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>

namespace warpsim::sim {
namespace {

struct LoadedModule {
  ptx::Module module;
  std::uint64_t base = 0;  // where its .global variables live
  std::vector<std::uint8_t> const_bank;
  // by entry and the registers that bound its schedule ("entry#registers"), as the GPU runs them
  std::map<std::string, std::unique_ptr<lower::Program>> programs;
};

void check_target(const config::GpuConfig& gpu, const ptx::Module& m, const config::LaunchSpec& k) {
  if (gpu.ptx_targets.empty()) return;
  if (std::find(gpu.ptx_targets.begin(), gpu.ptx_targets.end(), m.target) != gpu.ptx_targets.end()) return;
  std::string accepted;
  for (const auto& t : gpu.ptx_targets) accepted += (accepted.empty() ? "" : ", ") + t;
  fail(ErrorKind::Launch,
       "{}.ptx: {} is compiled for .target {}, but GPU model '{}' runs {} (CUDA_ERROR_NO_BINARY_FOR_GPU; "
       "arch-specific 'a' targets run only on their own architecture)",
       k.json_path, m.path, m.target, gpu.name, accepted);
}

std::vector<std::uint8_t> marshal_args(const config::RunConfig& cfg, const config::LaunchSpec& k,
                                       const ir::Program& prog, const std::map<std::string, Addr>& buffer_addr) {
  const auto& params = prog.functions[0].params;
  if (k.args.size() != params.size())
    fail(ErrorKind::Launch,
         "{}: {}.args: {} arguments given, but kernel {} takes {} parameters (CUDA_ERROR_INVALID_VALUE)", cfg.path,
         k.json_path, k.args.size(), k.entry, params.size());
  std::vector<std::uint8_t> buf(prog.param_kernel_size, 0);
  const config::BufferAddress address = [&](const std::string& name) { return buffer_addr.at(name); };
  for (std::size_t i = 0; i < params.size(); ++i) {
    const auto& p = params[i];
    config::check_arg_fits(cfg.path, k, i, config::ParamDecl{p.name, p.size, p.align});
    const std::vector<std::byte> bytes = config::arg_bytes(k.args[i], address);
    std::memcpy(buf.data() + p.offset, bytes.data(), bytes.size());
  }
  return buf;
}

Dim3 dims(const std::vector<std::uint32_t>& v) {
  Dim3 d;
  if (v.size() > 0) d.x = v[0];
  if (v.size() > 1) d.y = v[1];
  if (v.size() > 2) d.z = v[2];
  return d;
}

// The launch's cluster shape: the run config's `cluster`, else the kernel's .reqnctapercluster (as
// __cluster_dims__ launches with <<<...>>>), else clusters of one.
Dim3 launch_cluster(const config::LaunchSpec& k, const ir::Program& prog) {
  if (k.cluster) return *k.cluster;
  if (!prog.reqnctapercluster.empty()) return dims(prog.reqnctapercluster);
  return Dim3{};
}

void check_launch(const config::RunConfig& cfg, const config::LaunchSpec& k, const ir::Program& prog) {
  const auto& gpu = cfg.gpu;
  const std::uint64_t threads = k.block.volume();
  if (!prog.reqntid.empty() && !(dims(prog.reqntid) == k.block))
    fail(ErrorKind::Launch, "{}: {}.block: ({},{},{}) differs from the kernel's .reqntid {} (CUDA_ERROR_INVALID_VALUE)",
         cfg.path, k.json_path, k.block.x, k.block.y, k.block.z, fmt::join(prog.reqntid, ","));
  if (!prog.maxntid.empty() && threads > dims(prog.maxntid).volume())
    fail(ErrorKind::Launch,
         "{}: {}.block: {} threads exceed the kernel's .maxntid {} ({} threads) (CUDA_ERROR_INVALID_VALUE)", cfg.path,
         k.json_path, threads, fmt::join(prog.maxntid, ","), dims(prog.maxntid).volume());
  const std::uint64_t smem =
      std::max<std::uint64_t>(prog.static_smem, std::uint64_t{prog.dynamic_smem_offset} + k.dynamic_smem);
  if (smem > gpu.smem_per_cta_max)
    fail(ErrorKind::Launch,
         "{}: {}: {} bytes of shared memory per CTA ({} static + {} dynamic) exceed the per-CTA limit of {} bytes of "
         "GPU "
         "model '{}' (CUDA_ERROR_INVALID_VALUE)",
         cfg.path, k.json_path, smem, prog.static_smem, k.dynamic_smem, gpu.smem_per_cta_max, gpu.name);
  if (!prog.reqnctapercluster.empty() && k.cluster) {
    const Dim3 want = dims(prog.reqnctapercluster);
    const Dim3 got = *k.cluster;
    if (!(want == got))
      fail(ErrorKind::Launch,
           "{}: {}.cluster: ({},{},{}) differs from the kernel's .reqnctapercluster {} "
           "(CUDA_ERROR_INVALID_CLUSTER_SIZE)",
           cfg.path, k.json_path, got.x, got.y, got.z, fmt::join(prog.reqnctapercluster, ","));
  }
  const Dim3 cluster = launch_cluster(k, prog);
  if (prog.explicitcluster && !k.cluster && prog.reqnctapercluster.empty())
    fail(ErrorKind::Launch,
         "{}: {}: the kernel is declared .explicitcluster but the launch gives no \"cluster\" shape "
         "(CUDA_ERROR_INVALID_CLUSTER_SIZE)",
         cfg.path, k.json_path);
  if (prog.maxclusterrank != 0 && cluster.volume() > prog.maxclusterrank)
    fail(ErrorKind::Launch,
         "{}: {}.cluster: {} CTAs per cluster exceed the kernel's .maxclusterrank {} (CUDA_ERROR_INVALID_CLUSTER_SIZE)",
         cfg.path, k.json_path, cluster.volume(), prog.maxclusterrank);
  for (int a = 0; a < 3; ++a) {
    const std::uint32_t g = a == 0 ? k.grid.x : a == 1 ? k.grid.y : k.grid.z;
    const std::uint32_t c = a == 0 ? cluster.x : a == 1 ? cluster.y : cluster.z;
    if (g % c != 0)
      fail(ErrorKind::Launch,
           "{}: {}: grid {} ({}) is not a multiple of the kernel's .reqnctapercluster {} ({}) "
           "(CUDA_ERROR_INVALID_CLUSTER_SIZE)",
           cfg.path, k.json_path, "xyz"[a], g, "xyz"[a], c);
  }
}

// Registers per thread for the timing model: the run config's "registers", else ptxas's count for the entry.
std::pair<unsigned, std::string> kernel_registers(const config::RunConfig& cfg, const config::LaunchSpec& k,
                                                  const ptx::Module& m) {
  if (k.registers) return {*k.registers, "run config"};
  std::ifstream in(k.ptx, std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto report = ptxas_resources(k.ptx, text, m.target);
  if (!report)
    fail(ErrorKind::Launch,
         "{}: {}: the timing model needs the kernel's registers per thread: install the CUDA toolkit's ptxas (on "
         "PATH or in /usr/local/cuda/bin), or give them in the run config as \"registers\": N",
         cfg.path, k.json_path);
  const auto it = report->kernels.find(k.entry);
  if (it == report->kernels.end())
    fail(ErrorKind::Launch, "{}: {}: ptxas {} reported no entry function {} for {}", cfg.path, k.json_path,
         report->version, k.entry, m.target);
  return {it->second.registers, fmt::format("ptxas {}{}", report->version, report->cached ? " (cached)" : "")};
}

}  // namespace

unsigned schedule_registers(const config::RunConfig& cfg, const config::LaunchSpec& k, const ptx::Module& m) {
  if (cfg.gpu.compiler_schedule == 0 || cfg.gpu.compiler_register_limit == 0) return 0;
  if (k.registers) return *k.registers;
  try {
    return ptxas_entry_registers(k.ptx, m.target, k.entry);
  } catch (const Error&) {
    return 0;  // PTX that ptxas rejects (warpsim may still run it): no limit
  }
}

void RunResult::read_buffer(std::size_t i, std::uint64_t offset, std::uint64_t n, std::byte* out) const {
  const auto& b = config.buffers.at(i);
  const func::GlobalMemory::Region* r = memory ? memory->region(b.name) : nullptr;
  if (r == nullptr) fail(ErrorKind::Internal, "buffer '{}' is not in global memory", b.name);
  memory->read(*r, offset, n, reinterpret_cast<std::uint8_t*>(out));
}

std::vector<std::byte> RunResult::buffer(std::size_t i) const {
  const auto& b = config.buffers.at(i);
  std::vector<std::byte> out(b.count * config::elem_size(b.type));
  read_buffer(i, 0, out.size(), out.data());
  return out;
}

std::vector<std::byte> RunResult::buffer(const std::string& name) const {
  for (std::size_t i = 0; i < config.buffers.size(); ++i)
    if (config.buffers[i].name == name) return buffer(i);
  fail(ErrorKind::Input, "no buffer named '{}'", name);
}

std::vector<std::vector<std::byte>> RunResult::buffers() const {
  std::vector<std::vector<std::byte>> all;
  for (std::size_t i = 0; i < config.buffers.size(); ++i) all.push_back(buffer(i));
  return all;
}

bool RunResult::expects_ok() const {
  return std::all_of(expects.begin(), expects.end(), [](const auto& e) { return e.ok; });
}

RunResult run_file(const std::string& config_path, const RunOptions& opts) {
  return run(config::load_run_config(config_path, opts.gpu_overrides), opts);
}

RunResult run(const config::RunConfig& cfg, const RunOptions& opts) {
  RunResult result;
  result.config = cfg;
  auto memory = std::make_shared<func::GlobalMemory>(opts.memory_budget);
  func::GlobalMemory& global = *memory;

  // Buffers, in config order, each 256-byte aligned with a gap after the previous one. Their pages are filled
  // with the init values when first touched.
  std::map<std::string, Addr> buffer_addr;
  Addr cursor = ir::kBufferBase;
  for (const auto& b : cfg.buffers) {
    const unsigned esize = config::elem_size(b.type);
    const std::uint64_t bytes = b.count * esize;
    const Addr base = global.add(
        b.name, bytes, cursor, 256, [spec = b, esize](std::uint64_t off, std::uint64_t n, std::uint8_t* out) {
          config::init_elements(spec, off / esize, n / esize, reinterpret_cast<std::byte*>(out));
        });
    buffer_addr[b.name] = base;
    cursor = base + bytes + func::GlobalMemory::kGap;
  }

  // Modules, each loaded once, with their .global variables in their own address range.
  std::map<std::string, std::unique_ptr<LoadedModule>> modules;
  std::uint64_t gridid = 1;
  std::vector<func::PrintfRecord> all_printf;
  for (const auto& k : cfg.kernels) {
    auto& slot = modules[k.ptx];
    if (!slot) {
      slot = std::make_unique<LoadedModule>();
      try {
        slot->module = ptx::parse_file(k.ptx);
      } catch (const Error& e) {
        if (e.kind() != ErrorKind::Input) throw;  // PTX errors name FILE:LINE:COL already
        throw Error(e.kind(), fmt::format("{}: {}.ptx: {}", cfg.path, k.json_path, e.what()));
      }
      slot->base = ir::kModuleGlobalBase + (modules.size() - 1) * ir::kWindowSize;
      std::uint64_t const_size = 0;
      auto vars = ir::layout_module_vars(slot->module, &const_size, slot->base);
      slot->const_bank.assign(const_size, 0);
      for (auto& v : vars) {
        if (v.space == ir::Space::Global) global.add_at(fmt::format("{} (module variable)", v.name), v.address, v.size, v.init);
        else std::memcpy(slot->const_bank.data() + v.address, v.init.data(), v.init.size());
      }
    }
    LoadedModule& lm = *slot;
    check_target(cfg.gpu, lm.module, k);
    // The timing model needs the kernel's registers per thread (occupancy); the list scheduler is bounded by them
    // (compiler.register_limit).
    std::pair<unsigned, std::string> timing_regs;
    if (!opts.functional_only) {
      try {
        timing_regs = kernel_registers(cfg, k, lm.module);
      } catch (const Error& e) {
        throw Error(e.kind(), fmt::format("{}: {} ({} {}): {}", cfg.path, k.json_path, k.entry, k.ptx, e.what()));
      }
    }
    const bool limited = cfg.gpu.compiler_schedule != 0 && cfg.gpu.compiler_register_limit != 0;
    const unsigned sched_regs =
        opts.functional_only ? schedule_registers(cfg, k, lm.module) : (limited ? timing_regs.first : 0);
    auto& prog_slot = lm.programs[fmt::format("{}#{}", k.entry, sched_regs)];
    if (!prog_slot) {
      // ptxas's instruction order (compiler.schedule): same values, the order the GPU issues them in, within the
      // registers ptxas gives the kernel.
      prog_slot = std::make_unique<lower::Program>(
          lower::lower(ir::load_program(lm.module, k.entry, lm.base), cfg.gpu, sched_regs));
    }
    const lower::Program& lowered = *prog_slot;
    const ir::Program& prog = lowered.code;
    check_launch(cfg, k, prog);

    func::Launch L;
    L.prog = &prog;
    L.grid = k.grid;
    L.block = k.block;
    L.cluster = launch_cluster(k, prog);
    L.explicit_cluster = k.cluster.has_value() || !prog.reqnctapercluster.empty() || prog.explicitcluster;
    L.params = marshal_args(cfg, k, prog, buffer_addr);
    L.global = &global;
    L.const_bank = &lm.const_bank;
    L.dynamic_smem = k.dynamic_smem;
    L.preferred_carveout = k.preferred_carveout;
    L.num_sms = cfg.gpu.num_sms;
    L.gridid = gridid++;
    L.model = cfg.gpu.reconvergence;
    func::RaceLog races;
    if (opts.racecheck) L.race = &races;
    L.tma_nan_fill_pattern = cfg.gpu.tma_nan_fill_pattern;
    L.mma_align_bits = cfg.gpu.mma_align_bits;
    L.wgmma_fp8_sum_bits = cfg.gpu.wgmma_fp8_sum_bits;
    func::GridLimits limits;
    if (opts.no_progress_limit != 0) {
      limits.no_progress_limit = opts.no_progress_limit;
      limits.barrier_wait_limit = std::min(limits.barrier_wait_limit, opts.no_progress_limit);
    }
    if (opts.max_warp_instructions != 0) limits.max_warp_instructions = opts.max_warp_instructions;
    limits.timeout_seconds = opts.timeout_seconds;
    func::GridStats st;
    timing::GridTiming timed;
    KernelSummary ks;
    try {
      const bool budget = std::any_of(L.prog->code.begin(), L.prog->code.end(),
                                      [](const ir::Instr& in) { return in.op == ir::Op::Setmaxnreg; });
      if (opts.functional_only) {
        if (budget) L.regs_per_thread = kernel_registers(cfg, k, lm.module).first;
        const bool observed =
            opts.observer != nullptr && (&k - cfg.kernels.data()) == static_cast<std::ptrdiff_t>(opts.observe_launch);
        st = func::run_grid(L, limits, observed ? opts.observer : nullptr);
      } else {
        if (opts.trace != nullptr) opts.trace->on_kernel_begin(k.entry);
        const auto& [regs, source] = timing_regs;
        ks.registers_per_thread = regs;
        ks.registers_source = source;
        L.regs_per_thread = regs;
        timed = run_timed(L, lowered, cfg.gpu, limits, opts.trace, regs);
        if (opts.trace != nullptr) opts.trace->on_kernel_end(timed.cycles);
        st = timed.functional;
      }
    } catch (const Error& e) {
      throw Error(e.kind(), fmt::format("{}: {} ({} {}): {}", cfg.path, k.json_path, k.entry, k.ptx, e.what()));
    }
    ks.entry = k.entry;
    ks.hazards = std::move(races.hazards);
    ks.ctas = st.ctas;
    ks.warps = st.warps;
    ks.warp_instructions = st.warp_instructions;
    ks.thread_instructions = st.thread_instructions;
    ks.mma_flops = st.mma_flops;
    if (!opts.functional_only) {
      ks.cycles = timed.cycles;
      ks.stats = timed.stats.to_map();
    }
    result.kernels.push_back(ks);
    result.printf_output += func::printf_text(std::move(L.printf));
  }

  result.memory = std::move(memory);
  for (const auto& e : cfg.expects) {
    for (std::size_t i = 0; i < cfg.buffers.size(); ++i)
      if (cfg.buffers[i].name == e.buffer)
        result.expects.push_back(config::check_expect(e, cfg.buffers[i], result.buffer(i)));
  }
  return result;
}

}  // namespace warpsim::sim
