// Microbenchmark ubench_l2_shared (issue 12, calibration set): what the L2 does when several SMs read the same
// L2-resident lines at about the same time through warp loads (LDG) and cp.async (LDGSTS). TMA loads of one line from
// many SMs at once are combined before the slices (traces/ubench_tma's 132-CTA tma_serial: lts__t_sectors 0.28 of
// the sectors asked for; `mem.l2_merge_cycles`), but warpsim merges no warp load: merging them over a 64-cycle window
// made judgement kernels too fast. wgmma_gemm's cp.async tiles are read by 8 (A) and 16 (B) CTAs in step, and its
// K-tile period on an H100 stays at 1,023 cycles from 16 to 128 CTAs where warpsim's L2 slices slow it to 1,240.
// 128 CTAs of 256 threads, one per SM; the 512 KiB buffer is 128 units of 4 KiB. CTA b belongs to group b / G and
// at step k reads unit (k + 97 (b / G)) mod 128 (97 is odd, so groups start apart): the G CTAs of a group read the same
// unit at the same step, different groups different units. Each thread reads 16 bytes of the unit a step, the steps
// independent (many loads in flight):
//  - mode 0: ld.global.cg.v4 (LDG.E.128 past L1), the words xor-ed into a register;
//  - mode 1: cp.async.cg 16 bytes into a 4-stage shared ring, one commit group a step, wait_group 2 (three steps in
//    flight); the thread's word of the last stage afterwards.
// First CTA b reads unit b (its thread's 16 bytes, waited for: with 128 CTAs every unit is in L2 or on its way, whatever
// the restore left), then the timed pass over all 128 units: thread 0 writes its cycles (clock64, from after a
// __syncthreads to after the last) to cyc[slot + b]; out[(slot + b) * 256 + thread] = the thread's xor of every word
// it read (mode 1: of its unit and its last stage; the loads cannot be dropped).
// Leaves out: TMA (ubench_tma, ubench_l2_bw), stores, lines in DRAM (the timed pass reads L2-resident lines).
#include <cstdint>

extern "C" __global__ void __launch_bounds__(256) l2_shared(const uint4* __restrict__ buf, int group, int mode,
                                                           unsigned long long* __restrict__ cyc, int slot,
                                                           unsigned* __restrict__ out) {
  constexpr unsigned kUnits = 128, kUnitVecs = 256;  // 128 units of 256 x 16 bytes
  __shared__ uint4 ring[4][kUnitVecs];
  const unsigned tid = threadIdx.x, b = blockIdx.x;
  const unsigned start = (97u * (b / static_cast<unsigned>(group))) % kUnits;
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
    } else {
#pragma unroll 1
      for (unsigned k = 0; k < kUnits; ++k) {
        const unsigned u = (k + start) % kUnits;
        const unsigned dst = static_cast<unsigned>(__cvta_generic_to_shared(&ring[k % 4][tid]));
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(dst), "l"(buf + u * kUnitVecs + tid) : "memory");
        asm volatile("cp.async.commit_group;" ::: "memory");
        asm volatile("cp.async.wait_group 2;" ::: "memory");
      }
      asm volatile("cp.async.wait_group 0;" ::: "memory");
      const uint4 v = ring[(kUnits - 1) % 4][tid];
      acc ^= v.x ^ v.y ^ v.z ^ v.w;
    }
  }
  __syncthreads();
  const long long t1 = clock64();
  if (tid == 0) cyc[slot + b] = static_cast<unsigned long long>(t1 - t0);
  out[(static_cast<size_t>(slot) + b) * 256 + tid] = acc;
}
