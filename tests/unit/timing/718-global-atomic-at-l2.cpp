// Global atomics are done at the L2 slice: L2 (or DRAM) latency + mem.atomic_latency (20 on tiny); they bypass L1,
// and leave the sector dirty in L2.
#include "mem_test_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

TEST_CASE("a global atomic costs the L2 (or DRAM) latency plus the atomic unit") {
  const auto ld = mtest::run_chain({"ld 0"});
  const auto at = mtest::run_chain({"at 0"});
  const auto ld_at = mtest::run_chain({"ld 0", "at 0"});
  CHECK(at.cycles - ld.cycles == 20);           // cold: DRAM, then the atomic unit
  CHECK(ld_at.cycles - ld.cycles == 200 + 20);  // L2 hit (the load's L1 copy is not used)
  CHECK(ld_at.stats.mem.l1_sector_hits == 0);
  CHECK(ld_at.stats.mem.lts_sector_hits == 1);
  CHECK(at.stats.mem.dram_bytes_read == 32);
  CHECK(at.stats.mem.dram_bytes_write == 0);     // nothing written back during the kernel:
  CHECK(at.stats.mem.dram_bytes_flushed == 32);  // flushed at the end
}

}  // namespace WARPSIM_UNITY_ID
