// traces/wgmma_gemm's gemm_sw128 (128B swizzle) with %clock64 stamps: where a CTA's cycles go on the GPU and in
// warpsim (issue 12: warpsim was +10.7 % at 1024^3 and +20.4 % at 2048 x 1024 x 512 on the H200, -4 % at 256^3 and
// 512^3; the error grows with the CTAs). The kernel is wgmma_gemm.cu's, unchanged but for the stamps: thread 0 of
// each warpgroup (tid % 128 == 0) records clock64() - t0 (t0 read at the kernel's start) into shared
// memory at
//   j = 0:            the prologue's two K tiles' cp.async issued,
//   j = 1 + 2 kt:     K tile kt landed (after cp.async.wait_group 1 and __syncthreads),
//   j = 2 + 2 kt:     after wgmma.wait_group 1 of K tile kt (tile kt - 1's wgmmas done),
//   j = 1 + 2 tiles:  after wgmma.wait_group 0 (the last tile's wgmmas done),
//   j = 2 + 2 tiles:  after the epilogue's C loads and stores were issued (each C word read, then written),
// and the CTA (blockIdx.y gridDim.x + blockIdx.x) writes them to stamps[(cta * 2 + wg) * 40 + j] at its end; the
// rest stay 0. `summary.py` prints the phases.
// regen_ptx: sm_90a only (sm_100a has no wgmma).
// Leaves out: the other swizzle modes (the same loop), per-warp stamps (every warp passes the same barriers).
#include <cstdint>
#include <cuda_fp16.h>

namespace {

constexpr int kStages = 3;
constexpr int kThreads = 256;
constexpr int kStamps = 40;  // per warpgroup: the prologue, 2 per K tile (at most 18 tiles), 2 for the epilogue

__device__ __forceinline__ std::uint64_t desc(unsigned addr, unsigned lbo, unsigned sbo, unsigned sw) {
  return (std::uint64_t)((addr & 0x3ffff) >> 4) | ((std::uint64_t)((lbo & 0x3ffff) >> 4) << 16) |
         ((std::uint64_t)((sbo & 0x3ffff) >> 4) << 32) | ((std::uint64_t)sw << 62);
}

// W: the swizzle's row bytes (0: no swizzle). SW: the descriptor's swizzle bits.
template <int W>
struct Layout {
  static constexpr int kRowBytes = W == 0 ? 64 : W;  // bytes of one row of a K tile (none: 32 f16)
  static constexpr int kTileK = kRowBytes / 2;       // f16 elements of K per tile
  static constexpr int kTileBytes = 128 * kRowBytes;
  static constexpr unsigned kSw = W == 128 ? 1 : W == 64 ? 2 : W == 32 ? 3 : 0;
  // The shared-memory byte offset (from the 1024-aligned tile base) of 16-byte chunk c of row r.
  __device__ static unsigned place(unsigned base, int r, int c) {
    if (W == 0) return base + (r / 8) * 512 + c * 128 + (r % 8) * 16;
    const unsigned a = base + r * W + c * 16;
    const unsigned mask = W == 0 ? 0u : static_cast<unsigned>(W / 16 - 1) << 4;
    return a ^ ((a >> 3) & mask);
  }
  // The descriptor of rows [row0, row0 + 64 or 128) and K group kk (16 elements) of a tile at `base`.
  __device__ static std::uint64_t make(unsigned base, int row0, int kk) {
    if (W == 0) return desc(base + (row0 / 8) * 512 + kk * 256, 128, 512, 0);
    return desc(base + row0 * W + kk * 32, 16, 8 * W, kSw);
  }
};

__device__ __forceinline__ void cp_async16(unsigned dst, const void* src) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(dst), "l"(src) : "memory");
}

template <int W>
__device__ void gemm(const __half* __restrict__ A, const __half* __restrict__ B, float* __restrict__ C, int M, int N,
                     int K, float alpha, float beta, unsigned long long* __restrict__ stamps) {
  using L = Layout<W>;
  __shared__ unsigned long long st[2][kStamps];
  extern __shared__ unsigned char dyn[];
  const unsigned raw = static_cast<unsigned>(__cvta_generic_to_shared(dyn));
  const unsigned base = (raw + 1023u) & ~1023u;
  const unsigned tid = threadIdx.x, wg = tid / 128, wr = (tid % 128) / 32, lane = tid % 32;
  const int m0 = blockIdx.y * 128, n0 = blockIdx.x * 128;
  const int tiles = K / L::kTileK;
  const bool stamper = tid % 128 == 0;  // thread 0 of each warpgroup
  const long long t0 = clock64();
  if (stamper)
    for (int j = 0; j < kStamps; ++j) st[wg][j] = 0;
  const auto stamp = [&](int j) {
    if (stamper) st[wg][j] = static_cast<unsigned long long>(clock64() - t0);
  };
  const auto stage_a = [&](int s) { return base + s * 2 * L::kTileBytes; };
  const auto stage_b = [&](int s) { return base + s * 2 * L::kTileBytes + L::kTileBytes; };
  constexpr int kChunksPerRow = L::kRowBytes / 16;
  const auto load = [&](int kt) {
    if (kt < tiles) {
      const int s = kt % kStages;
      for (int i = tid; i < 128 * kChunksPerRow; i += kThreads) {
        const int r = i / kChunksPerRow, c = i % kChunksPerRow;
        cp_async16(L::place(stage_a(s), r, c), A + (size_t)(m0 + r) * K + kt * L::kTileK + c * 8);
        cp_async16(L::place(stage_b(s), r, c), B + (size_t)(n0 + r) * K + kt * L::kTileK + c * 8);
      }
    }
    asm volatile("cp.async.commit_group;" ::: "memory");
  };
  float d[64];
#pragma unroll
  for (int i = 0; i < 64; ++i) d[i] = 0.f;
  for (int kt = 0; kt < kStages - 1; ++kt) load(kt);
  stamp(0);
  for (int kt = 0; kt < tiles; ++kt) {
    asm volatile("cp.async.wait_group 1;" ::: "memory");
    __syncthreads();
    stamp(1 + 2 * kt);
    const int s = kt % kStages;
    asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
#pragma unroll
    for (int kk = 0; kk < L::kTileK / 16; ++kk) {
      const std::uint64_t da = L::make(stage_a(s), wg * 64, kk), db = L::make(stage_b(s), 0, kk);
      const int scale = (kt > 0 || kk > 0) ? 1 : 0;
      asm volatile(
          "{\n .reg .pred p;\n setp.ne.b32 p, %66, 0;\n"
          " wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 "
          "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, "
          "%23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, "
          "%44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, "
          "%64, %65, p, 1, 1, 0, 0;\n}\n"
          : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]),
            "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]),
            "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]),
            "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]),
            "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]),
            "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]),
            "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]),
            "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63])
          : "l"(da), "l"(db), "r"(scale)
          : "memory");
    }
    asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 1;" ::: "memory");
    stamp(2 + 2 * kt);
    __syncthreads();
    load(kt + kStages - 1);
  }
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  stamp(1 + 2 * tiles);
  const int g = lane / 4, t = lane % 4;
#pragma unroll
  for (int i = 0; i < 64; ++i) {
    const int row = m0 + wg * 64 + wr * 16 + g + 8 * ((i / 2) % 2), col = n0 + 8 * (i / 4) + 2 * t + i % 2;
    float& c = C[(size_t)row * N + col];
    c = alpha * d[i] + beta * c;
  }
  stamp(2 + 2 * tiles);
  __syncthreads();
  const unsigned cta = blockIdx.y * gridDim.x + blockIdx.x;
  if (tid < 2 * kStamps) stamps[(size_t)cta * 2 * kStamps + tid] = st[tid / kStamps][tid % kStamps];
}

}  // namespace

extern "C" __global__ void __launch_bounds__(256) gemm_sw128_probe(const __half* A, const __half* B, float* C, int M,
                                                                    int N, int K, float alpha, float beta,
                                                                    unsigned long long* stamps) {
  gemm<128>(A, B, C, M, N, K, alpha, beta, stamps);
}
