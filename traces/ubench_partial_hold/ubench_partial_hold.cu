// Microbenchmark ubench_partial_hold: how many partly written sectors the L2 holds, and for how long, before it
// sends them through DRAM (read, merge, write). Every thread writes the first 16 bytes of `k` random sectors of a
// cold buffer (k x threads sectors, each once: j -> j * 2654435761 mod 2^m is a bijection, 2^m the least power of
// two not below k x threads), waits until `delay` SM
// cycles have passed since its first store, then writes the other 16 bytes of the same sectors. All CTAs are resident
// at once (at most 8 of 256 threads per SM), so when the delay is longer than the time to issue the first halves,
// k x threads sectors are partly written at the same time. If the L2 holds at most C of them, about
// 1 - C / (k x threads) of the sectors are read from DRAM whatever the delay; if it holds each for a time T, the
// share read jumps from 0 to 1 as the delay passes T whatever the count. Nsight's dram__bytes_read / 32 counts them.
// With `stagger` s, warp w (of the grid) first waits w x s cycles, so that the first halves arrive at a low rate
// rather than in one burst (a limit that depends on the slices' backlog rather than on the count would show here).
// Launches: the count at a fixed delay (132 to 1056 CTAs, k = 1; 132 CTAs with k = 2, 4 and 8), then the delay at a
// fixed count (132 CTAs, k = 1: 0 to 200,000 cycles; 396 CTAs at 80,000), then 528 CTAs with a delay of 60,000
// cycles, in a burst and staggered by 10 cycles a warp (42,240 cycles for the grid's 4,224 warps).
// Leaves out: which slice holds which sector, sectors written in more than two parts, loads of partial sectors.
#define P 2654435761u

__device__ __forceinline__ unsigned long long now() {
  unsigned long long c;
  asm volatile("mov.u64 %0, %%clock64;" : "=l"(c)::"memory");
  return c;
}

extern "C" __global__ void ph(uint4* __restrict__ out, unsigned k, unsigned long long delay, unsigned stagger) {
  const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned n = gridDim.x * blockDim.x;
  const unsigned sectors = 1u << (32 - __clz(k * n - 1));  // 2^m >= k x n
  if (stagger != 0) {  // warp w first waits w x stagger cycles: the first halves arrive at a low rate
    const unsigned long long t0 = now();
    while (now() - t0 < static_cast<unsigned long long>(t / 32) * stagger) {
    }
  }
  const unsigned long long start = now();
  for (unsigned j = 0; j < k; ++j) {
    const unsigned s = ((j * n + t) * P) & (sectors - 1);
    out[2 * s] = make_uint4(t, j, 0, 1);
  }
  while (now() - start < delay) {
  }
  for (unsigned j = 0; j < k; ++j) {
    const unsigned s = ((j * n + t) * P) & (sectors - 1);
    out[2 * s + 1] = make_uint4(t, j, 2, 3);
  }
}
