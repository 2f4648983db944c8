// The seeds' worked example (256 threads, 40 registers, 16 KiB shared memory): the article's "100 %" comes
// from dividing the register file's 256 KiB (bytes) by 1280 registers per warp; the file holds 65536
// registers, 16384 per sub-partition, i.e. 12 warps of 1280 each, 48 per SM: 6 CTAs of 8 warps = 75 %,
// limited by registers, as CUDA's calculator says.
#include <warpsim/config/gpu_config.hpp>
#include <warpsim/timing/occupancy.hpp>

#include <catch2/catch.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim;
using timing::Limit;

TEST_CASE("worked example: 256 threads, 40 registers, 16 KiB is 75 %, limited by registers") {
  for (const char* name : {"h100", "h200"}) {
    INFO(name);
    const auto gpu = config::load_gpu_config(name);
    const timing::Occupancy o = timing::compute_occupancy(gpu, {256, 40, 16384, {}});
    CHECK(o.ctas_per_sm == 6);
    CHECK(o.warps_per_sm == 48);
    CHECK(o.threads_per_sm == 1536);
    CHECK(o.occupancy == 0.75);
    CHECK(o.limiter == Limit::Registers);
    CHECK(timing::limit_name(o.limiter) == "registers");
    CHECK(o.limiting == std::vector<Limit>{Limit::Registers});
    CHECK(o.error.empty());

    CHECK(o.ctas_by_registers == 6);
    CHECK(o.ctas_by_shared_mem == 13);  // 233472 / (16384 + 1024 reserved)
    CHECK(o.ctas_by_warps == 8);
    CHECK(o.ctas_by_blocks == 32);

    CHECK(o.warps_per_cta == 8);
    CHECK(o.warp_slots == 64);
    CHECK(o.regs_per_warp_used == 1280);
    CHECK(o.regs_per_warp == 1280);
    CHECK(o.regs_per_cta == 10240);
    CHECK(o.regs_per_sub_partition == 16384);
    CHECK(o.warps_per_sub_partition == 12);
    CHECK(o.smem_per_cta == 17408);
    CHECK(o.smem_carveout == 233472);
    CHECK(o.smem_preferred == 233472);
  }
}

TEST_CASE("worked example: bytes / registers per warp is the article's 100 %, registers give 48 warps") {
  const auto gpu = config::load_gpu_config("h100");
  const auto o = timing::compute_occupancy(gpu, {256, 40, 16384, {}});
  CHECK(gpu.regs_per_sm * 4 / o.regs_per_warp == 204);  // 256 KiB / 1280: "more than 64 warps"
  CHECK(o.warps_per_sub_partition * gpu.sub_partitions == 48);
}

}  // namespace WARPSIM_UNITY_ID
