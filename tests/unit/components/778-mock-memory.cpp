// 778: scripted global accesses (Issued::has_mem with lane addresses) through the SM's LSU, L1, L2 and DRAM in the
// whole GPU loop. One warp: a load of the line at 0x1000 (32 lanes x 4 bytes: sectors 128..131, one L2 slice), the
// same load again reading the first one's result, then a store of the second one's result to the same line.
#include "mock_source.hpp"

#include <warpsim/config/gpu_config.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim;
using Cycles = std::vector<std::uint64_t>;

TEST_CASE("778 a line missed to DRAM, hit in L1, stored to L2: exact cycles and counters") {
  const auto prog = mock::program({{lower::OpClass::Ldst, {}, {0}},   // ld r0
                                   {lower::OpClass::Ldst, {0}, {1}},  // ld r1 (waits for r0)
                                   {lower::OpClass::Ldst, {1}, {}}},  // st r1
                                  2);
  auto src = mock::same_ctas(
      {{{mock::global_access(0, 0x1000), mock::global_access(1, 0x1000), mock::global_access(2, 0x1000, true)}}});
  mock::IssueLog log;
  const auto r = mock::run(src, prog, config::load_gpu_config("tiny"), 1, 1, &log);
  // Load 1 at 0: the L1 passes 4 sectors per cycle, so all four leave at 0 and miss; their slice takes one per cycle
  // (0, 1, 2, 3), each misses L2 and reads DRAM (32 bytes per cycle: no further wait): back at 500..503. r0 at 503.
  // Load 2 at 503: four L1 hits, 503 + 40 = 543.
  // The store at 543: its four sectors reach their slice at 543..546 (L2 hits, now dirty). It writes no register, so
  // the warp is done after the issue; its CTA retires, and the kernel ends, when the store's last sector is taken,
  // at 546.
  CHECK(log.cycles_of(0) == Cycles{0, 503, 543});
  CHECK(r.cycles == 546);
  CHECK(r.stats.global_ld_requests == 2);
  CHECK(r.stats.global_ld_sectors == 8);
  CHECK(r.stats.global_ld_sectors_l1_hit == 4);
  CHECK(r.stats.mem.l1_sector_hits == 4);
  CHECK(r.stats.mem.l1_sector_misses == 4);
  CHECK(r.stats.mem.lts_sectors == 8);  // 4 load misses + 4 store sectors
  CHECK(r.stats.mem.lts_sector_hits == 4);
  CHECK(r.stats.mem.lts_sector_misses == 4);
  CHECK(r.stats.mem.dram_bytes_read == 4 * 32);
  CHECK(r.stats.mem.dram_bytes_write == 0);
  CHECK(r.stats.mem.dram_bytes_flushed == 4 * 32);  // the dirty line, flushed at the end
  // Waiting on r0 from 1 to 502, on r1 from 504 to 542, and done after the store (543) but draining until its last
  // sector is taken at 546 (tiny acknowledges at once: mem.store_ack_cycles 0): 544 and 545.
  CHECK(r.stats.warp_states.memory == 502 + 39 + 2);
}

}  // namespace WARPSIM_UNITY_ID
