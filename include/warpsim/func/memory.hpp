// Global memory of the simulated GPU: the run config's buffers and the module's .global variables, each a
// region at an aligned address with unmapped gaps between regions.
//
// Models: byte-addressed little-endian storage; an access must lie entirely inside one region, otherwise it
// is a fault (reported by the executor with the thread and PTX line, as compute-sanitizer's memcheck does).
// Storage is lazy: each region reserves its address range (mmap, no memory committed) and a 64 KiB page gets its
// initial contents (the region's Fill: zeros, or the buffer's init computed for those elements) the first time
// anything touches it, so a 1 TiB buffer costs only the pages a kernel uses. Touched pages count against a
// budget (default: half of the machine's physical memory); a touch beyond it fails before the host would swap.
// Leaves out: caches, timing and the GPU's own virtual memory; pages are never released before the run ends.
#pragma once

#include <warpsim/common/types.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace warpsim::func {

// Releases a region's reserved address range.
struct Unmap {
  std::uint64_t bytes = 0;
  void operator()(std::uint8_t* p) const;
};

class GlobalMemory {
 public:
  // The initial contents of [offset, offset + n) of a region (offset and n are multiples of the element size).
  using Fill = std::function<void(std::uint64_t offset, std::uint64_t n, std::uint8_t* out)>;

  static constexpr unsigned kPageShift = 16;
  static constexpr std::uint64_t kPageSize = std::uint64_t{1} << kPageShift;  // 64 KiB
  static constexpr std::uint64_t kGap = 256;

  struct Region {
    std::string name;
    Addr base = 0;
    std::uint64_t size = 0;
    Fill fill;                                 // empty: zeros
    std::unique_ptr<std::uint8_t, Unmap> mem;  // `size` bytes reserved; pages committed as they are touched
    std::vector<std::uint64_t> present;        // one bit per page: initialised
    bool page_present(std::uint64_t page) const { return ((present[page >> 6] >> (page & 63)) & 1) != 0; }
    Addr end() const { return base + size; }
  };

  // `budget`: bytes of touched pages allowed; 0 = default_budget().
  explicit GlobalMemory(std::uint64_t budget = 0);
  // Half of this machine's physical memory.
  static std::uint64_t default_budget();

  // Places a region of `size` bytes at the next address >= `at_least` that is `align`-aligned and at least
  // kGap bytes past the previous region; returns its base. Nothing is allocated until it is touched.
  Addr add(std::string name, std::uint64_t size, Addr at_least, std::uint64_t align = 256, Fill fill = {});
  // Places a region of `size` bytes at exactly `base` (module variables have fixed addresses), holding `init`
  // followed by zeros (init.size() <= size).
  void add_at(std::string name, Addr base, std::uint64_t size, const std::vector<std::uint8_t>& init);

  // Pointer to `size` bytes at `a` if they lie inside one region (initialising their pages on first touch),
  // else nullptr; also nullptr when initialising a page would exceed the budget (over_budget() says so).
  std::uint8_t* find(Addr a, std::uint64_t size) {
    if (last_ != nullptr && a >= last_->base && a - last_->base + size <= last_->size) {
      const std::uint64_t off = a - last_->base;
      const std::uint64_t p0 = off >> kPageShift, p1 = (off + size - 1) >> kPageShift;
      if (last_->page_present(p0) && (p1 == p0 || last_->page_present(p1))) return last_->mem.get() + off;
    }
    return find_slow(a, size);
  }
  // The index in regions() of the region the last successful find() hit.
  std::uint32_t last_region() const { return last_index_; }
  // Whether the last failed find() failed because the budget is spent, and the message saying so.
  bool over_budget() const { return over_budget_; }
  std::string budget_message() const { return budget_message_; }

  const Region* region_near(Addr a) const;  // the region containing a, else the closest one (messages)
  const Region* region(const std::string& name) const;
  const std::vector<Region>& regions() const { return regions_; }

  // Host access: read() gives untouched pages from the region's Fill without touching them; write() touches.
  void read(const Region& r, std::uint64_t offset, std::uint64_t n, std::uint8_t* out) const;
  void write(const Region& r, std::uint64_t offset, const std::uint8_t* data, std::uint64_t n);
  std::vector<std::uint8_t> read_all(const std::string& name) const;  // a whole region by name (small ones)

  std::uint64_t resident_bytes() const { return resident_; }
  std::uint64_t budget() const { return budget_; }

 private:
  std::uint8_t* find_slow(Addr a, std::uint64_t size);
  void place(std::string name, Addr base, std::uint64_t size, Fill fill);
  bool make_present(Region& r, std::uint64_t page);  // false: over the budget
  std::vector<Region> regions_;                      // sorted by base
  Region* last_ = nullptr;
  std::uint32_t last_index_ = 0;
  std::uint64_t budget_ = 0, resident_ = 0;
  bool over_budget_ = false;
  std::string budget_message_;
};

}  // namespace warpsim::func
