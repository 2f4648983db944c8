// Microbenchmark ubench_dram_tile: does the shape of what the CTAs of a wave touch change DRAM and L2 time?
// Every launch copies the same 16 MiB (131,072 lines of 128 bytes) from `in` to `out` at the same offsets, with
// the access pattern of a tiled transpose but no shared memory: CTA b (32 x 8 threads) owns the 32 x 32-word tile
// (tx, ty) = (b mod tiles_x, b / tiles_x) of a row-major matrix with `pitch` words per row; thread (x, y) loads
// rows y, y+8, y+16, y+24 of the tile (one coalesced 128-byte line per warp and row), then stores them.
//   tiles_x 1,   pitch 32:   each CTA's 32 lines are consecutive (4 KiB): a plain stream
//   tiles_x 64,  pitch 2048: 32 lines 8 KiB apart (j_transpose_2048's reads and writes)
//   tiles_x 64,  pitch 2080: 32 lines 8 KiB + 128 B apart (the same, skewed by a line per row)
//   tiles_x 128, pitch 4096: 32 lines 16 KiB apart
// Time = gpc__cycles_elapsed; if the address-to-channel mapping punished power-of-two row pitches (partition
// camping), the tiled launches would take longer than the stream.
// Leaves out: shared memory, bank conflicts (j_transpose_* and ubench_smem_tput have those), partial lines.
extern "C" __global__ void tile_copy(float* __restrict__ out, const float* __restrict__ in, unsigned tiles_x,
                                     unsigned pitch) {
  const unsigned tx = blockIdx.x % tiles_x, ty = blockIdx.x / tiles_x;
  const size_t col = tx * 32 + threadIdx.x;
  float v[4];
#pragma unroll
  for (unsigned r = 0; r < 4; ++r) v[r] = in[(size_t)(ty * 32 + threadIdx.y + 8 * r) * pitch + col];
#pragma unroll
  for (unsigned r = 0; r < 4; ++r) out[(size_t)(ty * 32 + threadIdx.y + 8 * r) * pitch + col] = v[r];
}
