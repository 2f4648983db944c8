// Microbenchmark ubench_dram_stream: the DRAM bandwidth a streaming kernel achieves. 1056 CTAs x 256 threads (8
// per SM) walk a buffer with a grid-stride loop of 16-byte accesses (uint4). `read_sum`: each thread sums the
// words it reads from a 64 MiB buffer (cold: Nsight flushes the caches first) and writes its sum to out[thread];
// `write_fill`: each thread writes words equal to their index into a 96 MiB buffer (more than the 60 MiB L2, so
// the write-back L2 must send most of it to DRAM during the kernel). ncu's cycles and dram__bytes give the
// bandwidth: bytes / cycles.
// Leaves out: mixed read/write traffic (vecadd_16m and the transposes in tools/bench have it), access sizes
// other than 16 bytes, partial sectors.
extern "C" __global__ void read_sum(const uint4* a, unsigned* out, unsigned n4) {
  const unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned stride = gridDim.x * blockDim.x;
  unsigned s = 0;
  for (unsigned i = tid; i < n4; i += stride) {
    const uint4 v = a[i];
    s += v.x + v.y + v.z + v.w;
  }
  out[tid] = s;
}

extern "C" __global__ void write_fill(uint4* b, unsigned n4) {
  const unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned stride = gridDim.x * blockDim.x;
  for (unsigned i = tid; i < n4; i += stride) b[i] = make_uint4(4 * i, 4 * i + 1, 4 * i + 2, 4 * i + 3);
}
