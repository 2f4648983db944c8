// L1, L2 slices, DRAM and the constant cache (see timing/memory_system.hpp).
#include <warpsim/timing/memory_system.hpp>

#include <warpsim/timing/mem_cost.hpp>

#include <algorithm>
#include <cmath>

namespace warpsim::timing {

namespace {
constexpr std::uint64_t kSectorsPerLine = kLineBytes / kSectorBytes;
constexpr std::uint64_t kLocalBase = std::uint64_t{1} << 56;     // above every global buffer
constexpr std::uint64_t kLocalWindow = std::uint64_t{32} << 19;  // per warp: 32 lanes x 512 KiB (CUDA's maximum)

std::uint64_t up(double t) { return static_cast<std::uint64_t>(std::ceil(t)); }
}  // namespace

MemorySystem::MemorySystem(const config::GpuConfig& cfg, std::size_t sms)
    : cfg_(cfg), l1_free_(sms, 0), dram_(cfg.dram_bytes_per_cycle, cfg.dram_latency) {
  l1_.reserve(sms);
  for (std::size_t i = 0; i < sms; ++i) l1_.emplace_back(cfg.l1_size, cfg.l1_assoc);
  const unsigned n = std::max(cfg.l2_slices, 1u);
  slices_.reserve(n);
  for (unsigned i = 0; i < n; ++i) slices_.push_back({SectorCache(cfg.l2_size / n, cfg.l2_assoc, true), 0.0});
}

std::uint64_t MemorySystem::l2(std::uint64_t sector, MemOp op, std::uint64_t at, unsigned same_address) {
  // Slice from the top bits of the line's hash, set (inside SectorCache) from the hash modulo the set count.
  Slice& s = slices_[(address_hash(sector / kSectorsPerLine) >> 40) % slices_.size()];
  const double start = std::max(s.free, static_cast<double>(at));
  s.free = start + 1.0 / cfg_.l2_sectors_per_cycle_per_slice;
  const std::uint64_t t = up(start);
  ++stats_.lts_sectors;
  const auto hit = s.tags.probe(sector);
  (hit ? stats_.lts_sector_hits : stats_.lts_sector_misses) += 1;
  std::uint64_t ready = 0;
  if (op == MemOp::Store) {
    ready = t;
  } else if (hit) {
    ready = std::max(t + cfg_.l2_hit_latency, *hit);
  } else {
    ready = dram_.read(t, kSectorBytes);
  }
  if (!hit || op != MemOp::Load) {
    const unsigned evicted = s.tags.fill(sector, ready, op != MemOp::Load);
    if (evicted != 0) {
      // The write-back leaves through the slice's share of the DRAM bandwidth; the slice takes nothing more
      // until it has started.
      const std::uint64_t bytes = kSectorBytes * evicted;
      const double start = std::max(s.wb_free, static_cast<double>(t));
      s.wb_free = start + static_cast<double>(bytes * slices_.size()) / cfg_.dram_bytes_per_cycle;
      s.free = std::max(s.free, start);
      dram_.write(t, bytes);
    }
  }
  if (op != MemOp::Atomic) return ready;
  // The slice's atomic unit works on the data once it is there, one lane after another on one address.
  const double serial = same_address * cfg_.atomic_same_address_cycles;
  const double begin = std::max(static_cast<double>(ready), s.atomic_free);
  s.atomic_free = begin + serial;
  return up(begin + serial) + cfg_.atomic_latency;
}

MemResult MemorySystem::access(std::size_t sm, const std::vector<std::uint64_t>& sectors, MemOp op, std::uint64_t now,
                               const std::vector<unsigned>& same_address) {
  MemResult r;
  // The L1 takes the longer of: the sectors at mem.l1_sectors_per_cycle, the distinct lines at
  // mem.l1_{load,store}_cycles_per_line; the sectors leave evenly spread over that time.
  const double rate = cfg_.l1_sectors_per_cycle;
  std::size_t lines = 0;
  for (std::size_t i = 0; i < sectors.size(); ++i)
    if (i == 0 || sectors[i] / kSectorsPerLine != sectors[i - 1] / kSectorsPerLine) ++lines;
  const double per_line = op == MemOp::Load ? cfg_.l1_load_cycles_per_line
                          : op == MemOp::Store ? cfg_.l1_store_cycles_per_line : 0.0;
  const double busy = std::max(static_cast<double>(sectors.size()) / rate, static_cast<double>(lines) * per_line);
  const double start = std::max(l1_free_[sm], static_cast<double>(now));
  l1_free_[sm] = start + busy;
  SectorCache& l1 = l1_[sm];
  for (std::size_t i = 0; i < sectors.size(); ++i) {
    const std::uint64_t sec = sectors[i];
    const std::uint64_t at = up(start + std::floor(static_cast<double>(i) * busy / static_cast<double>(sectors.size())));
    std::uint64_t ready = at;
    if (op == MemOp::Load) {
      if (const auto hit = l1.probe(sec)) {
        ++r.l1_hits;
        ++stats_.l1_sector_hits;
        ready = std::max(at + cfg_.l1_hit_latency, *hit);
      } else {
        ++stats_.l1_sector_misses;
        ready = l2(sec, op, at);
        l1.fill(sec, ready, false);
      }
    } else {
      if (op == MemOp::Store && l1.probe(sec)) l1.fill(sec, at, false);  // write-through, no allocate
      ready = l2(sec, op, at, i < same_address.size() ? std::max(same_address[i], 1u) : 1u);
      if (op == MemOp::Store) {
        r.accepted = std::max(r.accepted, ready);
        ready = at;
      }
    }
    r.ready = std::max(r.ready, ready);
  }
  return r;
}

std::uint64_t MemorySystem::constant(const func::MemAccess& m, LaneMask lanes, std::uint64_t now) {
  std::vector<Addr> seen;
  lanes.for_each([&](unsigned lane) { seen.push_back(m.addr[lane]); });
  std::sort(seen.begin(), seen.end());
  const auto distinct = static_cast<std::uint64_t>(std::unique(seen.begin(), seen.end()) - seen.begin());
  stats_.const_accesses += distinct;
  return now + distinct * cfg_.const_latency;
}

void MemorySystem::finish() {
  std::uint64_t dirty = 0;
  for (const Slice& s : slices_) dirty += s.tags.dirty_sectors();
  dram_.count_flush(dirty * kSectorBytes);
  stats_.dram_bytes_read = dram_.bytes_read();
  stats_.dram_bytes_write = dram_.bytes_written();
}

std::vector<std::uint64_t> local_sectors(const func::MemAccess& m, LaneMask lanes, std::uint64_t warp) {
  func::MemAccess g = m;
  const std::uint64_t size = std::max<std::uint32_t>(m.bytes, 1);
  lanes.for_each([&](unsigned lane) {
    const std::uint64_t a = m.addr[lane];
    g.addr[lane] = kLocalBase + warp * kLocalWindow + a / size * (size * kWarpSize) + lane * size + a % size;
  });
  return global_cost(g, lanes).sectors;
}

}  // namespace warpsim::timing
