// Microbenchmark ubench_atomic_line: the L2 atomic unit's throughput when many SMs add into the distinct words
// of a few lines (reductions into a small array: the merge step of a privatised histogram, per-bin counters).
// 132 CTAs x 256 threads (one CTA per SM, 8 warps); every thread issues n atomicAdd(p, 1) whose results are
// unused, so nvcc emits RED (fire and forget: the warp does not wait, the L2 is the only limit). Lane l of CTA b
// adds into word (l % words) of line (b % lines) of g (lines 128 bytes apart): `words` distinct consecutive words
// per warp instruction (32: four whole sectors, 8: one sector, 1: every lane on one word) and `lines` lines shared
// by the 132 CTAs (1: all SMs on one line; 132: each SM its own line). Cycles (ncu) over lines x n x 8 x 132 / lines
// warp instructions per line say how long the unit spends per warp instruction on one line, against its words.
// Leaves out: atomics whose results are used (ubench_atomic_throughput), CAS, 64-bit and floating-point adds.
extern "C" __global__ void red_line(unsigned* g, int n, unsigned words, unsigned lines) {
  const unsigned lane = threadIdx.x & 31u;
  unsigned* p = g + (blockIdx.x % lines) * 32u + lane % words;
#pragma unroll 1
  for (int i = 0; i < n; ++i) atomicAdd(p, 1u);
}
