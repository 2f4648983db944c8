// Workload transpose_padded: out = transpose(in) for a height x width row-major f32 matrix (128 x 256), through
// a 32x32 shared-memory tile per CTA; block 32x8, each thread moves 4 elements per phase (rows j, j+8, ...).
// This variant uses tile[32][33]: one padding column spreads the column reads over all 32 banks.
// Models: 2-D grids/blocks, shared-memory tiles, __syncthreads between the load and store phases.
// Leaves out: bank-conflict timing (functionally both variants compute the same result).
#define TILE 32
#define ROWS 8
extern "C" __global__ void transpose_padded(const float* in, float* out, int width, int height) {
  __shared__ float tile[TILE][33];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    if (x < width && y + j < height) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;  // output column = input row
  y = blockIdx.x * TILE + threadIdx.y;  // output row = input column
  for (int j = 0; j < TILE; j += ROWS)
    if (x < height && y + j < width) out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}
