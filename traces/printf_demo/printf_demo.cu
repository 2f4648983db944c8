// Workload printf_demo: device-side printf with ints, unsigned, hex, floats (promoted to double) and a
// string argument. 2 CTAs x 64 threads. Phase 1: lanes 0-2 of each warp print one line. __syncthreads().
// Phase 2: lane 0 of each warp prints a second line with a warp-level sum.
// Expected order (what the simulator must produce): CTAs in linear order; within a CTA phase 1 before
// phase 2 (the barrier forces it); within a phase, warp 0 before warp 1; within one printf executed by a
// warp, lanes in increasing order. Each warp executes at most one printf per phase, so the order does not
// depend on how warps interleave between barriers.
// Models: vprintf (the format string in .global, the argument buffer in .local).
// Leaves out: printf under divergence with several call sites in one phase, %s of non-literal strings.
#include <cstdio>

extern "C" __global__ void printf_demo(const float* vals) {
  int tid = threadIdx.x;
  int lane = tid & 31;
  int warp = tid >> 5;
  float v = vals[blockIdx.x * blockDim.x + tid];
  if (lane < 3) printf("block %d thread %d value %f\n", blockIdx.x, tid, v);
  __syncthreads();
  int s = tid;
  for (int off = 16; off > 0; off >>= 1) s += __shfl_xor_sync(0xffffffffu, s, off);
  if (lane == 0)
    printf("cta %u warp %u sum %d hex 0x%x half %.2f %s\n", blockIdx.x, warp, s, (unsigned)s * 16u,
           (double)v * 0.5, warp == 0 ? "first" : "second");
}
