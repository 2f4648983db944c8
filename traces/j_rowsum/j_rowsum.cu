// Judgement workload j_rowsum: per-row reductions of row-major matrices, one thread per row walking its own
// row, as plain CUDA code writes them (per-sample loss sums, per-row norms or maxima before a normalisation,
// per-record feature totals). rowsum_f32: s = ((0 + a[0]) + a[1]) + ... in order (nvcc unrolls by 4, same
// association); rowmax_u32: m = max(m, a[j]) from 0. At a given j the 32 lanes read 32 different rows.
// Launches: rowsum_f32 over 405504 x 6 f32 (1584 CTAs x 256 = 1.5 waves at 8 CTAs per SM on 132 SMs; 24-byte
// rows, so rows straddle sectors and a warp load touches 6 lines), rowmax_u32 over 8192 x 256 u32 (32 CTAs x
// 256; 1 KiB rows, 32 lines per warp load, each revisited over 32 iterations).
// Leaves out: warp-per-row (shuffle) reductions, vector loads, tails (M is a multiple of 256).
extern "C" __global__ void rowsum_f32(const float* __restrict__ A, float* __restrict__ sum, int M, int N) {
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= M) return;
  const float* a = A + static_cast<size_t>(row) * N;
  float s = 0.0f;
  for (int j = 0; j < N; ++j) s += a[j];
  sum[row] = s;
}

extern "C" __global__ void rowmax_u32(const unsigned* __restrict__ A, unsigned* __restrict__ mx, int M, int N) {
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= M) return;
  const unsigned* a = A + static_cast<size_t>(row) * N;
  unsigned m = 0;
  for (int j = 0; j < N; ++j) m = max(m, a[j]);
  mx[row] = m;
}
