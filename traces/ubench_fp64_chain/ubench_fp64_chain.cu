// Microbenchmark ubench_fp64_chain: latency of a dependent f64 FMA chain (x = fma(x, a, b), DFMA). Same shape as
// ubench_ffma_chain: n iterations unrolled by 8 between two %clock64 reads; lane 0 of each warp writes
// end - start to cyc[slot * 4 + warp], every thread its x to out[slot * 128 + tid]. Launches: 1 warp n = 1024,
// 1 warp n = 2048, 4 warps n = 1024.
// Launch 3 runs the unroll-by-32 entry (below) with 1 warp, n = 1024, into slot 3.
// Leaves out: DFMA throughput (H200: 64 f64 lanes per SM, i.e. 16 per sub-partition: a warp needs 2 issue
// cycles), DADD/DMUL separately.
extern "C" __global__ void fp64_chain(double* out, unsigned long long* cyc, double a, double b, int n, int slot) {
  double x = (double)threadIdx.x * 0.001;
  long long t0 = clock64();
#pragma unroll 1
  for (int i = 0; i < n; i += 8) {
    x = fma(x, a, b); x = fma(x, a, b); x = fma(x, a, b); x = fma(x, a, b);
    x = fma(x, a, b); x = fma(x, a, b); x = fma(x, a, b); x = fma(x, a, b);
  }
  long long t1 = clock64();
  out[slot * 128 + threadIdx.x] = x;
  if ((threadIdx.x & 31) == 0) cyc[slot * 4 + threadIdx.x / 32] = (unsigned long long)(t1 - t0);
}
// The same chain unrolled by 32 (n a multiple of 32): with the unroll-by-8 entry it separates the per-op
// latency from the per-iteration loop cost (t8 = 8 L + O and t32 = 32 L + O per iteration).
extern "C" __global__ void fp64_chain_u32(double* out, unsigned long long* cyc, double a, double b, int n, int slot) {
  double x = (double)threadIdx.x * 0.001;
  long long t0 = clock64();
#pragma unroll 1
  for (int i = 0; i < n; i += 32) {
#pragma unroll
    for (int u = 0; u < 32; ++u) x = fma(x, a, b);
  }
  long long t1 = clock64();
  out[slot * 128 + threadIdx.x] = x;
  if ((threadIdx.x & 31) == 0) cyc[slot * 4 + threadIdx.x / 32] = (unsigned long long)(t1 - t0);
}
