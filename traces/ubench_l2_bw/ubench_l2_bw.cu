// Microbenchmark ubench_l2_bw: the whole chip's L2-to-SM read bandwidth for L2-resident data, by path: warp loads
// (LDG.128 through ld.global.cg), 2-D tensor copies (the TMA's cp.async.bulk.tensor) and 1-D bulk copies
// (cp.async.bulk), from every SM at 1, 2 and 4 CTAs per SM (issue 12: warpsim's L2 is modelled at 3.9 KB a cycle
// from the H800's published figure, while the H200's warp-specialized GEMM streams 6.5 KB a cycle of TMA loads).
// Each kernel first reads its share of a 16.5 MiB buffer once (pass 0: from DRAM or L2, whatever the restore left),
// then `passes` more times (L2 hits: 16.5 MiB fit in the 60 MiB L2 with room for the far partition's copies); lane 0
// of each CTA writes the cycles (%clock64) of those later passes to cyc[slot + blockIdx.x]. Chunks are
// interleaved over the grid (at step k CTA b reads unit b + k gridDim), so no two CTAs read the same line within
// gridDim units of each other: nothing can be merged between SMs (ubench_tma's 132-CTA tma_serial, where every CTA
// reads the same tiles at once, shows such merging: lts__t_sectors 0.28 x the sectors the SMs asked for).
//   ldg_sweep:  256 threads, each thread 4 independent ld.global.cg.v4 per step (16 KiB per CTA step).
//   tma_sweep:  one warp; lane 0 keeps `stages` 2-D tensor loads of 8 KiB (box 32 words x 64 rows, no swizzle)
//               in flight on one mbarrier per stage; the warp waits for the oldest, reads a word per lane, and
//               reissues the stage for the next tile.
//   bulk_sweep: the same with 1-D cp.async.bulk copies of 8 KiB.
// out[256 (slot + b) + thread] = the sum of the words each thread read (tma_sweep, bulk_sweep: lanes 0-31), so the
// loads cannot be dropped. The slots of each launch are in ubench_l2_bw.json's description.
// Leaves out: stores, DRAM-resident data (ubench_dram_stream), lines shared between SMs (ubench_tma), swizzled
// boxes, multicast (ubench_tma's tma_ring), cp.async (ubench_cp_async).
#include <cuda.h>
#include <cuda/ptx>

#include <cstdint>

namespace ptx = cuda::ptx;

constexpr int kUnitBytes = 8192;  // one TMA tile or bulk copy
constexpr int kMaxStages = 4;  // 32 KiB of static shared memory

extern "C" __global__ void __launch_bounds__(256)
    ldg_sweep(const uint4* __restrict__ src, unsigned* __restrict__ out, unsigned long long* cyc, int slot, int units,
              int passes) {
  // One unit = 16 KiB = 1024 uint4: each of the 256 threads loads 4 of them (each warp load 512 consecutive bytes).
  constexpr int kVecPerUnit = 1024;
  const unsigned t = threadIdx.x;
  unsigned s = 0;
  long long t0 = 0;
  for (int p = 0; p <= passes; ++p) {
    if (p == 1) {
      __syncthreads();
      t0 = clock64();
    }
    for (int k = blockIdx.x; k < units; k += gridDim.x) {
      const uint4* u = src + static_cast<size_t>(k) * kVecPerUnit + t;
      const uint4 a = __ldcg(u), b = __ldcg(u + 256), c = __ldcg(u + 512), d = __ldcg(u + 768);
      s += a.x ^ b.y ^ c.z ^ d.w;
    }
  }
  __syncthreads();
  const long long t1 = clock64();
  if (t == 0) cyc[slot + blockIdx.x] = static_cast<unsigned long long>(t1 - t0);
  out[256 * (slot + blockIdx.x) + t] = s;
}

__device__ __forceinline__ void wait_parity(std::uint64_t* bar, unsigned parity) {
  while (!ptx::mbarrier_try_wait_parity(bar, parity)) {
  }
}

// Copies unit `k` into stage buffer `dst` on mbarrier `bar` (lane 0 only): a 2-D tile (tensor) or a 1-D bulk copy.
template <bool Tensor>
__device__ __forceinline__ void issue(std::uint32_t* dst, const CUtensorMap* map, const std::uint32_t* src, int k,
                                      std::uint64_t* bar) {
  ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, bar, kUnitBytes);
  if constexpr (Tensor) {
    const std::int32_t coords[2] = {0, k * 64};
    ptx::cp_async_bulk_tensor(ptx::space_cluster, ptx::space_global, dst, map, coords, bar);
  } else {
    ptx::cp_async_bulk(ptx::space_cluster, ptx::space_global, dst, src + static_cast<size_t>(k) * (kUnitBytes / 4),
                       kUnitBytes, bar);
  }
}

template <bool Tensor>
__device__ __forceinline__ void sweep(const CUtensorMap* map, const std::uint32_t* src, unsigned* out,
                                      unsigned long long* cyc, int slot, int units, int passes, int stages) {
  __shared__ alignas(128) std::uint32_t ring[kMaxStages][kUnitBytes / 4];
  __shared__ alignas(8) std::uint64_t full[kMaxStages];
  const unsigned lane = threadIdx.x;
  if (lane == 0) {
    for (int j = 0; j < stages; ++j) ptx::mbarrier_init(&full[j], 1);
    ptx::fence_mbarrier_init(ptx::sem_release, ptx::scope_cluster);
  }
  __syncwarp();
  // This CTA's units, pass after pass: b, b + G, b + 2G, ... (< units), then again from b.
  const int mine = (units - static_cast<int>(blockIdx.x) + static_cast<int>(gridDim.x) - 1) / static_cast<int>(gridDim.x);
  const int total = mine * (passes + 1);
  auto unit = [&](int i) { return static_cast<int>(blockIdx.x) + (i % mine) * static_cast<int>(gridDim.x); };
  if (lane == 0)
    for (int j = 0; j < stages && j < total; ++j) issue<Tensor>(ring[j], map, src, unit(j), &full[j]);
  unsigned s = 0;
  long long t0 = 0;
  for (int i = 0; i < total; ++i) {
    if (i == mine) t0 = clock64();
    const int st = i % stages;
    wait_parity(&full[st], static_cast<unsigned>((i / stages) & 1));
    s += ring[st][lane * 64];  // one word of each 256-byte piece of the tile
    __syncwarp();
    if (lane == 0 && i + stages < total) issue<Tensor>(ring[st], map, src, unit(i + stages), &full[st]);
  }
  const long long t1 = clock64();
  if (lane == 0) cyc[slot + blockIdx.x] = static_cast<unsigned long long>(t1 - t0);
  out[256 * (slot + blockIdx.x) + lane] = s;
}

extern "C" __global__ void __launch_bounds__(32)
    tma_sweep(const __grid_constant__ CUtensorMap map, unsigned* out, unsigned long long* cyc, int slot, int units,
              int passes, int stages) {
  sweep<true>(&map, nullptr, out, cyc, slot, units, passes, stages);
}

extern "C" __global__ void __launch_bounds__(32)
    bulk_sweep(const std::uint32_t* __restrict__ src, unsigned* out, unsigned long long* cyc, int slot, int units,
               int passes, int stages) {
  sweep<false>(nullptr, src, out, cyc, slot, units, passes, stages);
}
