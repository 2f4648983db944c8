// Judgement workload j_stencil3d: one Jacobi sweep of a 7-point 3-D stencil (explicit heat / Poisson smoother)
// on an f32 `nx` x `ny` x `nz` grid, x fastest. The common naive style: a 3-D grid of 32 x 8 x 1 blocks, one
// thread per point (no z-marching, no shared-memory or register tiling), plain global loads of the six
// neighbours. Interior points get u' = u + alpha * ((u[x-1] + u[x+1]) + (u[y-1] + u[y+1]) + (u[z-1] + u[z+1])
// - 6u), written with explicit fmaf: fmaf(alpha, fmaf(-6, u, s), u); boundary points (Dirichlet) are copied.
// Launch: one sweep a -> b over 128 x 128 x 32 points: grid 4 x 16 x 32 = 2048 CTAs of 256 threads (about 1.9
// waves at 8 CTAs per SM on 132 SMs). (A solver ping-pongs a -> b -> a; one sweep keeps the config small.)
// Leaves out: z-marching with register reuse, shared-memory tiles, temporal blocking, f64, halo exchange.
extern "C" __global__ void jacobi7(const float* __restrict__ in, float* __restrict__ out, int nx, int ny, int nz,
                                   float alpha) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  const int z = blockIdx.z * blockDim.z + threadIdx.z;
  if (x >= nx || y >= ny || z >= nz) return;
  const int sx = 1, sy = nx, sz = nx * ny;
  const int i = z * sz + y * sy + x;
  const float c = in[i];
  if (x == 0 || y == 0 || z == 0 || x == nx - 1 || y == ny - 1 || z == nz - 1) {
    out[i] = c;
    return;
  }
  const float s = ((in[i - sx] + in[i + sx]) + (in[i - sy] + in[i + sy])) + (in[i - sz] + in[i + sz]);
  out[i] = fmaf(alpha, fmaf(-6.0f, c, s), c);
}
