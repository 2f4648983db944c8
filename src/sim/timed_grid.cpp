// A launch through the timing model (see sim/timed_grid.hpp).
#include <warpsim/sim/timed_grid.hpp>

#include <algorithm>

namespace warpsim::sim {

timing::KernelShape kernel_shape(const func::Launch& L) {
  timing::KernelShape k;
  k.ctas = L.grid.volume();
  k.threads_per_cta = static_cast<std::uint32_t>(L.block.volume());
  k.smem_per_cta =
      std::max<std::uint64_t>(L.prog->static_smem, std::uint64_t{L.prog->dynamic_smem_offset} + L.dynamic_smem);
  k.grid = L.grid;
  k.cluster = L.cluster;
  k.cluster_launch = L.explicit_cluster;
  if (L.preferred_carveout >= 0) k.carveout_percent = static_cast<unsigned>(L.preferred_carveout);
  return k;
}

timing::GridTiming run_timed(func::Launch& L, const lower::Program& prog, const config::GpuConfig& cfg,
                             const func::GridLimits& limits, timing::TraceSink* sink, unsigned regs_per_thread) {
  func::FunctionalSource src(L, limits);
  src.set_immediate(false);  // the timing model lands asynchronous copies when its LSU says they return
  return timing::run_grid_timed(src, prog, kernel_shape(L), cfg, sink, regs_per_thread);
}

timing::GridTiming run_timed(func::Launch& L, const config::GpuConfig& cfg, const func::GridLimits& limits,
                             timing::TraceSink* sink, unsigned regs_per_thread) {
  const lower::Program prog = lower::annotate(*L.prog, cfg);
  const ir::Program* given = L.prog;
  L.prog = &prog.code;
  struct Restore {
    func::Launch& l;
    const ir::Program* p;
    ~Restore() { l.prog = p; }
  } restore{L, given};
  return run_timed(L, prog, cfg, limits, sink, regs_per_thread);
}

}  // namespace warpsim::sim
