// Microbenchmark ubench_tile_phases: the phases of the textbook 16 x 16 shared-memory tiled SGEMM's k loop
// (j_sgemm16_256's sgemm_tiled16) taken apart, without its global loads: how fast 8, 16 and 32 warps of an SM run
// the 16 LDS + 16 FFMA of a tile alone (tp_c), with the two __syncthreads of each tile (tp_b), and with the two
// STS of each tile too (tp_sb: sgemm_tiled16 with the tiles' values already in registers). And how long a memory
// instruction keeps the registers it reads: one warp storing a value that the next instruction overwrites
// (war_sts, war_stg) against the same loop storing a value nothing overwrites (war_sts_ctl, war_stg_ctl).
// tp_*: block 16 x 16 (8 warps), As[ty][tx] = (tx + 2 ty) / 4, Bs[ty][tx] = (ty - tx) / 2, then `tiles` times
// sum = fmaf(As[ty][k], Bs[k][tx], sum) for k = 0..15 in increasing k (every product and partial sum is a
// multiple of 1/8 below 2^17: exact in f32, the same on every CTA). tp_c ends each tile with a __syncwarp (the LDS are
// issued again each tile: without it ptxas loads them once, before the loop); tp_b with __syncthreads before and after
// the 16 multiply-adds; tp_sb also stores both tiles' elements (from registers) before the first. Every CTA writes
// its sums to out[slot * 256 + tid] (all CTAs compute the same values); CTA 0's thread 0 writes the loop's cycles
// (%clock64 around it) to cyc[slot].
// Every CTA's thread 0 also writes ctas[(slot * 528 + CTA) * 4 ...] = its %smid and %clock64 at entry, at the loop's
// start and at its end (a CTA's SM and when it ran; clocks of different SMs are not comparable).
// war_*: one warp, `n` steps in 8 chains v[k] = 3 v[k] + 1 (one IMAD each), 8 steps (one per chain) per trip of a loop
// that is not unrolled, so each v[k] stays in one register. war_sts stores v[k] (st.volatile.shared, nothing can
// remove it) right before the IMAD that overwrites it; war_sts_ctl stores the loop-invariant c instead; war_stg and
// war_stg_ctl the same with st.volatile.global (to out[(slot + 16) * 256 + 32 k + lane]). out[slot * 256 + 128 + lane]
// = the sum of the v[k] and of the last values stored in shared memory; cyc[slot] the loop's cycles.
// war_ld*: one warp, `n` volatile loads from 8 address registers, each flipped (a ^= 4, alternating between two
// words) by the instruction right after its load (war_lds, war_ldg) or a register the load does not read flipped
// instead (war_lds_ctl, war_ldg_ctl); out[slot * 256 + lane] = the sum of the words read (shared: s[l] = 5 l + 1;
// global: gin[l]) plus the XOR of the address registers.
// Leaves out: the global loads and their latency (j_sgemm16_256 itself), 64- and 128-bit stores.
#define T 16

template <int Mode>  // 0: compute only; 1: + two barriers per tile; 2: + the tiles' two stores
__device__ void tile_phases(float* __restrict__ out, unsigned long long* __restrict__ cyc,
                            unsigned long long* __restrict__ ctas, int tiles, unsigned slot) {
  const long long te = clock64();
  __shared__ float As[T][T];
  __shared__ float Bs[T][T];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const float a = (float)(tx + 2 * ty) * 0.25f, b = (float)(ty - tx) * 0.5f;
  As[ty][tx] = a;
  Bs[ty][tx] = b;
  __syncthreads();
  float sum = 0.0f;
  const long long t0 = clock64();
  for (int t = 0; t < tiles; ++t) {
    if (Mode == 2) {
      As[ty][tx] = a;
      Bs[ty][tx] = b;
    }
    if (Mode >= 1) __syncthreads();
#pragma unroll
    for (int k = 0; k < T; ++k) sum = fmaf(As[ty][k], Bs[k][tx], sum);
    if (Mode >= 1)
      __syncthreads();
    else
      __syncwarp();  // orders the warp's shared accesses: ptxas issues the LDS again each tile
  }
  const long long t1 = clock64();
  const int tid = ty * T + tx;
  if (tid == 0 && blockIdx.x == 0) cyc[slot] = (unsigned long long)(t1 - t0);
  if (tid == 0) {
    unsigned smid;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(smid));
    unsigned long long* r = ctas + (slot * 528 + blockIdx.x) * 4;
    r[0] = smid;
    r[1] = (unsigned long long)te;
    r[2] = (unsigned long long)t0;
    r[3] = (unsigned long long)t1;
  }
  out[slot * 256 + tid] = sum;
}

extern "C" __global__ void tp_c(float* __restrict__ out, unsigned long long* __restrict__ cyc,
                                unsigned long long* __restrict__ ctas, int tiles, unsigned slot) {
  tile_phases<0>(out, cyc, ctas, tiles, slot);
}
extern "C" __global__ void tp_b(float* __restrict__ out, unsigned long long* __restrict__ cyc,
                                unsigned long long* __restrict__ ctas, int tiles, unsigned slot) {
  tile_phases<1>(out, cyc, ctas, tiles, slot);
}
extern "C" __global__ void tp_sb(float* __restrict__ out, unsigned long long* __restrict__ cyc,
                                 unsigned long long* __restrict__ ctas, int tiles, unsigned slot) {
  tile_phases<2>(out, cyc, ctas, tiles, slot);
}

template <bool Global, bool Overwrite>
__device__ void war_chain(unsigned* __restrict__ out, unsigned long long* __restrict__ cyc, int n, unsigned slot) {
  __shared__ unsigned s[8][32];
  const unsigned lane = threadIdx.x & 31;
  const unsigned c = lane * 7u + 5u;
  unsigned v[8];
#pragma unroll
  for (int k = 0; k < 8; ++k) {
    v[k] = lane + 32u * k;
    s[k][lane] = 0;
  }
  const unsigned sa = (unsigned)__cvta_generic_to_shared(&s[0][lane]);
  unsigned* g = out + (slot + 16) * 256 + lane;
  const long long t0 = clock64();
#pragma unroll 1
  for (int i = 0; i < n; i += 8) {
#pragma unroll
    for (int k = 0; k < 8; ++k) {
      // v[k] is carried from one trip to the next, so it stays in one register: the volatile store reads it, the
      // multiply-add right after overwrites it (war_*), or the store reads c (war_*_ctl).
      if (Global && Overwrite)
        asm volatile("st.volatile.global.u32 [%1], %0;\n\tmad.lo.u32 %0, %0, 3, 1;" : "+r"(v[k]) : "l"(g + 32 * k) : "memory");
      else if (Global)
        asm volatile("st.volatile.global.u32 [%1], %2;\n\tmad.lo.u32 %0, %0, 3, 1;" : "+r"(v[k]) : "l"(g + 32 * k), "r"(c) : "memory");
      else if (Overwrite)
        asm volatile("st.volatile.shared.u32 [%1], %0;\n\tmad.lo.u32 %0, %0, 3, 1;" : "+r"(v[k]) : "r"(sa + 128 * k) : "memory");
      else
        asm volatile("st.volatile.shared.u32 [%1], %2;\n\tmad.lo.u32 %0, %0, 3, 1;" : "+r"(v[k]) : "r"(sa + 128 * k), "r"(c) : "memory");
    }
  }
  const long long t1 = clock64();
  if (lane == 0) cyc[slot] = (unsigned long long)(t1 - t0);
  __syncwarp();
  unsigned r = 0;
#pragma unroll
  for (int k = 0; k < 8; ++k) r += v[k] + (Global ? 0u : s[k][lane]);
  out[slot * 256 + 128 + lane] = r;
}

extern "C" __global__ void war_sts(unsigned* __restrict__ out, unsigned long long* __restrict__ cyc, int n,
                                   unsigned slot) {
  war_chain<false, true>(out, cyc, n, slot);
}
extern "C" __global__ void war_sts_ctl(unsigned* __restrict__ out, unsigned long long* __restrict__ cyc, int n,
                                       unsigned slot) {
  war_chain<false, false>(out, cyc, n, slot);
}
extern "C" __global__ void war_stg(unsigned* __restrict__ out, unsigned long long* __restrict__ cyc, int n,
                                   unsigned slot) {
  war_chain<true, true>(out, cyc, n, slot);
}
extern "C" __global__ void war_stg_ctl(unsigned* __restrict__ out, unsigned long long* __restrict__ cyc, int n,
                                       unsigned slot) {
  war_chain<true, false>(out, cyc, n, slot);
}

template <bool Global, bool Overwrite>
__device__ void war_load(unsigned* __restrict__ out, unsigned long long* __restrict__ cyc, const unsigned* __restrict__ gin,
                         int n, unsigned slot) {
  __shared__ unsigned s[32];
  const unsigned lane = threadIdx.x & 31;
  s[lane] = 5u * lane + 1u;
  __syncwarp();
  unsigned x = 0;
  unsigned sa[8], sb[8];
  unsigned long long ga[8], gb[8];
#pragma unroll
  for (int k = 0; k < 8; ++k) {
    sa[k] = sb[k] = (unsigned)__cvta_generic_to_shared(s + lane);
    ga[k] = gb[k] = (unsigned long long)(gin + lane);
  }
  const long long t0 = clock64();
#pragma unroll 1
  for (int i = 0; i < n; i += 8) {
    unsigned y[8];
#pragma unroll
    for (int k = 0; k < 8; ++k) {
      // The address is carried from one trip to the next (one register): the next instruction flips it (war_ld*) or
      // flips a register the load does not read (war_ld*_ctl).
      if (Global && Overwrite)
        asm volatile("ld.volatile.global.u32 %0, [%1];\n\txor.b64 %1, %1, 4;" : "=r"(y[k]), "+l"(ga[k]) :: "memory");
      else if (Global)
        asm volatile("ld.volatile.global.u32 %0, [%1];\n\txor.b64 %2, %2, 4;" : "=r"(y[k]), "+l"(ga[k]), "+l"(gb[k]) :: "memory");
      else if (Overwrite)
        asm volatile("ld.volatile.shared.u32 %0, [%1];\n\txor.b32 %1, %1, 4;" : "=r"(y[k]), "+r"(sa[k]) :: "memory");
      else
        asm volatile("ld.volatile.shared.u32 %0, [%1];\n\txor.b32 %2, %2, 4;" : "=r"(y[k]), "+r"(sa[k]), "+r"(sb[k]) :: "memory");
    }
#pragma unroll
    for (int k = 0; k < 8; ++k) x += y[k];
  }
  const long long t1 = clock64();
  if (lane == 0) cyc[slot] = (unsigned long long)(t1 - t0);
  unsigned f = 0;
#pragma unroll
  for (int k = 0; k < 8; ++k) f ^= Global ? (unsigned)(ga[k] ^ gb[k]) : (sa[k] ^ sb[k]);
  out[slot * 256 + lane] = x + f;
}

extern "C" __global__ void war_lds(unsigned* __restrict__ out, unsigned long long* __restrict__ cyc,
                                   const unsigned* __restrict__ gin, int n, unsigned slot) {
  war_load<false, true>(out, cyc, gin, n, slot);
}
extern "C" __global__ void war_lds_ctl(unsigned* __restrict__ out, unsigned long long* __restrict__ cyc,
                                       const unsigned* __restrict__ gin, int n, unsigned slot) {
  war_load<false, false>(out, cyc, gin, n, slot);
}
extern "C" __global__ void war_ldg(unsigned* __restrict__ out, unsigned long long* __restrict__ cyc,
                                   const unsigned* __restrict__ gin, int n, unsigned slot) {
  war_load<true, true>(out, cyc, gin, n, slot);
}
extern "C" __global__ void war_ldg_ctl(unsigned* __restrict__ out, unsigned long long* __restrict__ cyc,
                                       const unsigned* __restrict__ gin, int n, unsigned slot) {
  war_load<true, false>(out, cyc, gin, n, slot);
}
