// Microbenchmark ubench_dram_mlp: DRAM time as a function of the reads in flight (memory-level parallelism).
// One CTA per SM (132 CTAs) of W warps (W = 1 to 32); each warp keeps 8 independent 128-byte line reads in flight:
// a step issues 8 coalesced loads (lane l reads word l of each line), then adds them into its sum, so a warp waits
// for the slowest of its 8 before the next step (`#pragma unroll 1` keeps ptxas from unrolling the step loop).
// Lines in flight GPU-wide: 132 x W x 8 (1,056 to 33,792, i.e. 135 KB to 4.3 MB). Two address patterns over a
// 64 MiB buffer (cold: Nsight flushes the caches first):
//   mlp_chunked:     warp g owns a contiguous chunk of lines and walks it (many independent streams)
//   mlp_interleaved: at step s warp g reads lines (8s + u) * G + g, u = 0..7, G = all warps: all warps sweep the
//                    buffer together, each load 128 bytes at a stride of G lines (the pattern of a column walk
//                    of a row-major matrix, j_gemv_t-like, and of a grid-stride stream)
// Every launch reads the same total, lines_per_warp x G lines. Bandwidth = dram__bytes_read / gpc__cycles_elapsed;
// with Little's law, the average latency = lines in flight x 128 / bandwidth.
// Leaves out: writes, partial lines, random addresses (j_gather has them), L2 hits.
#define INFLIGHT 8

extern "C" __global__ void mlp_chunked(const unsigned* __restrict__ a, unsigned* __restrict__ out,
                                       unsigned lines_per_warp) {
  const unsigned lane = threadIdx.x % 32;
  const unsigned g = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  const unsigned* p = a + static_cast<size_t>(g) * lines_per_warp * 32 + lane;
  unsigned s = 0;
#pragma unroll 1
  for (unsigned step = 0; step < lines_per_warp / INFLIGHT; ++step) {
    unsigned v[INFLIGHT];
#pragma unroll
    for (unsigned u = 0; u < INFLIGHT; ++u) v[u] = __ldcg(p + static_cast<size_t>(step * INFLIGHT + u) * 32);
#pragma unroll
    for (unsigned u = 0; u < INFLIGHT; ++u) s += v[u];
  }
  out[g * 32 + lane] = s;
}

extern "C" __global__ void mlp_interleaved(const unsigned* __restrict__ a, unsigned* __restrict__ out,
                                           unsigned lines_per_warp) {
  const unsigned lane = threadIdx.x % 32;
  const unsigned g = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  const unsigned G = gridDim.x * blockDim.x / 32;
  unsigned s = 0;
#pragma unroll 1
  for (unsigned step = 0; step < lines_per_warp / INFLIGHT; ++step) {
    unsigned v[INFLIGHT];
#pragma unroll
    for (unsigned u = 0; u < INFLIGHT; ++u)
      v[u] = __ldcg(a + (static_cast<size_t>(step * INFLIGHT + u) * G + g) * 32 + lane);
#pragma unroll
    for (unsigned u = 0; u < INFLIGHT; ++u) s += v[u];
  }
  out[g * 32 + lane] = s;
}
