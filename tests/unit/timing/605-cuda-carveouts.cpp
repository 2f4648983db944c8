// The GPU facts CUDA's calculator keeps in its own tables (allocation units, sub-partitions, CTA slots,
// shared-memory carve-outs) are the ones the shipped configs hold, and every carve-out preference from 0 to
// 100 % gives CUDA's answer. Without the CUDA toolkit the test fails.
#include "cuda_occupancy_ref.hpp"

#include <warpsim/config/gpu_config.hpp>
#include <warpsim/timing/occupancy.hpp>

#include <catch2/catch.hpp>

#include <set>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim;
using timing_test::Rng;

#ifndef WARPSIM_HAVE_CUDA_OCCUPANCY

TEST_CASE("occupancy facts and carve-outs equal CUDA's calculator") { FAIL(timing_test::kNoCuda); }

#else

TEST_CASE("the configs hold the facts CUDA's calculator takes from its compute-capability tables") {
  for (const auto& name : timing_test::shipped_gpus()) {
    INFO(name);
    const auto g = config::load_gpu_config(name);
    const cudaOccDeviceProp p = timing_test::cuda_props(g);
    int v = 0;
    REQUIRE(cudaOccRegAllocationGranularity(&v, &p) == CUDA_OCC_SUCCESS);
    CHECK(static_cast<unsigned>(v) == g.reg_alloc_unit);
    REQUIRE(cudaOccSMemAllocationGranularity(&v, &p) == CUDA_OCC_SUCCESS);
    CHECK(static_cast<unsigned>(v) == g.smem_alloc_unit);
    REQUIRE(cudaOccSubPartitionsPerMultiprocessor(&v, &p) == CUDA_OCC_SUCCESS);
    CHECK(static_cast<unsigned>(v) == g.sub_partitions);
    // CUDA allows 256 registers per thread from compute capability 7.0; ptxas never uses more than 255.
    REQUIRE(cudaOccRegAllocationMaxPerThread(&v, &p) == CUDA_OCC_SUCCESS);
    CHECK(g.max_regs_per_thread == 255);
    CHECK(static_cast<unsigned>(v) == 256);
    REQUIRE(cudaOccMaxBlocksPerMultiprocessor(&v, &p) == CUDA_OCC_SUCCESS);
    if (name != "tiny") CHECK(static_cast<unsigned>(v) == g.max_ctas_per_sm);  // tiny: 4, made up

    // CUDA's carve-outs up to smem.per_sm: what each size rounds up to.
    std::set<unsigned> cuda_kib;
    for (std::size_t bytes = 0; bytes <= g.smem_per_sm; bytes += 1024) {
      std::size_t s = bytes;
      REQUIRE(cudaOccAlignUpShmemSizeVoltaPlus(&s, &p) == CUDA_OCC_SUCCESS);
      cuda_kib.insert(static_cast<unsigned>(s / 1024));
    }
    CHECK(std::vector<unsigned>(cuda_kib.begin(), cuda_kib.end()) == g.smem_carveouts_kib);
  }
}

TEST_CASE("every carve-out preference 0..100 % equals CUDA's calculator") {
  for (const auto& name : timing_test::shipped_gpus()) {
    INFO(name);
    const auto g = config::load_gpu_config(name);
    Rng rng(0x636172766563ull + name.size());
    unsigned points = 0, mismatches = 0;
    for (unsigned pct = 0; pct <= 100; ++pct) {
      for (int i = 0; i < 20; ++i) {
        timing::OccupancyRequest r;
        r.threads_per_cta = 32 * static_cast<unsigned>(1 + rng.below(g.max_threads_per_cta / 32));
        r.regs_per_thread = static_cast<unsigned>(rng.below(65));
        r.smem_per_cta =
            rng.below(2) == 0 ? 1024 * rng.below(g.smem_per_cta_max / 1024 + 1) : rng.below(g.smem_per_cta_max / 4 + 1);
        r.carveout_percent = pct;
        ++points;
        if (!timing_test::matches_cuda(g, r, rng.below(r.smem_per_cta + 1), mismatches < 5)) ++mismatches;
      }
    }
    CHECK(mismatches == 0);
    CHECK(points == 2020);
  }
}

#endif

}  // namespace WARPSIM_UNITY_ID
