// Microbenchmark ubench_gather_store: whether stores slow down random loads that keep the L2 busy. Every thread
// makes LOADS independent loads of random words of a 4 MiB table (L2-resident after the first touches; the launch
// starts with it out of L2, as under Nsight), then, by `mode`: 0 stores nothing (only when the sum is 0x9e3779b9,
// which no thread of the committed launches reaches), 1 stores the sum (one coalesced STG a thread, as a gather does),
// 2 stores every loaded word, out[k * n + t] (LOADS coalesced STG a thread, each behind its load). The word indices
// come from a hash of the thread and k, so no index loads run. gs_cg loads with ld.global.cg (L2 only), gs_nc with
// ld.global.nc (through L1, as j_gather's gather_f32 does; the table is 18 times L1, so few hit). st_only stores
// LOADS hashed words a thread and loads nothing (the stores' own rate).
// What it separates: the L2's rate for random single-sector loads (mode 0), what a store per thread (mode 1) and a
// store per load (mode 2) add to it when the slices are busy with loads (the question: does a store that waits at a
// busy slice hold up the SM's later loads), and the store stream alone.
// Leaves out: loads of several sectors of one line, atomics, DRAM-resident tables, partial-sector stores.
#define LOADS 4
#define TABLE_MASK ((1u << 20) - 1)

__device__ __forceinline__ unsigned mix(unsigned x) {
  x ^= x >> 16;
  x *= 0x7feb352du;
  x ^= x >> 15;
  x *= 0x846ca68bu;
  x ^= x >> 16;
  return x;
}

template <bool L1>
__device__ __forceinline__ void gather_store(const unsigned* __restrict__ table, unsigned* __restrict__ out,
                                             unsigned mode, unsigned seed) {
  const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned n = gridDim.x * blockDim.x;
  unsigned v[LOADS];
#pragma unroll
  for (int k = 0; k < LOADS; ++k) {
    const unsigned i = mix(t * LOADS + k + seed) & TABLE_MASK;
    v[k] = L1 ? __ldg(table + i) : __ldcg(table + i);
  }
  if (mode == 2) {
#pragma unroll
    for (int k = 0; k < LOADS; ++k) out[k * n + t] = v[k];
    return;
  }
  unsigned sum = 0;
#pragma unroll
  for (int k = 0; k < LOADS; ++k) sum += v[k];
  if (mode == 1 || sum == 0x9e3779b9u) out[t] = sum;
}

extern "C" __global__ void gs_cg(const unsigned* __restrict__ table, unsigned* __restrict__ out, unsigned mode,
                                 unsigned seed) {
  gather_store<false>(table, out, mode, seed);
}

extern "C" __global__ void gs_nc(const unsigned* __restrict__ table, unsigned* __restrict__ out, unsigned mode,
                                 unsigned seed) {
  gather_store<true>(table, out, mode, seed);
}

extern "C" __global__ void st_only(unsigned* __restrict__ out, unsigned seed) {
  const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned n = gridDim.x * blockDim.x;
#pragma unroll
  for (int k = 0; k < LOADS; ++k) out[k * n + t] = mix(t * LOADS + k + seed);
}
