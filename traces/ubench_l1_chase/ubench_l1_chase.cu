// Microbenchmark ubench_l1_chase: L1 hit latency of global loads by a single-thread pointer chase. Launch 0
// (setup) writes next[i * stride] = ((i + 1) % nodes) * stride for nodes = 128, stride = 32 u32 (128 B): a
// 16 KiB footprint, one node per 128-byte line. Launch 1 (one thread) walks `warm` untimed steps (one full
// pass brings every line into L1), then k timed steps j = a[j] (plain ld.global, which sm_90 caches in L1)
// between two %clock64 reads; writes the final index to res[0], end - start to cyc[0]. Per step the
// dependence path is the load plus nvcc's address arithmetic for &a[j] (a 64-bit multiply-add by 4).
// Leaves out: L1 misses, TLB effects (16 KiB in one page), ld.global.nc (texture path).
extern "C" __global__ void chain_setup(unsigned* a, unsigned nodes, unsigned stride) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < nodes) a[i * stride] = ((i + 1) % nodes) * stride;
}
extern "C" __global__ void l1_chase(const unsigned* a, unsigned* res, unsigned long long* cyc, int warm, int k) {
  unsigned j = 0;
#pragma unroll 1
  for (int i = 0; i < warm; ++i) j = a[j];
  long long t0 = clock64();
#pragma unroll 1
  for (int i = 0; i < k; i += 8) {
    j = a[j]; j = a[j]; j = a[j]; j = a[j];
    j = a[j]; j = a[j]; j = a[j]; j = a[j];
  }
  long long t1 = clock64();
  res[0] = j;
  cyc[0] = (unsigned long long)(t1 - t0);
}
