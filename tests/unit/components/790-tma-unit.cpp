// 790: the SM's TMA unit (timing/tma_unit.hpp). A copy starts sm.tma_issue_cycles after its issue or when the unit
// is free, a tensor copy whose map is not cached first pays sm.tma_descriptor_cycles (the cache keeps the
// sm.tma_descriptor_cache most recently used maps), the unit moves max(shared bytes, global bytes) at
// sm.tma_bytes_per_cycle (and spends at least sm.tma_copy_cycles on a copy), a load lands sm.tma_land_cycles after
// its last sector is back from L2 (one slice here: the sectors leave evenly over the transfer and wait for the
// slice), a store when its last sector is taken plus mem.store_ack_cycles; neither before the unit has moved its
// bytes.
#include "l2_test_config.hpp"

#include <warpsim/timing/tma_unit.hpp>

#include <catch2/catch.hpp>

#include <vector>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::timing;
using warpsim::source::BulkAccess;
using warpsim::source::Span;

namespace {

TmaConfig tma() {
  TmaConfig c;
  c.issue_cycles = 10;
  c.descriptor_cycles = 100;
  c.descriptor_cache = 2;
  c.bytes_per_cycle = 32;
  c.land_cycles = 5;
  c.store_ack = 7;
  return c;
}

BulkAccess access(BulkAccess::Kind kind, std::uint32_t shared_bytes, bool tensor = false, warpsim::Addr map = 0) {
  BulkAccess a;
  a.kind = kind;
  a.shared_bytes = shared_bytes;
  a.tensor = tensor;
  a.descriptor = map;
  return a;
}

}  // namespace

TEST_CASE("790 a shared-to-shared copy takes issue + bytes / rate + land, the next waits for the unit") {
  MemorySystem l2(l2test::one_slice());
  TmaUnit u(tma());
  // 256 bytes at 32 per cycle: starts at 1000 + 10, busy 8 cycles, lands 5 later.
  CHECK(u.copy(access(BulkAccess::Kind::SharedCopy, 256), {}, Cycle(1000), l2) == Cycle(1023));
  // Issued in the same cycle: starts when the unit is free (1018).
  CHECK(u.copy(access(BulkAccess::Kind::SharedCopy, 256), {}, Cycle(1000), l2) == Cycle(1031));
  CHECK(u.stats().copies == 2);
  CHECK(u.stats().bytes == 512);
}

TEST_CASE("790 the next copy starts no sooner than copy_cycles after the last one started") {
  MemorySystem l2(l2test::one_slice());
  TmaConfig c = tma();
  c.copy_cycles = 20;
  TmaUnit u(c);
  // 64 bytes take 2 cycles, but the unit spends 20 on the copy: starts 1010, lands 1017, unit free at 1030.
  CHECK(u.copy(access(BulkAccess::Kind::SharedCopy, 64), {}, Cycle(1000), l2) == Cycle(1017));
  // Issued in the same cycle: starts at 1030 (not 1012), lands 1037.
  CHECK(u.copy(access(BulkAccess::Kind::SharedCopy, 64), {}, Cycle(1000), l2) == Cycle(1037));
  // 19 cycles later than that is still too soon; the unit is free at 1050.
  CHECK(u.copy(access(BulkAccess::Kind::SharedCopy, 64), {}, Cycle(1021), l2) == Cycle(1057));
  // A copy whose bytes take longer than copy_cycles keeps the unit for its bytes: 1024 bytes, 32 cycles from 1070.
  CHECK(u.copy(access(BulkAccess::Kind::SharedCopy, 1024), {}, Cycle(1060), l2) == Cycle(1070 + 32 + 5));
  CHECK(u.copy(access(BulkAccess::Kind::SharedCopy, 64), {}, Cycle(1060), l2) == Cycle(1102 + 2 + 5));
}

TEST_CASE("790 tensor maps: a miss costs the descriptor fetch, the cache keeps the two most recent") {
  MemorySystem l2(l2test::one_slice());
  TmaUnit u(tma());
  const auto load = [&](warpsim::Addr map, std::uint64_t now) {
    // 64 bytes of box, all outside the tensor: no global memory.
    return u.copy(access(BulkAccess::Kind::Load, 64, true, map), {}, Cycle(now), l2).count();
  };
  CHECK(load(0xa00, 2000) == 2000 + 10 + 100 + 2 + 5);  // miss
  CHECK(load(0xa00, 3000) == 3000 + 10 + 2 + 5);        // hit
  CHECK(load(0xb00, 4000) == 4000 + 10 + 100 + 2 + 5);  // miss: {a, b}
  CHECK(load(0xc00, 5000) == 5000 + 10 + 100 + 2 + 5);  // miss: {b, c}, a evicted
  CHECK(load(0xa00, 6000) == 6000 + 10 + 100 + 2 + 5);  // miss again
  CHECK(load(0xc00, 7000) == 7000 + 10 + 2 + 5);        // hit
  CHECK(u.stats().descriptor_misses == 4);
}

TEST_CASE("790 prefetch.tensormap fetches a map beside the copies, the kernel's first fetch costs more") {
  MemorySystem l2(l2test::one_slice());
  TmaConfig c = tma();
  c.descriptor_first = 40;
  TmaUnit u(c);
  const auto load = [&](warpsim::Addr map, std::uint64_t now) {
    return u.copy(access(BulkAccess::Kind::Load, 64, true, map), {}, Cycle(now), l2).count();
  };
  const auto prefetch = [&](warpsim::Addr map, std::uint64_t now) {
    return u.copy(access(BulkAccess::Kind::Descriptor, 0, true, map), {}, Cycle(now), l2).count();
  };
  // The first fetch: 100 + 40, fetched beside the unit's work (the prefetch returns at once, holds nothing).
  CHECK(prefetch(0xa00, 1000) == 1000);
  CHECK(u.stats().copies == 0);
  // A load of the map issued at once waits for it: in the cache at 1000 + 10 + 140.
  CHECK(load(0xa00, 1000) == 1150 + 2 + 5);
  // Prefetched long before: a hit (and no first-fetch cost any more).
  CHECK(prefetch(0xb00, 2000) == 2000);
  CHECK(load(0xb00, 3000) == 3000 + 10 + 2 + 5);
  // A later miss costs the plain fetch.
  CHECK(load(0xc00, 4000) == 4000 + 10 + 100 + 2 + 5);
  // Prefetching a cached map changes nothing; it stays the most recent: {c, b} -> prefetch b -> {c, b}, so a load of
  // a new map evicts c.
  CHECK(prefetch(0xb00, 5000) == 5000);
  CHECK(load(0xd00, 6000) == 6000 + 10 + 100 + 2 + 5);
  CHECK(load(0xb00, 7000) == 7000 + 10 + 2 + 5);
  CHECK(u.stats().descriptor_misses == 4);  // a, b (prefetches), c, d
}

TEST_CASE("790 without a prefetch the first copy pays the first fetch") {
  MemorySystem l2(l2test::one_slice());
  TmaConfig c = tma();
  c.descriptor_first = 40;
  TmaUnit u(c);
  CHECK(u.copy(access(BulkAccess::Kind::Load, 64, true, 0xa00), {}, Cycle(0), l2) == Cycle(10 + 140 + 2 + 5));
  CHECK(u.copy(access(BulkAccess::Kind::Load, 64, true, 0xb00), {}, Cycle(1000), l2) == Cycle(1000 + 10 + 100 + 2 + 5));
}

TEST_CASE("790 a load's sectors go to L2 over the transfer and it lands after the last is back") {
  MemorySystem l2(l2test::one_slice());
  MemorySystem twin(l2test::one_slice());
  TmaUnit u(tma());
  // 128 contiguous bytes (4 sectors) at 0x10000: start 110, busy 4, sector i leaves at 110 + i.
  const std::vector<Span> spans{{0x10000, 128}};
  const Cycle land = u.copy(access(BulkAccess::Kind::Load, 128), spans, Cycle(100), l2);
  std::uint64_t last = 0;
  for (std::uint64_t i = 0; i < 4; ++i)
    last = std::max(last, twin.access(0x10000 / 32 + i, MemOp::Load, 110 + i, 1, 0, i == 0));
  CHECK(land == Cycle(last + 5));
  CHECK(last >= 110 + 500);  // DRAM misses
  // The same bytes again: L2 hits.
  const Cycle again = u.copy(access(BulkAccess::Kind::Load, 128), spans, Cycle(2000), l2);
  std::uint64_t hit = 0;
  for (std::uint64_t i = 0; i < 4; ++i)
    hit = std::max(hit, twin.access(0x10000 / 32 + i, MemOp::Load, 2010 + i, 1, 0, i == 0));
  CHECK(again == Cycle(hit + 5));
  CHECK(hit < 2010 + 500);
}

TEST_CASE("790 a store completes when its slice took the last sector, plus the acknowledgement") {
  MemorySystem l2(l2test::one_slice());
  MemorySystem twin(l2test::one_slice());
  TmaUnit u(tma());
  const std::vector<Span> spans{{0x20000, 64}};
  const Cycle done = u.copy(access(BulkAccess::Kind::Store, 64), spans, Cycle(0), l2);
  std::uint64_t last = 0;
  for (std::uint64_t i = 0; i < 2; ++i)
    last = std::max(last, twin.access(0x20000 / 32 + i, MemOp::Store, 10 + i, 32, 0, i == 0));
  // Not before the unit has moved the bytes (start 10 + 64 / 32).
  CHECK(done == Cycle(std::max<std::uint64_t>(last, 12) + 7));
}

}  // namespace WARPSIM_UNITY_ID
