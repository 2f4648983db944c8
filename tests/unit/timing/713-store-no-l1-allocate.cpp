// Global stores are write-through and do not allocate in L1: a load after a store to a new sector misses L1 and hits
// L2 (which the store made present); a store to a sector already in L1 updates it, so the load after it still hits
// L1.
#include "mem_test_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

TEST_CASE("a store does not allocate in L1 but does in L2, a present sector stays") {
  const auto st = mtest::run_chain({"st 0"});
  const auto st_ld = mtest::run_chain({"st 0", "ld 0"});
  const auto ld = mtest::run_chain({"ld 0"});
  const auto ld_st = mtest::run_chain({"ld 0", "st 0"});
  const auto ld_st_ld = mtest::run_chain({"ld 0", "st 0", "ld 0"});
  CHECK(st_ld.stats.mem.l1_sector_hits == 0);
  CHECK(st_ld.stats.mem.lts_sector_hits == 1);
  // the load issues one cycle after the store and hits L2 (200); the store alone ends one cycle after it
  CHECK(st_ld.cycles - st.cycles == 200 - 1);
  CHECK(ld_st_ld.stats.mem.l1_sector_hits == 1);
  // the store does not wait for the first load; the second load waits for it (same register), then hits L1
  CHECK(ld_st_ld.cycles - ld.cycles == 40);
  CHECK(ld_st.stats.mem.dram_bytes_write == 0);
  CHECK(ld_st.stats.mem.dram_bytes_flushed == 32);  // the dirty sector is flushed at the end
}

}  // namespace WARPSIM_UNITY_ID
