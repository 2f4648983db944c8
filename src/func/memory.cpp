// Global memory regions with lazily initialised pages (see func/memory.hpp).
#include <warpsim/func/memory.hpp>

#include <warpsim/common/error.hpp>

#include <fmt/format.h>

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>

namespace warpsim::func {
namespace {

std::string bytes_text(std::uint64_t b) {
  if (b >= (std::uint64_t{1} << 30)) return fmt::format("{:.1f} GiB", static_cast<double>(b) / 0x1p30);
  if (b >= (std::uint64_t{1} << 20)) return fmt::format("{:.1f} MiB", static_cast<double>(b) / 0x1p20);
  return fmt::format("{} bytes", b);
}

}  // namespace

void Unmap::operator()(std::uint8_t* p) const {
  if (p != nullptr) munmap(p, bytes);
}

GlobalMemory::GlobalMemory(std::uint64_t budget) : budget_(budget != 0 ? budget : default_budget()) {}

std::uint64_t GlobalMemory::default_budget() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page <= 0) return std::uint64_t{8} << 30;
  return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page) / 2;
}

Addr GlobalMemory::add(std::string name, std::uint64_t size, Addr at_least, std::uint64_t align, Fill fill) {
  Addr base = at_least;
  for (const auto& r : regions_)
    if (r.base + r.size + kGap > base && r.base < base + size + kGap) base = r.base + r.size + kGap;
  base = (base + align - 1) / align * align;
  place(std::move(name), base, size, std::move(fill));
  return base;
}

void GlobalMemory::place(std::string name, Addr base, std::uint64_t size, Fill fill) {
  Region r;
  r.name = std::move(name);
  r.base = base;
  r.size = size;
  r.fill = std::move(fill);
  const std::uint64_t pages = (size + kPageSize - 1) >> kPageShift;
  r.present.assign((pages + 63) / 64, 0);
  if (size != 0) {
    const std::uint64_t reserve = pages << kPageShift;
    void* p = mmap(nullptr, reserve, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED)
      fail(ErrorKind::Execution, "global memory: cannot reserve {} of address space for '{}' ({})", bytes_text(reserve),
           r.name, std::strerror(errno));
    r.mem = std::unique_ptr<std::uint8_t, Unmap>(static_cast<std::uint8_t*>(p), Unmap{reserve});
  }
  auto it =
      std::lower_bound(regions_.begin(), regions_.end(), base, [](const Region& x, Addr b) { return x.base < b; });
  regions_.insert(it, std::move(r));
  last_ = nullptr;
}

void GlobalMemory::add_at(std::string name, Addr base, std::uint64_t size, const std::vector<std::uint8_t>& init) {
  place(std::move(name), base, size, [init](std::uint64_t off, std::uint64_t n, std::uint8_t* out) {
    if (off >= init.size()) return;  // the page's zeros stand
    std::memcpy(out, init.data() + off, std::min<std::uint64_t>(n, init.size() - off));
  });
}

bool GlobalMemory::make_present(Region& r, std::uint64_t page) {
  if (r.page_present(page)) return true;
  if (resident_ + kPageSize > budget_) {
    over_budget_ = true;
    budget_message_ = fmt::format(
        "global memory budget exceeded: initialising the 64 KiB page at 0x{:x} of '{}' would make {} of simulated "
        "global memory resident, over the budget of {} (--memory-budget BYTES; the default is half of this "
        "machine's physical memory)",
        r.base + (page << kPageShift), r.name, bytes_text(resident_ + kPageSize), bytes_text(budget_));
    return false;
  }
  resident_ += kPageSize;
  const std::uint64_t off = page << kPageShift;
  const std::uint64_t n = std::min(kPageSize, r.size - off);
  if (r.fill) r.fill(off, n, r.mem.get() + off);  // untouched mmap pages are zeros already
  r.present[page >> 6] |= std::uint64_t{1} << (page & 63);
  return true;
}

std::uint8_t* GlobalMemory::find_slow(Addr a, std::uint64_t size) {
  over_budget_ = false;
  auto it = std::upper_bound(regions_.begin(), regions_.end(), a, [](Addr b, const Region& x) { return b < x.base; });
  if (it == regions_.begin()) return nullptr;
  Region& r = *(it - 1);
  if (a - r.base + size > r.size) return nullptr;
  const std::uint64_t off = a - r.base;
  for (std::uint64_t p = off >> kPageShift; p <= (off + size - 1) >> kPageShift; ++p)
    if (!make_present(r, p)) return nullptr;
  last_ = &r;
  last_index_ = static_cast<std::uint32_t>(&r - regions_.data());
  return r.mem.get() + off;
}

const GlobalMemory::Region* GlobalMemory::region_near(Addr a) const {
  const Region* best = nullptr;
  std::uint64_t dist = ~0ull;
  for (const auto& r : regions_) {
    const Addr end = r.end();
    const std::uint64_t d = a < r.base ? r.base - a : (a >= end ? a - end + 1 : 0);
    if (d < dist) {
      dist = d;
      best = &r;
    }
  }
  return best;
}

const GlobalMemory::Region* GlobalMemory::region(const std::string& name) const {
  for (const auto& r : regions_)
    if (r.name == name) return &r;
  return nullptr;
}

void GlobalMemory::read(const Region& r, std::uint64_t offset, std::uint64_t n, std::uint8_t* out) const {
  if (offset > r.size || n > r.size - offset)
    fail(ErrorKind::Internal, "global memory: reading {} bytes at {} of '{}' ({} bytes)", n, offset, r.name, r.size);
  while (n > 0) {
    const std::uint64_t page = offset >> kPageShift;
    const std::uint64_t chunk = std::min(n, ((page + 1) << kPageShift) - offset);
    if (r.page_present(page)) std::memcpy(out, r.mem.get() + offset, chunk);
    else if (r.fill) r.fill(offset, chunk, out);
    else std::memset(out, 0, chunk);
    out += chunk;
    offset += chunk;
    n -= chunk;
  }
}

void GlobalMemory::write(const Region& r, std::uint64_t offset, const std::uint8_t* data, std::uint64_t n) {
  if (offset > r.size || n > r.size - offset)
    fail(ErrorKind::Internal, "global memory: writing {} bytes at {} of '{}' ({} bytes)", n, offset, r.name, r.size);
  if (n == 0) return;
  Region& w = regions_[static_cast<std::size_t>(&r - regions_.data())];
  for (std::uint64_t p = offset >> kPageShift; p <= (offset + n - 1) >> kPageShift; ++p)
    if (!make_present(w, p)) fail(ErrorKind::Execution, "{}", budget_message_);
  std::memcpy(w.mem.get() + offset, data, n);
}

std::vector<std::uint8_t> GlobalMemory::read_all(const std::string& name) const {
  const Region* r = region(name);
  if (r == nullptr) fail(ErrorKind::Internal, "global memory: no region named '{}'", name);
  std::vector<std::uint8_t> out(r->size);
  read(*r, 0, r->size, out.data());
  return out;
}

}  // namespace warpsim::func
