// 786: the shared-memory unit's per-sub-partition ports (timing/smem_unit.hpp): a port passes each bank-conflict
// replay in mem.smem_wavefront_cycles and takes its next access only when the last one is through; the banks, shared
// by the ports, serve one wavefront per cycle. So one sub-partition's conflicting accesses go at the port's rate and four
// sub-partitions' at the banks' (traces/ubench_smem_tput).
#include "smem_access.hpp"

#include <warpsim/config/gpu_config.hpp>
#include <warpsim/timing/smem_unit.hpp>

#include <catch2/catch.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::timing;
using smtest::strided;

TEST_CASE("786 one sub-partition's accesses wait for its port, another's only for the banks") {
  const auto cfg = warpsim::config::load_gpu_config("tiny", {"mem.smem_wavefront_cycles=2"});
  REQUIRE(cfg.smem_latency == 30);
  SmemUnit u(cfg);
  const auto all = warpsim::LaneMask::all();
  // 32-way conflict from sub-partition 0 at 0: the banks take wavefronts 0..31, the port passes the last of the 31
  // replays at 0 + 31 x 2 = 62: data at 62 + 30; the port is free at 63, the banks at 32.
  CHECK(u.access(strided(0, 128), all, Cycle(0), 0) == Cycle(92));
  CHECK(u.port_free(0) == Cycle(63));
  // A conflict-free access from sub-partition 0 at 1 waits for the port (63); one from sub-partition 1 at 1 only
  // for the banks, which the first left at 32 and the second takes at 63: 64.
  CHECK(u.access(strided(0, 4), all, Cycle(1), 0) == Cycle(63 + 30));
  CHECK(u.access(strided(0, 4), all, Cycle(1), 1) == Cycle(64 + 30));
  CHECK(u.port_free(0) == Cycle(64));
  CHECK(u.port_free(1) == Cycle(65));
  CHECK(u.port_free(3) == Cycle(0));  // a port that never passed anything
}

TEST_CASE("786 four sub-partitions' conflicting accesses share the banks at one wavefront per cycle") {
  const auto cfg = warpsim::config::load_gpu_config("tiny", {"mem.smem_wavefront_cycles=2"});
  SmemUnit u(cfg);
  const auto all = warpsim::LaneMask::all();
  // Each 32-way access at 100 from sub-partitions 0..3: the banks start them at 100, 132, 164, 196; each one's
  // port passes its last wavefront 62 cycles after its start.
  for (unsigned sub = 0; sub < 4; ++sub)
    CHECK(u.access(strided(0, 128), all, Cycle(100), sub) == Cycle(100 + 32 * sub + 62 + 30));
  // Sub-partition 0's next (port free at 163) waits for the banks (free at 228): 32 wavefronts per 32 cycles.
  CHECK(u.access(strided(0, 128), all, Cycle(164), 0) == Cycle(228 + 62 + 30));
  CHECK(u.stats().wavefronts == 5 * 32);
}

}  // namespace WARPSIM_UNITY_ID
