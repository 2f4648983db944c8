// Judgement workload j_gemv_n: y = A x for a row-major f32 M x N matrix A, written as naive CUDA code does it:
// one thread per row, each thread walking its own row with a plain fmaf loop (acc = fmaf(A[row][j], x[j], acc)
// for j = 0, 1, ..., N-1, starting from 0; nvcc unrolls it by 4 with the same order). Stands for the
// "not transposed" GEMV in hand-written solvers and layers (a dense layer's matrix-vector product, a power
// iteration step, a Jacobi/Krylov update with a dense operator) before anyone reaches for cuBLAS. The access is
// the textbook uncoalesced one: at a given j the 32 lanes of a warp read 32 different rows (N * 4 bytes apart),
// and every following iteration comes back to the same lines; x[j] is the same word for the whole warp.
// Launches: (1) A1 270336 x 8 (1056 CTAs x 256 = one wave at 8 CTAs per SM on the H200's 132 SMs; 32-byte rows,
// so each warp load touches 8 lines, 32 sectors); (2) A2 16384 x 224 (64 CTAs x 256, under half the SMs busy;
// 896-byte rows, 32 lines per warp load, each line revisited over 32 iterations).
// A several-wave launch does not fit the suite's thread-instruction budget with one thread per row (a wave is
// already 270336 rows).
// Leaves out: warp-per-row or shared-memory versions, vector loads, tails (M is a multiple of 256), f16 data.
extern "C" __global__ void gemv_n(const float* __restrict__ A, const float* __restrict__ x, float* __restrict__ y,
                                  int M, int N) {
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= M) return;
  const float* a = A + static_cast<size_t>(row) * N;  // this thread's row
  float acc = 0.0f;
  for (int j = 0; j < N; ++j) acc = fmaf(a[j], x[j], acc);
  y[row] = acc;
}
