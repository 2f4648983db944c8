// ws_gemm_probe: a copy of traces/ws_gemm's f16 kernel (ws_gemm.cu, which stays as measured; see its header) with
// %clock64 stamps, to see where a CTA's cycles go on the GPU: the producer thread stamps each K tile's TMA issue
// (after its empty barrier passed), thread 0 of each consumer warpgroup stamps each K tile's full barrier passed, the
// end of its K loop (after wait_group 0), its TMA store issued and its last bulk wait done. stamps[256 b + j], CTA b:
// j = 0 the producer's start (after the CTA's barrier), 1 + it the producer's issue of K tile `it` (it < 64),
// 65 + 64 c + it consumer c's full barrier passed for `it`, 193 + c its K loop's end, 195 + c its TMA store issued,
// 197 + c its last wait done (after the last tile), 199 + c its start (after setmaxnreg); clock64 of the CTA's SM.
// Entry ws_gemm_f16_probe (clusters of 1 only): the tensor maps of A, B and D, then M, N, K, then `stamps`.
// regen_ptx: sm_90a only (wgmma and setmaxnreg: sm_100a has neither).
// Leaves out: clusters, e4m3 (ws_gemm.cu has them), stamps past 64 K tiles per CTA (not written).
#include <cooperative_groups.h>
#include <cuda.h>

#include <cstdint>

namespace cg = cooperative_groups;

namespace {

constexpr int kStages = 4;
constexpr int kThreads = 384;
constexpr unsigned kTileBytes = 128 * 128;              // one operand's K tile: 128 rows x 128 bytes
constexpr unsigned kStageBytes = 2 * kTileBytes;        // A and B
constexpr unsigned kEpiBytes = 2 * 64 * 128 * 4;        // two warpgroups x 64 x 128 f32
constexpr unsigned kBarOffset = kStages * kStageBytes + kEpiBytes;

__device__ __forceinline__ std::uint64_t desc128(unsigned addr) {
  // 128-byte swizzle (mode 1), LBO 16 (unused with a swizzle), SBO 1024 (8 rows of 128 bytes).
  return (std::uint64_t)((addr & 0x3ffff) >> 4) | ((std::uint64_t)(16 >> 4) << 16) |
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
// Arrive on the barrier at the same shared-memory offset in cluster rank `cta` (this CTA included).
__device__ __forceinline__ void bar_arrive_cluster(unsigned bar, unsigned cta) {
  asm volatile(
      "{\n .reg .b32 ra;\n mapa.shared::cluster.u32 ra, %0, %1;\n"
      " mbarrier.arrive.release.cluster.shared::cluster.b64 _, [ra];\n}\n" ::"r"(bar),
      "r"(cta)
      : "memory");
}
__device__ __forceinline__ void bar_arrive_local(unsigned bar) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(bar) : "memory");
}
__device__ __forceinline__ void tma_load(unsigned dst, const CUtensorMap* map, int x, int y, unsigned bar) {
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];" ::"r"(
          dst),
      "l"(map), "r"(x), "r"(y), "r"(bar)
      : "memory");
}
__device__ __forceinline__ void tma_load_multicast(unsigned dst, const CUtensorMap* map, int x, int y, unsigned bar,
                                                   unsigned short mask) {
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster"
      " [%0], [%1, {%2, %3}], [%4], %5;" ::"r"(dst),
      "l"(map), "r"(x), "r"(y), "r"(bar), "h"(mask)
      : "memory");
}
__device__ __forceinline__ void tma_store(const CUtensorMap* map, int x, int y, unsigned src) {
  asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%0, {%1, %2}], [%3];" ::"l"(map), "r"(x),
               "r"(y), "r"(src)
               : "memory");
}

#define WS_D64                                                                                                       \
  "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]),      \
      "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]),        \
      "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]),       \
      "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]),       \
      "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]),       \
      "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]),       \
      "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]),       \
      "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63])
#define WS_REGS                                                                                                      \
  "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, "  \
  "%24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, "    \
  "%46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}"

template <bool kFp8>
__device__ __forceinline__ void mma(float (&d)[64], std::uint64_t da, std::uint64_t db, int scale) {
  if constexpr (kFp8) {
    asm volatile(
        "{\n .reg .pred p;\n setp.ne.b32 p, %66, 0;\n"
        " wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3 " WS_REGS ", %64, %65, p, 1, 1;\n}\n"
        : WS_D64
        : "l"(da), "l"(db), "r"(scale)
        : "memory");
  } else {
    asm volatile(
        "{\n .reg .pred p;\n setp.ne.b32 p, %66, 0;\n"
        " wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 " WS_REGS ", %64, %65, p, 1, 1, 0, 0;\n}\n"
        : WS_D64
        : "l"(da), "l"(db), "r"(scale)
        : "memory");
  }
}

__device__ __forceinline__ unsigned long long stamp() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%clock64;" : "=l"(t)::"memory");
  return t;
}

template <int kC, bool kFp8>
__device__ void ws_gemm(const CUtensorMap* mapA, const CUtensorMap* mapB, const CUtensorMap* mapD, int M, int N,
                        int K, unsigned long long* __restrict__ stamps) {
  unsigned long long* const st = stamps + 256ull * blockIdx.x;
  extern __shared__ unsigned char dyn[];
  const unsigned raw = static_cast<unsigned>(__cvta_generic_to_shared(dyn));
  const unsigned base = (raw + 1023u) & ~1023u;
  const unsigned epi = base + kStages * kStageBytes;
  const unsigned bars = base + kBarOffset;  // full[s] at bars + 8 s, empty[s] at bars + 8 (kStages + s)
  const auto full = [&](int s) { return bars + 8u * s; };
  const auto empty = [&](int s) { return bars + 8u * (kStages + s); };
  const auto stage_a = [&](int s) { return base + s * kStageBytes; };
  const auto stage_b = [&](int s) { return base + s * kStageBytes + kTileBytes; };

  const unsigned tid = threadIdx.x, wg = tid / 128;
  unsigned rank = 0;
  if constexpr (kC > 1) asm("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
  const int cluster_id = blockIdx.x / kC, clusters = gridDim.x / kC;
  constexpr int kTileK = kFp8 ? 128 : 64;  // elements of K per stage
  const int ktiles = K / kTileK;
  const int tiles_n = N / (128 * kC);
  const int tiles = (M / 128) * tiles_n;

  if (tid == 0) {
    for (int s = 0; s < kStages; ++s) {
      bar_init(full(s), 1);
      bar_init(empty(s), 2 * kC);
    }
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  if constexpr (kC > 1) {
    cg::this_cluster().sync();
  } else {
    __syncthreads();
  }

  if (wg == 0) {
    asm volatile("setmaxnreg.dec.sync.aligned.u32 40;" ::: "memory");
    if (tid == 0) {
      st[0] = stamp();
      int it = 0;
      for (int t = cluster_id; t < tiles; t += clusters) {
        const int m0 = (t / tiles_n) * 128, n0 = ((t % tiles_n) * kC + static_cast<int>(rank)) * 128;
        for (int kt = 0; kt < ktiles; ++kt, ++it) {
          const int s = it % kStages;
          bar_wait(empty(s), ((it / kStages) & 1) ^ 1);
          if (it < 64) st[1 + it] = stamp();
          bar_expect_tx(full(s), kStageBytes);
          if constexpr (kC > 1) {
            tma_load_multicast(stage_a(s) + rank * (kTileBytes / kC), mapA, kt * kTileK,
                               m0 + static_cast<int>(rank) * (128 / kC), full(s),
                               static_cast<unsigned short>((1u << kC) - 1));
          } else {
            tma_load(stage_a(s), mapA, kt * kTileK, m0, full(s));
          }
          tma_load(stage_b(s), mapB, kt * kTileK, n0, full(s));
        }
      }
    }
  } else {
    asm volatile("setmaxnreg.inc.sync.aligned.u32 232;" ::: "memory");
    const unsigned c = wg - 1, wt = tid % 128, wr = wt / 32, lane = tid % 32;
    const unsigned g = lane / 4, q = lane % 4;
    const unsigned my_epi = epi + c * (64 * 128 * 4);
    float d[64];
#pragma unroll
    for (int i = 0; i < 64; ++i) d[i] = 0.f;
    if (wt == 0) st[199 + c] = stamp();
    int it = 0;
    for (int t = cluster_id; t < tiles; t += clusters) {
      const int m0 = (t / tiles_n) * 128, n0 = ((t % tiles_n) * kC + static_cast<int>(rank)) * 128;
      for (int kt = 0; kt < ktiles; ++kt, ++it) {
        const int s = it % kStages;
        bar_wait(full(s), (it / kStages) & 1);
        if (wt == 0 && it < 64) st[65 + 64 * c + it] = stamp();
        asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
#pragma unroll
        for (int kk = 0; kk < 4; ++kk) {
          mma<kFp8>(d, desc128(stage_a(s) + c * 64 * 128 + kk * 32), desc128(stage_b(s) + kk * 32),
                    (kt > 0 || kk > 0) ? 1 : 0);
        }
        asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
        if (kt > 0) {
          asm volatile("wgmma.wait_group.sync.aligned 1;" ::: "memory");
          if (wt == 0) {
            const int ps = (it - 1) % kStages;
            if constexpr (kC > 1) {
              for (unsigned r = 0; r < kC; ++r) bar_arrive_cluster(empty(ps), r);
            } else {
              bar_arrive_local(empty(ps));
            }
          }
        }
      }
      asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
      if (wt == 0) st[193 + c] = stamp();
      if (wt == 0) {
        const int ps = (it - 1) % kStages;
        if constexpr (kC > 1) {
          for (unsigned r = 0; r < kC; ++r) bar_arrive_cluster(empty(ps), r);
        } else {
          bar_arrive_local(empty(ps));
        }
      }
      // Epilogue: accumulators -> four swizzled 64 x 32 f32 boxes -> TMA store.
      if (wt == 0) asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
      asm volatile("bar.sync %0, 128;" ::"r"(c + 1) : "memory");
#pragma unroll
      for (int i = 0; i < 64; i += 2) {
        const unsigned row = wr * 16 + g + 8 * ((i / 2) % 2), col = 8 * (i / 4) + 2 * q;
        const unsigned box = col / 32, chunk = (col % 32) / 4;
        const unsigned addr = my_epi + box * (64 * 128) + row * 128 + ((chunk ^ (row % 8)) * 16) + (col % 4) * 4;
        asm volatile("st.shared.v2.f32 [%0], {%1, %2};" ::"r"(addr), "f"(d[i]), "f"(d[i + 1]) : "memory");
      }
      asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
      asm volatile("bar.sync %0, 128;" ::"r"(c + 1) : "memory");
      if (wt == 0) {
        for (int b = 0; b < 4; ++b) tma_store(mapD, n0 + 32 * b, m0 + 64 * static_cast<int>(c), my_epi + b * 64 * 128);
        asm volatile("cp.async.bulk.commit_group;" ::: "memory");
        st[195 + c] = stamp();
      }
    }
    if (wt == 0) {
      asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
      st[197 + c] = stamp();
    }
  }
  if constexpr (kC > 1) cg::this_cluster().sync();  // no CTA leaves while its peer may still signal it
}

}  // namespace

extern "C" __global__ void __launch_bounds__(kThreads, 1)
    ws_gemm_f16_probe(const __grid_constant__ CUtensorMap mapA, const __grid_constant__ CUtensorMap mapB,
                      const __grid_constant__ CUtensorMap mapD, int M, int N, int K,
                      unsigned long long* __restrict__ stamps) {
  ws_gemm<1, false>(&mapA, &mapB, &mapD, M, N, K, stamps);
}
