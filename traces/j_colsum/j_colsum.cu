// Judgement workload j_colsum: per-column reductions of row-major matrices, one thread per column walking
// down it (coalesced: a warp reads 32 consecutive words of one row per step), as plain CUDA code writes them
// (column means/variances for feature normalisation, per-channel totals over a batch, column maxima).
// colsum_f32: s = ((0 + A[0][c]) + A[1][c]) + ... in order (nvcc unrolls by 4, same association); colmax_u32:
// m = max(m, A[i][c]) from 0.
// Launches: colsum_f32 over 6 x 405504 f32 (1584 CTAs x 256 = 1.5 waves at 8 CTAs per SM on 132 SMs),
// colmax_u32 over 256 x 8192 u32 (32 CTAs x 256, 256 steps of 32 KiB stride). The transposed shapes of
// j_rowsum.
// Leaves out: split-M (several threads or CTAs per column), tails (N is a multiple of 256), vector loads.
extern "C" __global__ void colsum_f32(const float* __restrict__ A, float* __restrict__ sum, int M, int N) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (col >= N) return;
  float s = 0.0f;
  for (int i = 0; i < M; ++i) s += A[static_cast<size_t>(i) * N + col];
  sum[col] = s;
}

extern "C" __global__ void colmax_u32(const unsigned* __restrict__ A, unsigned* __restrict__ mx, int M, int N) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (col >= N) return;
  unsigned m = 0;
  for (int i = 0; i < M; ++i) m = max(m, A[static_cast<size_t>(i) * N + col]);
  mx[col] = m;
}
