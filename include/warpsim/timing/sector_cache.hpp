// A sectored, set-associative cache with LRU or pseudo-random replacement: the tag store of an SM's L1 or of one L2
// slice.
//
// Models: 128-byte lines of four 32-byte sectors; a line is allocated on the first filled sector and holds per-sector
// valid and dirty bits and the cycle each sector's data arrives (a fill still in flight makes a later hit wait for
// it, which stands in for MSHR merging). Lines map to set (line / index_stride) mod sets, so an L2 slice that owns
// every index_stride-th line uses all of its sets. Evicting a line reports its dirty sectors (for write-back
// accounting).
// Random replacement picks the victim way from a hash of the line and the cache's access count (deterministic:
// the same accesses evict the same lines).
// Leaves out: timing (the caller adds latencies and bandwidth), other replacement policies, MSHR limits,
// sector-granular replacement within a line.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace warpsim::timing {

// An integer mix of a line address (a 64-bit finaliser: every input bit affects every output bit). GPUs hash
// physical addresses over L2 slices and sets with undocumented XOR functions; this stands in for them, so that no
// power-of-two stride falls on a few slices or sets.
std::uint64_t address_hash(std::uint64_t line);

class SectorCache {
 public:
  // size_bytes / 128 lines in sets of `assoc` ways (at least one set; when the lines do not fill whole sets, the sets
  // get lines / sets ways each, so that the capacity is the size); `hashed`: sets chosen by address_hash.
  // `random`: victims chosen pseudo-randomly among the set's ways instead of least recently used.
  SectorCache(std::uint64_t size_bytes, unsigned assoc, bool hashed = false, bool random = false);

  // If the sector is present: marks its line most recently used and returns when its data is there.
  std::optional<std::uint64_t> probe(std::uint64_t sector);
  // Makes the sector present (allocating its line, evicting the set's least recently used line if needed) with data
  // from cycle `ready`, dirty if `dirty`; returns the dirty sectors of an evicted line.
  unsigned fill(std::uint64_t sector, std::uint64_t ready, bool dirty);
  // Dirty sectors held now (written back to DRAM when the kernel ends).
  std::uint64_t dirty_sectors() const;
  // Dirty sectors of the sector's line (0 when absent; no LRU update); clean_line(): makes them clean and returns
  // how many there were.
  unsigned line_dirty(std::uint64_t sector);
  unsigned clean_line(std::uint64_t sector);
  // Makes the sector clean (nothing when absent). No LRU update.
  void clean_sector(std::uint64_t sector);
  // Whether the sector's line is allocated (any of its sectors present). No LRU update.
  bool has_line(std::uint64_t sector);
  // L2 partitions (timing/memory_system.hpp): whether partition `p` holds a copy of the sector's line (false when
  // the line is absent), add one, or replace the set (a line that is absent is left alone).
  bool has_copy(std::uint64_t sector, unsigned p);
  void add_copy(std::uint64_t sector, unsigned p);
  void set_copies(std::uint64_t sector, unsigned mask);

 private:
  struct Line {
    std::uint64_t tag = 0, lru = 0;
    std::uint8_t valid = 0, dirty = 0;  // one bit per sector
    std::uint8_t copies = 0;            // L2 partitions holding the line (bit p: partition p), set by the L2
    std::array<std::uint64_t, 4> ready{};
  };
  Line* find(std::uint64_t line);
  Line* set_of(std::uint64_t line);
  std::uint64_t sets_ = 1, stamp_ = 0;
  bool hashed_ = false, random_ = false;
  unsigned assoc_ = 1;
  std::vector<Line> lines_;  // set-major: set s holds lines_[s * assoc_ .. s *
                             // assoc_ + assoc_)
};

}  // namespace warpsim::timing
