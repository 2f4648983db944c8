// The SM's TMA unit (timing/tma_unit.hpp).
#include <warpsim/timing/tma_unit.hpp>

#include <algorithm>
#include <cmath>

namespace warpsim::timing {

Cycle TmaUnit::copy(const source::BulkAccess& a, std::span<const source::Span> spans, Cycle now, MemorySystem& l2,
                    Cycle* data_back) {
  using K = source::BulkAccess::Kind;
  if (a.kind == K::Descriptor) {
    // prefetch.tensormap: the map is fetched beside the copies (the unit is not held) and cached when it arrives.
    map_ready(a.descriptor, static_cast<double>(now.count() + cfg_.issue_cycles));
    return now;
  }
  ++stats_.copies;
  double start = std::max(static_cast<double>(now.count() + cfg_.issue_cycles), free_);
  if (a.tensor) start = map_ready(a.descriptor, start);  // a prefetched map may still be on its way
  // The sectors the copy touches, with the bytes it writes in each (stores).
  sectors_.clear();
  sector_bytes_.clear();
  std::uint64_t global = 0;
  for (const source::Span& s : spans) {
    global += s.bytes;
    for (Addr at = s.at; at < s.at + s.bytes;) {
      const std::uint64_t sector = at / 32;
      const Addr end = std::min<Addr>(s.at + s.bytes, (sector + 1) * 32);
      if (!sectors_.empty() && sectors_.back() == sector) {
        sector_bytes_.back() += static_cast<unsigned>(end - at);
      } else {
        sectors_.push_back(sector);
        sector_bytes_.push_back(static_cast<unsigned>(end - at));
      }
      at = end;
    }
  }
  const std::uint64_t bytes = std::max<std::uint64_t>(a.shared_bytes, global);
  stats_.bytes += bytes;
  const double busy = static_cast<double>(bytes) / cfg_.bytes_per_cycle;
  free_ = start + std::max(busy, static_cast<double>(cfg_.copy_cycles));
  const MemOp op = a.kind == K::Store ? MemOp::Store : a.kind == K::Reduce ? MemOp::Atomic : MemOp::Load;
  std::uint64_t data = static_cast<std::uint64_t>(std::ceil(start + busy));
  const double n = static_cast<double>(sectors_.size());
  for (std::size_t i = 0; i < sectors_.size(); ++i) {
    const auto at = static_cast<std::uint64_t>(std::ceil(start + std::floor(static_cast<double>(i) * busy / n)));
    const bool line_start = i == 0 || sectors_[i] / 4 != sectors_[i - 1] / 4;
    const unsigned same = op == MemOp::Store ? sector_bytes_[i] : 1;
    data = std::max(data, l2.access(sectors_[i], op, at, same, cfg_.l2_side, line_start, /*operand_bytes=*/0,
                                          /*covered_bytes=*/0, /*bulk=*/true, cfg_.l2_gpc));
  }
  if (data_back != nullptr) *data_back = Cycle(data);
  switch (a.kind) {
    case K::Load:
    case K::SharedCopy: return Cycle(data + cfg_.land_cycles);
    case K::Store:
    case K::Reduce: return Cycle(data + cfg_.store_ack);
    case K::Prefetch:
    case K::Descriptor: return Cycle(data);
  }
  return Cycle(data);
}

double TmaUnit::map_ready(Addr map, double from) {
  const auto it = std::find_if(descriptors_.begin(), descriptors_.end(), [&](const Descriptor& d) { return d.at == map; });
  double ready = from;
  if (it != descriptors_.end()) {
    ready = std::max(from, it->ready);
    descriptors_.erase(it);
  } else {
    ++stats_.descriptor_misses;
    ready = from + fetch_cycles();
    if (cfg_.descriptor_cache != 0 && descriptors_.size() >= cfg_.descriptor_cache) descriptors_.erase(descriptors_.begin());
  }
  if (cfg_.descriptor_cache != 0) descriptors_.push_back({map, ready});
  return ready;
}

double TmaUnit::fetch_cycles() {
  const bool first = !fetched_;
  fetched_ = true;
  return static_cast<double>(cfg_.descriptor_cycles) + (first ? cfg_.descriptor_first : 0);
}

Cycle TmaUnit::deliver(Cycle data) {
  ++stats_.deliveries;
  return data + cfg_.multicast_cycles;
}

}  // namespace warpsim::timing
