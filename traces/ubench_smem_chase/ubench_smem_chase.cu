// Microbenchmark ubench_smem_chase: shared-memory load-to-use latency by a single-thread pointer chase. Thread 0
// builds next[i] = (i + stride) % n in a 16 KiB shared array (n = 4096 u32, stride in elements), runs `warm`
// untimed steps, then k timed steps j = next[j] between two %clock64 reads (unrolled by 8). Writes the final
// index to res[0] and end - start to cyc[0]. Per step the dependence path is the shared load plus the address
// arithmetic nvcc emits for &next[j] (see the PTX: a shift/add or a mad on the index).
// Leaves out: bank conflicts (one thread), shared-memory throughput, ld.shared with a vector width.
#define N 4096
extern "C" __global__ void smem_chase(unsigned* res, unsigned long long* cyc, unsigned stride, int warm, int k) {
  __shared__ unsigned next[N];
  if (threadIdx.x != 0) return;
  for (unsigned i = 0; i < N; ++i) next[i] = (i + stride) % N;
  unsigned j = 0;
#pragma unroll 1
  for (int i = 0; i < warm; ++i) j = next[j];
  long long t0 = clock64();
#pragma unroll 1
  for (int i = 0; i < k; i += 8) {
    j = next[j]; j = next[j]; j = next[j]; j = next[j];
    j = next[j]; j = next[j]; j = next[j]; j = next[j];
  }
  long long t1 = clock64();
  res[0] = j;
  cyc[0] = (unsigned long long)(t1 - t0);
}
