// Judgement workload j_sgemm16_256: C = A * B in f32 (A is M x K, B is K x N, C is M x N, all row-major) with
// the textbook 16 x 16 shared-memory tiling: one thread per element of C, block 16 x 16, grid (N/16, M/16).
// Each step of the k loop loads one 16 x 16 tile of A and one of B into shared memory (one element per
// thread), __syncthreads, 16 multiply-adds from shared memory, __syncthreads. The multiply-add is written as
// fmaf in increasing k, so the result is a fixed fma chain (bit-exact against a CPU std::fma chain).
// Launch: M = N = K = 256 (16 x 16 = 256 CTAs of 256 threads: about a quarter of a wave at 8 CTAs per SM; a
// larger launch would exceed the simulation budget of the suite).
// Stands for: the tiled matrix multiply of CUDA courses and of small hand-written GEMMs in applications.
// Leaves out: register blocking, vector loads, double buffering, tensor cores, edge tiles (sizes are
// multiples of 16).
#define TILE 16

extern "C" __global__ void sgemm_tiled16(const float* __restrict__ A, const float* __restrict__ B,
                                         float* __restrict__ C, int M, int N, int K) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * TILE + ty;
  const int col = blockIdx.x * TILE + tx;
  float sum = 0.0f;
  for (int k0 = 0; k0 < K; k0 += TILE) {
    As[ty][tx] = A[row * K + k0 + tx];
    Bs[ty][tx] = B[(k0 + ty) * N + col];
    __syncthreads();
    for (int k = 0; k < TILE; ++k) sum = fmaf(As[ty][k], Bs[k][tx], sum);
    __syncthreads();
  }
  if (row < M && col < N) C[row * N + col] = sum;
}
