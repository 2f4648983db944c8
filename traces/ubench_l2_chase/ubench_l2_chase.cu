// Microbenchmark ubench_l2_chase: L2 hit latency by a single-thread pointer chase with ld.global.cg (cache at
// L2 only, so L1 cannot hit). Launch 0 (setup) writes next[i * stride] = ((i + 1) % nodes) * stride for
// nodes = 65536, stride = 32 u32 (128 B): an 8 MiB footprint (fits the 60 MiB L2), one node per line.
// Launch 1 (one thread) walks one untimed pass over every node (warm: all lines L2-resident), then k timed
// steps j = a[j] between two %clock64 reads; writes the final index to res[0], end - start to cyc[0]. Per step
// the dependence path is the load plus nvcc's address arithmetic for &a[j].
// Leaves out: near vs far L2 partition (addresses spread over both: the result is their mix), TLB misses (8 MiB
// is four 2 MiB pages), L2 misses.
extern "C" __global__ void chain_setup(unsigned* a, unsigned nodes, unsigned stride) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < nodes) a[i * stride] = ((i + 1) % nodes) * stride;
}
extern "C" __global__ void l2_chase(const unsigned* a, unsigned* res, unsigned long long* cyc, int warm, int k) {
  unsigned j = 0;
#pragma unroll 1
  for (int i = 0; i < warm; ++i) j = __ldcg(a + j);
  long long t0 = clock64();
#pragma unroll 1
  for (int i = 0; i < k; i += 8) {
    j = __ldcg(a + j); j = __ldcg(a + j); j = __ldcg(a + j); j = __ldcg(a + j);
    j = __ldcg(a + j); j = __ldcg(a + j); j = __ldcg(a + j); j = __ldcg(a + j);
  }
  long long t1 = clock64();
  res[0] = j;
  cyc[0] = (unsigned long long)(t1 - t0);
}
