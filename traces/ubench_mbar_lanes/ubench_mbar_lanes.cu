// Microbenchmark ubench_mbar_lanes: what an mbarrier wait costs as a function of how many lanes run it and of how
// ptxas holds its address. traces/ubench_tma_ring found 764 cycles from the top of a TMA-ring round to its full
// barrier passed, with the load landed rounds before and no false try_wait, where one warp's arrive + try_wait on
// its own mbarrier (traces/ubench_mbarrier) takes 64. The SASS differs: the ring's SYNCS.PHASECHK.TRANS64.TRYWAIT
// takes a per-lane register address ([R5+URZ]), ubench_mbarrier's a uniform one. This kernel separates the two.
//   mbar_lanes: one warp; `rounds` rounds, each: lane 0 arrives (count 1) on bar[s], then lanes 0 .. waiters-1 wait
//   for that phase (the other lanes skip the wait), then __syncwarp. form 0: s = i % stages (a division: the address
//   comes out of the vector datapath, as in tma_ring); form 1: s = i & (stages - 1) (integer ops only); form 2:
//   s = 0, bar[0] alone (a constant address); form 3: form 0's address, the wait spinning on mbarrier.test_wait;
//   form 4: form 0 with each lane's address passed through __shfl_sync from lane 0 (a per-lane register for sure).
//   cyc[slot] = lane 0's cycles for all rounds (from a __syncwarp before the first to one after the last).
//   out[32 slot + lane] = rounds if the lane waited, else 0, plus the phase parity it saw at the end (0 or 1).
// Leaves out: waits that must suspend (the phase always completed before the wait here: lane 0 arrives first), the
// .cluster forms, several warps on one barrier (traces/ubench_mbarrier's pingpong).
#include <cstdint>

constexpr int kMaxStages = 4;

__device__ __forceinline__ unsigned smem(const void* p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

__device__ __forceinline__ void arrive(unsigned bar) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(bar) : "memory");
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

__device__ __forceinline__ bool test_wait(unsigned bar, unsigned parity) {
  unsigned ok;
  asm volatile(
      "{ .reg .pred p; mbarrier.test_wait.parity.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
      : "=r"(ok)
      : "r"(bar), "r"(parity)
      : "memory");
  return ok != 0;
}

extern "C" __global__ void __launch_bounds__(32)
    mbar_lanes(unsigned long long* cyc, unsigned* out, int slot, int stages, int rounds, int waiters, int form) {
  __shared__ alignas(8) std::uint64_t bar[kMaxStages];
  const unsigned lane = threadIdx.x;
  if (lane == 0) {
    for (int s = 0; s < kMaxStages; ++s) {
      asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smem(&bar[s])) : "memory");
    }
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncwarp();
  const unsigned base = smem(&bar[0]);
  unsigned passed = 0, parity = 0;
  __syncwarp();
  const long long t0 = clock64();
  for (int i = 0; i < rounds; ++i) {
    unsigned s;
    if (form == 1) {
      s = static_cast<unsigned>(i) & static_cast<unsigned>(stages - 1);
    } else if (form == 2) {
      s = 0;
    } else {
      s = static_cast<unsigned>(i % stages);
    }
    unsigned addr = base + 8 * s;
    if (form == 4) addr = __shfl_sync(0xffffffffu, addr, 0);
    parity = static_cast<unsigned>((i / (form == 2 ? 1 : stages)) & 1);
    if (lane == 0) arrive(addr);
    if (lane < static_cast<unsigned>(waiters)) {
      if (form == 3) {
        while (!test_wait(addr, parity)) {
        }
      } else {
        while (!try_wait(addr, parity)) {
        }
      }
      ++passed;
    }
    __syncwarp();
  }
  const long long t1 = clock64();
  if (lane == 0) cyc[slot] = static_cast<unsigned long long>(t1 - t0);
  out[32 * slot + lane] = passed + parity;
}
