// Microbenchmark ubench_atomic_units: which 256-byte pieces of memory share an L2 atomic unit. ubench_atomic_line
// found REDs into 2 neighbouring lines as slow as into 1 and into 8 lines (1 KiB) half as slow, while
// ubench_atomic_sector found the two 256-byte halves of a 512-byte block served in parallel; the mapping of pieces
// to units (like ubench_l2_partition's of lines to partitions) decides how random atomics spread.
// 132 CTAs x 256 threads (one CTA per SM, 8 warps); every thread issues n atomicAdd(p, 1) whose results are unused
// (RED), lane l into word l of the first line of a 256-byte piece of g: piece 0 for even CTAs, piece `other` for odd
// ones. Each warp RED fills one line (four sectors), which a unit serves in about 4.9 cycles. If piece `other`
// shares piece 0's unit the kernel takes about as long as with other = 0 (all 132 SMs on one unit), else about half.
// Launches: other = 0, 1 .. 31, then 2^5 .. 2^16 (address bits 8 .. 24).
// Leaves out: which unit (only same or not as piece 0's), pieces of other lines in the piece, atomics with results.
extern "C" __global__ void red_pair(unsigned* g, int n, unsigned other) {
  const unsigned lane = threadIdx.x & 31u;
  unsigned* p = g + (blockIdx.x % 2 == 0 ? 0u : other * 64u) + lane;
#pragma unroll 1
  for (int i = 0; i < n; ++i) atomicAdd(p, 1u);
}
