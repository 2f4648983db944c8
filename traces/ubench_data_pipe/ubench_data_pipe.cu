// Microbenchmark ubench_data_pipe: whether global loads and stores take the same L1 data pipe as shared-memory
// accesses (Nsight counts both in l1tex__data_pipe_lsu_wavefronts; j_transpose_2048's source page showed 35,660
// data-pipe wavefronts per SM against 33,530 shared ones), and how many cycles of it each global request takes.
// One CTA (one SM) of 512 threads: warps 0-7 the shared role, warps 8-15 the global role (two of each on every
// sub-partition). `mode` bit 0 runs the shared role, bit 1 the global role; the other role's warps skip their loop.
//   shared role: r_s steps of 8 independent ld.shared, each a 32-way bank conflict (lane l at word 32 l + off):
//                32 wavefronts an access, 256 a warp-step, 2,048 a step of the eight warps.
//   global role: r_g steps of 8 independent accesses of one kind (gkind): 0 ld.global.ca.u32 (LDG.E, 128 bytes a
//                warp: 1 line), 1 ld.global.ca.v4.u32 (LDG.E.128, 512 bytes: 4 lines), 2 st.global.u32 (STG.E, 128
//                bytes), all L1 hits for the loads (a 64 KiB buffer the global warps read once before the timed loops).
// Every warp's lane 0 writes its own loop's cycles (%clock64 around it, the roles started together by a
// __syncthreads) to cyc[16 slot + warp]; every thread writes what it read to out[512 slot + tid] (the stores'
// target is dst). With a shared data pipe the shared role's cycles grow by the global role's wavefronts when both run.
// Leaves out: L1 misses, shared stores, several CTAs per SM, 64-bit global accesses.
#define SMEM_WORDS 2048
#define GLOBAL_WORDS 16384
#define STEP 8

extern "C" __global__ void __launch_bounds__(512)
    data_pipe(const unsigned* src, unsigned* dst, unsigned* __restrict__ out, unsigned long long* __restrict__ cyc,
              int r_s, int r_g, unsigned mode, unsigned gkind, unsigned slot) {
  __shared__ unsigned s[SMEM_WORDS];
  const unsigned tid = threadIdx.x, warp = tid / 32, lane = tid % 32;
  for (unsigned i = tid; i < SMEM_WORDS; i += blockDim.x) s[i] = i * 2654435761u;
  unsigned v = tid;
  const bool shared_role = warp < 8;
  if (!shared_role)  // bring the global buffer into L1
    for (unsigned i = tid - 256; i < GLOBAL_WORDS; i += 256) v ^= __ldca(src + i);
  __syncthreads();
  long long t0 = clock64(), t1 = t0;
  if (shared_role && (mode & 1u) != 0) {
    t0 = clock64();
#pragma unroll 1
    for (int i = 0; i < r_s; ++i) {
      unsigned x[STEP];
#pragma unroll
      for (unsigned u = 0; u < STEP; ++u) x[u] = s[(lane * 32 + ((STEP * i + u) & 31)) & (SMEM_WORDS - 1)];
#pragma unroll
      for (unsigned u = 0; u < STEP; ++u) v ^= x[u];
    }
    t1 = clock64();
  } else if (!shared_role && (mode & 2u) != 0) {
    const unsigned w = warp - 8;
    t0 = clock64();
    if (gkind == 0) {
#pragma unroll 1
      for (int i = 0; i < r_g; ++i) {
        unsigned x[STEP];
#pragma unroll
        for (unsigned u = 0; u < STEP; ++u) x[u] = __ldca(src + ((((STEP * i + u) * 8 + w) * 32) & (GLOBAL_WORDS - 1)) + lane);
#pragma unroll
        for (unsigned u = 0; u < STEP; ++u) v ^= x[u];
      }
    } else if (gkind == 1) {
      const uint4* src4 = reinterpret_cast<const uint4*>(src);
#pragma unroll 1
      for (int i = 0; i < r_g; ++i) {
        uint4 x[STEP];
#pragma unroll
        for (unsigned u = 0; u < STEP; ++u)
          x[u] = __ldca(src4 + ((((STEP * i + u) * 8 + w) * 32) & (GLOBAL_WORDS / 4 - 1)) + lane);
#pragma unroll
        for (unsigned u = 0; u < STEP; ++u) v ^= x[u].x ^ x[u].y ^ x[u].z ^ x[u].w;
      }
    } else {
#pragma unroll 1
      for (int i = 0; i < r_g; ++i) {
#pragma unroll
        for (unsigned u = 0; u < STEP; ++u)
          dst[((((STEP * i + u) * 8 + w) * 32) & (GLOBAL_WORDS - 1)) + lane] = v + u;
        v = v * 3u + 1u;
      }
    }
    t1 = clock64();
  }
  if (lane == 0) cyc[16 * slot + warp] = static_cast<unsigned long long>(t1 - t0);
  out[512 * slot + tid] = v;
}
