// The shared-memory unit (see timing/smem_unit.hpp).
#include <warpsim/timing/smem_unit.hpp>

#include <cmath>

namespace warpsim::timing {

Cycle SmemUnit::access(const source::MemAccess& m, LaneMask lanes, Cycle now, unsigned sub) {
  if (lanes.none()) return now;  // no lane executed: nothing reaches the banks
  const SmemCost c = smem_cost(m, lanes, cfg_.banks, cfg_.bank_bytes, scratch_, cfg_.phase_bytes);
  last_ = c;
  if (sub >= port_free_.size()) {
    port_free_.resize(sub + 1, Cycle{0});
    hold_.resize(sub + 1, Cycle{0});
  }
  const std::uint64_t wf = c.wavefronts;
  const std::uint64_t replays = c.wavefronts - c.ideal_wavefronts;  // bank-conflict replays
  const Cycle enter = max(now, port_free_[sub]);
  const Cycle start = max(enter, free_);
  free_ = start + wf;  // the banks serve one wavefront per cycle
  // The port passes the access's conflict-free wavefronts one per cycle and each replay in
  // mem.smem_wavefront_cycles; it is busy until the banks have taken the last wavefront too.
  const Cycle port_done = start + (c.ideal_wavefronts - 1) + replays * cfg_.wavefront_cycles;
  const Cycle banks_done = start + (wf - 1);
  const Cycle last = max(port_done, banks_done);
  port_free_[sub] = last + 1;
  if (replays != 0) hold_[sub] = max(hold_[sub], last + 1);
  stats_.wavefronts += c.wavefronts;
  (m.atomic  ? stats_.conflicts_atom
   : m.store ? stats_.conflicts_st
             : stats_.conflicts_ld) += c.wavefronts - c.ideal_wavefronts;
  return last + cfg_.latency;
}

Cycle SmemUnit::gmma_read(std::uint64_t bytes, double bytes_per_cycle, double request_cycles, Cycle now) {
  if (bytes == 0) return now;
  const Cycle start = max(now, free_);
  gmma_carry_ += static_cast<double>(bytes) / bytes_per_cycle + request_cycles;
  const auto busy = static_cast<std::uint64_t>(gmma_carry_);
  gmma_carry_ -= static_cast<double>(busy);
  free_ = start + busy;
  return free_;
}

void SmemUnit::global_data(unsigned lines, unsigned cycles_per, Cycle now) {
  stats_.global_wavefronts += lines;
  if (lines != 0 && cycles_per != 0) free_ = max(now, free_) + std::uint64_t{lines} * cycles_per;
}

Cycle SmemUnit::async_write(unsigned wavefronts, double cycles_per, Cycle now) {
  if (wavefronts == 0 || cycles_per <= 0) return now;
  const Cycle start = max(now, free_);
  const auto busy = static_cast<std::uint64_t>(std::ceil(wavefronts * cycles_per));
  free_ = start + busy;
  stats_.wavefronts += wavefronts;
  return free_;
}

}  // namespace warpsim::timing
