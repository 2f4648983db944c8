// Microbenchmark ubench_smem_tput: the shared-memory pipe's THROUGHPUT when many warps of one SM issue
// independent, bank-conflicting accesses (ubench_bank_conflict measures the LATENCY of one warp's dependent
// accesses: 2 cycles per extra wavefront; it leaves out contention between warps).
// One CTA (one SM) of W warps fills s[i] = i (2,048 u32), then each warp issues r x 8 independent accesses:
// lane l touches word (l * stride + off) mod 2048 with off = (8 * i + u) mod 1024, u = 0..7, so every access of
// a warp is a `stride`-way bank conflict for stride 1, 2, 4, 8, 16, 32 (32 banks of 4 bytes; all words distinct).
//   smem_tput_ld: v ^= s[word] (LDS; the eight loads of a step are independent, so the warp waits only at the
//                 next step's XOR chain)
//   smem_tput_st: s[word] = v + u + 1 (STS; nothing to wait for)
// Warp 0's lane 0 writes the loop's cycles between two __syncthreads (%clock64) to cyc[slot]; every thread writes
// its v to out[slot * 1024 + tid]. Cycles per wavefront = cyc[slot] / (W x r x 8 x ways).
// Leaves out: 64/128-bit accesses, shared atomics, global traffic beside the shared accesses, several CTAs per SM.
#define WORDS 2048
#define STEP 8

extern "C" __global__ void smem_tput_ld(unsigned* __restrict__ out, unsigned long long* __restrict__ cyc, int r,
                                        unsigned stride, unsigned slot) {
  __shared__ unsigned s[WORDS];
  for (unsigned i = threadIdx.x; i < WORDS; i += blockDim.x) s[i] = i;
  __syncthreads();
  const unsigned base = (threadIdx.x & 31) * stride;
  unsigned v = threadIdx.x;
  const long long t0 = clock64();
#pragma unroll 1
  for (int i = 0; i < r; ++i) {
    unsigned x[STEP];
#pragma unroll
    for (unsigned u = 0; u < STEP; ++u) x[u] = s[(base + ((STEP * i + u) & 1023)) & (WORDS - 1)];
#pragma unroll
    for (unsigned u = 0; u < STEP; ++u) v ^= x[u];
  }
  __syncthreads();
  const long long t1 = clock64();
  if (threadIdx.x == 0) cyc[slot] = (unsigned long long)(t1 - t0);
  out[slot * 1024 + threadIdx.x] = v;
}

extern "C" __global__ void smem_tput_st(unsigned* __restrict__ out, unsigned long long* __restrict__ cyc, int r,
                                        unsigned stride, unsigned slot) {
  __shared__ unsigned s[WORDS];
  const unsigned base = (threadIdx.x & 31) * stride;
  const unsigned v = threadIdx.x;
  for (unsigned i = threadIdx.x; i < WORDS; i += blockDim.x) s[i] = 0;
  __syncthreads();
  const long long t0 = clock64();
#pragma unroll 1
  for (int i = 0; i < r; ++i) {
#pragma unroll
    for (unsigned u = 0; u < STEP; ++u) s[(base + ((STEP * i + u) & 1023)) & (WORDS - 1)] = v + u + 1;
  }
  __syncthreads();
  const long long t1 = clock64();
  if (threadIdx.x == 0) cyc[slot] = (unsigned long long)(t1 - t0);
  // Which warp's store lands last in a word is not defined, so out[slot * 1024] gets the number of words stored to (every
  // stored value is non-zero), a value every order gives; the rest of its part of out stays zero.
  __syncthreads();
  if (threadIdx.x == 0) {
    unsigned n = 0;
    for (unsigned i = 0; i < WORDS; ++i) n += s[i] != 0u ? 1u : 0u;
    out[slot * 1024] = n;
  }
}
