// 598: the L2 slice's tag stage and the spread of hit latencies (timing/memory_system.hpp,
// mem.l2_requests_per_cycle_per_slice and mem.l2_hit_latency_spread). A request is one L1's sectors of one line (the
// first of them has line_start): at 0.5 requests per cycle, loads of one sector per line leave the slice one per 2
// cycles, while whole lines (4 sectors) still leave at the data stage's sector per cycle; with no limit (0) single
// sectors leave one per cycle. With a spread of 20 cycles a hit takes 190-210 cycles, the same on every run, not
// all the same.
#include "l2_test_config.hpp"

#include <warpsim/timing/memory_system.hpp>

#include <catch2/catch.hpp>

#include <set>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::timing;

namespace {
// Puts lines 0..n-1 (all 4 sectors) into the slice at cycle 0 with whole-line stores.
void fill(MemorySystem& m, unsigned n) {
  for (unsigned line = 0; line < n; ++line)
    for (unsigned s = 0; s < 4; ++s) m.access(line * 4 + s, MemOp::Store, 0, 32, 0, s == 0);
}
std::uint64_t load(MemorySystem& m, std::uint64_t sector, std::uint64_t at, bool line_start) {
  return m.access(sector, MemOp::Load, at, 1, 0, line_start);
}
}  // namespace

TEST_CASE("598 at 0.5 requests per cycle single sectors leave every 2 cycles, whole lines every 4") {
  MemoryConfig c = l2test::one_slice();
  c.requests_per_cycle = 0.5;
  MemorySystem m(c);
  fill(m, 16);  // 64 sectors, 16 requests: the slice is free again long before 1000
  for (unsigned k = 0; k < 8; ++k) CHECK(load(m, k * 4, 1000, true) == 1200 + 2 * k);  // one sector of 8 lines
  // Whole lines 8..11 from 2000: the data stage (a sector a cycle) is the limit, not the tag stage.
  for (unsigned line = 8; line < 12; ++line)
    for (unsigned s = 0; s < 4; ++s) CHECK(load(m, line * 4 + s, 2000, s == 0) == 2200 + (line - 8) * 4 + s);
}

TEST_CASE("598 without a request limit single sectors leave one per cycle") {
  MemorySystem m(l2test::one_slice());
  fill(m, 16);
  for (unsigned k = 0; k < 8; ++k) CHECK(load(m, k * 4, 1000, true) == 1200 + k);
}

TEST_CASE("598 a spread of 20 cycles: hits take 190 to 210 cycles, the same on every run") {
  MemoryConfig c = l2test::one_slice();
  c.hit_spread = 20;
  MemorySystem a(c), b(c);
  fill(a, 64);
  fill(b, 64);
  std::set<std::uint64_t> seen;
  for (unsigned k = 0; k < 64; ++k) {
    const std::uint64_t at = 1000 + 10 * k;  // the slice is idle at each load: only the spread differs
    const std::uint64_t ra = load(a, k * 4, at, true), rb = load(b, k * 4, at, true);
    CHECK(ra == rb);
    CHECK(ra >= at + 190);
    CHECK(ra <= at + 210);
    seen.insert(ra - at);
  }
  CHECK(seen.size() > 8);
}

}  // namespace WARPSIM_UNITY_ID
