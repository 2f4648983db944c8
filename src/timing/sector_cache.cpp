// Sectored LRU cache tag store (see timing/sector_cache.hpp).
#include <warpsim/timing/sector_cache.hpp>

#include <warpsim/timing/mem_cost.hpp>

#include <algorithm>
#include <bit>

namespace warpsim::timing {

namespace {
constexpr std::uint64_t kSectorsPerLine = kLineBytes / kSectorBytes;
}

SectorCache::SectorCache(std::uint64_t size_bytes, unsigned assoc, std::uint64_t index_stride)
    : stride_(std::max<std::uint64_t>(index_stride, 1)), assoc_(std::max(assoc, 1u)) {
  sets_ = std::max<std::uint64_t>(size_bytes / kLineBytes / assoc_, 1);
  lines_.resize(sets_ * assoc_);
}

SectorCache::Line* SectorCache::find(std::uint64_t line) {
  Line* set = &lines_[(line / stride_) % sets_ * assoc_];
  for (unsigned w = 0; w < assoc_; ++w)
    if (set[w].valid != 0 && set[w].tag == line) return &set[w];
  return nullptr;
}

std::optional<std::uint64_t> SectorCache::probe(std::uint64_t sector) {
  Line* l = find(sector / kSectorsPerLine);
  const unsigned bit = static_cast<unsigned>(sector % kSectorsPerLine);
  if (l == nullptr || (l->valid >> bit & 1u) == 0) return std::nullopt;
  l->lru = ++stamp_;
  return l->ready[bit];
}

unsigned SectorCache::fill(std::uint64_t sector, std::uint64_t ready, bool dirty) {
  const std::uint64_t line = sector / kSectorsPerLine;
  const unsigned bit = static_cast<unsigned>(sector % kSectorsPerLine);
  unsigned evicted_dirty = 0;
  Line* l = find(line);
  if (l == nullptr) {
    Line* set = &lines_[(line / stride_) % sets_ * assoc_];
    l = std::min_element(set, set + assoc_, [](const Line& a, const Line& b) {
      if ((a.valid == 0) != (b.valid == 0)) return a.valid == 0;  // free ways first
      return a.lru < b.lru;
    });
    if (l->valid != 0) evicted_dirty = static_cast<unsigned>(std::popcount(l->dirty));
    *l = Line{};
    l->tag = line;
  }
  const bool had = (l->valid >> bit & 1u) != 0;
  l->ready[bit] = had ? std::max(l->ready[bit], ready) : ready;  // a write does not outrun a fill in flight
  l->valid |= static_cast<std::uint8_t>(1u << bit);
  if (dirty) l->dirty |= static_cast<std::uint8_t>(1u << bit);
  l->lru = ++stamp_;
  return evicted_dirty;
}

std::uint64_t SectorCache::dirty_sectors() const {
  std::uint64_t n = 0;
  for (const Line& l : lines_)
    if (l.valid != 0) n += static_cast<std::uint64_t>(std::popcount(l.dirty));
  return n;
}

}  // namespace warpsim::timing
