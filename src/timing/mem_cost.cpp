// Shared-memory wavefronts and global sectors of one warp access (see timing/mem_cost.hpp).
#include <warpsim/timing/mem_cost.hpp>

#include <algorithm>
#include <bit>

namespace warpsim::timing {

namespace {

// One phase's lanes: its distinct words, the most any bank has, and the conflict-free number.
void phase_cost(const source::MemAccess& m, LaneMask lanes, unsigned banks, unsigned bank_bytes, MemScratch& s,
                SmemCost& c) {
  auto& words = s.words;
  words.clear();
  lanes.for_each([&](unsigned lane) {
    const std::uint64_t first = m.addr[lane] / bank_bytes;
    const std::uint64_t last = (m.addr[lane] + std::max<std::uint32_t>(m.bytes, 1) - 1) / bank_bytes;
    for (std::uint64_t w = first; w <= last; ++w) words.push_back(w);
  });
  if (words.empty()) return;
  std::sort(words.begin(), words.end());
  words.erase(std::unique(words.begin(), words.end()), words.end());
  s.per_bank.assign(banks, 0);
  std::uint32_t most = 0;
  for (const std::uint64_t w : words) most = std::max(most, ++s.per_bank[w % banks]);
  c.wavefronts += most;
  c.ideal_wavefronts += static_cast<std::uint32_t>((words.size() + banks - 1) / banks);
}

// Whether each lane pair (2l, 2l + 1) of `lanes` reads one address (a pair with one lane executing does).
bool pairs_share_addresses(const source::MemAccess& m, LaneMask lanes) {
  for (unsigned l = 0; l < kWarpSize; l += 2)
    if (lanes.test(l) && lanes.test(l + 1) && m.addr[l] != m.addr[l + 1]) return false;
  return true;
}

}  // namespace

SmemCost smem_cost(const source::MemAccess& m, LaneMask lanes, unsigned banks, unsigned bank_bytes, MemScratch& s,
                   unsigned phase_bytes) {
  SmemCost c;
  const std::uint32_t bytes = std::max<std::uint32_t>(m.bytes, 1);
  const unsigned phase_lanes =
      phase_bytes != 0 && bytes * kWarpSize > phase_bytes ? std::max<unsigned>(phase_bytes / bytes, 1) : kWarpSize;
  if (phase_lanes >= kWarpSize) {
    phase_cost(m, lanes, banks, bank_bytes, s, c);
    return c;
  }
  const auto phase_mask = [&](unsigned first, unsigned n) {
    return lanes & LaneMask(static_cast<std::uint32_t>((std::uint64_t{1} << n) - 1u) << first);
  };
  // Loads: two neighbouring phases whose lane pairs (2l, 2l + 1) each read one address go as one phase.
  const bool loads = !m.store && !m.atomic;
  for (unsigned first = 0; first < kWarpSize;) {
    if (loads && first % (2 * phase_lanes) == 0 && pairs_share_addresses(m, phase_mask(first, 2 * phase_lanes))) {
      phase_cost(m, phase_mask(first, 2 * phase_lanes), banks, bank_bytes, s, c);
      first += 2 * phase_lanes;
    } else {
      phase_cost(m, phase_mask(first, phase_lanes), banks, bank_bytes, s, c);
      first += phase_lanes;
    }
  }
  return c;
}

void global_sectors(const source::MemAccess& m, LaneMask lanes, MemScratch& s) {
  auto& sectors = s.sectors;
  sectors.clear();
  lanes.for_each([&](unsigned lane) {
    const std::uint64_t first = m.addr[lane] / kSectorBytes;
    const std::uint64_t last = (m.addr[lane] + std::max<std::uint32_t>(m.bytes, 1) - 1) / kSectorBytes;
    for (std::uint64_t x = first; x <= last; ++x) sectors.push_back(x);
  });
  std::sort(sectors.begin(), sectors.end());
  sectors.erase(std::unique(sectors.begin(), sectors.end()), sectors.end());
}

void local_sectors(const source::MemAccess& m, LaneMask lanes, std::uint64_t warp, MemScratch& s) {
  source::MemAccess g = m;
  const std::uint64_t size = std::max<std::uint32_t>(m.bytes, 1);
  lanes.for_each([&](unsigned lane) {
    const std::uint64_t a = m.addr[lane];
    g.addr[lane] = kLocalBase + warp * kLocalWindow + a / size * (size * kWarpSize) + lane * size + a % size;
  });
  global_sectors(g, lanes, s);
}

std::uint32_t distinct_lines(const std::vector<std::uint64_t>& sectors) {
  std::uint32_t lines = 0;
  std::uint64_t prev = ~std::uint64_t{0};
  for (const std::uint64_t x : sectors) {
    const std::uint64_t line = x * kSectorBytes / kLineBytes;
    if (line != prev) ++lines;
    prev = line;
  }
  return lines;
}

void same_address_lanes(const source::MemAccess& m, LaneMask lanes, MemScratch& s) {
  auto& addrs = s.addrs;
  addrs.clear();
  lanes.for_each([&](unsigned lane) { addrs.push_back(m.addr[lane]); });
  std::sort(addrs.begin(), addrs.end());
  const auto& sectors = s.sectors;
  s.same.assign(sectors.size(), 0);
  s.operand_bytes.assign(sectors.size(), 0);
  s.covered_bytes.assign(sectors.size(), 0);
  for (std::size_t i = 0; i < addrs.size();) {
    std::size_t j = i;
    while (j < addrs.size() && addrs[j] == addrs[i]) ++j;
    const auto it = std::lower_bound(sectors.begin(), sectors.end(), addrs[i] / kSectorBytes);
    if (it != sectors.end() && *it == addrs[i] / kSectorBytes) {
      const auto k = static_cast<std::size_t>(it - sectors.begin());
      s.same[k] = std::max(s.same[k], static_cast<unsigned>(j - i));
      s.operand_bytes[k] += static_cast<unsigned>(j - i) * std::max<std::uint32_t>(m.bytes, 1);
      s.covered_bytes[k] += std::max<std::uint32_t>(m.bytes, 1);
    }
    i = j;
  }
}

}  // namespace warpsim::timing

namespace warpsim::timing {

void store_bytes(const source::MemAccess& m, LaneMask lanes, MemScratch& s) {
  const auto& sectors = s.sectors;
  s.per_bank.assign(sectors.size(), 0);  // the byte mask of each sector
  lanes.for_each([&](unsigned lane) {
    const std::uint64_t begin = m.addr[lane], end = begin + std::max<std::uint32_t>(m.bytes, 1);
    for (std::uint64_t x = begin / kSectorBytes; x * kSectorBytes < end; ++x) {
      const auto it = std::lower_bound(sectors.begin(), sectors.end(), x);
      if (it == sectors.end() || *it != x) continue;
      const std::uint64_t lo = std::max(begin, x * kSectorBytes) - x * kSectorBytes;
      const std::uint64_t hi = std::min(end, (x + 1) * kSectorBytes) - x * kSectorBytes;
      const std::uint32_t bits = hi - lo >= 32 ? ~0u : ((1u << (hi - lo)) - 1u) << lo;
      s.per_bank[static_cast<std::size_t>(it - sectors.begin())] |= bits;
    }
  });
  s.same.resize(sectors.size());
  s.covered_bytes.resize(sectors.size());
  for (std::size_t i = 0; i < sectors.size(); ++i) {
    s.same[i] = static_cast<unsigned>(std::popcount(s.per_bank[i]));
    s.covered_bytes[i] = s.per_bank[i];
  }
}

}  // namespace warpsim::timing
