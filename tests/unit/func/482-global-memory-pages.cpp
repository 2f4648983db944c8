// Global memory initialises a region's 64 KiB pages when something first touches them: nothing is resident after
// add(), a touch makes its page (or both pages of an access across a boundary) resident with the region's Fill,
// read() gives untouched pages from the Fill without making them resident, a 1 TiB region costs only its touched
// pages, and a touch beyond the budget fails with a message naming the page and the region.
#include <warpsim/func/memory.hpp>
#include <warpsim/ir/program.hpp>

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <cstring>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using warpsim::Addr;
using warpsim::func::GlobalMemory;

namespace {

constexpr std::uint64_t kPage = GlobalMemory::kPageSize;

// Byte i of the region holds i * 7 mod 256.
void pattern(std::uint64_t off, std::uint64_t n, std::uint8_t* out) {
  for (std::uint64_t i = 0; i < n; ++i) out[i] = static_cast<std::uint8_t>((off + i) * 7);
}

}  // namespace

TEST_CASE("482 pages are initialised when first touched, and only those") {
  GlobalMemory m(std::uint64_t{1} << 30);
  const Addr base = m.add("a", 16 * kPage + 100, warpsim::ir::kBufferBase, 256, pattern);
  CHECK(m.resident_bytes() == 0);
  const std::uint8_t* p = m.find(base + 5 * kPage + 3, 4);
  REQUIRE(p != nullptr);
  CHECK(m.resident_bytes() == kPage);
  CHECK(p[0] == static_cast<std::uint8_t>((5 * kPage + 3) * 7));
  CHECK(m.last_region() == 0);
  // Across a page boundary: both pages, contiguous.
  std::uint8_t* q = m.find(base + 8 * kPage - 8, 16);
  REQUIRE(q != nullptr);
  CHECK(m.resident_bytes() == 3 * kPage);
  for (unsigned i = 0; i < 16; ++i) CHECK(q[i] == static_cast<std::uint8_t>((8 * kPage - 8 + i) * 7));
  // The last, partial page.
  REQUIRE(m.find(base + 16 * kPage + 96, 4) != nullptr);
  CHECK(m.resident_bytes() == 4 * kPage);
  CHECK(m.find(base + 16 * kPage + 97, 4) == nullptr);  // past the end
  CHECK_FALSE(m.over_budget());
  // A write through find() stays; read() sees it, and untouched pages come from the Fill.
  q[0] = 0xAB;
  std::vector<std::uint8_t> all(16 * kPage + 100);
  m.read(*m.region("a"), 0, all.size(), all.data());
  CHECK(m.resident_bytes() == 4 * kPage);
  for (std::uint64_t i = 0; i < all.size(); ++i) {
    const std::uint8_t want = i == 8 * kPage - 8 ? 0xAB : static_cast<std::uint8_t>(i * 7);
    if (all[i] != want) FAIL("byte " << i << " is " << int{all[i]} << ", expected " << int{want});
  }
  const std::uint8_t v[2] = {1, 2};
  m.write(*m.region("a"), 12 * kPage, v, 2);
  CHECK(m.resident_bytes() == 5 * kPage);
  CHECK(m.read_all("a")[12 * kPage + 1] == 2);
}

TEST_CASE("482 a 1 TiB region costs only the pages touched") {
  GlobalMemory m(std::uint64_t{1} << 30);
  const std::uint64_t size = std::uint64_t{1} << 40;
  const Addr base = m.add("big", size, warpsim::ir::kBufferBase);
  CHECK(m.resident_bytes() == 0);
  std::uint8_t* last = m.find(base + size - 4, 4);
  REQUIRE(last != nullptr);
  CHECK(std::memcmp(last, "\0\0\0\0", 4) == 0);
  last[3] = 9;
  REQUIRE(m.find(base, 8) != nullptr);
  CHECK(m.resident_bytes() == 2 * kPage);
  std::uint8_t tail[8];
  m.read(*m.region("big"), size - 8, 8, tail);
  CHECK(tail[7] == 9);
  CHECK(tail[0] == 0);
}

TEST_CASE("482 a touch beyond the budget fails and says why") {
  GlobalMemory m(2 * kPage);
  const Addr base = m.add("out", 8 * kPage, warpsim::ir::kBufferBase);
  REQUIRE(m.find(base, 4) != nullptr);
  REQUIRE(m.find(base + kPage, 4) != nullptr);
  CHECK(m.find(base + 2 * kPage, 4) == nullptr);
  CHECK(m.over_budget());
  CHECK(m.budget_message() ==
        fmt::format("global memory budget exceeded: initialising the 64 KiB page at 0x{:x} of 'out' would make 196608 "
                    "bytes of simulated global memory resident, over the budget of 131072 bytes (--memory-budget "
                    "BYTES; the default is half of this machine's physical memory)",
                    base + 2 * kPage));
  // Pages already resident stay usable; a miss for another reason is not a budget failure.
  CHECK(m.find(base + 4, 4) != nullptr);
  CHECK(m.find(base + 8 * kPage, 4) == nullptr);
  CHECK_FALSE(m.over_budget());
  CHECK(GlobalMemory::default_budget() > 0);
}

}  // namespace WARPSIM_UNITY_ID
