// 773: the shared-memory unit's banks (timing/smem_unit.hpp): an access's data lands mem.smem_latency +
// (wavefronts - 1) x mem.smem_wavefront_cycles after it starts; it starts when the previous access's wavefronts are
// through the banks; bank conflicts (wavefronts beyond the ideal) are counted per operation: load, store, atomic.
// Each access comes from another sub-partition where the order matters, so no port waits (test 786 has those).
#include "smem_access.hpp"

#include <warpsim/config/gpu_config.hpp>
#include <warpsim/timing/smem_unit.hpp>

#include <catch2/catch.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::timing;
using smtest::strided;

TEST_CASE("773 back-to-back accesses queue behind the first one's wavefronts") {
  const auto cfg = warpsim::config::load_gpu_config("tiny");
  REQUIRE(cfg.smem_latency == 30);
  REQUIRE(cfg.smem_wavefront_cycles == 1);
  SmemUnit u(cfg);
  const auto all = warpsim::LaneMask::all();
  // 2-way conflict at 0: starts at 0, 2 wavefronts (banks busy at 0 and 1), lands 0 + 30 + 1 = 31.
  CHECK(u.access(strided(0, 8), all, Cycle(0), 0) == Cycle(31));
  // A conflict-free access also at 0 starts when the banks are free, at 2: lands 2 + 30 = 32.
  CHECK(u.access(strided(0, 4), all, Cycle(0), 1) == Cycle(32));
  // Banks free from 3. One at 2 still waits (3 + 30); one at 10 starts at once (10 + 30).
  CHECK(u.access(strided(0, 4), all, Cycle(2), 2) == Cycle(33));
  CHECK(u.access(strided(0, 4), all, Cycle(10), 3) == Cycle(40));
  // 32-way at 20: 32 wavefronts, 20 + 30 + 31 = 81; the next access starts at 20 + 32 = 52, not at 51.
  CHECK(u.access(strided(0, 128), all, Cycle(20), 0) == Cycle(81));
  CHECK(u.access(strided(0, 4), all, Cycle(21), 1) == Cycle(52 + 30));
  CHECK(u.stats().wavefronts == 2 + 1 + 1 + 1 + 32 + 1);
}

TEST_CASE("773 mem.smem_wavefront_cycles: the latency of each further wavefront") {
  const auto cfg = warpsim::config::load_gpu_config("tiny", {"mem.smem_wavefront_cycles=3"});
  SmemUnit u(cfg);
  // 2 wavefronts: 0 + 30 + 1 x 3. The banks still serve one wavefront per cycle: the next starts at 2.
  CHECK(u.access(strided(0, 8), warpsim::LaneMask::all(), Cycle(0), 0) == Cycle(33));
  CHECK(u.access(strided(0, 4), warpsim::LaneMask::all(), Cycle(0), 1) == Cycle(32));
}

TEST_CASE("773 conflicts are counted per operation") {
  const auto cfg = warpsim::config::load_gpu_config("tiny");
  SmemUnit u(cfg);
  const auto all = warpsim::LaneMask::all();
  auto ld = strided(0, 8);   // 2 wavefronts, ideal 1: 1 conflict
  auto st = strided(0, 16);  // words 0, 4, ..., 124: 4 per bank (0, 4, ..., 28): 4 wavefronts, 3 conflicts
  st.store = true;
  auto at = strided(0, 128);  // 32 wavefronts: 31 conflicts
  at.atomic = true;
  u.access(ld, all, Cycle(0), 0);
  u.access(st, all, Cycle(0), 0);
  u.access(st, all, Cycle(0), 0);
  u.access(at, all, Cycle(0), 0);
  u.access(strided(0, 4), all, Cycle(0), 0);  // conflict-free load: adds nothing
  CHECK(u.stats().conflicts_ld == 1);
  CHECK(u.stats().conflicts_st == 2 * 3);
  CHECK(u.stats().conflicts_atom == 31);
  CHECK(u.stats().wavefronts == 2 + 4 + 4 + 32 + 1);
}

TEST_CASE("773 global loads and stores take the banks mem.global_data_pipe_wavefronts cycles a line") {
  const auto cfg = warpsim::config::load_gpu_config("tiny", {"mem.global_data_pipe_wavefronts=2"});
  REQUIRE(cfg.global_data_pipe_wavefronts == 2);
  SmemUnit u(cfg);
  const auto all = warpsim::LaneMask::all();
  // A 32-way conflict at 0 keeps the banks until 32; four global lines at 10 take them from 32 to 40, so a shared
  // access at 20 starts at 40 and lands 40 + 30.
  CHECK(u.access(strided(0, 128), all, Cycle(0), 0) == Cycle(61));
  u.global_data(4, cfg.global_data_pipe_wavefronts, Cycle(10));
  CHECK(u.access(strided(0, 4), all, Cycle(20), 1) == Cycle(70));
  // With the banks idle they start at their own issue: one line at 100 keeps them until 102.
  u.global_data(1, cfg.global_data_pipe_wavefronts, Cycle(100));
  CHECK(u.access(strided(0, 4), all, Cycle(101), 2) == Cycle(132));
  // Counted apart from the shared wavefronts.
  CHECK(u.stats().global_wavefronts == 5);
  CHECK(u.stats().wavefronts == 32 + 1 + 1);
}

TEST_CASE("773 mem.global_data_pipe_wavefronts 0: global lines are counted and take no bank time") {
  const auto cfg = warpsim::config::load_gpu_config("tiny");
  REQUIRE(cfg.global_data_pipe_wavefronts == 0);
  SmemUnit u(cfg);
  u.global_data(8, cfg.global_data_pipe_wavefronts, Cycle(0));
  CHECK(u.access(strided(0, 4), warpsim::LaneMask::all(), Cycle(0), 0) == Cycle(30));
  CHECK(u.stats().global_wavefronts == 8);
}

}  // namespace WARPSIM_UNITY_ID
