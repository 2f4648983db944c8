// Microbenchmark ubench_cp_async: what Ampere's cp.async (SASS LDGSTS, LDGDEPBAR, DEPBAR) costs on one SM, for the
// timing model's cp.async path (timing/sm.hpp: a cp.async is timed as the global load it makes, its bytes land when
// the load returns). ubench_mbarrier's cp_async_rt measured one form (.cg 16 bytes, round trips); this one adds the
// others and throughput.
//   cpa_rt:   one warp, r round trips of one cp.async per lane + commit_group + wait_group 0 + a read of the copied
//             word (mode 0: .cg 16 bytes from a line in L2; 1: .ca 4 bytes from a line in L1; 2: .cg 16 bytes with
//             src-size 0, all zero fill; 3: the synchronous twin of mode 0, ld.global.cg + st.shared + ld.shared).
//             A warm-up pass first touches every source line (L2 for mode 0 and 3, L1 for mode 1), so every round
//             trip hits. cyc[slot] = cycles of the r round trips.
//   cpa_tput: W warps of one CTA each copy `iters` batches of 8 x 512 bytes (one copy per lane, 16 bytes) into its own
//             8 slots of dynamic shared memory: 8 cp.async, one commit_group, wait_group 0 per batch (mode 0: .cg from
//             distinct lines in L2, warmed first; 1: .ca from 4 KiB that stay in L1; 2: .ca 4 bytes per lane (128
//             consecutive bytes a copy, into consecutive words) from the first 1 KiB of those; 3: .cg with src-size 0; 4: the synchronous twin of mode 0, 8 ld.global.cg.v4
//             then 8 st.shared.v4). cyc[slot] = cycles from a __syncthreads before the first batch to one after the
//             last: bytes per cycle of one SM = W x iters x 8 x 512 (mode 2: 128) / cyc.
//   cpa_mix:  16 warps: warps 0-7 each run r steps of 8 independent conflict-free ld.shared.v4 (512 bytes each) and
//             an XOR; warps 8-15 run cpa_tput's mode 0 stream (iters batches) when `copies` is 1, else nothing.
//             cyc[slot] = warp 0's cycles for its loads: how much the landing copies slow shared-memory loads down.
// out gets values every order of execution gives (sums of copied words, zero-fill counts, XORs of loaded words).
// Leaves out: cp.async.mbarrier.arrive (ubench_mbarrier, tma_pipeline), several CTAs per SM, DRAM sources.
#include <cstdint>

__device__ __forceinline__ unsigned smem_addr(const void* p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}
__device__ __forceinline__ void cg16(unsigned dst, const void* src, unsigned src_bytes) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(dst), "l"(src), "r"(src_bytes) : "memory");
}
__device__ __forceinline__ void ca16(unsigned dst, const void* src) {
  asm volatile("cp.async.ca.shared.global [%0], [%1], 16;" ::"r"(dst), "l"(src) : "memory");
}
__device__ __forceinline__ void ca4(unsigned dst, const void* src) {
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" ::"r"(dst), "l"(src) : "memory");
}
__device__ __forceinline__ void commit() { asm volatile("cp.async.commit_group;" ::: "memory"); }
__device__ __forceinline__ void wait0() { asm volatile("cp.async.wait_group 0;" ::: "memory"); }

extern "C" __global__ void cpa_rt(unsigned* out, unsigned long long* cyc, const uint4* __restrict__ src, int mode,
                                  int r, int slot) {
  __shared__ alignas(16) uint4 buf[32];
  unsigned* const words = reinterpret_cast<unsigned*>(buf);
  const unsigned lane = threadIdx.x;
  const unsigned dst = smem_addr(mode == 1 ? static_cast<void*>(&words[lane]) : static_cast<void*>(&buf[lane]));
  const unsigned* src32 = reinterpret_cast<const unsigned*>(src);
  unsigned sum = 0;
  // Warm-up: the lines the round trips read (mode 1: one line, through L1; others: r x 512 bytes, into L2).
  if (mode == 1) {
    sum += __ldca(&src32[lane]);
  } else {
    for (int i = 0; i < r; ++i) sum += __ldcg(&src[static_cast<size_t>(i) * 32 + lane]).w;
  }
  __syncwarp();
  const long long t0 = clock64();
  for (int i = 0; i < r; ++i) {
    const uint4* p = src + static_cast<size_t>(i) * 32 + lane;
    if (mode == 0) {
      cg16(dst, p, 16);
    } else if (mode == 1) {
      ca4(dst, &src32[lane]);
    } else if (mode == 2) {
      cg16(dst, src, 0);
    } else {
      buf[lane] = __ldcg(p);
    }
    commit();
    wait0();
    sum += mode == 1 ? words[lane] : buf[lane].x;
  }
  const long long t1 = clock64();
  if (lane == 0) cyc[slot] = static_cast<unsigned long long>(t1 - t0);
  out[slot * 32 + lane] = sum;
}

// Batch b of warp w in mode 0/3/4 reads 512-byte block (w * iters + b) * 8 + c (c = 0..7) of src.
extern "C" __global__ void cpa_tput(unsigned* out, unsigned long long* cyc, const uint4* __restrict__ src, int mode,
                                    int iters, int slot) {
  extern __shared__ uint4 dyn[];
  const unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  uint4* mine = dyn + warp * 8 * 32;  // 8 slots of 32 x 16 bytes
  const unsigned* src32 = reinterpret_cast<const unsigned*>(src);
  unsigned sum = 0;
  if (mode == 0 || mode == 4) {  // warm L2 with this warp's blocks
    for (int b = 0; b < iters * 8; ++b) sum += __ldcg(&src[(static_cast<size_t>(warp) * iters * 8 + b) * 32 + lane]).w;
  } else if (mode == 1 || mode == 2) {  // the shared 4 KiB into L1
    for (int c = 0; c < 8; ++c) sum += __ldca(&src32[(c * 32 + lane) * 4]);
  }
  __syncthreads();
  const long long t0 = clock64();
  for (int b = 0; b < iters; ++b) {
    const uint4* blk = src + (static_cast<size_t>(warp) * iters + b) * 8 * 32 + lane;
    if (mode == 4) {
      uint4 v[8];
#pragma unroll
      for (int c = 0; c < 8; ++c) v[c] = __ldcg(blk + c * 32);
#pragma unroll
      for (int c = 0; c < 8; ++c) mine[c * 32 + lane] = v[c];
    } else {
#pragma unroll
      for (int c = 0; c < 8; ++c) {
        const unsigned dst = smem_addr(&mine[c * 32 + lane]);
        if (mode == 0) {
          cg16(dst, blk + c * 32, 16);
        } else if (mode == 1) {
          ca16(dst, src + c * 32 + lane);
        } else if (mode == 2) {
          ca4(smem_addr(reinterpret_cast<unsigned*>(mine) + c * 32 + lane), src32 + c * 32 + lane);
        } else {
          cg16(dst, src, 0);
        }
      }
      commit();
      wait0();
    }
    const unsigned* w32 = reinterpret_cast<const unsigned*>(mine);
    sum += mode == 2 ? w32[lane] + w32[7 * 32 + lane] : mine[lane].x + mine[7 * 32 + lane].y;
  }
  __syncthreads();
  const long long t1 = clock64();
  if (threadIdx.x == 0) cyc[slot] = static_cast<unsigned long long>(t1 - t0);
  out[slot * 1024 + threadIdx.x] = sum;
}

extern "C" __global__ void cpa_mix(unsigned* out, unsigned long long* cyc, const uint4* __restrict__ src, int copies,
                                   int r, int iters, int slot) {
  extern __shared__ uint4 dyn[];
  const unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  uint4* mine = dyn + warp * 8 * 32;
  for (int c = 0; c < 8; ++c) mine[c * 32 + lane] = make_uint4(warp, c, lane, 1u);
  unsigned sum = 0;
  if (warp >= 8 && copies != 0) {
    for (int b = 0; b < iters * 8; ++b)
      sum += __ldcg(&src[(static_cast<size_t>(warp - 8) * iters * 8 + b) * 32 + lane]).w;
  }
  __syncthreads();
  if (warp < 8) {
    const long long t0 = clock64();
    uint4 x = make_uint4(0, 0, 0, 0);
    for (int i = 0; i < r; ++i) {
      uint4 v[8];
#pragma unroll
      for (int c = 0; c < 8; ++c) v[c] = mine[((c + i) & 7) * 32 + lane];
#pragma unroll
      for (int c = 0; c < 8; ++c) {
        x.x ^= v[c].x;
        x.y ^= v[c].y;
        x.z ^= v[c].z;
        x.w ^= v[c].w;
      }
    }
    const long long t1 = clock64();
    if (threadIdx.x == 0) cyc[slot] = static_cast<unsigned long long>(t1 - t0);
    sum = x.x + x.y + x.z + x.w;
  } else if (copies != 0) {
    for (int b = 0; b < iters; ++b) {
      const uint4* blk = src + (static_cast<size_t>(warp - 8) * iters + b) * 8 * 32 + lane;
#pragma unroll
      for (int c = 0; c < 8; ++c) cg16(smem_addr(&mine[c * 32 + lane]), blk + c * 32, 16);
      commit();
      wait0();
      sum += mine[lane].x;
    }
  }
  out[slot * 1024 + threadIdx.x] = sum;
}
