// Microbenchmark ubench_stream_mix: what a 16 MiB copy's time is made of. The same 4,096 CTAs of 32 x 8 threads
// as ubench_dram_tile's plain stream (CTA b owns the 4 KiB at b * 4 KiB; thread (x, y) handles words
// y * 32 + x + 256 r, r = 0..3: one coalesced 128-byte line per warp and r) either
//   mode 1: read only:  loads its 4 words from `in` (cold: DRAM) and stores nothing (the store below is guarded by
//           a sum no input reaches, so ptxas keeps the loads);
//   mode 2: write only: stores 4 words computed from the index into `out` (16 MiB of whole lines, which stay in L2);
//   mode 3: copy:       loads and stores (ubench_dram_tile's tile_copy with one tile per row, pitch 32).
// If the copy takes about as long as read-only plus write-only, reads from DRAM and writes into L2 share a
// resource (slices, crossbar); if about as long as the longer of the two, they overlap.
// Leaves out: partial lines, pitches (ubench_dram_tile), reads that hit L2.
extern "C" __global__ void stream_mix(float* __restrict__ out, const float* __restrict__ in, unsigned mode,
                                      float never) {
  const size_t base = static_cast<size_t>(blockIdx.x) * 1024 + threadIdx.y * 32 + threadIdx.x;
  float v[4];
  if (mode & 1) {
#pragma unroll
    for (unsigned r = 0; r < 4; ++r) v[r] = in[base + 256 * r];
  } else {
#pragma unroll
    for (unsigned r = 0; r < 4; ++r) v[r] = static_cast<float>(base + 256 * r);
  }
  if (mode & 2) {
#pragma unroll
    for (unsigned r = 0; r < 4; ++r) out[base + 256 * r] = v[r];
  } else if (v[0] + v[1] + v[2] + v[3] == never) {
    out[base] = 1.0f;
  }
}
