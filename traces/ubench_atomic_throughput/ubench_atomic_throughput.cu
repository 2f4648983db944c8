// Microbenchmark ubench_atomic_throughput: how global atomics from many lanes are served at L2. Each active
// lane issues n atomicAdd(&g[idx], 1) whose returned values are summed (so the atomics are independent of each
// other, pipelined, but not dead), between two %clock64 reads; lane 0 of warp 0 writes end - start to cyc[slot]
// and every thread writes its sum to out[slot * 512 + global thread id] (order-dependent: it varies between runs
// on the GPU). Modes: 0 every lane of every warp on g[0] (same address); 1 lane l on g[l] (32 words of one
// 128-byte line); 2 only lane 0 of each warp (on g[0]). Launches: mode 0, 1, 2 with one warp, then mode 0 with
// 4 CTAs x 4 warps (contention from 4 SMs, as in the atomics_global workload).
// Leaves out: atomics on distinct lines, 64-bit and floating-point atomics, red (no return), CAS.
extern "C" __global__ void atomic_tput(unsigned* g, unsigned* out, unsigned long long* cyc, int n, int mode,
                                       int slot) {
  const unsigned lane = threadIdx.x & 31u;
  unsigned* p = g + (mode == 1 ? lane : 0u);
  unsigned acc = 0;
  long long t0 = clock64();
  if (mode != 2 || lane == 0) {
#pragma unroll 1
    for (int i = 0; i < n; i += 4) {
      acc += atomicAdd(p, 1u);
      acc += atomicAdd(p, 1u);
      acc += atomicAdd(p, 1u);
      acc += atomicAdd(p, 1u);
    }
  }
  long long t1 = clock64();
  out[slot * 512 + blockIdx.x * blockDim.x + threadIdx.x] = acc;
  if (blockIdx.x == 0 && threadIdx.x == 0) cyc[slot] = (unsigned long long)(t1 - t0);
}
