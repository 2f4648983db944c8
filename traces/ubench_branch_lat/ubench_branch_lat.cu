// Microbenchmark ubench_branch_lat: what ptxas's control flow costs on the H200, one warp timed with %clock64:
// the branch that consumes a just-computed predicate, a convergence region (BSSY/BSYNC) taken uniformly or
// divergently, a kernel parameter compared inside a loop, and a divergent region that holds an mbarrier wait loop
// (ptxas's YIELD) followed by __syncwarp(). Written for issue 9 (2026-12-05): ubench_mbar_lanes' and
// ubench_tma_ring's rounds are 20-35 % longer on the GPU than in warpsim with the same SASS instruction counts.
//   mode 0: counted loop (i < n), one IMAD per iteration: x = 3 x + 1.
//   mode 1: the same recurrence, the loop exits on the data: do x = 3 x + 1 while (x >> 8 != stop) (IMAD -> SHF ->
//           ISETP -> BRA); stop is x >> 8 after n steps (the config's value). Not x itself: ptxas then knows x at the
//           exit and deletes the loop (the first measurement, 2026-12-05, took 0.3 cycles an iteration).
//   mode 2: counted loop, four dependent IMADs per iteration (x = a x + c through an empty asm
//           statement each, so that LLVM does not fold them into one).
//   mode 3: data-exit loop, four dependent IMADs per iteration.
//   mode 4: counted loop, one IMAD, then if (((i ^ u) & 1) == 0) an inner loop of m IMADs on y, u = lane * sel:
//           sel 0 runs the region uniformly every other iteration, sel 1 splits the warp in halves (divergent).
//   mode 5: data-exit loop with a kernel parameter compared to an immediate inside it: if (flag == 1) x ^= 0x55.
//   mode 6: counted loop, a division q = i / d (d a parameter), then if (lane == sel_lane) { arrive on an
//           mbarrier and wait for its phase (try_wait loop) }, then __syncwarp().
//   mode 7: mode 6 without the wait: if (lane == sel_lane) arrive, then __syncwarp().
// x starts at 7 + u in every mode (7 where sel is 0). The first measurement (2026-12-05, call 1) started it at 7.
// cyc[slot] = lane 0's cycles for the loop; out[32 slot + lane] = the lane's x + y + q (keeps the chains live).
// Leaves out: several warps (issue contention), taken vs not-taken forward branches, indirect branches.
#include <cstdint>

__device__ __forceinline__ unsigned smem(const void* p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

__device__ __forceinline__ bool try_wait(unsigned bar, unsigned parity) {
  unsigned ok;
  asm volatile(
      "{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
      : "=r"(ok)
      : "r"(bar), "r"(parity)
      : "memory");
  return ok != 0;
}

// x = a x + c, opaque to LLVM (ptxas sees the four IMADs as written).
__device__ __forceinline__ unsigned step(unsigned x, unsigned a, unsigned c) {
  x = x * a + c;
  asm volatile("" : "+r"(x));
  return x;
}

extern "C" __global__ void __launch_bounds__(32)
    branch_lat(unsigned long long* cyc, unsigned* out, int slot, int mode, int n, unsigned stop, int m, int sel,
               int flag, int d) {
  __shared__ alignas(8) std::uint64_t bar;
  const unsigned lane = threadIdx.x;
  if (lane == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smem(&bar)) : "memory");
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncwarp();
  // x starts at 7 + u (7 with sel 0): lane-dependent to ptxas and warpsim alike, so that its chain is vector IMADs
  // (a chain from a constant alone is warp-uniform, which warpsim puts on the uniform pipe and ptxas does not).
  const unsigned u = lane * static_cast<unsigned>(sel);
  unsigned x = 7 + u, y = lane, q = 0;
  const long long t0 = clock64();
  if (mode == 0) {
#pragma unroll 1
    for (int i = 0; i < n; ++i) x = x * 3u + 1u;
  } else if (mode == 1) {
    do {
      x = x * 3u + 1u;
    } while ((x >> 8) != stop);
  } else if (mode == 2) {
#pragma unroll 1
    for (int i = 0; i < n; ++i) {
      x = step(x, 3u, 1u);
      x = step(x, 5u, 3u);
      x = step(x, 7u, 5u);
      x = step(x, 9u, 7u);
    }
  } else if (mode == 3) {
    do {
      x = step(x, 3u, 1u);
      x = step(x, 5u, 3u);
      x = step(x, 7u, 5u);
      x = step(x, 9u, 7u);
    } while ((x >> 8) != stop);
  } else if (mode == 4) {
#pragma unroll 1
    for (int i = 0; i < n; ++i) {
      x = x * 3u + 1u;
      if (((static_cast<unsigned>(i) ^ u) & 1u) == 0) {
#pragma unroll 1
        for (int j = 0; j < m; ++j) y = y * 5u + x;
      }
    }
  } else if (mode == 5) {
    do {
      x = x * 3u + 1u;
      asm volatile("" ::: "memory");  // keeps LLVM from unswitching the loop on flag (as in ubench_mbar_lanes)
      if (flag == 1) x ^= 0x55u;
    } while ((x >> 8) != stop);
  } else {
    const unsigned b = smem(&bar);
#pragma unroll 1
    for (int i = 0; i < n; ++i) {
      q += static_cast<unsigned>(i) / static_cast<unsigned>(d);
      if (lane == static_cast<unsigned>(sel)) {
        asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(b) : "memory");
        if (mode == 6) {
          while (!try_wait(b, static_cast<unsigned>(i) & 1u)) {
          }
        }
      }
      __syncwarp();
    }
  }
  const long long t1 = clock64();
  if (lane == 0) cyc[slot] = static_cast<unsigned long long>(t1 - t0);
  out[32 * slot + lane] = x + y + q;
}
