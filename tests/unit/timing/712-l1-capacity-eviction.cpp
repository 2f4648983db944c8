// L1 capacity: tiny's L1 is 4 KiB of 4 ways (8 sets of 128-byte lines), so lines 1024 bytes apart share a set. After
// assoc lines the first still hits; after assoc + 1 the LRU line (the first) was evicted and misses again, hitting in
// L2 (32 KiB, still holds it).
#include "mem_test_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

TEST_CASE("assoc + 1 lines in one set evict the first (LRU), it hits L2") {
  const auto four = mtest::run_chain({"ld 0", "ld 1024", "ld 2048", "ld 3072"});
  const auto four_again = mtest::run_chain({"ld 0", "ld 1024", "ld 2048", "ld 3072", "ld 0"});
  const auto five = mtest::run_chain({"ld 0", "ld 1024", "ld 2048", "ld 3072", "ld 4096"});
  const auto five_again = mtest::run_chain({"ld 0", "ld 1024", "ld 2048", "ld 3072", "ld 4096", "ld 0"});
  CHECK(four_again.cycles - four.cycles == 40);   // mem.l1_hit_latency
  CHECK(five_again.cycles - five.cycles == 200);  // mem.l2_hit_latency
  CHECK(four_again.stats.mem.l1_sector_hits == 1);
  CHECK(five_again.stats.mem.l1_sector_hits == 0);
  CHECK(five_again.stats.mem.lts_sector_hits == 1);
  CHECK(five_again.stats.mem.lts_sector_misses == 5);
}

}  // namespace WARPSIM_UNITY_ID
