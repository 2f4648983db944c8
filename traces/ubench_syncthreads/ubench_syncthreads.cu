// Microbenchmark ubench_syncthreads: cost of bar.sync. Every thread of the CTA runs n __syncthreads() (unrolled
// by 8) between two %clock64 reads; lane 0 of each warp writes end - start to cyc[slot * 32 + warp], every thread
// writes tid + n to out[slot * 1024 + tid] (the functional check). Launches: a 1024-thread CTA (32 warps, the
// worst case) and a 32-thread CTA (one warp: the barrier's floor), n = 1024 each.
// Leaves out: named barriers with counts (bar.sync id, n), bar.arrive, cluster barriers, barriers with work
// between them (here the warps arrive nearly together).
extern "C" __global__ void syncthreads_loop(unsigned* out, unsigned long long* cyc, int n, int slot) {
  long long t0 = clock64();
#pragma unroll 1
  for (int i = 0; i < n; i += 8) {
    __syncthreads(); __syncthreads(); __syncthreads(); __syncthreads();
    __syncthreads(); __syncthreads(); __syncthreads(); __syncthreads();
  }
  long long t1 = clock64();
  out[slot * 1024 + threadIdx.x] = threadIdx.x + n;
  if ((threadIdx.x & 31) == 0) cyc[slot * 32 + threadIdx.x / 32] = (unsigned long long)(t1 - t0);
}
