// Microbenchmark ubench_many_ctas: CTA dispatch rate. 65536 CTAs of 32 threads; thread 0 of each writes
// out[cta] = cta ^ 0x5a5a (the others do nothing), so the kernel time is dominated by launching and retiring
// CTAs: 65536 / time is CTAs per microsecond.
// Leaves out: CTAs with real work (overlap of dispatch and execution), clusters, larger CTAs.
extern "C" __global__ void many_ctas(unsigned* out) {
  if (threadIdx.x == 0) out[blockIdx.x] = blockIdx.x ^ 0x5a5au;
}
