// Workload sgemm_tiled: C = A * B in f32 with 16x16 shared-memory tiles (A is M x K, B is K x N, C is
// M x N, all row-major; M, N, K multiples of 16). Block 16x16, grid (N/16, M/16). The inner product is an
// explicit fmaf chain in increasing k, so a CPU reference using std::fma in the same order is bit-exact.
// Models: 2-D tiles in shared memory, two __syncthreads per tile step, fma.rn.f32 chains.
// Leaves out: register blocking, vector loads, tensor cores, edge tiles.
#define TS 16
extern "C" __global__ void sgemm_tiled(const float* A, const float* B, float* C, int M, int N, int K) {
  __shared__ float As[TS][TS];
  __shared__ float Bs[TS][TS];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TS + ty;
  int col = blockIdx.x * TS + tx;
  float acc = 0.0f;
  for (int t = 0; t < K; t += TS) {
    As[ty][tx] = A[row * K + t + tx];
    Bs[ty][tx] = B[(t + ty) * N + col];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TS; ++k) acc = fmaf(As[ty][k], Bs[k][tx], acc);
    __syncthreads();
  }
  if (row < M && col < N) C[row * N + col] = acc;
}
