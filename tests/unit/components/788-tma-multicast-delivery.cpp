// 788: a multicast's delivery to the other SMs of a cluster (timing/tma_unit.hpp): once the copy's data is back, its
// shared-memory bytes leave through the SM's DSMEM port at cluster.dsmem_bytes_per_cycle, one destination after
// another, and each lands cluster.dsmem_latency after its bytes left; the port is shared with whatever else used it.
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
  c.dsmem_latency = 100;
  c.dsmem_bytes_per_cycle = 32;
  return c;
}

}  // namespace

TEST_CASE("788 a multicast copy reaches each peer SM dsmem_latency after its bytes left the DSMEM port") {
  MemorySystem l2(l2test::one_slice());
  TmaUnit u(tma());
  BulkAccess a;
  a.kind = BulkAccess::Kind::SharedCopy;  // no global memory: the data is "back" when the unit has moved it
  a.shared_bytes = 256;
  Cycle data{0};
  // Starts at 1000 + 10, moves 256 bytes in 8 cycles (data at 1018), lands here 5 later.
  CHECK(u.copy(a, {}, Cycle(1000), l2, &data) == Cycle(1023));
  CHECK(data == Cycle(1018));
  // Peers: 8 cycles through the port each, then 100 cycles of latency.
  Cycle port{0};
  CHECK(u.deliver(data, 256, port) == Cycle(1126));
  CHECK(port == Cycle(1026));
  CHECK(u.deliver(data, 256, port) == Cycle(1134));
  CHECK(port == Cycle(1034));
  // A port busy until later (remote ld/st of the SM) delays the delivery; 48 bytes take 2 cycles (rounded up).
  Cycle busy{2000};
  CHECK(u.deliver(data, 48, busy) == Cycle(2102));
  CHECK(busy == Cycle(2002));
  CHECK(u.stats().deliveries == 3);
  CHECK(u.stats().copies == 1);
}

}  // namespace WARPSIM_UNITY_ID
