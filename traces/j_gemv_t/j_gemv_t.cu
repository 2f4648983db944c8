// Judgement workload j_gemv_t: y = A^T x for a row-major f32 M x N matrix A, one thread per column walking
// down its column: acc = fmaf(A[i][col], x[i], acc) for i = 0, 1, ..., M-1 from 0 (nvcc unrolls by 4, same
// order). Stands for the transposed GEMV of hand-written code (a backward pass through a dense layer, A^T r in
// a least-squares or conjugate-gradient-on-normal-equations loop): the same matrix layout as j_gemv_n, but here
// a warp reads 32 consecutive words of one row per step (coalesced, 128 bytes) and x[i] is a warp-uniform word.
// Launches: (1) A1 8 x 270336 (1056 CTAs x 256 = one wave at 8 CTAs per SM on 132 SMs); (2) A2 224 x 16384
// (64 CTAs x 256). The element counts and grids are j_gemv_n's, so the two differ only in the access pattern.
// Leaves out: tails (N is a multiple of 256), split-M parallelism (one thread does the whole column), vector
// loads.
extern "C" __global__ void gemv_t(const float* __restrict__ A, const float* __restrict__ x, float* __restrict__ y,
                                  int M, int N) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (col >= N) return;
  float acc = 0.0f;
  for (int i = 0; i < M; ++i) acc = fmaf(A[static_cast<size_t>(i) * N + col], x[i], acc);
  y[col] = acc;
}
