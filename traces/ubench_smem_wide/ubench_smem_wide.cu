// Microbenchmark ubench_smem_wide: how many shared-memory wavefronts a 64-bit (LDS.64) or 128-bit (LDS.128) warp
// load takes for a given pattern of lane addresses: broadcasts, half- and quarter-warps sharing an address, lanes
// reading the same bytes, and bank conflicts inside and across half- and quarter-warps. Nsight's
// l1tex__data_pipe_lsu_wavefronts_mem_shared and ..._bank_conflicts_..._op_ld per launch say it; the cycles say what a
// wavefront costs.
// One CTA of 8 warps (two per sub-partition; launches 27-34 run four patterns with 1 and with 4 warps). pat[which * 32 + lane] is lane's element (16 bytes for smem_wide_v4,
// 8 for smem_wide_v2); every warp issues r x 8 independent loads of it, displaced by a multiple of 128 bytes
// (96 elements of 16 bytes, 192 of 8: the banks stay those of the pattern) that changes with the iteration, so the
// loads cannot be hoisted. Lane 0 of warp 0 writes the loop's cycles (%clock64 between two __syncthreads) to
// cyc[slot]; every thread adds up each component of what it read (mod 2^32) and writes the components' XOR to
// out[slot * 256 + tid].
// Leaves out: stores, 32-bit accesses (ubench_smem_tput, ubench_bank_conflict), shared atomics, ldmatrix.
#define STEP 8

extern "C" __global__ void smem_wide_v4(unsigned* __restrict__ out, unsigned long long* __restrict__ cyc,
                                        const unsigned* __restrict__ pat, int r, unsigned which, unsigned slot) {
  __shared__ uint4 s[1024];
  for (unsigned i = threadIdx.x; i < 1024; i += blockDim.x) s[i] = make_uint4(i, 3 * i + 1, 5 * i + 2, 7 * i + 3);
  const unsigned c = pat[which * 32 + (threadIdx.x & 31)] & 255u;
  __syncthreads();
  uint4 v = make_uint4(0, 0, 0, 0);
  const long long t0 = clock64();
#pragma unroll 1
  for (int i = 0; i < r; ++i) {
    uint4 x[STEP];
#pragma unroll
    for (unsigned u = 0; u < STEP; ++u) x[u] = s[c + ((i + u) & 7) * 96];
#pragma unroll
    for (unsigned u = 0; u < STEP; ++u) {
      v.x += x[u].x;
      v.y += x[u].y;
      v.z += x[u].z;
      v.w += x[u].w;
    }
  }
  __syncthreads();
  const long long t1 = clock64();
  if (threadIdx.x == 0) cyc[slot] = (unsigned long long)(t1 - t0);
  out[slot * 256 + threadIdx.x] = v.x ^ v.y ^ v.z ^ v.w;
}

extern "C" __global__ void smem_wide_v2(unsigned* __restrict__ out, unsigned long long* __restrict__ cyc,
                                        const unsigned* __restrict__ pat, int r, unsigned which, unsigned slot) {
  __shared__ uint2 s[2048];
  for (unsigned i = threadIdx.x; i < 2048; i += blockDim.x) s[i] = make_uint2(i, 3 * i + 1);
  const unsigned c = pat[which * 32 + (threadIdx.x & 31)] & 511u;
  __syncthreads();
  uint2 v = make_uint2(0, 0);
  const long long t0 = clock64();
#pragma unroll 1
  for (int i = 0; i < r; ++i) {
    uint2 x[STEP];
#pragma unroll
    for (unsigned u = 0; u < STEP; ++u) x[u] = s[c + ((i + u) & 7) * 192];
#pragma unroll
    for (unsigned u = 0; u < STEP; ++u) {
      v.x += x[u].x;
      v.y += x[u].y;
    }
  }
  __syncthreads();
  const long long t1 = clock64();
  if (threadIdx.x == 0) cyc[slot] = (unsigned long long)(t1 - t0);
  out[slot * 256 + threadIdx.x] = v.x ^ v.y;
}
