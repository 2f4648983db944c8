// Global memory of the simulated GPU: the run config's buffers and the module's .global variables, each a
// region at an aligned address with unmapped gaps between regions.
//
// Models: byte-addressed little-endian storage; an access must lie entirely inside one region, otherwise it
// is a fault (reported by the executor with the thread and PTX line, as compute-sanitizer's memcheck does).
// Leaves out: caches, timing, virtual memory and page granularity.
#pragma once

#include <warpsim/common/types.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace warpsim::func {

class GlobalMemory {
 public:
  struct Region {
    std::string name;
    Addr base = 0;
    std::vector<std::uint8_t> bytes;
  };

  // Places a region of `size` bytes at the next address >= `at_least` that is `align`-aligned and at least
  // kGap bytes past the previous region; returns its base.
  Addr add(std::string name, std::uint64_t size, Addr at_least, std::uint64_t align = 256);
  // Places a region at exactly `base` (module variables have fixed addresses).
  void add_at(std::string name, Addr base, std::vector<std::uint8_t> bytes);

  // Pointer to `size` bytes at `a` if they lie inside one region, else nullptr.
  std::uint8_t* find(Addr a, std::uint64_t size) {
    if (last_ != nullptr && a >= last_->base && a - last_->base + size <= last_->bytes.size())
      return last_->bytes.data() + (a - last_->base);
    return find_slow(a, size);
  }
  const Region* region_near(Addr a) const;  // the region containing a, else the closest one (messages)
  Region* region(const std::string& name);
  const std::vector<Region>& regions() const { return regions_; }

  static constexpr std::uint64_t kGap = 256;

 private:
  std::uint8_t* find_slow(Addr a, std::uint64_t size);
  std::vector<Region> regions_;  // sorted by base
  Region* last_ = nullptr;
};

}  // namespace warpsim::func
