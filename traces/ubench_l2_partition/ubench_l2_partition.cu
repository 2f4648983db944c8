// Microbenchmark ubench_l2_partition: the latency of an L2 access as seen from each SM, for lines at many
// addresses, to find the H200's two L2 partitions (which lines each SM reaches fast, which slowly) and the near and
// far latencies of loads and atomics. `touch` first writes every probed line (so all are in L2). `probe` runs one
// CTA of 32 threads per SM (132 CTAs; smid[cta] records where each ran); lane 0 visits the probed lines in an
// order rotated by its CTA index (so that CTAs rarely hit one line at the same time) and for each line times:
// one ld.global.cg (the first from this SM), 8 dependent ld.global.cg of the same word, 8 dependent atomicAdd(+0)
// on it. lat[(cta * NL + j) * 3 + {0,1,2}] = first load, mean load, mean atomic (cycles x 10; clock64 deltas).
// Probed lines (128 B each, j < NL = 269): j < 256: lines 0..255 (32 KiB, consecutive); j >= 256: line 2^(j-248)
// (256 .. 2^20 lines, i.e. 32 KiB to 128 MiB from the buffer's start).
// Leaves out: stores (they are acknowledged before they reach the far partition), DRAM-resident lines.
#define NL 269

__device__ __forceinline__ unsigned line_of(unsigned j) { return j < 256 ? j : 1u << (j - 248); }

extern "C" __global__ void touch(unsigned* buf) {
  const unsigned j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j < NL) buf[line_of(j) * 32] = 0;
}

extern "C" __global__ void probe(unsigned* buf, unsigned* lat, unsigned* smid) {
  if (threadIdx.x != 0) return;
  unsigned id;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
  smid[blockIdx.x] = id;
  unsigned dep = 0;
  for (unsigned k = 0; k < NL; ++k) {
    const unsigned j = (k + blockIdx.x * 2) % NL;
    unsigned* p = buf + line_of(j) * 32;
    long long t0 = clock64();
    dep = __ldcg(p + dep);
    long long t1 = clock64();
    for (int r = 0; r < 8; ++r) dep = __ldcg(p + dep);
    long long t2 = clock64();
    for (int r = 0; r < 8; ++r) dep = atomicAdd(p + dep, 0u);
    long long t3 = clock64();
    unsigned* o = lat + (blockIdx.x * NL + j) * 3;
    o[0] = static_cast<unsigned>((t1 - t0) * 10);
    o[1] = static_cast<unsigned>((t2 - t1) * 10 / 8);
    o[2] = static_cast<unsigned>((t3 - t2) * 10 / 8);
  }
}
