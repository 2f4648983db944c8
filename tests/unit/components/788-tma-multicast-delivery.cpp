// 788: a multicast's delivery to the other CTAs of a cluster (timing/tma_unit.hpp): each copy lands
// sm.tma_multicast_cycles after the copy's last data is back at the issuing SM, all of them at once, whatever their
// number and size (the H200 replicates the data on its way: traces/ubench_tma); no DSMEM port is taken.
#include "l2_test_config.hpp"

#include <warpsim/timing/tma_unit.hpp>

#include <catch2/catch.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::timing;
using warpsim::source::BulkAccess;

namespace {

TmaConfig tma() {
  TmaConfig c;
  c.issue_cycles = 10;
  c.bytes_per_cycle = 32;
  c.land_cycles = 5;
  c.multicast_cycles = 100;
  return c;
}

}  // namespace

TEST_CASE("788 a multicast copy reaches every peer CTA multicast_cycles after its data is back") {
  MemorySystem l2(l2test::one_slice());
  TmaUnit u(tma());
  BulkAccess a;
  a.kind = BulkAccess::Kind::SharedCopy;  // no global memory: the data is "back" when the unit has moved it
  a.shared_bytes = 256;
  Cycle data{0};
  // Starts at 1000 + 10, moves 256 bytes in 8 cycles (data at 1018), lands here 5 later.
  CHECK(u.copy(a, {}, Cycle(1000), l2, &data) == Cycle(1023));
  CHECK(data == Cycle(1018));
  // Three peers: all at 1018 + 100, not one after another.
  CHECK(u.deliver(data) == Cycle(1118));
  CHECK(u.deliver(data) == Cycle(1118));
  CHECK(u.deliver(data) == Cycle(1118));
  // A larger copy's peers land the same time after its data is back.
  a.shared_bytes = 8192;
  CHECK(u.copy(a, {}, Cycle(2000), l2, &data) == Cycle(2000 + 10 + 256 + 5));
  CHECK(u.deliver(data) == Cycle(2000 + 10 + 256 + 100));
  CHECK(u.stats().deliveries == 4);
  CHECK(u.stats().copies == 2);
}

}  // namespace WARPSIM_UNITY_ID
