// L2 slices and DRAM (see timing/memory_system.hpp).
#include <warpsim/timing/memory_system.hpp>

#include <warpsim/timing/mem_cost.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <numeric>

namespace warpsim::timing {

namespace {
constexpr std::uint64_t kSectorsPerLine = kLineBytes / kSectorBytes;
// The slice comes from the hash's high bits and the set inside it from the hash modulo the set count (its low
// bits), so that which slice a line goes to says nothing about its set: lines of one slice use all of its sets.
constexpr unsigned kSliceHashShift = 40;
// mem.l2_merge_cycles bookkeeping: entries are pruned once the table holds this many, and those older than this
// many cycles (plus the window) before the latest arrival are dropped.
constexpr std::size_t kMergePruneMin = std::size_t{1} << 16;
constexpr double kMergeSlack = 100000;

std::uint64_t up(double t) { return static_cast<std::uint64_t>(std::ceil(t)); }
}  // namespace

// mem.l2_hit_latency_spread: the hit latency plus a pseudo-random offset in [-spread / 2, spread - spread / 2],
// a function of the sector, the cycle and the side only (so runs repeat exactly).
std::uint64_t MemorySystem::hit_latency(std::uint64_t sector, std::uint64_t at, unsigned side) const {
  if (cfg_.hit_spread == 0) return cfg_.l2_hit_latency;
  const std::uint64_t half = std::min<std::uint64_t>(cfg_.hit_spread / 2, cfg_.l2_hit_latency);
  const std::uint64_t r = address_hash(sector ^ address_hash(at * 2 + (side & 1u)));
  return cfg_.l2_hit_latency - half + r % (cfg_.hit_spread + 1);
}

MemorySystem::MemorySystem(const MemoryConfig& cfg) : cfg_(cfg), dram_(cfg.dram) {
  const unsigned n = std::max(cfg.l2_slices, 1u);
  slices_.reserve(n);
  for (unsigned i = 0; i < n; ++i) slices_.emplace_back(SectorCache(cfg.l2_size / n, cfg.l2_assoc, true));
  partial_cap_ = (cfg.partial_sectors + n - 1) / n;
  const unsigned units = cfg.atomic_units > 0 ? cfg.atomic_units : n;
  atomic_free_.assign(units, 0.0);
  for (std::uint32_t a = 1; a < std::max(units, 2u); ++a)
    if (std::gcd(a, units) == 1) unit_steps_.push_back(a);
}

// Piece j of run r (the pieces of its blocks in address order) goes to unit (step_r x j + offset_r) mod units, the
// step coprime with the count: a run's pieces are on distinct units while there are fewer than units.
std::uint32_t MemorySystem::atomic_unit_of(std::uint64_t sector) const {
  const std::uint64_t block = std::max<std::uint64_t>(cfg_.atomic_unit_bytes / kSectorBytes, 1);
  const std::uint64_t piece = std::max<std::uint64_t>(cfg_.atomic_interleave_bytes / kSectorBytes, 1);
  const std::uint64_t per_block = std::max(cfg_.atomic_block_units, 1u);
  const std::uint64_t run = std::max(cfg_.atomic_group_blocks, 1u);
  const std::uint64_t b = sector / block;
  const std::uint64_t j = b % run * per_block + sector / piece % per_block;
  const std::uint64_t h = address_hash(b / run);
  const std::uint64_t units = atomic_free_.size();
  const std::uint64_t step = unit_steps_[(h >> kSliceHashShift) % unit_steps_.size()];
  return static_cast<std::uint32_t>((step * j + (h & 0xffffffffu)) % units);
}

unsigned MemorySystem::partition_of(std::uint64_t sector) const {
  if (cfg_.partitions < 2) return 0;
  return 1u ^ static_cast<unsigned>(std::popcount(sector * kSectorBytes & cfg_.partition_mask) & 1);
}

std::uint64_t MemorySystem::access(std::uint64_t sector, MemOp op, std::uint64_t at, unsigned same_address,
                                   unsigned side, bool line_start, unsigned operand_bytes,
                                   unsigned covered_bytes, bool bulk, unsigned gpc) {
  // Slice from the top bits of the line's hash, set (inside SectorCache) from the hash modulo the set count.
  const auto slice =
      static_cast<std::uint32_t>((address_hash(sector / kSectorsPerLine) >> kSliceHashShift) % slices_.size());
  Slice& s = slices_[slice];
  const auto hit = s.tags.probe(sector);
  const double rate = op == MemOp::Store && cfg_.l2_store_sectors_per_cycle_per_slice > 0
                          ? cfg_.l2_store_sectors_per_cycle_per_slice
                          : cfg_.l2_sectors_per_cycle_per_slice;
  const unsigned home = partition_of(sector);
  const double arrive = static_cast<double>(at);
  // Merging (mem.l2_merge_cycles, mem.l2_merge_load_cycles): a load of a present sector close behind another load of it
  // from the same side (and GPC, with mem.l2_merge_per_gpc).
  const unsigned window = bulk ? cfg_.merge_cycles : cfg_.merge_load_cycles;
  const bool merging = window > 0 && op == MemOp::Load;
  const std::uint32_t group = (cfg_.merge_per_gpc ? gpc : 0u) * 2 + (side & 1u);
  if (merging) {
    latest_ = std::max(latest_, at);
    if (hit) {
      if (const auto it = lookups_.find(sector); it != lookups_.end())
        for (const Lookup& l : it->second)
          if (l.group == group && arrive <= l.start + window) {
            ++stats_.l2_merged_sectors;
            return std::max(at + hit_latency(sector, at, side), l.ready);
          }
    }
  } else if (op != MemOp::Load && !lookups_.empty()) {
    lookups_.erase(sector);  // a store or atomic changes the data: later loads are looked up again
  }
  if (cfg_.far_lookup && cfg_.partitions > 1 && side != home &&
      !(op == MemOp::Load && hit && s.tags.has_copy(sector, side))) {
    // Looked up on the near side too (no copy there): that slice's time. The home slice's queue is not held up by
    // the near one's (the two work on different requests; latency is the measured far latency either way).
    Slice& n = slices_[(slice + slices_.size() / 2) % slices_.size()];
    n.free = std::max(n.free, arrive) + 1.0 / rate;
    ++stats_.lts_sectors;
  }
  double start = std::max(s.free, arrive);
  if (cfg_.requests_per_cycle > 0 && line_start) {
    // A new request (line) also waits for the slice's tag stage (mem.l2_requests_per_cycle_per_slice).
    start = std::max(start, s.request_free);
    s.request_free = start + 1.0 / cfg_.requests_per_cycle;
  }
  // The bytes a store writes (bit b: byte b; 0 for loads and atomics).
  const std::uint32_t mask = op != MemOp::Store          ? 0u
                             : covered_bytes != 0        ? covered_bytes
                             : same_address >= kSectorBytes ? ~0u
                                                          : (1u << same_address) - 1u;
  // A store that allocates its line pays the line's cost once (a store into a line already there does not:
  // ubench_store_rand's random whole sectors, four a line at different times, cost about a quarter of that each). A
  // store of part of a sector the slice does not hold whole (absent, or partial itself) keeps the slice at least
  // mem.l2_partial_store_cycles (the slice starts or extends its byte mask), which overlaps the line's allocation:
  // ubench_partial_write's one word per new line costs about what a whole sector per new line does, ubench_store_rand's
  // words into sectors partly written already about six times that. A partial store into a whole sector (one a load
  // brought in) costs what a whole one does: ubench_ldg_trips's read-modify-write trips (each thread loads a word of
  // C, then stores it with STG.E: H100 data) are +0.6 / +7.9 / -5.1 / +8.0 / +3.3 % with this rule on the H100 model,
  // +5.4 / +13.9 / -7.0 / +9.1 / +7.7 % with every partial store charged (2026-12-07, twenty-ninth session).
  const bool partial_store = op == MemOp::Store && mask != ~0u && cfg_.partial_store_cycles > 0 &&
                             (!hit || s.partial.count(sector) != 0);
  const bool allocates = op == MemOp::Store && line_start && !hit && !s.tags.has_line(sector);
  const double own = std::max(partial_store ? cfg_.partial_store_cycles : 0.0,
                              1.0 / rate + (allocates ? cfg_.store_line_cycles : 0.0));
  s.free = start + own;
  const std::uint64_t t = up(start);
  // mem.l2_store_queue: the store's place in the slice's store queue, which only stores (and their write-backs and
  // waits for DRAM, below) fill; without it, a store is taken when the slice reaches it.
  if (op == MemOp::Store) {
    if (cfg_.store_queue) {
      const double taken = std::max(s.store_free, arrive);
      s.store_free = taken + own;
      store_taken_ = up(taken);
    } else {
      store_taken_ = t;
    }
  }
  ++stats_.lts_sectors;
  (hit ? stats_.lts_sector_hits : stats_.lts_sector_misses) += 1;
  // Far side: an atomic always pays the trip to the home partition; a load that hits a line its side holds no
  // copy of pays it once (a miss's fill from DRAM reaches the requesting side directly: ubench_dram_chase and
  // ubench_l2_chase's cold pass, over lines of both partitions, see one DRAM latency).
  std::uint64_t far = 0;
  if (cfg_.partitions > 1 && side != home) {
    if (op == MemOp::Atomic) far = cfg_.far_atomic;
    else if (op == MemOp::Load && hit && !s.tags.has_copy(sector, side)) far = cfg_.far_first_load;
  }
  std::uint64_t ready = 0;
  std::uint64_t data = t;  // when a store's sector holds all its data
  if (op == MemOp::Store) {
    ready = t;
    if (cfg_.partial_write_fill && cfg_.partial_sectors > 0) note_partial(s, sector, hit.has_value(), mask, t);
    else if (cfg_.partial_write_fill && !hit && mask != ~0u) data = dram_.read(t, sector * kSectorBytes, kSectorBytes);
  } else if (hit) {
    ready = std::max(t + hit_latency(sector, t, side), *hit);
    if (!s.partial.empty()) ready = std::max(ready, complete_partial(s, sector, t));
  } else {
    // The aligned block of mem.dram_access_bytes around the sector comes from DRAM; its other absent sectors
    // are filled with it.
    const std::uint64_t per_block = std::max<std::uint64_t>(cfg_.dram_access_bytes / kSectorBytes, 1);
    const std::uint64_t first = sector / per_block * per_block;
    ready = dram_.read(t, first * kSectorBytes, per_block * kSectorBytes);
    unsigned filled = 1;
    for (std::uint64_t x = first; x < first + per_block; ++x)
      if (x != sector && !s.tags.probe(x)) {
        s.tags.fill(x, ready, false);
        ++filled;
      }
    // The slice writes what DRAM brings into its data array (mem.l2_fill_sectors_per_cycle_per_slice), booked when
    // the miss is looked up: the slice serves in arrival order and cannot hold a gap for the data's return.
    if (cfg_.fill_sectors_per_cycle > 0) s.free += filled / cfg_.fill_sectors_per_cycle;
  }
  if (op == MemOp::Load) ready += far;
  if (!hit || op != MemOp::Load) {
    const unsigned before = op != MemOp::Load && cfg_.dirty_max_lines != 0 ? s.tags.line_dirty(sector) : 0;
    const unsigned evicted = s.tags.fill(sector, op == MemOp::Store ? data : ready, op != MemOp::Load);
    if (cfg_.dirty_max_lines != 0) {
      if (evicted != 0 && dirty_ != 0) --dirty_;  // the evicted line held dirty sectors
      if (op != MemOp::Load) {
        const unsigned after = s.tags.line_dirty(sector);
        if (after > before) note_dirty(slice, sector, before == 0, t);
      }
    }
    if (evicted != 0) write_back(s, kSectorBytes * evicted, t);
  }
  // A store that allocates waits while DRAM is more than mem.dram_queue_cycles behind: the slice's fills and
  // write-backs have nowhere to go.
  if (op == MemOp::Store && !hit && cfg_.dram_queue_cycles > 0) {
    const double dram_room = dram_.bus_free() - static_cast<double>(cfg_.dram_queue_cycles);
    s.free = std::max(s.free, dram_room);
    s.store_free = std::max(s.store_free, dram_room);
  }
  if (cfg_.partitions > 1) {
    // A load leaves a copy on its side; a store or atomic leaves the line only at home.
    if (op == MemOp::Load) s.tags.add_copy(sector, side);
    else s.tags.set_copies(sector, 1u << home);
  }
  if (merging) note_lookup(sector, group, start, ready);
  if (op != MemOp::Atomic) return ready;
  // The atomic unit of the sector (atomic_unit_of) works on the data once it is there.
  double& unit = atomic_free_[atomic_unit_of(sector)];
  // Every lane on the address one after another; with mem.atomic_bytes_per_cycle, a sector the atomic fills (its
  // distinct addresses cover all 32 bytes) instead takes its operands at that rate in whole 32-byte transfers while
  // the lanes after the first on one address wait for each other, whichever is longer.
  const auto transfer = static_cast<double>((operand_bytes + kSectorBytes - 1) / kSectorBytes * kSectorBytes);
  const double serial = cfg_.atomic_bytes_per_cycle > 0 && operand_bytes > 0 && covered_bytes >= kSectorBytes
                            ? std::max(transfer / cfg_.atomic_bytes_per_cycle,
                                       (std::max(same_address, 1u) - 1) * cfg_.atomic_same_address_cycles)
                            : same_address * cfg_.atomic_same_address_cycles;
  const double begin = std::max(static_cast<double>(ready), unit);
  unit = begin + serial;
  return up(begin + serial) + cfg_.atomic_latency + far;
}

void MemorySystem::write_back(Slice& s, std::uint64_t bytes, std::uint64_t at) {
  const double start = std::max(s.wb_free, static_cast<double>(at));
  s.wb_free =
      start + static_cast<double>(std::max(bytes, cfg_.dram.burst) * slices_.size()) / cfg_.dram.bytes_per_cycle;
  s.free = std::max(s.free, start);
  s.store_free = std::max(s.store_free, start);
  dram_.write(at, bytes);
}

void MemorySystem::note_partial(Slice& s, std::uint64_t sector, bool hit, std::uint32_t mask, std::uint64_t at) {
  const auto it = s.partial.find(sector);
  if (it != s.partial.end()) {
    it->second.mask |= mask;
    if (it->second.mask == ~0u) s.partial.erase(it);  // whole now: an ordinary dirty sector
    return;
  }
  if (hit || mask == ~0u) return;  // whole, or written into a sector that holds all its data
  s.partial.emplace(sector, Slice::Partial{mask, ++partial_number_});
  s.partial_order.emplace_back(sector, partial_number_);
  ++stats_.l2_partial_sectors;
  // Completed sectors leave stale entries behind: drop them once they are most of the order (amortised O(1)).
  if (s.partial_order.size() > 4 * (s.partial.size() + 256)) {
    std::erase_if(s.partial_order, [&](const std::pair<std::uint64_t, std::uint64_t>& e) {
      const auto live = s.partial.find(e.first);
      return live == s.partial.end() || live->second.number != e.second;
    });
  }
  while (s.partial.size() > partial_cap_) resolve_oldest(s, at);
}

void MemorySystem::resolve_oldest(Slice& s, std::uint64_t at) {
  while (!s.partial_order.empty()) {
    const auto [sector, number] = s.partial_order.front();
    s.partial_order.pop_front();
    const auto it = s.partial.find(sector);
    if (it == s.partial.end() || it->second.number != number) continue;  // stale
    s.partial.erase(it);
    if (!s.tags.has_line(sector)) return;  // evicted since (written back then)
    // Written back in part: DRAM reads the sector, the bytes are merged and the whole sector is written (32 bytes each
    // way); the slice keeps it whole and clean. Its write-back path takes it as it takes an evicted line's.
    ++stats_.l2_partial_writebacks;
    const unsigned before = cfg_.dirty_max_lines != 0 ? s.tags.line_dirty(sector) : 0;
    s.tags.fill(sector, dram_.read(at, sector * kSectorBytes, kSectorBytes), false);
    s.tags.clean_sector(sector);
    if (before != 0 && s.tags.line_dirty(sector) == 0 && dirty_ != 0) --dirty_;
    write_back(s, kSectorBytes, at);
    return;
  }
}

std::uint64_t MemorySystem::complete_partial(Slice& s, std::uint64_t sector, std::uint64_t at) {
  const auto it = s.partial.find(sector);
  if (it == s.partial.end()) return 0;
  s.partial.erase(it);
  const std::uint64_t back = dram_.read(at, sector * kSectorBytes, kSectorBytes);
  s.tags.fill(sector, back, false);  // whole once the rest is back (still dirty)
  return back;
}

void MemorySystem::note_dirty(std::uint32_t slice, std::uint64_t sector, bool new_line, std::uint64_t at) {
  if (!new_line) return;
  ++dirty_;
  dirty_order_.emplace_back(slice, sector);
  while (dirty_ > cfg_.dirty_max_lines && !dirty_order_.empty()) {
    const auto [sl, sec] = dirty_order_.front();
    dirty_order_.pop_front();
    const unsigned n = slices_[sl].tags.clean_line(sec);  // 0: stale (evicted, counted then, or written back)
    if (n == 0) continue;
    if (dirty_ != 0) --dirty_;
    dram_.write(at, kSectorBytes * n);
  }
}

void MemorySystem::note_lookup(std::uint64_t sector, std::uint32_t group, double start, std::uint64_t ready) {
  auto& entries = lookups_[sector];
  const auto it = std::find_if(entries.begin(), entries.end(), [&](const Lookup& l) { return l.group == group; });
  if (it != entries.end()) *it = {group, start, ready};
  else entries.push_back({group, start, ready});
  if (lookups_.size() < prune_at_) return;
  // Drop the entries that nothing arriving from now on can merge with (arrivals come nearly in time order; one much
  // older than the latest merely misses a merge). What is dropped depends only on the entries, not on the table's
  // iteration order.
  const double floor = static_cast<double>(latest_) -
                       static_cast<double>(std::max(cfg_.merge_cycles, cfg_.merge_load_cycles)) - kMergeSlack;
  for (auto it = lookups_.begin(); it != lookups_.end();) {
    std::erase_if(it->second, [&](const Lookup& l) { return l.start < floor; });
    it = it->second.empty() ? lookups_.erase(it) : std::next(it);
  }
  prune_at_ = std::max<std::size_t>(kMergePruneMin, lookups_.size() * 2);
}

void MemorySystem::finish() {
  std::uint64_t dirty = 0;
  for (const Slice& s : slices_) dirty += s.tags.dirty_sectors();
  dram_.count_flush(dirty * kSectorBytes);
  stats_.dram_bytes_read = dram_.bytes_read();
  stats_.dram_bytes_write = dram_.bytes_written();
  stats_.dram_bytes_flushed = dram_.bytes_flushed();
}

}  // namespace warpsim::timing
