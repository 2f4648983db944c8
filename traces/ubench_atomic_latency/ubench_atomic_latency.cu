// Microbenchmark ubench_atomic_latency: latency of dependent atomics by one thread. k steps of
// r = atomicAdd(p, r + 1) (the operand depends on the previous return, so each atomic waits for the last),
// unrolled by 8, first on one global word g[0] (an L2 atomic), then on one shared word; each timed with
// %clock64. Writes cyc[0] = global, cyc[1] = shared; res = {final r global, g[0], final r shared, shared word}.
// Leaves out: contention (one thread), red (no return), atomics on f32/f64/u64, CAS loops, system scope.
extern "C" __global__ void atomic_latency(unsigned* g, unsigned* res, unsigned long long* cyc, int k) {
  __shared__ unsigned sw;
  if (threadIdx.x != 0) return;
  sw = 0;
  unsigned r = 0;
  long long t0 = clock64();
#pragma unroll 1
  for (int i = 0; i < k; i += 8) {
    r = atomicAdd(g, r + 1); r = atomicAdd(g, r + 1); r = atomicAdd(g, r + 1); r = atomicAdd(g, r + 1);
    r = atomicAdd(g, r + 1); r = atomicAdd(g, r + 1); r = atomicAdd(g, r + 1); r = atomicAdd(g, r + 1);
  }
  long long t1 = clock64();
  res[0] = r;
  res[1] = *(volatile unsigned*)g;
  unsigned q = 0;
  long long t2 = clock64();
#pragma unroll 1
  for (int i = 0; i < k; i += 8) {
    q = atomicAdd(&sw, q + 1); q = atomicAdd(&sw, q + 1); q = atomicAdd(&sw, q + 1); q = atomicAdd(&sw, q + 1);
    q = atomicAdd(&sw, q + 1); q = atomicAdd(&sw, q + 1); q = atomicAdd(&sw, q + 1); q = atomicAdd(&sw, q + 1);
  }
  long long t3 = clock64();
  res[2] = q;
  res[3] = *(volatile unsigned*)&sw;
  cyc[0] = (unsigned long long)(t1 - t0);
  cyc[1] = (unsigned long long)(t3 - t2);
}
