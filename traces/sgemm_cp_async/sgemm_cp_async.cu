// sgemm_cp_async: a classic Ampere-style multi-stage SGEMM, C = alpha * A * B + beta * C in f32 (A is M x K with
// leading dimension lda, B is K x N with ldb, C is M x N with ldc, all row-major; M and N multiples of 64). A CTA of
// 256 threads computes a 64 x 64 block of C; thread (tx, ty) = (tid % 16, tid / 16) holds a 4 x 4 register micro-tile
// of rows ty + 16 i and columns tx + 16 j (strided, so its shared-memory reads are conflict-free: A's are two
// broadcast rows 16 words apart, B's sixteen consecutive words). K is walked in tiles of BK = 16 through a ring of
// STAGES shared-memory stages filled with cp.async: the prologue issues tiles 0 .. STAGES-2 (one commit_group each);
// each iteration waits until its tile has landed (cp.async.wait_group STAGES-2), passes one __syncthreads (every
// thread's copies visible, and every thread done with the stage the next copy overwrites), issues the copy of tile
// kt + STAGES - 1 into the stage consumed in the iteration before (an empty group past the end, so the count stays
// right) and computes on its tile. Each tile of A (64 x 16) and of B (16 x 64) is 256 16-byte chunks: one
// `cp.async.cg.shared.global` of 16 bytes per thread and matrix. A chunk past K copies only its bytes inside K and
// zero-fills the rest (src-size < cp-size; src-size 0 reads nothing, its address is clamped to the matrix's start),
// so K need not be a multiple of 16 (lda and ldb must be multiples of 4 for the 16-byte copies). sgemm_a4_s3 loads
// A with four 4-byte `cp.async.ca` copies per thread instead (for an lda that is not a multiple of 4, A's rows are
// only 4-byte aligned), with src-size 0 past K.
// Every output is acc = fmaf(a_k, b_k, acc) over k = 0, 1, .. (tiles of 16, zero-filled k >= K included, which adds
// fma(0, 0, acc) = acc) starting from +0, then C = fmaf(alpha, acc, beta * C), so a CPU reference with std::fma in
// the same order is bit-exact (beta is a power of two in the config, so beta * C is exact whatever the compiler
// contracts).
// Entries: sgemm_s3 (3 stages), sgemm_s4 (4 stages), sgemm_a4_s3 (3 stages, A by 4-byte .ca copies).
// Leaves out: vectorised shared-memory reads (float4 fragments need A transposed, which a plain cp.async cannot do),
// double-buffered register fragments, M and N edges, tensor cores, split-K.
#include <cstdint>

constexpr int BM = 64, BN = 64, BK = 16, kThreads = 256;

__device__ __forceinline__ unsigned smem_addr(const void* p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}
// 16 bytes through L2 only (.cg); src_bytes of them are read, the rest of the 16 are zero-filled.
__device__ __forceinline__ void cp_async_cg16(void* dst, const void* src, unsigned src_bytes) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(smem_addr(dst)), "l"(src), "r"(src_bytes)
               : "memory");
}
// 4 bytes through L1 (.ca); src_bytes is 4 or 0 (zero fill).
__device__ __forceinline__ void cp_async_ca4(void* dst, const void* src, unsigned src_bytes) {
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;" ::"r"(smem_addr(dst)), "l"(src), "r"(src_bytes)
               : "memory");
}
__device__ __forceinline__ void cp_async_commit() { asm volatile("cp.async.commit_group;" ::: "memory"); }
template <int N>
__device__ __forceinline__ void cp_async_wait() {
  asm volatile("cp.async.wait_group %0;" ::"n"(N) : "memory");
}

// Issues the copies of K tile `kt` (columns k0 .. k0+15 of A's 64 rows, rows k0 .. k0+15 of B's 64 columns).
template <bool kA4>
__device__ __forceinline__ void load_tile(float (*as)[BK], float (*bs)[BN], const float* A, const float* B, int lda,
                                          int ldb, int K, int m0, int n0, int kt, int tid) {
  const int k0 = kt * BK;
  {  // A: thread tid copies row tid / 4, columns 4 (tid % 4) .. +3
    const int r = tid / 4, c = (tid % 4) * 4, k = k0 + c;
    const float* row = A + static_cast<long long>(m0 + r) * lda;
    if constexpr (kA4) {
#pragma unroll
      for (int e = 0; e < 4; ++e) {
        const bool in = k + e < K;
        cp_async_ca4(&as[r][c + e], in ? row + k + e : A, in ? 4u : 0u);
      }
    } else {
      const int left = K - k;
      const unsigned bytes = left >= 4 ? 16u : left > 0 ? static_cast<unsigned>(left) * 4u : 0u;
      cp_async_cg16(&as[r][c], bytes != 0 ? row + k : A, bytes);
    }
  }
  {  // B: thread tid copies row tid / 16, columns 4 (tid % 16) .. +3
    const int r = tid / 16, c = (tid % 16) * 4, k = k0 + r;
    const bool in = k < K;
    cp_async_cg16(&bs[r][c], in ? B + static_cast<long long>(k) * ldb + n0 + c : B, in ? 16u : 0u);
  }
}

template <int STAGES, bool kA4>
__device__ __forceinline__ void sgemm(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C, int K,
                                      int lda, int ldb, int ldc, float alpha, float beta) {
  __shared__ alignas(128) float As[STAGES][BM][BK];
  __shared__ alignas(128) float Bs[STAGES][BK][BN];
  const int tid = threadIdx.x, tx = tid % 16, ty = tid / 16;
  const int m0 = blockIdx.y * BM, n0 = blockIdx.x * BN;
  const int ktiles = (K + BK - 1) / BK;
  float acc[4][4];
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j) acc[i][j] = 0.0f;

#pragma unroll
  for (int s = 0; s < STAGES - 1; ++s) {
    if (s < ktiles) load_tile<kA4>(As[s], Bs[s], A, B, lda, ldb, K, m0, n0, s, tid);
    cp_async_commit();
  }
  for (int kt = 0; kt < ktiles; ++kt) {
    cp_async_wait<STAGES - 2>();  // this thread's copies of tile kt have landed
    __syncthreads();              // everyone's have; everyone finished tile kt - 1
    const int next = kt + STAGES - 1;
    if (next < ktiles) {
      const int s = next % STAGES;
      load_tile<kA4>(As[s], Bs[s], A, B, lda, ldb, K, m0, n0, next, tid);
    }
    cp_async_commit();
    const int s = kt % STAGES;
#pragma unroll
    for (int k = 0; k < BK; ++k) {
      float a[4], b[4];
#pragma unroll
      for (int i = 0; i < 4; ++i) a[i] = As[s][ty + 16 * i][k];
#pragma unroll
      for (int j = 0; j < 4; ++j) b[j] = Bs[s][k][tx + 16 * j];
#pragma unroll
      for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
    }
  }
  cp_async_wait<0>();
  // Epilogue: all 16 loads of C first, then the stores (C is __restrict__, so nothing serialises them).
  float* c = C + static_cast<long long>(m0 + ty) * ldc + n0 + tx;
  float old[4][4];
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j) old[i][j] = c[static_cast<long long>(16 * i) * ldc + 16 * j];
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j)
      c[static_cast<long long>(16 * i) * ldc + 16 * j] = fmaf(alpha, acc[i][j], __fmul_rn(beta, old[i][j]));
}

extern "C" __global__ void __launch_bounds__(kThreads)
    sgemm_s3(const float* A, const float* B, float* C, int K, int lda, int ldb, int ldc, float alpha, float beta) {
  sgemm<3, false>(A, B, C, K, lda, ldb, ldc, alpha, beta);
}
extern "C" __global__ void __launch_bounds__(kThreads)
    sgemm_s4(const float* A, const float* B, float* C, int K, int lda, int ldb, int ldc, float alpha, float beta) {
  sgemm<4, false>(A, B, C, K, lda, ldb, ldc, alpha, beta);
}
extern "C" __global__ void __launch_bounds__(kThreads)
    sgemm_a4_s3(const float* A, const float* B, float* C, int K, int lda, int ldb, int ldc, float alpha, float beta) {
  sgemm<3, true>(A, B, C, K, lda, ldb, ldc, alpha, beta);
}
