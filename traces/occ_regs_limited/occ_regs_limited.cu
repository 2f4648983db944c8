// Workload occ_regs_limited: a kernel whose occupancy is limited by registers. Each thread keeps 64 u32 values
// live through four rounds of mixing (every value depends on its neighbours from the round before), so ptxas gives
// it many registers per thread; at 256 threads per CTA the register file, allocated per warp in units of 256 and
// held per sub-partition in whole warps, fits fewer CTAs than the 64 warp slots would (see `warpsim report`'s
// occupancy section, or `warpsim occupancy --block 256 --regs N`).
// out[i] = the sum of the 64 mixed values (u32 arithmetic, wrapping: a CPU reference is exact).
// Models: register pressure as ptxas reports it, the registers limit of the occupancy calculator.
// Leaves out: spilling (the values fit in registers) and __launch_bounds__ (which would trade registers for
// occupancy).
#define NV 64
extern "C" __global__ void regs_limited(const unsigned* in, unsigned* out, unsigned n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const unsigned x = in[i];
  unsigned a[NV];
#pragma unroll
  for (int k = 0; k < NV; ++k) a[k] = x * (2u * k + 1u) + (unsigned)k;
#pragma unroll
  for (int r = 0; r < 4; ++r) {
    unsigned b[NV];
#pragma unroll
    for (int k = 0; k < NV; ++k) b[k] = a[k] ^ ((a[(k + 1) % NV] << (k % 7 + 1)) + a[(k + 5) % NV]);
#pragma unroll
    for (int k = 0; k < NV; ++k) a[k] = b[k];
  }
  unsigned s = 0;
#pragma unroll
  for (int k = 0; k < NV; ++k) s += a[k] * (unsigned)(k + 1);
  out[i] = s;
}
