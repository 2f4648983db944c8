// 782: an L2 miss reads mem.dram_access_bytes from DRAM, the aligned block around the missed sector, and fills the
// block's other sectors (timing/memory_system.hpp): with 64 bytes a miss on sector 0 makes sector 1 an L2 hit that
// waits for the same data, while sector 2 (the next block) misses again.
#include <warpsim/config/gpu_config.hpp>
#include <warpsim/timing/memory_system.hpp>

#include <catch2/catch.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::timing;

TEST_CASE("782 a miss reads the aligned 64-byte block and fills its other sector") {
  const auto g = warpsim::config::load_gpu_config("tiny", {"mem.dram_access_bytes=64"});
  REQUIRE(g.dram_latency == 500);
  REQUIRE(g.l2_hit_latency == 200);
  MemorySystem m(g);
  CHECK(m.access(0, MemOp::Load, 0) == 500);      // miss: DRAM
  CHECK(m.access(1, MemOp::Load, 10) == 500);     // filled with sector 0: waits for the same data
  CHECK(m.access(1, MemOp::Load, 1000) == 1200);  // now an ordinary L2 hit
  CHECK(m.access(2, MemOp::Load, 2000) == 2500);  // the next block misses
  m.finish();
  CHECK(m.stats().dram_bytes_read == 2 * 64);
  CHECK(m.stats().lts_sector_misses == 2);
  CHECK(m.stats().lts_sector_hits == 2);
}

TEST_CASE("782 with 32-byte accesses every sector is its own miss") {
  const auto g = warpsim::config::load_gpu_config("tiny");
  REQUIRE(g.dram_access_bytes == 32);
  MemorySystem m(g);
  CHECK(m.access(0, MemOp::Load, 0) == 500);
  CHECK(m.access(1, MemOp::Load, 1000) == 1500);
  m.finish();
  CHECK(m.stats().dram_bytes_read == 2 * 32);
}

}  // namespace WARPSIM_UNITY_ID
