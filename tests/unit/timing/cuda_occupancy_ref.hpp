// CUDA's own occupancy calculator (cuda_occupancy.h from the CUDA toolkit) as the reference for the
// occupancy tests. The cudaOccDeviceProp is built from the GpuConfig's values, so a test checks the formulas
// against the same facts, not copied constants. The kernel is assumed to opt in to exactly the dynamic
// shared memory it launches with (cudaFuncAttributeMaxDynamicSharedMemorySize), as warpsim assumes.
// Leaves out: pre-Volta devices, partitioned global caching, named-barrier counts (one barrier per CTA, as
// the runtime's cudaFuncAttributes conversion sets).
#pragma once

#if __has_include("/usr/local/cuda/include/cuda_occupancy.h")
#include "/usr/local/cuda/include/cuda_occupancy.h"
#define WARPSIM_HAVE_CUDA_OCCUPANCY 1
#endif

#include <warpsim/config/gpu_config.hpp>
#include <warpsim/timing/occupancy.hpp>

#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace timing_test {

inline const char* kNoCuda =
    "/usr/local/cuda/include/cuda_occupancy.h not found: the occupancy tests compare against CUDA's own "
    "calculator; install the CUDA toolkit (nvcc), which every machine of this project has";

// The GPU models shipped in configs/gpus.
inline std::vector<std::string> shipped_gpus() { return {"h100", "h200", "b200", "tiny"}; }

#ifdef WARPSIM_HAVE_CUDA_OCCUPANCY

inline cudaOccDeviceProp cuda_props(const warpsim::config::GpuConfig& g) {
  cudaOccDeviceProp p;
  p.computeMajor = static_cast<int>(g.compute_capability / 10);
  p.computeMinor = static_cast<int>(g.compute_capability % 10);
  p.maxThreadsPerBlock = static_cast<int>(g.max_threads_per_cta);
  p.maxThreadsPerMultiprocessor = static_cast<int>(g.max_threads_per_sm);
  p.regsPerBlock = static_cast<int>(g.max_regs_per_cta);
  p.regsPerMultiprocessor = static_cast<int>(g.regs_per_sm);
  p.warpSize = static_cast<int>(g.warp_size);
  p.sharedMemPerBlock = g.smem_per_cta_default;
  p.sharedMemPerMultiprocessor = g.smem_per_sm;
  p.numSms = static_cast<int>(g.num_sms);
  p.sharedMemPerBlockOptin = g.smem_per_cta_max;
  p.reservedSharedMemPerBlock = g.smem_reserved_per_cta;
  return p;
}

// CUDA's answer, with its block-slot limit replaced by the config's when the two differ (tiny: CUDA takes
// the slot count from a compute-capability table; the other limits come from the properties above). The
// total and the limiting factors are then recombined exactly as cudaOccMaxActiveBlocksPerMultiprocessor does.
struct CudaAnswer {
  cudaOccError status = CUDA_OCC_SUCCESS;
  int ctas = 0;
  unsigned factors = 0;  // OCC_LIMIT_* bits
  int by_regs = 0, by_smem = 0, by_warps = 0, by_blocks = 0;
  std::uint64_t regs_per_cta = 0, smem_per_cta = 0;
};

inline CudaAnswer cuda_occupancy(const warpsim::config::GpuConfig& g, const warpsim::timing::OccupancyRequest& r,
                                 std::uint64_t static_smem) {
  const cudaOccDeviceProp props = cuda_props(g);
  cudaOccFuncAttributes attr;
  attr.maxThreadsPerBlock = static_cast<int>(g.max_threads_per_cta);
  attr.numRegs = static_cast<int>(r.regs_per_thread);
  attr.sharedSizeBytes = static_smem;
  attr.shmemLimitConfig = FUNC_SHMEM_LIMIT_OPTIN;
  attr.maxDynamicSharedSizeBytes = r.smem_per_cta - static_smem;
  attr.numBlockBarriers = 1;
  cudaOccDeviceState state;
  if (r.carveout_percent) state.carveoutConfig = static_cast<int>(*r.carveout_percent);
  cudaOccResult res{};
  CudaAnswer a;
  a.status = cudaOccMaxActiveBlocksPerMultiprocessor(&res, &props, &attr, &state, static_cast<int>(r.threads_per_cta),
                                                     r.smem_per_cta - static_smem);
  if (a.status != CUDA_OCC_SUCCESS) return a;
  a.by_regs = res.blockLimitRegs;
  a.by_smem = res.blockLimitSharedMem;
  a.by_warps = res.blockLimitWarps;
  a.by_blocks = res.blockLimitBlocks;
  a.regs_per_cta = static_cast<std::uint64_t>(res.allocatedRegistersPerBlock);
  a.smem_per_cta = res.allocatedSharedMemPerBlock;
  a.ctas = res.activeBlocksPerMultiprocessor;
  a.factors = res.limitingFactors;
  if (a.by_blocks != static_cast<int>(g.max_ctas_per_sm)) {
    a.by_blocks = static_cast<int>(g.max_ctas_per_sm);
    a.ctas = __occMin(a.by_regs, __occMin(a.by_smem, __occMin(a.by_warps, a.by_blocks)));
    auto bit = [&](int limit, cudaOccLimitingFactor f) { return a.ctas == limit ? static_cast<unsigned>(f) : 0u; };
    a.factors = bit(a.by_warps, OCC_LIMIT_WARPS) | bit(a.by_regs, OCC_LIMIT_REGISTERS) |
                bit(a.by_smem, OCC_LIMIT_SHARED_MEMORY) | bit(a.by_blocks, OCC_LIMIT_BLOCKS);
  }
  return a;
}

inline unsigned factor_bit(warpsim::timing::Limit l) {
  using warpsim::timing::Limit;
  switch (l) {
    case Limit::Warps: return OCC_LIMIT_WARPS;
    case Limit::Registers: return OCC_LIMIT_REGISTERS;
    case Limit::SharedMem: return OCC_LIMIT_SHARED_MEMORY;
    case Limit::Blocks: return OCC_LIMIT_BLOCKS;
  }
  return 0;
}

inline int as_cuda_count(unsigned ctas) {
  return ctas == warpsim::timing::kUnlimited ? INT_MAX : static_cast<int>(ctas);
}

// Checks one request against CUDA: CTAs per SM, each limit's count, the limiting factors (and so the
// limiter), the registers and shared memory allocated per CTA, and whether it can run. Returns true when
// everything matched, so that a sweep can count; `report` adds the details of a mismatch to the next
// assertion's message.
inline bool matches_cuda(const warpsim::config::GpuConfig& g, const warpsim::timing::OccupancyRequest& r,
                         std::uint64_t static_smem, bool report = true) {
  const CudaAnswer c = cuda_occupancy(g, r, static_smem);
  const warpsim::timing::Occupancy o = warpsim::timing::explain_occupancy(g, r);
  unsigned ours = 0;
  for (auto l : o.limiting) ours |= factor_bit(l);
  const unsigned cuda_first = c.factors & (~c.factors + 1);  // the lowest OCC_LIMIT_* bit CUDA set
  const bool ok = c.status == CUDA_OCC_SUCCESS && static_cast<int>(o.ctas_per_sm) == c.ctas &&
                  as_cuda_count(o.ctas_by_registers) == c.by_regs && as_cuda_count(o.ctas_by_shared_mem) == c.by_smem &&
                  static_cast<int>(o.ctas_by_warps) == c.by_warps &&
                  static_cast<int>(o.ctas_by_blocks) == c.by_blocks && ours == c.factors &&
                  factor_bit(o.limiter) == cuda_first && o.regs_per_cta == c.regs_per_cta &&
                  o.smem_per_cta == c.smem_per_cta && o.error.empty() == (c.ctas > 0);
  if (!ok && report) {
    UNSCOPED_INFO(g.name << ": " << r.threads_per_cta << " threads, " << r.regs_per_thread << " regs, "
                         << r.smem_per_cta << " B smem (" << static_smem << " static), carve-out "
                         << (r.carveout_percent ? std::to_string(*r.carveout_percent) + " %" : "default"));
    UNSCOPED_INFO("CUDA status " << c.status << ": " << c.ctas << " CTAs (regs " << c.by_regs << ", smem " << c.by_smem
                                 << ", warps " << c.by_warps << ", blocks " << c.by_blocks << "), factors " << c.factors
                                 << ", " << c.regs_per_cta << " regs/CTA, " << c.smem_per_cta << " B smem/CTA");
    UNSCOPED_INFO("warpsim: " << o.ctas_per_sm << " CTAs (regs " << as_cuda_count(o.ctas_by_registers) << ", smem "
                              << as_cuda_count(o.ctas_by_shared_mem) << ", warps " << o.ctas_by_warps << ", blocks "
                              << o.ctas_by_blocks << "), factors " << ours << ", limiter "
                              << warpsim::timing::limit_name(o.limiter) << ", " << o.regs_per_cta << " regs/CTA, "
                              << o.smem_per_cta << " B smem/CTA, carve-out " << o.smem_carveout << ", error \""
                              << o.error << "\"");
  }
  return ok;
}

#endif  // WARPSIM_HAVE_CUDA_OCCUPANCY

// A fixed pseudo-random sequence (the same on every platform): xorshift64*.
struct Rng {
  std::uint64_t s;
  explicit Rng(std::uint64_t seed) : s(seed) {}
  std::uint64_t next() {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    return s * 0x2545F4914F6CDD1Dull;
  }
  std::uint64_t below(std::uint64_t n) { return next() % n; }
};

}  // namespace timing_test
