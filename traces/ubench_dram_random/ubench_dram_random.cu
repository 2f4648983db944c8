// Microbenchmark ubench_dram_random (issue 9, calibration set): what random accesses to cold lines cost, apart
// from streams and single chains. The judgement kernels that touch cold lines at random (j_chase32's DRAM launch,
// j_gather's 128 MiB table, j_bfs_step) are 22-31 % slower on the H200 than in warpsim, and j_chase32's DRAM launch
// takes 1,153 cycles per step where ubench_dram_chase's single chain takes 690. Three probes, all on one 1 GiB
// table of zeros (`tab`), each launch on lines no earlier launch touched (its own seed or its own quarter):
//  - lat_walk: one warp takes `steps` steps; in each, lanes 0..lanes-1 load a line chosen by a hash of (seed,
//    step, lane) inside a window of line_mask + 1 lines (the other lanes load lane 0's line: one request), through
//    ld.global.cg, each address depending on the previous value (zero) so that steps do not overlap; lane 0 records
//    the step's clock64 difference in lat[(slot + pass) * steps + step]. Pass 0 meets cold lines (DRAM), pass 1 walks the
//    same lines again (L2 hits). lanes = 1 gives the distribution of one request's latency; lanes = 32 the warp's
//    wait for the slowest of 32 (what j_chase32's warps see). cyc[slot + pass] = the pass's cycles.
//  - tlb_walk: one thread walks n lines, one in each `stride` words (a line per page when stride is a page; its place
//    in the stride hashed), warm pass
//    first (the lines into L2, the translations into whatever caches them), then `rounds` timed passes in the same
//    order; cyc[slot] = the timed passes' cycles. If translations miss beyond some n, the step time rises there.
//  - rand_tput: every thread makes `per_thread` independent loads of lines chosen by a hash (the whole grid at
//    once: throughput of random accesses). mode 0: 4 bytes per lane (32 random sectors per warp instruction);
//    mode 1: 16 bytes per lane, 8 lanes per line (4 random whole lines per instruction); mode 2: a 4-byte store of
//    zero per lane (32 random partial sectors per warp store; the table stays zero). Over a 128 MiB window (DRAM)
//    and a 4 MiB one (L2 after the first touches). out[cta] = xor of the values read (zero: the loads cannot be
//    dropped).
// Leaves out: atomics at random, row-buffer state between launches, anything about
// which channel or bank a line maps to (only sums and distributions are visible).
#include <cstdint>

__device__ __forceinline__ unsigned mix(unsigned x) {  // a 32-bit finaliser (murmur3's fmix32)
  x ^= x >> 16;
  x *= 0x85ebca6bu;
  x ^= x >> 13;
  x *= 0xc2b2ae35u;
  x ^= x >> 16;
  return x;
}

extern "C" __global__ void lat_walk(const unsigned* __restrict__ tab, unsigned long long base_word,
                                    unsigned line_mask, unsigned lanes, int steps, unsigned seed,
                                    unsigned* __restrict__ lat, unsigned long long* __restrict__ cyc, unsigned slot,
                                    unsigned* __restrict__ out) {
  const unsigned l = threadIdx.x % 32, me = l < lanes ? l : 0;
  unsigned v = 0;
#pragma unroll 1
  for (int pass = 0; pass < 2; ++pass) {
    long long tp = clock64();
#pragma unroll 1
    for (int s = 0; s < steps; ++s) {
      const unsigned line = mix(seed + static_cast<unsigned>(s) * 32u + me) & line_mask;
      const unsigned* p = tab + base_word + static_cast<unsigned long long>(line) * 32u + (v >> 31);
      long long t0, t1;
      unsigned a;
      asm volatile("mov.u64 %0, %%clock64;" : "=l"(t0)::"memory");
      asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
      asm volatile("add.s32 %0, %1, 1;" : "=r"(a) : "r"(v) : "memory");
      asm volatile("mov.u64 %0, %%clock64;" : "=l"(t1)::"memory");
      if (l == 0) lat[(slot + pass) * steps + s] = static_cast<unsigned>(t1 - t0);
      v += a - 1;
    }
    long long te = clock64();
    if (l == 0) cyc[slot + pass] = static_cast<unsigned long long>(te - tp);
  }
  if (l == 0) out[slot] = v;  // keeps the loads (ptxas removes loads whose values nothing stores)
}

extern "C" __global__ void tlb_walk(const unsigned* __restrict__ tab, unsigned n, unsigned long long stride_words,
                                    int rounds, unsigned long long* __restrict__ cyc, unsigned slot,
                                    unsigned* __restrict__ out) {
  unsigned v = 0;
  // line k lies at k * stride plus a hashed offset of whole lines inside the stride (at most 2 MiB), so that the
  // lines spread over L2's sets
  const unsigned offset_mask = static_cast<unsigned>((stride_words < 524288u ? stride_words : 524288u) / 32u) - 1u;
  auto at = [&](unsigned k) {
    return tab + static_cast<unsigned long long>(k) * stride_words + (mix(k) & offset_mask) * 32u + (v >> 31);
  };
#pragma unroll 1
  for (unsigned k = 0; k < n; ++k) v = __ldcg(at(k));
  long long t0 = clock64();
#pragma unroll 1
  for (int r = 0; r < rounds; ++r) {
#pragma unroll 1
    for (unsigned k = 0; k < n; ++k) v = __ldcg(at(k));
  }
  long long t1 = clock64();
  if (threadIdx.x == 0) {
    cyc[slot] = static_cast<unsigned long long>(t1 - t0);
    out[slot] = v;
  }
}

extern "C" __global__ void rand_tput(unsigned* __restrict__ tab, unsigned long long base_word,
                                     unsigned line_mask, int per_thread, unsigned seed, unsigned mode,
                                     unsigned* __restrict__ out) {
  const unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned acc = 0;
  if (mode == 0) {
#pragma unroll 4
    for (int i = 0; i < per_thread; ++i) {
      const unsigned line = mix(seed + g * static_cast<unsigned>(per_thread) + i) & line_mask;
      acc ^= __ldcg(tab + base_word + static_cast<unsigned long long>(line) * 32u + (g & 31u));
    }
  } else if (mode == 2) {
#pragma unroll 4
    for (int i = 0; i < per_thread; ++i) {
      const unsigned line = mix(seed + g * static_cast<unsigned>(per_thread) + i) & line_mask;
      tab[base_word + static_cast<unsigned long long>(line) * 32u + (g & 31u)] = 0u;
    }
  } else {
    const uint4* t4 = reinterpret_cast<const uint4*>(tab + base_word);
#pragma unroll 4
    for (int i = 0; i < per_thread; ++i) {
      const unsigned line = mix(seed + (g / 8u) * static_cast<unsigned>(per_thread) + i) & line_mask;
      const uint4 w = __ldcg(t4 + static_cast<unsigned long long>(line) * 8u + (g & 7u));
      acc ^= w.x ^ w.y ^ w.z ^ w.w;
    }
  }
  acc |= __shfl_xor_sync(0xffffffffu, acc, 16);
  if (threadIdx.x == 0) out[blockIdx.x] = acc;
}
