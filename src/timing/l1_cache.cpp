// An SM's L1 (see timing/l1_cache.hpp).
#include <warpsim/timing/l1_cache.hpp>

#include <warpsim/timing/mem_cost.hpp>

#include <algorithm>
#include <cmath>

namespace warpsim::timing {

L1Cache::L1Cache(const L1Config& cfg)
    : cfg_(cfg),
      tags_(cfg.size, cfg.assoc, cfg.hashed_sets, cfg.random_replacement),
      path_free_(std::max(cfg.sub_partitions, 1u), 0.0) {}

MemResult L1Cache::access(const std::vector<std::uint64_t>& sectors, MemOp op, std::uint64_t now,
                          const std::vector<unsigned>& same_address, MemorySystem& l2, std::uint32_t sub, bool bypass,
                          bool async_copy, const std::vector<unsigned>* operand_bytes,
                          const std::vector<unsigned>* covered_bytes, unsigned red_lane_bytes) {
  MemResult r;
  // The sub-partition's path takes the distinct lines at mem.l1_{load,store}_cycles_per_line; the SM's stages
  // take the longer of the lines at mem.l1_tag_cycles_per_line and the sectors at mem.l1_sectors_per_cycle. The
  // access starts when both have worked off what came before it, and its sectors leave evenly over the longer of
  // the two.
  const auto lines = static_cast<double>(distinct_lines(sectors));
  const double per_line = op == MemOp::Load    ? cfg_.load_cycles_per_line
                          : op == MemOp::Store ? cfg_.store_cycles_per_line
                                               : 0.0;
  const double path_busy = lines * per_line;
  // Stores keep the SM's stages for mem.l1_store_cycles_per_line per line: only one warp's stores were measured
  // (traces/ubench_uncoalesced), so nothing says that several sub-partitions' stores overlap.
  // A cp.async's read (LDGSTS) keeps them longer: its fill is also written into shared memory (traces/ubench_cp_async).
  const double sm_per_line = op != MemOp::Load ? per_line
                             : async_copy && cfg_.cp_async_cycles_per_line > 0 ? cfg_.cp_async_cycles_per_line
                                                                                : cfg_.tag_cycles_per_line;
  const double sm_busy = std::max(static_cast<double>(sectors.size()) / cfg_.sectors_per_cycle, lines * sm_per_line);
  // Each stage keeps its own backlog in arrival order: the SM's stages serve the sub-partitions' paths in turn, so
  // an access waiting on its own path does not hold back another sub-partition's (the shared stage is not booked
  // at the time the path lets the access in, only its rate counts).
  double& path = path_free_[sub % path_free_.size()];
  const double t = static_cast<double>(now);
  const double path_start = std::max(path, t), sm_start = std::max(free_, t);
  path = path_start + path_busy;
  free_ = sm_start + sm_busy;
  const double start = std::max(path_start, sm_start);
  const double busy = std::max(path_busy, sm_busy);
  const bool red = op == MemOp::Atomic && red_lane_bytes != 0 && operand_bytes != nullptr &&
                   operand_bytes->size() == sectors.size() &&
                   (cfg_.red_request_cycles > 0 || cfg_.red_lane_cycles > 0);
  if (red) red_chain(sectors, same_address, *operand_bytes, red_lane_bytes, start, now);
  std::uint64_t last_line = ~std::uint64_t{0};  // the line of the last load sector sent to L2 (a new one: a request)
  for (std::size_t i = 0; i < sectors.size(); ++i) {
    const std::uint64_t sec = sectors[i];
    const auto to_l2 = [&] {
      const bool first = sec / 4 != last_line;
      last_line = sec / 4;
      return first;
    };
    auto at = static_cast<std::uint64_t>(
        std::ceil(start + std::floor(static_cast<double>(i) * busy / static_cast<double>(sectors.size()))));
    if (red) at = std::max(at, static_cast<std::uint64_t>(std::ceil(red_start_[i])));
    std::uint64_t ready = at;
    if (op == MemOp::Load && bypass) {
      ++stats_.sector_misses;
      ready = l2.access(sec, op, at, 1, cfg_.l2_side, to_l2(), 0, 0, false, cfg_.l2_gpc);
    } else if (op == MemOp::Load) {
      if (const auto hit = tags_.probe(sec)) {
        ++r.l1_hits;
        ++stats_.sector_hits;
        ready = std::max(at + cfg_.hit_latency, *hit);
      } else {
        ++stats_.sector_misses;
        ready = l2.access(sec, op, at, 1, cfg_.l2_side, to_l2(), 0, 0, false, cfg_.l2_gpc) + cfg_.miss_latency;
        tags_.fill(sec, ready, false);
      }
    } else {
      if (op == MemOp::Store && tags_.probe(sec)) tags_.fill(sec, at, false);  // write-through, no allocate
      const unsigned per_sector = i < same_address.size() ? same_address[i]
                                  : op == MemOp::Store    ? unsigned{kSectorBytes}
                                                          : 1u;
      // The first sector of each line of a store carries the line's slice cost (mem.l2_store_line_cycles).
      const bool line_start = i == 0 || sectors[i] / 4 != sectors[i - 1] / 4;
      const unsigned bytes =
          op == MemOp::Atomic && operand_bytes && i < operand_bytes->size() ? (*operand_bytes)[i] : 0;
      // An atomic's bytes of distinct addresses, a store's byte mask (mem.l2_partial_sectors).
      const unsigned covered = covered_bytes && i < covered_bytes->size() ? (*covered_bytes)[i] : 0;
      ready = l2.access(sec, op, at, op == MemOp::Store ? per_sector : std::max(per_sector, 1u), cfg_.l2_side,
                        line_start, bytes, covered);
      if (op == MemOp::Store) {
        r.accepted = std::max(r.accepted, ready);
        r.taken = std::max(r.taken, l2.store_taken());
        ready = at;
      }
    }
    r.ready = std::max(r.ready, ready);
  }
  return r;
}

void L1Cache::red_chain(const std::vector<std::uint64_t>& sectors, const std::vector<unsigned>& same_address,
                        const std::vector<unsigned>& operand_bytes, unsigned lane_bytes, double start,
                        std::uint64_t now) {
  if (red_chain_.size() > 4096)  // forget the lines whose chains are idle
    std::erase_if(red_chain_, [&](const auto& e) { return e.second <= static_cast<double>(now); });
  red_start_.assign(sectors.size(), start);
  for (std::size_t i = 0; i < sectors.size();) {
    const std::uint64_t line = sectors[i] / 4;
    std::size_t j = i;
    unsigned requests = 0, lanes = 0;
    for (; j < sectors.size() && sectors[j] / 4 == line; ++j) {
      requests = std::max(requests, j < same_address.size() ? std::max(same_address[j], 1u) : 1u);
      lanes += operand_bytes[j] / lane_bytes;
    }
    double& chain = red_chain_[line];
    const double begin = std::max(start, chain);
    chain = begin + requests * cfg_.red_request_cycles + lanes * cfg_.red_lane_cycles;
    for (std::size_t k = i; k < j; ++k) red_start_[k] = begin;
    i = j;
  }
}

}  // namespace warpsim::timing
