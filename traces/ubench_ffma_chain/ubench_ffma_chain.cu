// Microbenchmark ubench_ffma_chain: latency of a dependent f32 FFMA chain. Each thread runs x = fmaf(x, a, b)
// n times (inner body unrolled by 8, so loop overhead is off the dependence path) between two %clock64 reads;
// lane 0 of each warp writes end - start to cyc[slot * 4 + warp], every thread writes its x to
// out[slot * 128 + tid]. The config launches 1 warp with n = 1024, 1 warp with n = 2048 (the difference
// removes the fixed clock-read overhead) 4 warps with n = 1024 (one per SM sub-partition), and the unroll-by-32 entry with 1 warp n = 1024.
// Leaves out: FFMA throughput (independent chains), dual issue, register-bank conflicts beyond what this
// chain's three operands cause.
extern "C" __global__ void ffma_chain(float* out, unsigned long long* cyc, float a, float b, int n, int slot) {
  float x = (float)threadIdx.x * 0.001f;
  long long t0 = clock64();
#pragma unroll 1
  for (int i = 0; i < n; i += 8) {
    x = fmaf(x, a, b); x = fmaf(x, a, b); x = fmaf(x, a, b); x = fmaf(x, a, b);
    x = fmaf(x, a, b); x = fmaf(x, a, b); x = fmaf(x, a, b); x = fmaf(x, a, b);
  }
  long long t1 = clock64();
  out[slot * 128 + threadIdx.x] = x;
  if ((threadIdx.x & 31) == 0) cyc[slot * 4 + threadIdx.x / 32] = (unsigned long long)(t1 - t0);
}
// The same chain unrolled by 32 (n a multiple of 32): with the unroll-by-8 entry it separates the per-op
// latency from the per-iteration loop cost (t8 = 8 L + O and t32 = 32 L + O per iteration).
extern "C" __global__ void ffma_chain_u32(float* out, unsigned long long* cyc, float a, float b, int n, int slot) {
  float x = (float)threadIdx.x * 0.001f;
  long long t0 = clock64();
#pragma unroll 1
  for (int i = 0; i < n; i += 32) {
#pragma unroll
    for (int u = 0; u < 32; ++u) x = fmaf(x, a, b);
  }
  long long t1 = clock64();
  out[slot * 128 + threadIdx.x] = x;
  if ((threadIdx.x & 31) == 0) cyc[slot * 4 + threadIdx.x / 32] = (unsigned long long)(t1 - t0);
}
