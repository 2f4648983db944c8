// Each residency limit at its boundaries, with exact values, and the tie rule: when several limits allow the
// same smallest count, the limiter is the first of warps, registers, shared_mem, blocks (CUDA's order).
#include <warpsim/config/gpu_config.hpp>
#include <warpsim/timing/occupancy.hpp>

#include <catch2/catch.hpp>

#include <optional>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim;
using timing::Limit;
using L = std::vector<Limit>;

namespace {
timing::Occupancy occ(const config::GpuConfig& g, unsigned threads, unsigned regs, std::uint64_t smem,
                      std::optional<unsigned> pct = {}) {
  return timing::compute_occupancy(g, {threads, regs, smem, pct});
}
}  // namespace

TEST_CASE("registers: allocated per warp in units of regs.alloc_unit, packed per sub-partition") {
  const auto g = config::load_gpu_config("h100");
  auto o = occ(g, 32, 1, 0);  // 32 registers a warp, rounded up to 256
  CHECK(o.regs_per_warp_used == 32);
  CHECK(o.regs_per_warp == 256);
  CHECK(o.warps_per_sub_partition == 64);
  CHECK(o.ctas_by_registers == 256);

  o = occ(g, 1024, 32, 0);  // 1024 per warp: 16 per sub-partition, 64 per SM: 2 CTAs of 32 warps
  CHECK(o.ctas_by_registers == 2);
  CHECK(o.ctas_per_sm == 2);
  CHECK(o.limiting == L{Limit::Warps, Limit::Registers});
  CHECK(o.limiter == Limit::Warps);
  CHECK(o.occupancy == 1.0);

  o = occ(g, 1024, 33, 0);  // 1056 -> 1280 per warp: 12 per sub-partition, 48 per SM: 1 CTA
  CHECK(o.regs_per_warp == 1280);
  CHECK(o.ctas_per_sm == 1);
  CHECK(o.limiter == Limit::Registers);
  CHECK(o.warps_per_sm == 32);
  CHECK(o.occupancy == 0.5);

  o = occ(g, 256, 64, 0);  // 2048 per warp: 8 per sub-partition, 32 warps: 4 CTAs of 8
  CHECK(o.ctas_by_registers == 4);
  CHECK(o.limiter == Limit::Registers);

  o = occ(g, 256, 192, 0);  // 6144 per warp: 2 per sub-partition, 8 warps: 1 CTA of 8
  CHECK(o.regs_per_cta == 49152);
  CHECK(o.ctas_per_sm == 1);

  o = occ(g, 33, 0, 0);  // no registers: that limit does not apply; 33 threads are 2 warps
  CHECK(o.ctas_by_registers == timing::kUnlimited);
  CHECK(o.warps_per_cta == 2);
  CHECK(o.ctas_by_warps == 32);
  CHECK(o.limiting == L{Limit::Warps, Limit::Blocks});
  CHECK(o.threads_per_sm == 33 * 32);
}

TEST_CASE("shared memory: request + reserved, rounded to smem.alloc_unit, out of the carve-out") {
  const auto g = config::load_gpu_config("h200");
  auto o = occ(g, 32, 0, 0);
  CHECK(o.smem_per_cta == 1024);  // the reserved kilobyte alone
  CHECK(o.ctas_by_shared_mem == 228);

  CHECK(occ(g, 32, 0, 1).smem_per_cta == 1152);
  CHECK(occ(g, 32, 0, 128).smem_per_cta == 1152);
  CHECK(occ(g, 32, 0, 129).smem_per_cta == 1280);

  o = occ(g, 256, 0, 49152);  // 50176 bytes: 4 in 233472
  CHECK(o.ctas_by_shared_mem == 4);
  CHECK(o.limiter == Limit::SharedMem);
  CHECK(o.warps_per_sm == 32);

  o = occ(g, 256, 0, 28160);  // 29184 x 8 = 233472 exactly: ties with the 8 CTAs the warps allow
  CHECK(o.ctas_by_shared_mem == 8);
  CHECK(o.limiting == L{Limit::Warps, Limit::SharedMem});
  CHECK(o.limiter == Limit::Warps);
  o = occ(g, 256, 0, 28161);  // one byte more: 29312 per CTA, 7 fit
  CHECK(o.ctas_by_shared_mem == 7);
  CHECK(o.limiter == Limit::SharedMem);

  o = occ(g, 1024, 0, 232448);  // the opt-in maximum: the whole 228 KiB with the reserved part
  CHECK(o.smem_per_cta == 233472);
  CHECK(o.ctas_per_sm == 1);
  CHECK(o.limiting == L{Limit::SharedMem});
}

TEST_CASE("shared memory: the carve-out preference, rounded up to a configured carve-out") {
  const auto g = config::load_gpu_config("h100");
  auto o = occ(g, 256, 0, 16384, 50);  // 116736 bytes preferred -> the 132 KiB carve-out; 17408 per CTA
  CHECK(o.smem_preferred == 135168);
  CHECK(o.smem_carveout == 135168);
  CHECK(o.ctas_by_shared_mem == 7);
  CHECK(o.limiter == Limit::SharedMem);

  o = occ(g, 256, 0, 16384, 0);  // prefer all L1: the smallest carve-out that holds one CTA (32 KiB)
  CHECK(o.smem_preferred == 0);
  CHECK(o.smem_carveout == 32768);
  CHECK(o.ctas_per_sm == 1);

  o = occ(g, 32, 0, 0, 0);  // 1024 bytes: the 8 KiB carve-out holds 8
  CHECK(o.smem_carveout == 8192);
  CHECK(o.ctas_per_sm == 8);

  o = occ(g, 256, 0, 16384, 100);
  CHECK(o.smem_carveout == 233472);
  CHECK(o.ctas_by_shared_mem == 13);
  CHECK(occ(g, 256, 0, 16384, 1).smem_carveout == 32768);  // 2334 bytes -> 8 KiB, too small for 17408
}

TEST_CASE("warps and blocks") {
  const auto g = config::load_gpu_config("b200");
  auto o = occ(g, 32, 0, 0);  // 1-warp CTAs: the 32 CTA slots bind, half the warp slots stay empty
  CHECK(o.ctas_per_sm == 32);
  CHECK(o.limiting == L{Limit::Blocks});
  CHECK(o.occupancy == 0.5);

  o = occ(g, 64, 32, 0);  // warps, registers and blocks all allow 32
  CHECK(o.limiting == L{Limit::Warps, Limit::Registers, Limit::Blocks});
  CHECK(o.limiter == Limit::Warps);
  CHECK(o.occupancy == 1.0);

  o = occ(g, 1023, 0, 0);  // 32 warps, the last one partial
  CHECK(o.warps_per_cta == 32);
  CHECK(o.ctas_per_sm == 2);
  CHECK(o.threads_per_sm == 2046);
  CHECK(o.warps_per_sm == 64);

  o = occ(g, 96, 0, 0);  // 3 warps: 21 CTAs use 63 of 64 slots
  CHECK(o.ctas_per_sm == 21);
  CHECK(o.warps_per_sm == 63);
  CHECK(o.occupancy == 63.0 / 64.0);
}

TEST_CASE("tiny: 16 warp slots, 4 CTA slots, 4096 registers per sub-partition") {
  const auto g = config::load_gpu_config("tiny");
  auto o = occ(g, 128, 32, 0);
  CHECK(o.warp_slots == 16);
  CHECK(o.ctas_per_sm == 4);
  CHECK(o.limiting == L{Limit::Warps, Limit::Registers, Limit::Blocks});

  o = occ(g, 256, 64, 0);  // 2048 per warp: 2 per sub-partition, 8 warps: one CTA of 8
  CHECK(o.ctas_per_sm == 1);
  CHECK(o.limiter == Limit::Registers);
  CHECK(o.occupancy == 0.5);

  o = occ(g, 64, 0, 4096);  // 5120 bytes per CTA in 16 KiB: 3
  CHECK(o.ctas_per_sm == 3);
  CHECK(o.limiter == Limit::SharedMem);
}

TEST_CASE("no shared memory at all: unlimited when nothing is reserved") {
  const auto g = config::load_gpu_config("h100", {"smem.reserved_per_cta=0"});
  const auto o = occ(g, 32, 0, 0);
  CHECK(o.smem_per_cta == 0);
  CHECK(o.ctas_by_shared_mem == timing::kUnlimited);
  CHECK(o.ctas_per_sm == 32);
  CHECK(o.limiter == Limit::Blocks);
}

}  // namespace WARPSIM_UNITY_ID
