// Microbenchmark ubench_store_rand: how fast the L2 takes stores that land on random sectors, by how much of a sector
// and of a line one warp-instruction's lanes cover. 2048 CTAs of 256 threads store into one 8 MiB buffer (it fits in
// L2; the launch starts with it out of L2, as under Nsight), every store to its own place (an odd multiplier modulo a
// power of two is a bijection, so each launch writes each unit it covers once and the buffer's contents do not
// depend on the order). `mode`: 0, four 4-byte stores a thread to random words (one sector per lane: partial
// sectors, as j_scatter's scatter_perm); 1, one 16-byte store a thread to a random 16-byte unit (half sectors);
// 2, one 16-byte store, lane pairs covering one random sector (16 whole sectors a warp-instruction); 3, one 16-byte
// store, 8 lanes covering one random line (4 lines a warp-instruction); 4, one 16-byte store a thread to consecutive
// units (coalesced, the stream's own rate). The value stored is the thread's store index j (mode 0) or t (1-4),
// in every word of a 16-byte store.
// What it separates: the slices' cost of a partial sector against a whole one, of a sector against a line, and a
// random against a streaming address, for stores alone.
// Leaves out: stores to lines already in L2 (the first touch allocates each line), atomics, loads.
#define P 2654435761u

extern "C" __global__ void st_rand(unsigned* __restrict__ out, unsigned mode) {
  const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned n = gridDim.x * blockDim.x;  // 2^19 in the committed launches
  if (mode == 0) {
#pragma unroll
    for (unsigned k = 0; k < 4; ++k) {
      const unsigned j = k * n + t;
      out[(j * P) & (4 * n - 1)] = j;
    }
    return;
  }
  unsigned unit;  // 16-byte unit, of 4 * n / 4 = n in the buffer
  if (mode == 1) unit = (t * P) & (n - 1);
  else if (mode == 2) unit = (((t >> 1) * P) & (n / 2 - 1)) * 2 + (t & 1);
  else if (mode == 3) unit = (((t >> 3) * P) & (n / 8 - 1)) * 8 + (t & 7);
  else unit = t;
  reinterpret_cast<uint4*>(out)[unit] = make_uint4(t, t, t, t);
}
