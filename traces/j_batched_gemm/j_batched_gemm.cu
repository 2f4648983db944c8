// Judgement workload j_batched_gemm: many independent small GEMMs C_b = A_b B_b (16 x 16 f32, row-major,
// matrices stored one after another), one CTA of 16 x 16 threads per matrix, thread (r, c) computing C[r][c]
// as acc = fmaf(A[r][k], B[k][c], acc) for k = 0 .. 15 from 0, as plain CUDA code writes a batched GEMM for
// tiny matrices (per-element stiffness matrices, small rotations / transforms, attention heads of toy sizes).
// - bgemm16_naive: A and B read straight from global memory in the k loop (A[r][k] is uniform per half-warp,
//   B[k][c] a 64-byte row segment).
// - bgemm16_smem: both 1 KiB tiles staged in shared memory (__syncthreads), then the same loop from shared.
// Size: 1056 matrices (1056 CTAs x 256 = one wave at 8 CTAs per SM on the H200's 132 SMs) per kernel, both
// reading the same A and B.
// Leaves out: larger tiles, register blocking, tensor cores, several matrices per CTA.
#define TS 16
extern "C" __global__ void bgemm16_naive(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C) {
  const size_t m = static_cast<size_t>(blockIdx.x) * TS * TS;  // this CTA's matrix
  const int r = threadIdx.y, c = threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < TS; ++k) acc = fmaf(A[m + r * TS + k], B[m + k * TS + c], acc);
  C[m + r * TS + c] = acc;
}

extern "C" __global__ void bgemm16_smem(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C) {
  __shared__ float As[TS][TS];
  __shared__ float Bs[TS][TS];
  const size_t m = static_cast<size_t>(blockIdx.x) * TS * TS;
  const int r = threadIdx.y, c = threadIdx.x;
  As[r][c] = A[m + r * TS + c];
  Bs[r][c] = B[m + r * TS + c];
  __syncthreads();
  float acc = 0.0f;
  for (int k = 0; k < TS; ++k) acc = fmaf(As[r][k], Bs[k][c], acc);
  C[m + r * TS + c] = acc;
}
