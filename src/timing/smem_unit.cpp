// The shared-memory unit (see timing/smem_unit.hpp).
#include <warpsim/timing/smem_unit.hpp>

namespace warpsim::timing {

Cycle SmemUnit::access(const source::MemAccess& m, LaneMask lanes, Cycle now) {
  if (lanes.none()) return now;  // no lane executed: nothing reaches the banks
  const SmemCost c = smem_cost(m, lanes, cfg_.banks, cfg_.bank_bytes, scratch_);
  const Cycle start = max(now, free_);
  free_ = start + c.wavefronts;  // the banks serve one wavefront per cycle
  stats_.wavefronts += c.wavefronts;
  (m.atomic  ? stats_.conflicts_atom
   : m.store ? stats_.conflicts_st
             : stats_.conflicts_ld) += c.wavefronts - c.ideal_wavefronts;
  return start + cfg_.latency + (std::uint64_t{c.wavefronts} - 1) * cfg_.wavefront_cycles;
}

}  // namespace warpsim::timing
