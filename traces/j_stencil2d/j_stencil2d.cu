// Judgement workload j_stencil2d: a weighted 3x3 (9-point) f32 stencil over a 2-D grid, the inner loop of an
// image filter (blur / sharpen / Sobel-style convolution with a fixed 3x3 kernel) or of an explicit 2-D
// finite-difference step. One thread per output point, 2-D blocks of 32 x 8, plain global loads (the
// neighbours' reuse between threads is left to L1/L2, no shared-memory tile), row-major `nx` x `ny` grid.
// Edges are clamped (replicate border): a neighbour outside the grid reads the nearest edge point, so every
// output point is computed. The nine weights are kernel arguments (row-major, w00 = top-left = (x-1, y-1));
// the sum is an explicit fmaf chain in row-major tap order starting from 0.
// Launches: 1024 x 1024 (grid 32 x 128 = 4096 CTAs of 256: about 3.9 waves at 8 CTAs per SM on the H200's
// 132 SMs), then 512 x 512 from a second input (16 x 64 = 1024 CTAs: about one wave).
// Leaves out: shared-memory tiling, register blocking (several outputs per thread), vector loads, f16 data,
// multi-step time loops (one launch per sweep; see j_stencil3d for ping-pong sweeps).
extern "C" __global__ void stencil2d_3x3(const float* __restrict__ in, float* __restrict__ out, int nx, int ny,
                                         float w00, float w01, float w02, float w10, float w11, float w12,
                                         float w20, float w21, float w22) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= nx || y >= ny) return;
  const int xm = max(x - 1, 0), xp = min(x + 1, nx - 1);
  const int ym = max(y - 1, 0), yp = min(y + 1, ny - 1);
  const int rm = ym * nx, r0 = y * nx, rp = yp * nx;  // row offsets (int: grids stay below 2^31 points)
  float acc = 0.0f;
  acc = fmaf(w00, in[rm + xm], acc);
  acc = fmaf(w01, in[rm + x], acc);
  acc = fmaf(w02, in[rm + xp], acc);
  acc = fmaf(w10, in[r0 + xm], acc);
  acc = fmaf(w11, in[r0 + x], acc);
  acc = fmaf(w12, in[r0 + xp], acc);
  acc = fmaf(w20, in[rp + xm], acc);
  acc = fmaf(w21, in[rp + x], acc);
  acc = fmaf(w22, in[rp + xp], acc);
  out[r0 + x] = acc;
}
