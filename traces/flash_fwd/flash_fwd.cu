// flash_fwd: a small FlashAttention-2-style forward kernel for sm_90a, written from the PTX ISA (no code taken from
// FlashAttention or CUTLASS): O = softmax(scale Q K^T) V per (batch x head), head dimension 64, no mask (not causal).
// Q, K, V: [BH x S, 64] f16 row-major (the head dimension contiguous), O: [BH x S, 64] f32 row-major.
// One CTA per (64-row Q block, batch x head): grid [S / 64, BH], 160 threads. Warps 0-3 are the consumer warpgroup,
// warp 4 the producer: its lane 0 loads the Q block once (TMA, its own mbarrier) and then walks the S / 64 K/V tiles
// (64 rows x 128 bytes each, 128-byte swizzle) through a 2-stage ring with cp.async.bulk.tensor.2d, guarded by a
// full mbarrier (arrive.expect_tx of the stage's 16 KiB, completed by the TMA transactions) and an empty mbarrier
// (one arrival of the consumer warpgroup) per stage. No setmaxnreg (the producer is one warp, not a warpgroup).
// Consumer, per K/V tile j:
//   S = Q K_j^T: 4 wgmma.mma_async m64n64k16 f32.f16.f16, Q and K from shared-memory descriptors (K-major, 128B
//     swizzle, SBO 1024), scale-d 0 on the first; commit_group, wait_group 0.
//   online softmax in registers (thread lane = 4 g + q holds rows 16 w + g and 16 w + g + 8, 16 scores each):
//     m_new = max(m_old, row max) (max over the thread's 16 scores, then shfl.xor 1 and 2 across the 4 lanes of
//     the row); alpha = ex2.approx.ftz((m_old - m_new) c); p = ex2.approx.ftz((s - m_new) c) with
//     c = scale x log2(e) (f32); l = l alpha + sum p (per-thread partial sums, reduced across the 4 lanes at the
//     end); O *= alpha.
//   P -> f16 (cvt.rn.f16x2.f32) is the A operand of O += P V_j from registers (4 x .b32 per k16 step, the
//     accumulator fragment of S re-read as the A fragment), V_j from an MN-major descriptor (imm-trans-b 1,
//     128B swizzle: V's rows are K rows of the head dimension, SBO 1024 between 8-row groups, the k16 step 2048
//     bytes); commit_group, wait_group 0, then thread 0 releases the stage.
// Epilogue: l reduced across the 4 lanes (shfl.xor 1, 2), O / l (div.rn.f32) stored as f32 with st.global.v2.
// Arguments: tensor maps of Q, K, V (f16, dims 64 x BH S, box 64 x 64, 128B swizzle), O (f32*), S (s32), scale (f32).
// S multiple of 64. Dynamic shared memory: 42,048 bytes (Q 8 KiB, 2 x (K 8 KiB + V 8 KiB), barriers, 1 KiB align).
// regen_ptx: sm_90a only (wgmma: sm_100a has none).
// Leaves out: causal masking, S remainders, overlapping the next tile's S = Q K^T with this tile's softmax (the
// intra-warpgroup pipelining of FlashAttention-3), two consumer warpgroups (ping-pong), f16 output, the backward
// pass, the log-sum-exp output.
#include <cuda.h>

#include <cstdint>

namespace {

constexpr int kThreads = 160;
constexpr unsigned kTileBytes = 64 * 128;  // 64 rows x 64 f16
constexpr unsigned kStageBytes = 2 * kTileBytes;
constexpr unsigned kRing = kTileBytes;                   // stage s at kRing + s kStageBytes: K, then V
constexpr unsigned kBars = kRing + 2 * kStageBytes;      // qbar, full[0..1], empty[0..1]

// K-major operand, 128-byte swizzle (mode 1): LBO 16 (unused with a swizzle), SBO 1024 (8 rows of 128 bytes).
__device__ __forceinline__ std::uint64_t desc_k(unsigned addr) {
  return (std::uint64_t)((addr & 0x3ffff) >> 4) | ((std::uint64_t)(16 >> 4) << 16) |
         ((std::uint64_t)(1024 >> 4) << 32) | ((std::uint64_t)1 << 62);
}
// MN-major operand (V: K rows of 64 f16 along N), 128-byte swizzle: one swizzle atom spans all 64 columns of N,
// so LBO (the stride to the next 64-column atom) is unused; it is set to the tile's size. SBO 1024 (8 K rows).
__device__ __forceinline__ std::uint64_t desc_mn(unsigned addr) {
  return (std::uint64_t)((addr & 0x3ffff) >> 4) | ((std::uint64_t)(8192 >> 4) << 16) |
         ((std::uint64_t)(1024 >> 4) << 32) | ((std::uint64_t)1 << 62);
}

__device__ __forceinline__ void bar_init(unsigned bar, unsigned count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(bar), "r"(count) : "memory");
}
__device__ __forceinline__ void bar_wait(unsigned bar, unsigned parity) {
  unsigned ok = 0;
  do {
    asm volatile(
        "{\n .reg .pred p;\n mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n selp.u32 %0, 1, 0, p;\n}\n"
        : "=r"(ok)
        : "r"(bar), "r"(parity)
        : "memory");
  } while (!ok);
}
__device__ __forceinline__ void bar_expect_tx(unsigned bar, unsigned bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(bar), "r"(bytes) : "memory");
}
__device__ __forceinline__ void bar_arrive(unsigned bar) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(bar) : "memory");
}
__device__ __forceinline__ void tma_load(unsigned dst, const CUtensorMap* map, int x, int y, unsigned bar) {
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];" ::"r"(
          dst),
      "l"(map), "r"(x), "r"(y), "r"(bar)
      : "memory");
}
__device__ __forceinline__ float ex2(float x) {
  float y;
  asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
  return y;
}
__device__ __forceinline__ unsigned pack_f16(float lo, float hi) {
  unsigned r;
  asm("cvt.rn.f16x2.f32 %0, %1, %2;" : "=r"(r) : "f"(hi), "f"(lo));  // the first source goes to the upper half
  return r;
}

#define FA_D32                                                                                                       \
  "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]),      \
      "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]),        \
      "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]),       \
      "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31])
#define FA_REGS                                                                                                      \
  "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, "  \
  "%24, %25, %26, %27, %28, %29, %30, %31}"

// d (+)= A B with A and B from shared-memory descriptors (both K-major).
__device__ __forceinline__ void mma_ss(float (&d)[32], std::uint64_t da, std::uint64_t db, int scale_d) {
  asm volatile(
      "{\n .reg .pred p;\n setp.ne.b32 p, %34, 0;\n"
      " wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 " FA_REGS ", %32, %33, p, 1, 1, 0, 0;\n}\n"
      : FA_D32
      : "l"(da), "l"(db), "r"(scale_d)
      : "memory");
}
// d += A B with A from four registers of f16 pairs and B from an MN-major descriptor (imm-trans-b 1).
__device__ __forceinline__ void mma_rs(float (&d)[32], unsigned a0, unsigned a1, unsigned a2, unsigned a3,
                                       std::uint64_t db) {
  asm volatile("wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 " FA_REGS
               ", {%32, %33, %34, %35}, %36, 1, 1, 1, 1;\n"
               : FA_D32
               : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "l"(db)
               : "memory");
}

}  // namespace

extern "C" __global__ void __launch_bounds__(kThreads, 1)
    flash_fwd(const __grid_constant__ CUtensorMap mapQ, const __grid_constant__ CUtensorMap mapK,
              const __grid_constant__ CUtensorMap mapV, float* __restrict__ O, int S, float scale) {
  extern __shared__ unsigned char dyn[];
  const unsigned raw = static_cast<unsigned>(__cvta_generic_to_shared(dyn));
  const unsigned base = (raw + 1023u) & ~1023u;  // the 128-byte swizzle repeats every 1024 bytes of address
  const unsigned qbar = base + kBars;
  const auto full = [&](int s) { return base + kBars + 8u + 8u * s; };
  const auto empty = [&](int s) { return base + kBars + 24u + 8u * s; };
  const auto stage_k = [&](int s) { return base + kRing + s * kStageBytes; };
  const auto stage_v = [&](int s) { return base + kRing + s * kStageBytes + kTileBytes; };

  const unsigned tid = threadIdx.x;
  const int row0 = blockIdx.y * S;  // this batch x head's first row in Q, K, V, O
  const int qrow = row0 + blockIdx.x * 64;
  const int tiles = S / 64;

  if (tid == 0) {
    bar_init(qbar, 1);
    for (int s = 0; s < 2; ++s) {
      bar_init(full(s), 1);
      bar_init(empty(s), 1);
    }
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();

  if (tid >= 128) {  // producer warp
    if (tid == 128) {
      bar_expect_tx(qbar, kTileBytes);
      tma_load(base, &mapQ, 0, qrow, qbar);
      for (int j = 0; j < tiles; ++j) {
        const int s = j & 1;
        bar_wait(empty(s), ((j >> 1) & 1) ^ 1);
        bar_expect_tx(full(s), kStageBytes);
        tma_load(stage_k(s), &mapK, 0, row0 + 64 * j, full(s));
        tma_load(stage_v(s), &mapV, 0, row0 + 64 * j, full(s));
      }
    }
    return;
  }

  const unsigned w = tid / 32, lane = tid % 32, g = lane / 4, q = lane % 4;
  const float c = scale * 1.44269504088896341f;  // scale x log2(e), rounded to f32
  float o[32], sc[32];
#pragma unroll
  for (int i = 0; i < 32; ++i) o[i] = 0.f;
  float m0 = -INFINITY, m1 = -INFINITY, l0 = 0.f, l1 = 0.f;  // rows g and g + 8 of the warp's 16
  bar_wait(qbar, 0);
  for (int j = 0; j < tiles; ++j) {
    const int s = j & 1;
    bar_wait(full(s), (j >> 1) & 1);
    asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
#pragma unroll
    for (int kk = 0; kk < 4; ++kk) mma_ss(sc, desc_k(base + kk * 32), desc_k(stage_k(s) + kk * 32), kk);
    asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");

    // Register i of S holds row g + 8 ((i / 2) % 2), column 8 (i / 4) + 2 q + i % 2.
    float mx0 = m0, mx1 = m1;
#pragma unroll
    for (int i = 0; i < 32; ++i) {
      if ((i / 2) % 2 == 0) mx0 = fmaxf(mx0, sc[i]);
      else mx1 = fmaxf(mx1, sc[i]);
    }
    mx0 = fmaxf(mx0, __shfl_xor_sync(0xffffffffu, mx0, 1));
    mx0 = fmaxf(mx0, __shfl_xor_sync(0xffffffffu, mx0, 2));
    mx1 = fmaxf(mx1, __shfl_xor_sync(0xffffffffu, mx1, 1));
    mx1 = fmaxf(mx1, __shfl_xor_sync(0xffffffffu, mx1, 2));
    const float alpha0 = ex2((m0 - mx0) * c), alpha1 = ex2((m1 - mx1) * c);
    m0 = mx0;
    m1 = mx1;
    float r0 = 0.f, r1 = 0.f;
#pragma unroll
    for (int i = 0; i < 32; ++i) {
      if ((i / 2) % 2 == 0) {
        sc[i] = ex2((sc[i] - mx0) * c);
        r0 += sc[i];
      } else {
        sc[i] = ex2((sc[i] - mx1) * c);
        r1 += sc[i];
      }
    }
    l0 = l0 * alpha0 + r0;
    l1 = l1 * alpha1 + r1;
#pragma unroll
    for (int i = 0; i < 32; ++i) o[i] *= ((i / 2) % 2 == 0) ? alpha0 : alpha1;
    // The A fragment of k16 step kk: {row g, cols 16 kk + 2q (+1)}, {row g + 8, same}, {row g, cols + 8},
    // {row g + 8, cols + 8}: S's registers 8 kk .. 8 kk + 7 in order, two at a time.
    unsigned a[16];
#pragma unroll
    for (int i = 0; i < 16; ++i) a[i] = pack_f16(sc[2 * i], sc[2 * i + 1]);
    asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
#pragma unroll
    for (int kk = 0; kk < 4; ++kk)
      mma_rs(o, a[4 * kk], a[4 * kk + 1], a[4 * kk + 2], a[4 * kk + 3], desc_mn(stage_v(s) + kk * 2048));
    asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
    if (tid == 0) bar_arrive(empty(s));
  }

  l0 += __shfl_xor_sync(0xffffffffu, l0, 1);
  l0 += __shfl_xor_sync(0xffffffffu, l0, 2);
  l1 += __shfl_xor_sync(0xffffffffu, l1, 1);
  l1 += __shfl_xor_sync(0xffffffffu, l1, 2);
#pragma unroll
  for (int i = 0; i < 32; i += 2) {
    const int row = qrow + 16 * w + g + 8 * ((i / 2) % 2), col = 8 * (i / 4) + 2 * q;
    const float l = ((i / 2) % 2 == 0) ? l0 : l1;
    *reinterpret_cast<float2*>(O + static_cast<long>(row) * 64 + col) = make_float2(o[i] / l, o[i + 1] / l);
  }
}
