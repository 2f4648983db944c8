// Workload occ_smem_limited: a kernel whose occupancy is limited by shared memory. Each CTA of 128 threads stages
// a 40 KiB tile (10,240 u32, static __shared__) of its input, synchronises, and writes the tile reversed plus the
// element itself: out[base + j] = tile[j] + tile[10239 - j]. 40,960 B + 1 KiB reserved per CTA fit 5 times into
// the 228 KiB carve-out: 5 CTAs of 4 warps = 20 of 64 warp slots (31.25 %), though registers and warp slots would
// allow many more (see `warpsim report`'s occupancy section).
// Models: static shared memory in the occupancy calculator, CTA-wide staging with __syncthreads.
// Leaves out: dynamic shared memory (traces/occ_dyn_smem) and a partial last tile (n is a multiple of the tile).
#define TILE 10240
extern "C" __global__ void smem_limited(const unsigned* in, unsigned* out) {
  __shared__ unsigned tile[TILE];
  const unsigned base = blockIdx.x * TILE;
  for (unsigned j = threadIdx.x; j < TILE; j += blockDim.x) tile[j] = in[base + j];
  __syncthreads();
  for (unsigned j = threadIdx.x; j < TILE; j += blockDim.x) out[base + j] = tile[j] + tile[TILE - 1 - j];
}
