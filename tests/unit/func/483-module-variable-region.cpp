// GlobalMemory::add_at places a module variable's region of `size` bytes holding its initialised bytes followed by
// zeros, filled a page at a time like any region: a 1 GiB zero-initialised array costs only the page touched.
// Leaves out: the layout of module variables (tests/unit/ir/405, and the workloads that use them).
#include <warpsim/func/memory.hpp>
#include <warpsim/ir/program.hpp>

#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using warpsim::func::GlobalMemory;

TEST_CASE("483 add_at holds the initialised bytes then zeros, page by page") {
  GlobalMemory m(std::uint64_t{1} << 30);
  const warpsim::Addr base = warpsim::ir::kModuleGlobalBase;
  m.add_at("g", base, std::uint64_t{1} << 30, {1, 2, 3});
  CHECK(m.resident_bytes() == 0);
  std::uint8_t* p = m.find(base, 8);
  REQUIRE(p != nullptr);
  CHECK(std::vector<std::uint8_t>(p, p + 8) == std::vector<std::uint8_t>{1, 2, 3, 0, 0, 0, 0, 0});
  std::uint8_t* last = m.find(base + (std::uint64_t{1} << 30) - 4, 4);
  REQUIRE(last != nullptr);
  CHECK(std::vector<std::uint8_t>(last, last + 4) == std::vector<std::uint8_t>{0, 0, 0, 0});
  CHECK(m.resident_bytes() == 2 * GlobalMemory::kPageSize);
}

}  // namespace WARPSIM_UNITY_ID
