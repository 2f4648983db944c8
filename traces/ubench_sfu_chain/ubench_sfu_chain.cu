// Microbenchmark ubench_sfu_chain: latency of a dependent special-function (MUFU) chain: x = rsqrt.approx.ftz(x)
// n times (inline asm, so nvcc emits exactly one MUFU.RSQ per step and no denormal fix-up). x starts at 1.0,
// a fixed point (rsqrt(1) = 1 exactly), so the result is exact on any implementation while the hardware still
// waits for each result. Same shape as ubench_ffma_chain: unrolled by 8, %clock64 around the loop, lane 0 of each
// warp writes end - start to cyc[slot * 4 + warp], each thread x to out[slot * 128 + tid]. Launches: 1 warp
// n = 1024, 1 warp n = 2048, 4 warps n = 1024.
// Launch 3 runs the unroll-by-32 entry (below) with 1 warp, n = 1024, into slot 3.
// Leaves out: other MUFU functions (ex2, lg2, sin, cos, rcp: same unit, assumed same latency), MUFU throughput
// (16 lanes per cycle per sub-partition: a warp takes 2 issue cycles, which this chain cannot separate).
__device__ __forceinline__ float rsq(float x) {
  float y;
  asm volatile("rsqrt.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
  return y;
}
extern "C" __global__ void sfu_chain(float* out, unsigned long long* cyc, float x0, int n, int slot) {
  float x = x0;
  long long t0 = clock64();
#pragma unroll 1
  for (int i = 0; i < n; i += 8) {
    x = rsq(x); x = rsq(x); x = rsq(x); x = rsq(x);
    x = rsq(x); x = rsq(x); x = rsq(x); x = rsq(x);
  }
  long long t1 = clock64();
  out[slot * 128 + threadIdx.x] = x;
  if ((threadIdx.x & 31) == 0) cyc[slot * 4 + threadIdx.x / 32] = (unsigned long long)(t1 - t0);
}
// The same chain unrolled by 32 (n a multiple of 32): with the unroll-by-8 entry it separates the per-op
// latency from the per-iteration loop cost (t8 = 8 L + O and t32 = 32 L + O per iteration).
extern "C" __global__ void sfu_chain_u32(float* out, unsigned long long* cyc, float x0, int n, int slot) {
  float x = x0;
  long long t0 = clock64();
#pragma unroll 1
  for (int i = 0; i < n; i += 32) {
#pragma unroll
    for (int u = 0; u < 32; ++u) x = rsq(x);
  }
  long long t1 = clock64();
  out[slot * 128 + threadIdx.x] = x;
  if ((threadIdx.x & 31) == 0) cyc[slot * 4 + threadIdx.x / 32] = (unsigned long long)(t1 - t0);
}
