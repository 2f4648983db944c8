// The occupancy sections' shared helpers (see occ_launch.hpp).
#include "occ_launch.hpp"

#include <warpsim/common/error.hpp>
#include <warpsim/ir/program.hpp>
#include <warpsim/ptx/parser.hpp>

#include <fmt/format.h>

#include <cmath>

namespace warpsim::teach {

KernelSmem kernel_smem(const config::LaunchSpec& l) {
  const ptx::Module m = ptx::parse_file(l.ptx);
  const ir::Program p = ir::load_program(m, l.entry);
  return {p.static_smem, p.dynamic_smem_offset};
}

timing::OccupancyRequest occupancy_request(const config::LaunchSpec& l, const KernelSmem& k, unsigned threads,
                                           unsigned regs, std::uint64_t dynamic) {
  timing::OccupancyRequest r;
  r.threads_per_cta = threads;
  r.regs_per_thread = regs;
  r.smem_per_cta = smem_per_cta(k, dynamic);
  if (l.preferred_carveout >= 0) r.carveout_percent = static_cast<unsigned>(l.preferred_carveout);
  return r;
}

timing::Occupancy occupancy_of(const config::GpuConfig& gpu, const timing::OccupancyRequest& req) {
  try {
    return timing::explain_occupancy(gpu, req);
  } catch (const Error& e) {
    if (e.kind() != ErrorKind::Config) throw;
    timing::Occupancy o;
    o.error = e.what();
    return o;
  }
}

std::string percent(double fraction) {
  const double p = 100.0 * fraction;
  if (std::abs(p - std::round(p)) < 1e-9) return fmt::format("{:.0f} %", p);
  return fmt::format("{:.1f} %", p);
}

}  // namespace warpsim::teach
