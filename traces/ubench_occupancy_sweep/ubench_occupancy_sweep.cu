// Microbenchmark ubench_occupancy_sweep: kernel time against CTAs resident per SM. One latency-bound kernel body,
// 3168 CTAs (24 per SM on 132 SMs) of 64 threads: each warp chases its own chain of `steps` dependent
// ld.global.cg loads through a 16 MiB table a (4 Mi random u32). Step k of warp w reads 128-byte line
// k * nwarps + w (nwarps = all warps of the grid), so consecutive nodes of a chain are nwarps * 128 B
// (792 KiB) apart, every warp's lines are its own, and no line is read twice in a launch: each load misses L1
// and is served by L2 (the 12.4 MiB touched fit in the H200's L2) or DRAM. Lane l reads word
// (l + v) & 31 of the line, v being the word it loaded at the previous step (v = 0 first): one 128-byte
// request per warp-load whose address depends on the previous load. Each thread writes the sum of the
// words it loaded to out[tid].
// The config launches it 8 times (entries occ_chase_1..8) with dynamic shared memory (unused) sized so exactly
// 1, 2, ..., 8 CTAs fit per SM (228 KiB per SM, 1 KiB reserved per CTA, 128-byte allocation unit); with c CTAs
// per SM (2c warps) the grid needs ceil(24 / c) waves of the same per-warp latency chain, so time against c
// shows how latency hiding scales with resident warps (about 1 / c while the loads stay far below L2 and
// DRAM bandwidth).
// Leaves out: register- or warp-limited occupancy (here only shared memory limits), more than 16 warps per
// SM, bandwidth-bound behaviour, tail effects beyond whole waves.
// One entry per occupancy level (occ_chase_1 .. occ_chase_8, identical bodies): each CUfunction then carries
// its own maximum-dynamic-shared-memory attribute (a single entry would keep only the last one set).
__device__ __forceinline__ void occ_body(const unsigned* a, unsigned* out, int steps) {
  const unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned warp = tid >> 5, lane = tid & 31;
  const unsigned nwarps = (gridDim.x * blockDim.x) >> 5;
  unsigned v = 0, sum = 0;
#pragma unroll 1
  for (int k = 0; k < steps; ++k) {
    v = __ldcg(a + (((unsigned)k * nwarps + warp) << 5) + ((lane + v) & 31));
    sum += v;
  }
  out[tid] = sum;
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
