// Microbenchmark ubench_occupancy_sweep: kernel time against CTAs resident per SM. One latency-bound kernel body,
// 1056 CTAs (8 per SM on 132 SMs) of 64 threads: each thread runs `steps` dependent L2 loads j = a[j]
// (ld.global.cg, a = 4096 random indices) from j = global thread id & 4095 and writes j to out[tid]. The config
// launches it 8 times (entries occ_chase_1..8) with dynamic shared memory (unused) sized so exactly 1, 2, ..., 8 CTAs fit per SM
// (228 KiB per SM, 1 KiB reserved per CTA, 128-byte allocation unit); with c CTAs per SM the grid needs
// ceil(8 / c) waves, so time against c shows how latency hiding scales with resident warps.
// Leaves out: register- or warp-limited occupancy (here only shared memory limits), DRAM traffic (the
// 16 KiB table stays in L2), tail effects beyond whole waves.
// One entry per occupancy level (occ_chase_1 .. occ_chase_8, identical bodies): each CUfunction then carries
// its own maximum-dynamic-shared-memory attribute (a single entry would keep only the last one set).
__device__ __forceinline__ void occ_body(const unsigned* a, unsigned* out, int steps) {
  const unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned j = tid & 4095;
#pragma unroll 1
  for (int i = 0; i < steps; i += 4) {
    j = __ldcg(a + j); j = __ldcg(a + j); j = __ldcg(a + j); j = __ldcg(a + j);
  }
  out[tid] = j;
}
#define OCC_ENTRY(c) \
  extern "C" __global__ void occ_chase_##c(const unsigned* a, unsigned* out, int steps) { occ_body(a, out, steps); }
OCC_ENTRY(1)
OCC_ENTRY(2)
OCC_ENTRY(3)
OCC_ENTRY(4)
OCC_ENTRY(5)
OCC_ENTRY(6)
OCC_ENTRY(7)
OCC_ENTRY(8)
