// Microbenchmark ubench_l2_merge (issue 12, calibration set): which SMs' loads of one L2-resident line the GPU combines
// into one L2 request. ubench_l2_shared found that 16 or 128 SMs reading the same 4 KiB unit at the same step reach
// the L2 slices as about a third of the sectors they ask for (Nsight's lts__t_sectors), whatever the group size; this
// one groups the SMs by their %smid instead of their CTA index, so that the groups are TPCs, SMs of one GPC or SMs of
// different GPCs (the H200's layout, traces/cluster_occupancy: a TPC is SMs 2j and 2j + 1; below SM 64 the GPC of SM s
// is (s / 2) mod 8, so s and s ^ 16 share a GPC and s and s ^ 2 do not).
// 128 CTAs of 256 threads (one per SM); the 512 KiB buffer is 128 units of 4 KiB. CTA b on SM s has key s & mask and
// at step k reads unit (k + 97 key) mod 128 (97 is odd: different keys start apart): SMs whose ids agree on the mask's
// bits read the same unit at the same step. Each thread reads 16 bytes of the unit a step, the steps independent:
//  - mode 0: ld.global.cg.v4 (LDG.E.128 past L1), the words xor-ed into a register;
//  - mode 1: cp.async.cg 16 bytes into a 4-stage shared ring, one commit group a step, wait_group 2, then the thread
//    xors in the stage that has landed (its own 16 bytes, two steps back), and the last two after wait_group 0;
//  - modes 2 and 3: ld.global.cg.u32 of part of each line, to see whether requests for part of a line are combined
//    as whole lines are: 8 threads a line read the words of its first sector (mode 2: a warp asks for 4 lines, one
//    sector each; the CTA covers the unit's 32 lines), or 16 threads its first two sectors (mode 3: a warp asks for
//    2 lines, two sectors each; the CTA covers the unit's first 16 lines).
// First CTA b reads unit b (waited for: every unit is in L2 or on its way before the timed pass), then the timed pass
// over all 128 units; thread 0 writes its cycles (clock64, from after a __syncthreads to after the last) to
// cyc[slot + b] and its %smid to sm[slot + b] (both vary from run to run: clock buffers); out[(slot + b) * 256 +
// thread] = the xor of every word the thread read, which does not depend on the order (or the SM).
// Leaves out: TMA (ubench_tma), stores, lines in DRAM, keys that are not a mask of the %smid.
#include <cstdint>

extern "C" __global__ void __launch_bounds__(256) l2_merge(const uint4* __restrict__ buf, unsigned mask, int mode,
                                                          unsigned long long* __restrict__ cyc, unsigned* __restrict__ sm,
                                                          int slot, unsigned* __restrict__ out) {
  constexpr unsigned kUnits = 128, kUnitVecs = 256;  // 128 units of 256 x 16 bytes
  __shared__ uint4 ring[4][kUnitVecs];
  const unsigned tid = threadIdx.x, b = blockIdx.x;
  unsigned smid;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(smid));
  const unsigned start = (97u * (smid & mask)) % kUnits;
  unsigned acc = 0;
  long long t0;
  {  // pass 0: the CTA's own unit, so that every unit is in L2 (or on its way) before the timed pass
    const uint4 v = __ldcg(buf + (b % kUnits) * kUnitVecs + tid);
    acc = v.x ^ v.y ^ v.z ^ v.w;
  }
  if (__syncthreads_or(acc == 0xffffffffu)) acc = 0;  // waits for the load (the barrier needs its value)
  t0 = clock64();
  {
    if (mode == 0) {
#pragma unroll 4
      for (unsigned k = 0; k < kUnits; ++k) {
        const unsigned u = (k + start) % kUnits;
        const uint4 v = __ldcg(buf + u * kUnitVecs + tid);
        acc ^= v.x ^ v.y ^ v.z ^ v.w;
      }
    } else if (mode >= 2) {  // part of each line: its first sector (mode 2) or its first two (mode 3)
      const unsigned per_line = mode == 2 ? 8 : 16;  // threads a line, one word each
      const unsigned word = tid / per_line * 32 + tid % per_line;
      const unsigned* w = reinterpret_cast<const unsigned*>(buf);
#pragma unroll 4
      for (unsigned k = 0; k < kUnits; ++k) {
        const unsigned u = (k + start) % kUnits;
        acc ^= __ldcg(w + u * kUnitVecs * 4 + word);
      }
    } else {
#pragma unroll 1
      for (unsigned k = 0; k < kUnits; ++k) {
        const unsigned u = (k + start) % kUnits;
        const unsigned dst = static_cast<unsigned>(__cvta_generic_to_shared(&ring[k % 4][tid]));
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(dst), "l"(buf + u * kUnitVecs + tid) : "memory");
        asm volatile("cp.async.commit_group;" ::: "memory");
        asm volatile("cp.async.wait_group 2;" ::: "memory");
        if (k >= 2) {
          const uint4 v = ring[(k - 2) % 4][tid];
          acc ^= v.x ^ v.y ^ v.z ^ v.w;
        }
      }
      asm volatile("cp.async.wait_group 0;" ::: "memory");
      for (unsigned k = kUnits - 2; k < kUnits; ++k) {
        const uint4 v = ring[k % 4][tid];
        acc ^= v.x ^ v.y ^ v.z ^ v.w;
      }
    }
  }
  __syncthreads();
  const long long t1 = clock64();
  if (tid == 0) {
    cyc[slot + b] = static_cast<unsigned long long>(t1 - t0);
    sm[slot + b] = smid;
  }
  out[(static_cast<size_t>(slot) + b) * 256 + tid] = acc;
}
