// Microbenchmark ubench_lsu_issue: how many global load instructions an SM's L1 takes per cycle when each touches a
// single 128-byte line that hits in L1, with many warps (ubench_l1_throughput's hit launches measured loads of 1-32
// lines from 4-32 warps; its one-line launch has 4 warps and is latency-bound). One CTA per SM (132), W warps; each
// warp runs `iters` iterations of 8 independent loads of the same 8 lines (1 KiB, loaded into L1 before the timed
// loop; the line offset is (i & mask) with mask 0 from the config, so ptxas cannot hoist the loads) and folds what it
// loads into a sum. The lane's word in a line (`pattern`): 0: word lane (32 words, 4 sectors: a coalesced load),
// 1: word 0 for every lane (1 sector, one address), 2: word 16 * (lane / 16) (2 sectors, 2 addresses: the
// A[r][k] loads of j_batched_gemm's naive kernel). `lsu_issue_nc` is the same through ld.global.nc (__ldg).
// Time = gpc__cycles_elapsed (the loop dominates: 132 CTAs, iters 64-256); load instructions per cycle per SM =
// W x iters x 8 / (cycles - an empty launch's).
// Leaves out: misses (ubench_l1_throughput's .cg/.ca launches), stores, more than one line per load.
template <bool Nc>
__device__ void run(const unsigned* __restrict__ a, unsigned* __restrict__ out, unsigned iters, unsigned mask, unsigned pattern) {
  const unsigned lane = threadIdx.x % 32;
  const unsigned word = pattern == 0 ? lane : pattern == 1 ? 0u : 16u * (lane / 16);
  unsigned s = 0;
  for (unsigned u = 0; u < 8; ++u) s += __ldca(&a[u * 32 + word]);  // into L1
  __syncthreads();
  for (unsigned i = 0; i < iters; ++i) {
    const unsigned* p = a + (i & mask) * 256 + word;
    unsigned x[8];
#pragma unroll
    for (unsigned u = 0; u < 8; ++u) x[u] = Nc ? __ldg(p + u * 32) : __ldca(p + u * 32);
    s += x[0] ^ x[1] ^ x[2] ^ x[3] ^ x[4] ^ x[5] ^ x[6] ^ x[7];
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

extern "C" __global__ void lsu_issue(const unsigned* __restrict__ a, unsigned* __restrict__ out,
                                     unsigned iters, unsigned mask, unsigned pattern) {
  run<false>(a, out, iters, mask, pattern);
}
extern "C" __global__ void lsu_issue_nc(const unsigned* __restrict__ a, unsigned* __restrict__ out,
                                        unsigned iters, unsigned mask, unsigned pattern) {
  run<true>(a, out, iters, mask, pattern);
}
