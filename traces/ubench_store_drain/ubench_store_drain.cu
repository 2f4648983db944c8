// Microbenchmark ubench_store_drain: when L2 writes dirty data back to DRAM. 1056 CTAs x 256 threads (8 per SM)
// store with a grid-stride loop into buffers that fit in the 60 MiB L2 (8, 24 and 40 MiB: cold, as Nsight flushes
// the caches before each launch), so a write-back-on-eviction L2 would write nothing back during the kernel;
// Nsight's dram__bytes_write says how much leaves during it, cycles what that costs. Then a copy of 64 MiB
// (a DRAM read and write stream mixed) and stores of one 4-byte word per line over an 8 MiB range (partial
// sectors that stay in L2: dram__bytes_read says whether their fill is read anyway).
//   write_lines: word i = i for i < nwords (each warp store covers one 128-byte line)
//   write_words: word 0 of lines 0 .. nlines-1 = line index
//   copy:        dst[i] = src[i] + 1 for i < nwords
//   read_passes: `passes` grid-stride sweeps over the first nwords of src (8 MiB: after the first, L2 hits), each
//                thread's sum to out: the L2's load throughput, to compare with write_lines' store throughput
// write_lines over 24 MiB also runs with 66 x 1024 and 132 x 1024 threads: whether the store rate is set per SM
// (66 SMs take twice as long) or by L2.
// Leaves out: stores that hit lines already in L2, byte stores, atomics.
extern "C" __global__ void write_lines(unsigned* __restrict__ b, unsigned nwords) {
  const unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned stride = gridDim.x * blockDim.x;
  for (unsigned i = tid; i < nwords; i += stride) b[i] = i;
}

extern "C" __global__ void write_words(unsigned* __restrict__ b, unsigned nlines) {
  const unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned stride = gridDim.x * blockDim.x;
  for (unsigned k = tid; k < nlines; k += stride) b[static_cast<size_t>(k) * 32] = k;
}

extern "C" __global__ void copy(const unsigned* __restrict__ src, unsigned* __restrict__ dst, unsigned nwords) {
  const unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned stride = gridDim.x * blockDim.x;
  for (unsigned i = tid; i < nwords; i += stride) dst[i] = src[i] + 1u;
}

extern "C" __global__ void read_passes(const unsigned* __restrict__ src, unsigned* __restrict__ out, unsigned nwords,
                                    int passes) {
  const unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned stride = gridDim.x * blockDim.x;
  unsigned sum = 0;
  for (int p = 0; p < passes; ++p)
    for (unsigned i = tid; i < nwords; i += stride) sum += __ldcg(src + i);
  out[tid] = sum;
}
