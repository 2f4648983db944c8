// Microbenchmark ubench_mbarrier: what an mbarrier and an Ampere cp.async cost (the GPU-model parameters
// sm.mbarrier_latency, sm.mbarrier_wake_cycles and sm.mbarrier_suspend_limit_ns; mem.* for cp.async).
//   mbar_self:     one warp, an mbarrier expecting 1 arrival; r steps of: lane 0 arrives, every lane spins on
//                  try_wait.parity until the phase completes. Cycles per step = arrive + a satisfied try_wait.
//   mbar_pingpong: two warps and two mbarriers; warp 0 arrives on A and waits on B, warp 1 waits on A and arrives
//                  on B, r times. Cycles per round = two arrive-to-wake hand-overs.
//   mbar_timeout:  one warp try_waits (no hint, then with a 20 us hint) on a phase nobody completes, k times
//                  each; %globaltimer gives the time until try_wait returns false. The phase is completed at the
//                  end so the kernel exits cleanly.
//   cp_async_rt:   one warp, r round trips of cp.async.cg 16 bytes per lane (one 512-byte block) from a buffer
//                  that fits in L2 + commit_group + wait_group 0, then the same with ld.global.cg; cycles of each.
// cyc[0..] gets %clock64 differences (warp 0, lane 0), ns[0..1] the %globaltimer differences of mbar_timeout;
// out gets values every order of execution gives (phase counts, sums of the copied words).
// Leaves out: mbarriers in clusters (remote arrive), transaction counts (TMA measures those), cp.async.ca, many
// warps contending.
#include <cstdint>

__device__ __forceinline__ unsigned smem_addr(const void* p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}
__device__ __forceinline__ void mbar_init(unsigned bar, unsigned count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(bar), "r"(count) : "memory");
}
__device__ __forceinline__ void mbar_arrive(unsigned bar) {
  asm volatile("{ .reg .b64 st; mbarrier.arrive.shared::cta.b64 st, [%0]; }" ::"r"(bar) : "memory");
}
__device__ __forceinline__ bool mbar_try_wait(unsigned bar, unsigned parity) {
  unsigned ok;
  asm volatile(
      "{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
      : "=r"(ok)
      : "r"(bar), "r"(parity)
      : "memory");
  return ok != 0;
}
__device__ __forceinline__ bool mbar_try_wait_hint(unsigned bar, unsigned parity, unsigned hint_ns) {
  unsigned ok;
  asm volatile(
      "{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2, %3; selp.u32 %0, 1, 0, p; }"
      : "=r"(ok)
      : "r"(bar), "r"(parity), "r"(hint_ns)
      : "memory");
  return ok != 0;
}
__device__ __forceinline__ unsigned long long globaltimer() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

extern "C" __global__ void mbar_self(unsigned* out, unsigned long long* cyc, int r) {
  __shared__ unsigned long long bar;
  const unsigned b = smem_addr(&bar);
  if (threadIdx.x == 0) mbar_init(b, 1);
  __syncwarp();
  unsigned spins = 0;
  const long long t0 = clock64();
  for (int i = 0; i < r; ++i) {
    if (threadIdx.x == 0) mbar_arrive(b);
    while (!mbar_try_wait(b, i & 1)) ++spins;
  }
  const long long t1 = clock64();
  if (threadIdx.x == 0) cyc[0] = (unsigned long long)(t1 - t0);
  out[threadIdx.x] = r;  // every lane saw r phases complete (spins vary with timing: not written)
  (void)spins;
}

extern "C" __global__ void mbar_pingpong(unsigned* out, unsigned long long* cyc, int r) {
  __shared__ unsigned long long bars[2];
  const unsigned a = smem_addr(&bars[0]), b = smem_addr(&bars[1]);
  const unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (threadIdx.x == 0) {
    mbar_init(a, 1);
    mbar_init(b, 1);
  }
  __syncthreads();
  const long long t0 = clock64();
  for (int i = 0; i < r; ++i) {
    if (warp == 0) {
      if (lane == 0) mbar_arrive(a);
      while (!mbar_try_wait(b, i & 1)) {
      }
    } else {
      while (!mbar_try_wait(a, i & 1)) {
      }
      if (lane == 0) mbar_arrive(b);
    }
  }
  const long long t1 = clock64();
  if (threadIdx.x == 0) cyc[1] = (unsigned long long)(t1 - t0);
  out[32 + threadIdx.x] = r;
}

extern "C" __global__ void mbar_timeout(unsigned* out, unsigned long long* ns, int k) {
  __shared__ unsigned long long bar;
  const unsigned b = smem_addr(&bar);
  if (threadIdx.x == 0) mbar_init(b, 1);
  __syncwarp();
  unsigned fails = 0;
  unsigned long long t0 = globaltimer();
  for (int i = 0; i < k; ++i) fails += mbar_try_wait(b, 0) ? 0u : 1u;
  unsigned long long t1 = globaltimer();
  for (int i = 0; i < k; ++i) fails += mbar_try_wait_hint(b, 0, 20000) ? 0u : 1u;
  unsigned long long t2 = globaltimer();
  if (threadIdx.x == 0) {
    ns[0] = t1 - t0;
    ns[1] = t2 - t1;
    mbar_arrive(b);
  }
  __syncwarp();
  while (!mbar_try_wait(b, 0)) {
  }
  out[64 + threadIdx.x] = fails;  // 2k: no try_wait can succeed before the arrive
}

extern "C" __global__ void cp_async_rt(unsigned* out, unsigned long long* cyc, const uint4* __restrict__ src, int r) {
  __shared__ uint4 buf[32];
  const unsigned lane = threadIdx.x;
  const unsigned dst = smem_addr(&buf[lane]);
  unsigned sum = 0;
  const long long t0 = clock64();
  for (int i = 0; i < r; ++i) {
    const uint4* p = src + (size_t)i * 32 + lane;
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(dst), "l"(p) : "memory");
    asm volatile("cp.async.commit_group;" ::: "memory");
    asm volatile("cp.async.wait_group 0;" ::: "memory");
    sum += buf[lane].x;
  }
  const long long t1 = clock64();
  for (int i = 0; i < r; ++i) sum += __ldcg(&src[(size_t)(i + r) * 32 + lane]).y;
  const long long t2 = clock64();
  if (lane == 0) {
    cyc[2] = (unsigned long long)(t1 - t0);
    cyc[3] = (unsigned long long)(t2 - t1);
  }
  out[96 + lane] = sum;
}
