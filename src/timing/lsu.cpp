// The load/store unit (see timing/lsu.hpp).
#include <warpsim/timing/lsu.hpp>

#include <algorithm>

namespace warpsim::timing {

LsuResult Lsu::global(const source::MemAccess& m, LaneMask lanes, bool local, std::uint64_t grid_warp, bool cas,
                      bool l1_bypass, std::uint32_t sub, Cycle now, bool async_copy, bool red) {
  if (local) local_sectors(m, lanes, grid_warp, scratch_);
  else global_sectors(m, lanes, scratch_);
  const MemOp op = m.atomic ? MemOp::Atomic : m.store ? MemOp::Store : MemOp::Load;
  // Atomics: per sector, the most lanes on one of its addresses, the operand bytes and the bytes of its distinct
  // addresses.
  scratch_.same.clear();
  scratch_.operand_bytes.clear();
  scratch_.covered_bytes.clear();
  if (op == MemOp::Atomic && !local) same_address_lanes(m, lanes, scratch_);
  if (op == MemOp::Store) store_bytes(m, lanes, scratch_);  // partial sectors are read from DRAM on an L2 miss
  const MemResult r = l1_.access(scratch_.sectors, op, now.count(), scratch_.same, l2_, sub, l1_bypass && !local,
                                 async_copy && op == MemOp::Load && !local, &scratch_.operand_bytes,
                                 &scratch_.covered_bytes,
                                 red && op == MemOp::Atomic && !local ? std::max<std::uint32_t>(m.bytes, 1) : 0);
  LsuResult out;
  if (op == MemOp::Load && !local) {
    ++stats_.global_ld_requests;
    stats_.global_ld_sectors += scratch_.sectors.size();
    stats_.global_ld_sectors_l1_hit += r.l1_hits;
  }
  if (op == MemOp::Store) {
    out.ready = now + cfg_.store_latency;
    out.store = true;
    out.stored = Cycle(r.accepted);
    out.acked = Cycle(r.accepted + cfg_.store_ack);
    if (r.taken > cfg_.store_backpressure) out.hold = Cycle(r.taken - cfg_.store_backpressure);
    return out;
  }
  out.ready = Cycle(r.ready + (op == MemOp::Atomic && cas ? cfg_.cas_latency : 0));
  return out;
}

Cycle Lsu::constant(const source::MemAccess& m, LaneMask lanes, Cycle now) {
  auto& seen = scratch_.addrs;
  seen.clear();
  lanes.for_each([&](unsigned lane) { seen.push_back(m.addr[lane]); });
  std::sort(seen.begin(), seen.end());
  const auto distinct = static_cast<std::uint64_t>(std::unique(seen.begin(), seen.end()) - seen.begin());
  stats_.const_accesses += distinct;
  return now + distinct * cfg_.const_latency;
}

}  // namespace warpsim::timing
