// Shared-memory wavefronts and global sectors of one warp access (see timing/mem_cost.hpp).
#include <warpsim/timing/mem_cost.hpp>

#include <algorithm>

namespace warpsim::timing {

SmemCost smem_cost(const func::MemAccess& m, LaneMask lanes, unsigned banks, unsigned bank_bytes) {
  std::vector<std::uint64_t> words;
  lanes.for_each([&](unsigned lane) {
    const std::uint64_t first = m.addr[lane] / bank_bytes;
    const std::uint64_t last = (m.addr[lane] + std::max<std::uint32_t>(m.bytes, 1) - 1) / bank_bytes;
    for (std::uint64_t w = first; w <= last; ++w) words.push_back(w);
  });
  std::sort(words.begin(), words.end());
  words.erase(std::unique(words.begin(), words.end()), words.end());
  std::vector<std::uint32_t> per_bank(banks, 0);
  SmemCost c;
  for (const std::uint64_t w : words) c.wavefronts = std::max(c.wavefronts, ++per_bank[w % banks]);
  c.ideal_wavefronts = static_cast<std::uint32_t>((words.size() + banks - 1) / banks);
  return c;
}

GlobalCost global_cost(const func::MemAccess& m, LaneMask lanes) {
  GlobalCost c;
  lanes.for_each([&](unsigned lane) {
    const std::uint64_t first = m.addr[lane] / kSectorBytes;
    const std::uint64_t last = (m.addr[lane] + std::max<std::uint32_t>(m.bytes, 1) - 1) / kSectorBytes;
    for (std::uint64_t s = first; s <= last; ++s) c.sectors.push_back(s);
  });
  std::sort(c.sectors.begin(), c.sectors.end());
  c.sectors.erase(std::unique(c.sectors.begin(), c.sectors.end()), c.sectors.end());
  std::uint64_t prev = ~std::uint64_t{0};
  for (const std::uint64_t s : c.sectors) {
    const std::uint64_t line = s * kSectorBytes / kLineBytes;
    if (line != prev) ++c.lines;
    prev = line;
  }
  return c;
}

std::vector<unsigned> same_address_lanes(const func::MemAccess& m, LaneMask lanes,
                                         const std::vector<std::uint64_t>& sectors) {
  std::vector<std::uint64_t> addrs;
  lanes.for_each([&](unsigned lane) { addrs.push_back(m.addr[lane]); });
  std::sort(addrs.begin(), addrs.end());
  std::vector<unsigned> most(sectors.size(), 0);
  for (std::size_t i = 0; i < addrs.size();) {
    std::size_t j = i;
    while (j < addrs.size() && addrs[j] == addrs[i]) ++j;
    const auto it = std::lower_bound(sectors.begin(), sectors.end(), addrs[i] / kSectorBytes);
    if (it != sectors.end() && *it == addrs[i] / kSectorBytes) {
      auto& k = most[static_cast<std::size_t>(it - sectors.begin())];
      k = std::max(k, static_cast<unsigned>(j - i));
    }
    i = j;
  }
  return most;
}

}  // namespace warpsim::timing
