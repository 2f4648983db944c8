// Workload transpose_swizzled: out = transpose(in) for a height x width row-major f32 matrix (128 x 256), through
// a 32x32 shared-memory tile per CTA; block 32x8, each thread moves 4 elements per phase (rows j, j+8, ...).
// Instead of a padding column (transpose_padded) the tile is XOR-swizzled: element (r, c) lives at
// tile[r][c ^ r]. A row write (fixed r, c = lane) and a column read (r = lane, fixed c: word c ^ lane) each touch
// 32 different banks, so both phases are conflict-free with a 4 KiB tile.
// Leaves out: bank-conflict timing in the functional check (all transpose variants compute the same result).
#define TILE 32
#define ROWS 8
extern "C" __global__ void transpose_swizzled(const float* in, float* out, int width, int height) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS) {
    const int r = threadIdx.y + j;
    if (x < width && y + j < height) tile[r][threadIdx.x ^ r] = in[(y + j) * width + x];
  }
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;  // output column = input row
  y = blockIdx.x * TILE + threadIdx.y;  // output row = input column
  for (int j = 0; j < TILE; j += ROWS) {
    const int c = threadIdx.y + j;  // the tile column read: input column c, input row = lane
    if (x < height && y + j < width) out[(y + j) * height + x] = tile[threadIdx.x][c ^ threadIdx.x];
  }
}
