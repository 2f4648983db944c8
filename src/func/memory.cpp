// Global memory regions (see func/memory.hpp).
#include <warpsim/func/memory.hpp>

#include <warpsim/common/error.hpp>

#include <algorithm>

namespace warpsim::func {

Addr GlobalMemory::add(std::string name, std::uint64_t size, Addr at_least, std::uint64_t align) {
  Addr base = at_least;
  for (const auto& r : regions_)
    if (r.base + r.bytes.size() + kGap > base && r.base < base + size + kGap) base = r.base + r.bytes.size() + kGap;
  base = (base + align - 1) / align * align;
  add_at(std::move(name), base, std::vector<std::uint8_t>(size, 0));
  return base;
}

void GlobalMemory::add_at(std::string name, Addr base, std::vector<std::uint8_t> bytes) {
  Region r{std::move(name), base, std::move(bytes)};
  auto it =
      std::lower_bound(regions_.begin(), regions_.end(), base, [](const Region& x, Addr b) { return x.base < b; });
  regions_.insert(it, std::move(r));
  last_ = nullptr;
}

std::uint8_t* GlobalMemory::find_slow(Addr a, std::uint64_t size) {
  auto it = std::upper_bound(regions_.begin(), regions_.end(), a, [](Addr b, const Region& x) { return b < x.base; });
  if (it == regions_.begin()) return nullptr;
  Region& r = *(it - 1);
  if (a - r.base + size > r.bytes.size()) return nullptr;
  last_ = &r;
  return r.bytes.data() + (a - r.base);
}

const GlobalMemory::Region* GlobalMemory::region_near(Addr a) const {
  const Region* best = nullptr;
  std::uint64_t dist = ~0ull;
  for (const auto& r : regions_) {
    const Addr end = r.base + r.bytes.size();
    const std::uint64_t d = a < r.base ? r.base - a : (a >= end ? a - end + 1 : 0);
    if (d < dist) {
      dist = d;
      best = &r;
    }
  }
  return best;
}

GlobalMemory::Region* GlobalMemory::region(const std::string& name) {
  for (auto& r : regions_)
    if (r.name == name) return &r;
  return nullptr;
}

}  // namespace warpsim::func
