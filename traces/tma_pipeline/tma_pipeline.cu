// tma_pipeline: a warp-specialised producer/consumer pipeline, as CUTLASS's Hopper kernels build theirs. Warp 0's
// lane 0 is the producer: it issues one 2-D TMA load (cp.async.bulk.tensor.2d, 128B swizzle) per 32 x 32 float tile
// into a 4-stage ring in shared memory, each stage with a "full" mbarrier (the producer's arrive.expect_tx, completed
// by the copy's transaction bytes) and an "empty" one (one arrival per consumer warp). Warps 1-4 are the consumers:
// each of their 128 threads adds 8 elements of every tile, weighted by column + 1, reading them where the 128B
// swizzle put them, and writes its partial sum to partial[128 * blockIdx.x + thread].
// Models: CTA b reads tiles t = 0..tiles-1 at rows (b * tiles + t) * 32 of a 32-float-wide tensor.
// Leaves out: clusters and multicast, tensor cores (the consumers use plain FP32 adds).
#include <cuda.h>
#include <cuda/ptx>

#include <cstdint>

namespace ptx = cuda::ptx;

constexpr int kStages = 4, kConsumerWarps = 4, kRows = 32, kCols = 32;

extern "C" __global__ void tma_pipeline(const __grid_constant__ CUtensorMap map, float* partial, int tiles) {
  __shared__ alignas(1024) float ring[kStages][kRows * kCols];
  __shared__ alignas(8) std::uint64_t full[kStages], empty[kStages];
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (threadIdx.x == 0) {
    for (int s = 0; s < kStages; ++s) {
      ptx::mbarrier_init(&full[s], 1);
      ptx::mbarrier_init(&empty[s], kConsumerWarps);
    }
    ptx::fence_proxy_async(ptx::space_shared);
  }
  __syncthreads();
  if (warp == 0) {
    if (lane == 0) {
      for (int t = 0; t < tiles; ++t) {
        const int s = t % kStages;
        if (t >= kStages)
          while (!ptx::mbarrier_try_wait_parity(&empty[s], static_cast<std::uint32_t>((t / kStages - 1) & 1))) {
          }
        ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &full[s],
                                       kRows * kCols * 4);
        std::int32_t coords[2] = {0, (static_cast<std::int32_t>(blockIdx.x) * tiles + t) * kRows};
        ptx::cp_async_bulk_tensor(ptx::space_cluster, ptx::space_global, ring[s], &map, coords, &full[s]);
      }
    }
    return;
  }
  const int ct = threadIdx.x - 32;
  float sum = 0.0f;
  for (int t = 0; t < tiles; ++t) {
    const int s = t % kStages;
    while (!ptx::mbarrier_try_wait_parity(&full[s], static_cast<std::uint32_t>((t / kStages) & 1))) {
    }
    const unsigned char* bytes = reinterpret_cast<const unsigned char*>(ring[s]);
    for (int k = 0; k < 8; ++k) {
      const int e = ct + k * 128, r = e / kCols, c = e % kCols;
      const int at = r * 128 + (((c / 4) ^ (r % 8)) * 16) + (c % 4) * 4;
      sum += *reinterpret_cast<const float*>(bytes + at) * static_cast<float>(c + 1);
    }
    __syncwarp();
    if (lane == 0) ptx::mbarrier_arrive(&empty[s]);
  }
  partial[128 * blockIdx.x + ct] = sum;
}
