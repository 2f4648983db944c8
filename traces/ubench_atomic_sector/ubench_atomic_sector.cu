// Microbenchmark ubench_atomic_sector: what the L2 atomic unit spends on a sector that few lanes of a RED touch, the
// question ubench_atomic_line left open (configs/gpus/h200.json, mem.atomic_bytes_per_cycle: 32 lanes on 8-32 words
// of one line take 4.8-5.2 cycles per warp RED whatever the words, less than 1.45 cycles per lane on a word or per
// sector; is a sector of one lane as cheap as a 32-byte transfer, 1.19 cycles, or 1.45?).
// 132 CTAs x 256 threads (one CTA per SM, 8 warps); every thread below `active` issues n atomicAdd(p, 1) whose
// results are unused, so nvcc emits RED. Lane l (l < active) adds into word (l / group) * stride + l % group of
// 512-byte block (CTA % blocks) of g: lanes come in groups of `group` on consecutive words of one sector, groups
// `stride` words apart (8: the next sector; 32: the next line). blocks = 1: all 132 SMs on one 512-byte block, the
// block that ubench_atomic_line found one atomic unit serves. Cycles (ncu) x blocks / (n x 8 x 132) say how long
// the unit spends per warp RED on the block, against its sectors and lanes per sector.
// Leaves out: atomics whose results are used (ubench_atomic_throughput), several lanes on one word
// (ubench_atomic_line), CAS, 64-bit and floating-point adds.
extern "C" __global__ void red_sector(unsigned* g, int n, unsigned active, unsigned group, unsigned stride,
                                      unsigned blocks) {
  const unsigned lane = threadIdx.x & 31u;
  if (lane >= active) return;
  unsigned* p = g + (blockIdx.x % blocks) * 128u + (lane / group) * stride + lane % group;
#pragma unroll 1
  for (int i = 0; i < n; ++i) atomicAdd(p, 1u);
}
