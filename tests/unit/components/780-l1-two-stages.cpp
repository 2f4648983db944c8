// 780: the pace of an L1 access (timing/l1_cache.hpp): the issuing sub-partition's path takes
// mem.l1_load_cycles_per_line per distinct line, the SM's tag stage mem.l1_tag_cycles_per_line per line for all
// sub-partitions together; each keeps its own backlog and an access starts when both have worked off theirs. Hits
// only (the lines are loaded long before), so L2 plays no part.
#include <warpsim/config/gpu_config.hpp>
#include <warpsim/timing/l1_cache.hpp>
#include <warpsim/timing/memory_system.hpp>

#include <catch2/catch.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::timing;

namespace {
std::vector<std::uint64_t> one_sector_per_line(std::uint64_t first_line, unsigned lines) {
  std::vector<std::uint64_t> s;
  for (unsigned i = 0; i < lines; ++i) s.push_back((first_line + i) * 4);  // 4 sectors per 128-byte line
  return s;
}
}  // namespace

TEST_CASE("780 a sub-partition's path and the SM's tag stage each pace an access of 32 lines") {
  const auto g = warpsim::config::load_gpu_config("tiny");
  MemorySystem l2(g);
  L1Config cfg = L1Config::from(g);
  cfg.size = 1 << 20;  // holds everything
  cfg.hit_latency = 40;
  cfg.sectors_per_cycle = 4;
  cfg.load_cycles_per_line = 2;
  cfg.tag_cycles_per_line = 1;
  cfg.sub_partitions = 4;
  L1Cache l1(cfg);
  const auto lines = one_sector_per_line(0, 32);
  l1.access(lines, MemOp::Load, 0, {}, l2, 0);  // fills (misses); all land long before 100000
  const std::uint64_t T = 100000;
  // Sub-partition 0: its path takes 64 cycles, the tag stage 32; the sectors leave over 64 cycles (sector i at
  // T + floor(i x 64 / 32)), the last at T + 62, its data 40 later.
  CHECK(l1.access(lines, MemOp::Load, T, {}, l2, 0).ready == T + 62 + 40);
  // Sub-partition 1 at the same cycle: its own path is free, the tag stage has 32 cycles of backlog.
  CHECK(l1.access(lines, MemOp::Load, T, {}, l2, 1).ready == T + 32 + 62 + 40);
  // Sub-partition 0 again: its path is busy until T + 64 (the tag stage until T + 64 too).
  CHECK(l1.access(lines, MemOp::Load, T, {}, l2, 0).ready == T + 64 + 62 + 40);
  CHECK(l1.stats().sector_hits == 96);
}

TEST_CASE("780 four sub-partitions together get the tag stage's rate, one alone its path's") {
  const auto g = warpsim::config::load_gpu_config("tiny");
  MemorySystem l2(g);
  L1Config cfg = L1Config::from(g);
  cfg.size = 1 << 20;
  cfg.hit_latency = 40;
  cfg.sectors_per_cycle = 4;
  cfg.load_cycles_per_line = 2.5;
  cfg.tag_cycles_per_line = 1;
  cfg.sub_partitions = 4;
  const auto lines = one_sector_per_line(0, 32);
  const std::uint64_t T = 100000;
  L1Cache alone(cfg);
  alone.access(lines, MemOp::Load, 0, {}, l2, 0);
  std::uint64_t last = 0;
  for (int k = 0; k < 8; ++k) last = alone.access(lines, MemOp::Load, T, {}, l2, 0).ready;
  CHECK(last == T + 7 * 80 + 77 + 40);  // 80 cycles per access on one path (the last sector leaves at +77)
  L1Cache shared(cfg);
  shared.access(lines, MemOp::Load, 0, {}, l2, 0);
  for (int k = 0; k < 8; ++k) last = shared.access(lines, MemOp::Load, T, {}, l2, static_cast<unsigned>(k % 4)).ready;
  // The eighth access (sub-partition 3's second): its path has 80 cycles of backlog, the tag stage 7 x 32 = 224.
  CHECK(last == T + 224 + 77 + 40);
}

}  // namespace WARPSIM_UNITY_ID
