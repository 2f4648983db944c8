// Judgement workload j_scatter: two order-independent scatters.
// `scatter_perm`: out[(i * P) mod n] = in[i] for n a power of two and P odd, so i -> i * P mod n is a bijection
// (every out element written exactly once, whatever the order): the store side of a permutation apply, e.g. the
// scatter step of a radix sort or a bit-reversal/transpose reordering, where the destination of each element
// is computed rather than read. Loads are coalesced, stores land P * 4 bytes apart (one sector per lane).
// `scatter_add`: bins[slot[i]] += val[i] by integer atomicAdd (u32, wrapping: the final sums do not depend on
// the order) with random slots: a histogram with many bins / counting-sort bucket counts / sparse
// accumulation (segment-sum) in integer arithmetic. nvcc emits atom.global.add.u32 (its result unused).
// Launches: scatter_perm over n = 2^20 f32 (4096 CTAs of 256, about 3.9 waves at 8 CTAs per SM on 132 SMs),
// P = 2654435761; scatter_add over n = 2^19 elements into 131,072 u32 bins (512 KiB, four adds per bin on
// average; 2048 CTAs, about 1.9 waves).
// Leaves out: float atomics (order-dependent), warp-aggregated atomics, shared-memory privatised histograms
// (histogram covers that), duplicate-index plain stores (order-dependent).
extern "C" __global__ void scatter_perm(const float* __restrict__ in, float* __restrict__ out, unsigned n,
                                        unsigned p) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[(i * p) & (n - 1)] = in[i];
}

extern "C" __global__ void scatter_add(const unsigned* __restrict__ slot, const unsigned* __restrict__ val,
                                       unsigned* __restrict__ bins, unsigned n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&bins[slot[i]], val[i]);
}
