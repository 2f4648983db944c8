// Fuzz target: functional execution of a small fuzzed kernel. Parses the input as a PTX module, loads its first
// two entries (ir::load_program) and runs each functionally (func::run_grid) on the tiny GPU model, once under
// each reconvergence model (independent, then ipdom_stack), with 2 CTAs of 64 threads (or the entry's .reqntid
// when it asks for at most 128), every 8-byte parameter pointing at one 4 KiB buffer (u32 words i % 64, so loaded
// indices stay near it), every 4-byte parameter 64 and others zero, the module's .global and .const variables in
// place, and tight limits: 2^15 warp-instructions per kernel, 4096 without progress (1024 at a closed barrier),
// 16 MiB of touched global memory. A warpsim::Error is an expected outcome (bad PTX, a faulting thread, a
// deadlock, a limit); anything else (another exception, a crash, a sanitizer report, a hang) is a finding.
// Leaves out: the timing model and the ptxas model's rewriting (lower/, which `warpsim run` applies first: same
// values, another order), the host side of a run config (sim/: argument checks against a config), launches the
// host side refuses (shared memory over the GPU's per-CTA limit, a block over .maxntid, .reqnctapercluster),
// more than two entries per module, and printf's output beyond formatting it.
#include <warpsim/common/error.hpp>
#include <warpsim/config/gpu_config.hpp>
#include <warpsim/func/grid.hpp>
#include <warpsim/ir/program.hpp>
#include <warpsim/ptx/parser.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace {

using namespace warpsim;

constexpr std::uint64_t kBufferBytes = 4096;

void run_once(const ir::Program& prog, const ptx::Module& module, const config::GpuConfig& gpu, Dim3 block,
              config::Reconvergence model) {
  func::GlobalMemory global(std::uint64_t{16} << 20);
  std::uint64_t const_size = 0;
  const auto vars = ir::layout_module_vars(module, &const_size);
  std::vector<std::uint8_t> cbank(const_size, 0);
  for (const auto& v : vars) {
    if (v.space == ir::Space::Global) global.add_at(v.name, v.address, v.size, v.init);
    else std::memcpy(cbank.data() + v.address, v.init.data(), v.init.size());
  }
  const Addr base = global.add("buf", kBufferBytes, ir::kBufferBase, 256, [](std::uint64_t off, std::uint64_t n,
                                                                               std::uint8_t* out) {
    for (std::uint64_t i = 0; i < n; i += 4) {
      const std::uint32_t word = static_cast<std::uint32_t>(((off + i) / 4) % 64);
      std::memcpy(out + i, &word, 4);
    }
  });
  func::Launch L;
  L.prog = &prog;
  L.grid = Dim3{2, 1, 1};
  L.block = block;
  L.params.assign(prog.param_kernel_size, 0);
  for (const auto& p : prog.functions[0].params) {
    if (p.size == 8) std::memcpy(L.params.data() + p.offset, &base, 8);
    else if (p.size == 4) {
      const std::uint32_t n = 64;
      std::memcpy(L.params.data() + p.offset, &n, 4);
    }
  }
  L.global = &global;
  L.const_bank = &cbank;
  L.num_sms = gpu.num_sms;
  L.model = model;
  func::GridLimits limits;
  limits.max_warp_instructions = 1u << 15;
  limits.no_progress_limit = 4096;
  limits.barrier_wait_limit = 1024;
  try {
    func::run_grid(L, limits);
  } catch (const Error&) {
  }
  (void)func::printf_text(std::move(L.printf));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const config::GpuConfig gpu = config::load_gpu_config("tiny");
  ptx::ParseResult r = ptx::parse(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.ptx");
  if (!r.ok()) return 0;
  int entries = 0;
  for (const auto& fn : r.module.functions) {
    if (!fn.is_entry || !fn.has_body || entries == 2) continue;
    ++entries;
    ir::Program prog;
    try {
      prog = ir::load_program(r.module, fn.name);
    } catch (const Error&) {
      continue;
    }
    Dim3 block{64, 1, 1};
    if (!prog.reqntid.empty()) {
      block = Dim3{prog.reqntid[0], prog.reqntid.size() > 1 ? prog.reqntid[1] : 1u,
                   prog.reqntid.size() > 2 ? prog.reqntid[2] : 1u};
      if (block.volume() == 0 || block.volume() > 128) continue;
    }
    if (!prog.maxntid.empty()) {
      std::uint64_t max = 1;
      for (auto d : prog.maxntid) max *= d;
      if (block.volume() > max) continue;
    }
    const std::uint64_t smem =
        std::max<std::uint64_t>(prog.static_smem, prog.dynamic_smem_offset);
    if (smem > gpu.smem_per_cta_max || !prog.reqnctapercluster.empty()) continue;
    run_once(prog, r.module, gpu, block, config::Reconvergence::Independent);
    run_once(prog, r.module, gpu, block, config::Reconvergence::IpdomStack);
  }
  return 0;
}
