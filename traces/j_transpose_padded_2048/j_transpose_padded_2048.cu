// Judgement workload j_transpose_padded_2048: out = transpose(in) for a 2048 x 2048 f32 matrix (row-major, 16 MiB
// each way), written as the classic shared-memory "coalesced transpose": each 32 x 8 CTA stages a 32 x 32 tile in
// shared memory, each thread moving 4 elements (rows threadIdx.y, +8, +16, +24) in and 4 out, with one __syncthreads
// between, so both the global reads and the global writes are coalesced. The tile is WITH one column of padding
// (tile[32][33]): the column reads of a warp fall in 32 different banks.
// Launch: 64 x 64 CTAs of 32 x 8 for the 2048 x 2048 matrix (4096 CTAs, about 3.9 waves at 8 CTAs per SM; about 60 M
// thread-instructions, so no second, one-wave launch: it would add 15 M more).
// Stands for: the transpose step of FFTs, layout changes (NCHW <-> NHWC), matrix utilities.
// Leaves out: non-multiple-of-32 sizes, in-place transposes, diagonal block reordering.
#define TILE 32
#define ROWS_PER_PASS 8

extern "C" __global__ void transpose_tile_padded(float* __restrict__ out, const float* __restrict__ in,
                                        int width, int height) {
  __shared__ float tile[TILE][TILE + 1];
  int col = blockIdx.x * TILE + threadIdx.x;
  int row = blockIdx.y * TILE + threadIdx.y;
  for (int r = 0; r < TILE; r += ROWS_PER_PASS) tile[threadIdx.y + r][threadIdx.x] = in[(row + r) * width + col];
  __syncthreads();
  // The output tile sits at the transposed block position; out has `height` columns.
  col = blockIdx.y * TILE + threadIdx.x;
  row = blockIdx.x * TILE + threadIdx.y;
  for (int r = 0; r < TILE; r += ROWS_PER_PASS) out[(row + r) * height + col] = tile[threadIdx.x][threadIdx.y + r];
}
