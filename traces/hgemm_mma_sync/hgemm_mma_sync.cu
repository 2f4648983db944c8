// hgemm_mma_sync: an Ampere-style multi-stage HGEMM on the tensor cores, C = alpha * A * B + beta * C with f16 inputs
// (A is M x K with leading dimension lda, B is K x N with ldb, both row-major; M and N multiples of 128, K of 32,
// lda and ldb multiples of 8 so every row starts 16-byte aligned). A CTA of 256 threads (8 warps) computes a
// 128 x 128 block of C; warp w owns the 64 x 32 sub-block at rows 64 (w / 4), columns 32 (w % 4): 4 x 4 tiles of
// m16n8k16 `mma.sync`, 16 per k-step of 16, 64 f32 accumulator registers per thread (32 for f16 accumulators).
// K is walked in tiles of BK = 32 through a ring of STAGES shared-memory stages (16 KiB each: A's 128 x 32 halves,
// B's 32 x 128) filled by 16-byte `cp.async.cg` (two copies of A and two of B per thread and tile): the prologue
// issues tiles 0 .. STAGES-2 (one commit_group each); each iteration waits for its tile (cp.async.wait_group
// STAGES-2), passes one __syncthreads, issues tile kt + STAGES - 1 into the stage consumed in the iteration before
// (an empty group past the end keeps the count right) and computes on its tile: per k-step, 4 `ldmatrix.x4` for A's
// four 16 x 16 fragments and 2 `ldmatrix.x4.trans` for B's four 16 x 8 fragments (B is row-major, the mma wants it
// "col", so .trans), then 16 mma.sync.
// Shared layout (XOR swizzle of 16-byte chunks, no padding): A's row r (64 bytes, chunks c = 0..3) stores chunk c at
// c ^ ((r >> 1) & 3); B's row k (256 bytes, chunks 0..15) stores chunk c at c ^ (k & 7). The eight rows one
// ldmatrix matrix reads (8 consecutive rows of A, or 8 consecutive k of B, at one logical chunk) land in eight
// different 16-byte bank groups, so every ldmatrix phase and every cp.async wavefront is conflict-free.
// Epilogue (f32 accumulators, hgemm_s3 / hgemm_s4): C is f32, c = fmaf(alpha, acc, beta * c) with float2 loads and
// stores (all loads first). hgemm_f16acc_s3: f16 accumulators (mma .f16.f16.f16.f16, each mma's exact sum rounded
// once to f16, which is bit-exact on the H200), C is f16, c = f16_rn(fmaf(alpha, float(acc), beta * float(c))).
// Every accumulator starts at +0 and takes the k-steps in order k = 0, 16, 32, ...
// Entries: hgemm_s3 (3 stages, 48 KiB dynamic shared memory), hgemm_s4 (4 stages, 64 KiB), hgemm_f16acc_s3.
// Leaves out: M, N, K edges (no predication or zero fill), double-buffered register fragments across k-steps,
// a shared-memory-staged epilogue with 16-byte stores, split-K, swizzled CTA rasterisation for L2 reuse, wgmma.
#include <cstdint>
#include <cuda_fp16.h>

constexpr int BM = 128, BN = 128, BK = 32, kThreads = 256;
constexpr int kStageHalves = BM * BK + BK * BN;  // 8192 halves = 16 KiB

__device__ __forceinline__ unsigned smem_addr(const void* p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}
__device__ __forceinline__ void cp_async_cg16(void* dst, const void* src) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(smem_addr(dst)), "l"(src) : "memory");
}
__device__ __forceinline__ void cp_async_commit() { asm volatile("cp.async.commit_group;" ::: "memory"); }
template <int N>
__device__ __forceinline__ void cp_async_wait() {
  asm volatile("cp.async.wait_group %0;" ::"n"(N) : "memory");
}
__device__ __forceinline__ void ldmatrix_x4(uint32_t (&r)[4], unsigned addr) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(addr));
}
__device__ __forceinline__ void ldmatrix_x4_trans(uint32_t (&r)[4], unsigned addr) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(addr));
}
__device__ __forceinline__ void mma_f32(float (&d)[4], const uint32_t (&a)[4], uint32_t b0, uint32_t b1) {
  asm volatile(
      "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
      "{%0, %1, %2, %3};"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}
__device__ __forceinline__ void mma_f16(uint32_t (&d)[2], const uint32_t (&a)[4], uint32_t b0, uint32_t b1) {
  asm volatile(
      "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%0, %1}, {%2, %3, %4, %5}, {%6, %7}, {%0, %1};"
      : "+r"(d[0]), "+r"(d[1])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}

// Element offsets (in halves) of 16-byte chunk c of A's row r and of B's row k inside a stage.
__device__ __forceinline__ int a_off(int r, int c) { return r * BK + ((c ^ ((r >> 1) & 3)) << 3); }
__device__ __forceinline__ int b_off(int k, int c) { return BM * BK + k * BN + ((c ^ (k & 7)) << 3); }

// Issues the copies of K tile kt: A's rows m0 .. m0+127, columns k0 .. k0+31; B's rows k0 .. k0+31, columns
// n0 .. n0+127. Thread tid copies A's chunk tid % 4 of rows tid / 4 and tid / 4 + 64, B's chunk tid % 16 of rows
// tid / 16 and tid / 16 + 16.
__device__ __forceinline__ void load_tile(__half* st, const __half* A, const __half* B, int lda, int ldb, int m0,
                                          int n0, int kt, int tid) {
  const int k0 = kt * BK;
#pragma unroll
  for (int i = 0; i < 2; ++i) {
    const int r = tid / 4 + 64 * i, c = tid % 4;
    cp_async_cg16(st + a_off(r, c), A + static_cast<long long>(m0 + r) * lda + k0 + 8 * c);
  }
#pragma unroll
  for (int i = 0; i < 2; ++i) {
    const int k = tid / 16 + 16 * i, c = tid % 16;
    cp_async_cg16(st + b_off(k, c), B + static_cast<long long>(k0 + k) * ldb + n0 + 8 * c);
  }
}

// The main loop; Acc is float[4][4][4] (f32) or uint32_t[4][4][2] (f16 pairs).
template <int STAGES, bool kF16Acc, typename Acc>
__device__ __forceinline__ void mainloop(Acc& acc, const __half* __restrict__ A, const __half* __restrict__ B, int K,
                                         int lda, int ldb) {
  extern __shared__ __align__(128) __half smem[];
  const int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
  const int wm = warp / 4, wn = warp % 4;
  const int m0 = blockIdx.y * BM, n0 = blockIdx.x * BN;
  const int ktiles = K / BK;
#pragma unroll
  for (int s = 0; s < STAGES - 1; ++s) {
    if (s < ktiles) load_tile(smem + s * kStageHalves, A, B, lda, ldb, m0, n0, s, tid);
    cp_async_commit();
  }
  for (int kt = 0; kt < ktiles; ++kt) {
    cp_async_wait<STAGES - 2>();  // this thread's copies of tile kt have landed
    __syncthreads();              // everyone's have; everyone finished tile kt - 1
    const int next = kt + STAGES - 1;
    if (next < ktiles) load_tile(smem + (next % STAGES) * kStageHalves, A, B, lda, ldb, m0, n0, next, tid);
    cp_async_commit();
    const __half* st = smem + (kt % STAGES) * kStageHalves;
#pragma unroll
    for (int kk = 0; kk < BK / 16; ++kk) {
      uint32_t a[4][4], b[4][2];
#pragma unroll
      for (int i = 0; i < 4; ++i)  // rows wm*64 + 16 i + lane % 16, k chunk 2 kk + lane / 16
        ldmatrix_x4(a[i], smem_addr(st + a_off(wm * 64 + 16 * i + lane % 16, 2 * kk + lane / 16)));
#pragma unroll
      for (int jp = 0; jp < 2; ++jp) {  // k rows 16 kk + lane % 16, n chunk (wn*32 + 16 jp) / 8 + lane / 16
        uint32_t r[4];
        ldmatrix_x4_trans(r, smem_addr(st + b_off(16 * kk + lane % 16, wn * 4 + 2 * jp + lane / 16)));
        b[2 * jp][0] = r[0];
        b[2 * jp][1] = r[1];
        b[2 * jp + 1][0] = r[2];
        b[2 * jp + 1][1] = r[3];
      }
#pragma unroll
      for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) {
          if constexpr (kF16Acc) mma_f16(acc[i][j], a[i], b[j][0], b[j][1]);
          else mma_f32(acc[i][j], a[i], b[j][0], b[j][1]);
        }
    }
  }
  cp_async_wait<0>();
}

template <int STAGES>
__device__ __forceinline__ void hgemm(const __half* __restrict__ A, const __half* __restrict__ B, float* __restrict__ C,
                                      int K, int lda, int ldb, int ldc, float alpha, float beta) {
  float acc[4][4][4];
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j)
#pragma unroll
      for (int e = 0; e < 4; ++e) acc[i][j][e] = 0.0f;
  mainloop<STAGES, false>(acc, A, B, K, lda, ldb);
  // Accumulator e of tile (i, j): row 16 i + lane / 4 + 8 (e / 2), column 8 j + 2 (lane % 4) + e % 2.
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  float* c = C + static_cast<long long>(blockIdx.y * BM + (warp / 4) * 64 + lane / 4) * ldc + blockIdx.x * BN +
             (warp % 4) * 32 + 2 * (lane % 4);
  float2 old[4][4][2];
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j)
#pragma unroll
      for (int h = 0; h < 2; ++h)
        old[i][j][h] = *reinterpret_cast<const float2*>(c + static_cast<long long>(16 * i + 8 * h) * ldc + 8 * j);
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j)
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        float2 v;
        v.x = fmaf(alpha, acc[i][j][2 * h], __fmul_rn(beta, old[i][j][h].x));
        v.y = fmaf(alpha, acc[i][j][2 * h + 1], __fmul_rn(beta, old[i][j][h].y));
        *reinterpret_cast<float2*>(c + static_cast<long long>(16 * i + 8 * h) * ldc + 8 * j) = v;
      }
}

template <int STAGES>
__device__ __forceinline__ void hgemm_f16acc(const __half* __restrict__ A, const __half* __restrict__ B,
                                             __half* __restrict__ C, int K, int lda, int ldb, int ldc, float alpha,
                                             float beta) {
  uint32_t acc[4][4][2];
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j) acc[i][j][0] = acc[i][j][1] = 0u;
  mainloop<STAGES, true>(acc, A, B, K, lda, ldb);
  // Register h of tile (i, j): row 16 i + lane / 4 + 8 h, columns 8 j + 2 (lane % 4) and + 1 (low half first).
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  __half* c = C + static_cast<long long>(blockIdx.y * BM + (warp / 4) * 64 + lane / 4) * ldc + blockIdx.x * BN +
              (warp % 4) * 32 + 2 * (lane % 4);
  __half2 old[4][4][2];
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j)
#pragma unroll
      for (int h = 0; h < 2; ++h)
        old[i][j][h] = *reinterpret_cast<const __half2*>(c + static_cast<long long>(16 * i + 8 * h) * ldc + 8 * j);
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j)
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        const __half2 s = *reinterpret_cast<const __half2*>(&acc[i][j][h]);
        const float lo = fmaf(alpha, __low2float(s), __fmul_rn(beta, __low2float(old[i][j][h])));
        const float hi = fmaf(alpha, __high2float(s), __fmul_rn(beta, __high2float(old[i][j][h])));
        *reinterpret_cast<__half2*>(c + static_cast<long long>(16 * i + 8 * h) * ldc + 8 * j) =
            __halves2half2(__float2half_rn(lo), __float2half_rn(hi));
      }
}

extern "C" __global__ void __launch_bounds__(kThreads)
    hgemm_s3(const __half* A, const __half* B, float* C, int K, int lda, int ldb, int ldc, float alpha, float beta) {
  hgemm<3>(A, B, C, K, lda, ldb, ldc, alpha, beta);
}
extern "C" __global__ void __launch_bounds__(kThreads)
    hgemm_s4(const __half* A, const __half* B, float* C, int K, int lda, int ldb, int ldc, float alpha, float beta) {
  hgemm<4>(A, B, C, K, lda, ldb, ldc, alpha, beta);
}
extern "C" __global__ void __launch_bounds__(kThreads)
    hgemm_f16acc_s3(const __half* A, const __half* B, __half* C, int K, int lda, int ldb, int ldc, float alpha,
                    float beta) {
  hgemm_f16acc<3>(A, B, C, K, lda, ldb, ldc, alpha, beta);
}
