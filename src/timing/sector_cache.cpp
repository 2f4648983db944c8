// Sectored LRU cache tag store (see timing/sector_cache.hpp).
#include <warpsim/timing/sector_cache.hpp>

#include <warpsim/timing/mem_cost.hpp>

#include <algorithm>
#include <bit>

namespace warpsim::timing {

namespace {
constexpr std::uint64_t kSectorsPerLine = kLineBytes / kSectorBytes;
}

std::uint64_t address_hash(std::uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return x;
}

SectorCache::SectorCache(std::uint64_t size_bytes, unsigned assoc, bool hashed, bool random)
    : hashed_(hashed), random_(random), assoc_(std::max(assoc, 1u)) {
  // A size that is not a whole number of sets of `assoc` ways (an L1 the carve-out leaves 124 KiB, 128 ways) spreads
  // its lines over the sets it has, so that the capacity stays the size.
  const std::uint64_t lines = std::max<std::uint64_t>(size_bytes / kLineBytes, 1);
  sets_ = std::max<std::uint64_t>(lines / assoc_, 1);
  assoc_ = static_cast<unsigned>(std::max<std::uint64_t>(lines / sets_, 1));
  lines_.resize(sets_ * assoc_);
}

SectorCache::Line* SectorCache::set_of(std::uint64_t line) {
  return &lines_[(hashed_ ? address_hash(line) : line) % sets_ * assoc_];
}

SectorCache::Line* SectorCache::find(std::uint64_t line) {
  Line* set = set_of(line);
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
    Line* set = set_of(line);
    l = std::min_element(set, set + assoc_, [](const Line& a, const Line& b) {
      if ((a.valid == 0) != (b.valid == 0)) return a.valid == 0;  // free ways first
      return a.lru < b.lru;
    });
    if (random_ && l->valid != 0) l = set + address_hash(line ^ (stamp_ * 0x9E3779B97F4A7C15ULL)) % assoc_;
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

bool SectorCache::has_copy(std::uint64_t sector, unsigned p) {
  const Line* l = find(sector / kSectorsPerLine);
  return l != nullptr && (l->copies >> p & 1u) != 0;
}

void SectorCache::add_copy(std::uint64_t sector, unsigned p) {
  if (Line* l = find(sector / kSectorsPerLine)) l->copies |= static_cast<std::uint8_t>(1u << p);
}

void SectorCache::set_copies(std::uint64_t sector, unsigned mask) {
  if (Line* l = find(sector / kSectorsPerLine)) l->copies = static_cast<std::uint8_t>(mask);
}

unsigned SectorCache::line_dirty(std::uint64_t sector) {
  const Line* l = find(sector / kSectorsPerLine);
  return l == nullptr ? 0u : static_cast<unsigned>(std::popcount(l->dirty));
}

unsigned SectorCache::clean_line(std::uint64_t sector) {
  Line* l = find(sector / kSectorsPerLine);
  if (l == nullptr) return 0;
  const auto n = static_cast<unsigned>(std::popcount(l->dirty));
  l->dirty = 0;
  return n;
}

bool SectorCache::has_line(std::uint64_t sector) { return find(sector / kSectorsPerLine) != nullptr; }

void SectorCache::clean_sector(std::uint64_t sector) {
  if (Line* l = find(sector / kSectorsPerLine))
    l->dirty &= static_cast<std::uint8_t>(~(1u << static_cast<unsigned>(sector % kSectorsPerLine)));
}

std::uint64_t SectorCache::dirty_sectors() const {
  std::uint64_t n = 0;
  for (const Line& l : lines_)
    if (l.valid != 0) n += static_cast<std::uint64_t>(std::popcount(l.dirty));
  return n;
}

}  // namespace warpsim::timing
