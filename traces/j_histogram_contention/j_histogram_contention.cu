// Judgement workload j_histogram_contention: histograms of n random u32 keys built with integer atomicAdd,
// at three contention levels. `hist_global`: one thread per key, atomicAdd(&hist[key % bins], 1) straight to
// global memory; launched with bins = 65536 (low contention: a warp's 32 adds almost always hit 32 different
// words) and bins = 16 (high contention: each warp's adds land on at most 16 words, so every word receives
// about n / 16 adds). `hist_shared256`: the usual privatised version, a 256-bin histogram per CTA in shared
// memory (bin = key & 255) filled by a grid-stride loop with shared atomics, then merged into the global
// histogram with one atomicAdd per non-zero bin. The add results are unused, so nvcc emits red.global.add /
// atom.shared.add. Final counts do not depend on the order of the adds.
// Launches: hist_global 2048 x 256 twice (n = 524,288 keys, one per thread: about 1.9 waves at 8 CTAs per SM),
// hist_shared256 1056 x 256 (one wave; the grid-stride loop gives each thread 1 or 2 keys).
// Stands for: histogramming (image intensity, radix-sort digit counts, binning of particles).
// Leaves out: warp-aggregated atomics (__match_any_sync), per-warp privatisation, sort-based histograms.
extern "C" __global__ void hist_global(const unsigned* __restrict__ keys, unsigned* __restrict__ hist, int n,
                                       unsigned bins) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&hist[keys[i] % bins], 1u);
}

extern "C" __global__ void hist_shared256(const unsigned* __restrict__ keys, unsigned* __restrict__ hist, int n) {
  __shared__ unsigned local[256];
  for (int b = threadIdx.x; b < 256; b += blockDim.x) local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&local[keys[i] & 255u], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < 256; b += blockDim.x) {
    const unsigned count = local[b];
    if (count != 0) atomicAdd(&hist[b], count);
  }
}
