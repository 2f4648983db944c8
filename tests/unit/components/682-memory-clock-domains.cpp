// 682: the L2 and DRAM in their own clock domain (mem.reference_clock_mhz, timing/memory_system.hpp): their cycle
// parameters are given at that SM clock, and MemoryConfig::from converts them to cycles of sm.clock_mhz. On the H200
// model (reference 1980 MHz) at its own clock nothing changes; at 990 MHz every L2/DRAM latency is half as many SM
// cycles and every rate twice as many units per SM cycle, so an L2 hit and a DRAM miss come back in half the cycles;
// the SM-side parameters (L1, shared memory) stay as given. tiny (reference 0) never scales.
#include <warpsim/config/gpu_config.hpp>
#include <warpsim/timing/memory_system.hpp>

#include <catch2/catch.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using warpsim::timing::MemOp;
using warpsim::timing::MemoryConfig;
using warpsim::timing::MemorySystem;

TEST_CASE("682 at the reference clock the L2/DRAM parameters are the configured ones") {
  const auto g = warpsim::config::load_gpu_config("h200");
  REQUIRE(g.mem_reference_clock_mhz == 1980);
  REQUIRE(g.clock_mhz == 1980);
  const MemoryConfig c = MemoryConfig::from(g);
  CHECK(c.l2_hit_latency == g.l2_hit_latency);
  CHECK(c.dram.latency == g.dram_latency);
  CHECK(c.l2_sectors_per_cycle_per_slice == g.l2_sectors_per_cycle_per_slice);
  CHECK(c.dram.bytes_per_cycle == g.dram_bytes_per_cycle);
  CHECK(c.far_first_load == g.l2_far_first_load_cycles);
}

TEST_CASE("682 at half the SM clock the memory side takes half the SM cycles") {
  const auto g = warpsim::config::load_gpu_config("h200", {"sm.clock_mhz=990"});
  const auto ref = warpsim::config::load_gpu_config("h200");
  const MemoryConfig c = MemoryConfig::from(g);
  // Latencies: half, rounded to the nearest cycle; rates: twice.
  CHECK(c.l2_hit_latency == (ref.l2_hit_latency + 1) / 2);
  CHECK(c.dram.latency == (ref.dram_latency + 1) / 2);
  CHECK(c.atomic_latency == (ref.atomic_latency + 1) / 2);
  CHECK(c.far_first_load == (ref.l2_far_first_load_cycles + 1) / 2);
  CHECK(c.l2_sectors_per_cycle_per_slice == Approx(2 * ref.l2_sectors_per_cycle_per_slice));
  CHECK(c.l2_store_sectors_per_cycle_per_slice == Approx(2 * ref.l2_store_sectors_per_cycle_per_slice));
  CHECK(c.dram.bytes_per_cycle == Approx(2 * ref.dram_bytes_per_cycle));
  CHECK(c.dram.turnaround == Approx(ref.dram_turnaround_cycles / 2));
  // The SM side is not the memory system's: the GPU model's own values are untouched.
  CHECK(g.l1_hit_latency == ref.l1_hit_latency);
  CHECK(g.smem_latency == ref.smem_latency);

  // One L2 (slices from the model): a miss at cycle 0 (DRAM), then a hit of the same sector once it landed.
  MemorySystem slow(MemoryConfig::from(ref)), fast(c);
  const std::uint64_t miss_ref = slow.access(0, MemOp::Load, 0), miss_half = fast.access(0, MemOp::Load, 0);
  const std::uint64_t hit_ref = slow.access(0, MemOp::Load, miss_ref) - miss_ref;
  const std::uint64_t hit_half = fast.access(0, MemOp::Load, miss_half) - miss_half;
  CHECK(hit_ref == ref.l2_hit_latency);  // the slice is free: the load-to-use latency alone
  CHECK(hit_half == c.l2_hit_latency);
  CHECK(miss_half < miss_ref);
  CHECK(static_cast<double>(miss_half) == Approx(static_cast<double>(miss_ref) / 2).epsilon(0.02));
}

TEST_CASE("682 reference 0 never scales") {
  const auto g = warpsim::config::load_gpu_config("tiny", {"sm.clock_mhz=500"});
  REQUIRE(g.mem_reference_clock_mhz == 0);
  const MemoryConfig c = MemoryConfig::from(g);
  CHECK(c.l2_hit_latency == g.l2_hit_latency);
  CHECK(c.dram.latency == g.dram_latency);
  CHECK(c.dram.bytes_per_cycle == g.dram_bytes_per_cycle);
}

}  // namespace WARPSIM_UNITY_ID
