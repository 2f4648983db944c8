// Judgement workload j_syr2k: the symmetric rank-2k update C = alpha (A B^T + B A^T) + beta C on the lower
// triangle (diagonal included), A and B N x K row-major f32, C N x N row-major, written as a naive port of the
// BLAS loop nest (PolyBench-style): one thread per C(i, j) on a full 2-D grid, threads with j > i return at
// once, and the k loop walks row i and row j of both A and B:
//   acc = 0; for k: acc = fmaf(A[i][k], B[j][k], acc); acc = fmaf(B[i][k], A[j][k], acc);
//   C[i][j] = fmaf(alpha, acc, beta * C[i][j]).
// Blocks of 32 x 8 (x = j): in a warp i is fixed, so A[i][k] and B[i][k] are warp-uniform, while A[j][k] and
// B[j][k] hit 32 rows K * 4 = 512 bytes apart (32 lines per load, each revisited for 32 k steps); the diagonal
// warps diverge at j > i; CTAs wholly above the diagonal (112 of 256) exit at once.
// Size: N = 256, K = 128, alpha = 1.5, beta = 0.75; grid 8 x 32 CTAs (under one wave: the k loop's cost keeps
// larger grids over the suite's budget).
// Leaves out: the upper triangle (C's upper part is left as it was), shared-memory tiling, register blocking.
extern "C" __global__ void syr2k_lower(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
                                       int N, int K, float alpha, float beta) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;  // column
  const int i = blockIdx.y * blockDim.y + threadIdx.y;  // row
  if (i >= N || j > i) return;                         // lower triangle, diagonal included
  const float* ai = A + static_cast<size_t>(i) * K;
  const float* aj = A + static_cast<size_t>(j) * K;
  const float* bi = B + static_cast<size_t>(i) * K;
  const float* bj = B + static_cast<size_t>(j) * K;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k) {
    acc = fmaf(ai[k], bj[k], acc);
    acc = fmaf(bi[k], aj[k], acc);
  }
  const size_t ij = static_cast<size_t>(i) * N + j;
  C[ij] = fmaf(alpha, acc, beta * C[ij]);
}
