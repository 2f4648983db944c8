// Helpers for timing tests: run a hand-written PTX kernel `k(.param .u64 out)` on the tiny GPU, functionally
// or with the timing model, with one u32 buffer `out` (zeroed unless `init` is given); `regs_per_thread` is
// what ptxas would allocate (0: registers not counted).
#pragma once

#include <warpsim/common/error.hpp>
#include <warpsim/config/gpu_config.hpp>
#include <warpsim/func/grid.hpp>
#include <warpsim/ir/program.hpp>
#include <warpsim/ptx/parser.hpp>
#include <warpsim/sim/timed_grid.hpp>

#include <catch2/catch.hpp>

#include <cstring>
#include <string>
#include <vector>

namespace ttest {

inline std::string header() { return ".version 9.0\n.target sm_90a\n.address_size 64\n"; }

// A uniform counted loop of n iterations: add, setp, @p bra (tests 693 and 735).
inline std::string counted_loop(unsigned n) {
  return header() + R"(
.visible .entry k(.param .u64 out) {
  .reg .u32 %r<4>;
  .reg .pred %p<2>;
  mov.u32 %r1, 0;
LOOP:
  add.u32 %r1, %r1, 1;
  setp.lt.u32 %p1, %r1, )" + std::to_string(n) + R"(;
  @%p1 bra LOOP;
  exit;
}
)";
}

struct Result {
  warpsim::timing::GridTiming timing;  // empty for functional runs
  std::vector<std::uint32_t> out;
  std::string printed;  // the kernel's printf output
};

// Runs a loaded program on `cfg` with one CTA row of `grid` x `block` threads and the u32 buffer `out`; with
// `module` given, its .global and .const variables are placed first (printf's format strings live there).
inline Result run_program(const warpsim::ir::Program& prog, const warpsim::config::GpuConfig& cfg, unsigned grid,
                          unsigned block, unsigned count, bool timed, std::vector<std::uint32_t> init = {},
                          unsigned regs_per_thread = 0, warpsim::timing::TraceSink* sink = nullptr,
                          const warpsim::ptx::Module* module = nullptr) {
  using namespace warpsim;
  func::GlobalMemory global;
  std::vector<std::uint8_t> cbank;
  if (module != nullptr) {
    std::uint64_t const_size = 0;
    const auto vars = ir::layout_module_vars(*module, &const_size);
    cbank.assign(const_size, 0);
    for (const auto& v : vars) {
      if (v.space == ir::Space::Global) global.add_at(v.name, v.address, v.size, v.init);
      else std::memcpy(cbank.data() + v.address, v.init.data(), v.init.size());
    }
  }
  const Addr base = global.add("out", std::uint64_t{count} * 4, ir::kBufferBase);
  init.resize(count, 0);
  global.write(*global.region("out"), 0, reinterpret_cast<const std::uint8_t*>(init.data()), std::size_t{count} * 4);
  func::Launch L;
  L.prog = &prog;
  L.grid = Dim3{grid, 1, 1};
  L.block = Dim3{block, 1, 1};
  L.params.assign(prog.param_kernel_size, 0);
  std::memcpy(L.params.data() + prog.functions[0].params[0].offset, &base, 8);
  L.global = &global;
  L.const_bank = &cbank;
  L.num_sms = cfg.num_sms;
  L.model = cfg.reconvergence;
  Result r;
  if (timed) r.timing = sim::run_timed(L, cfg, {}, sink, regs_per_thread);
  else func::run_grid(L);
  r.out.resize(count);
  global.read(*global.region("out"), 0, std::size_t{count} * 4, reinterpret_cast<std::uint8_t*>(r.out.data()));
  r.printed = func::printf_text(std::move(L.printf));
  return r;
}

inline Result run(const std::string& ptx, unsigned grid, unsigned block, unsigned count, bool timed = true,
                  const std::vector<std::string>& overrides = {}, std::vector<std::uint32_t> init = {},
                  unsigned regs_per_thread = 0, warpsim::timing::TraceSink* sink = nullptr) {
  using namespace warpsim;
  auto parsed = ptx::parse(ptx, "k.ptx");
  if (!parsed.ok()) FAIL(parsed.format_errors());
  const ir::Program prog = ir::load_program(parsed.module, "k");
  return run_program(prog, config::load_gpu_config("tiny", overrides), grid, block, count, timed, std::move(init),
                     regs_per_thread, sink);
}

}  // namespace ttest
