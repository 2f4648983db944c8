// Workload histogram: 256-bin histogram of n bytes. Each CTA zeroes a shared-memory histogram, counts its
// grid-stride share of the input with atomicAdd on shared memory, then adds its non-zero bins to the global
// bins with atomicAdd (the global adds' return values are unused, so nvcc emits red.global.add).
// Models: u8 loads, shared-memory atomics, global reductions, grid-stride loops.
// Leaves out: warp-aggregated atomics, privatisation per warp.
extern "C" __global__ void histogram(const unsigned char* data, unsigned* bins, unsigned n) {
  __shared__ unsigned sh[256];
  for (unsigned i = threadIdx.x; i < 256; i += blockDim.x) sh[i] = 0;
  __syncthreads();
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    atomicAdd(&sh[data[i]], 1u);
  __syncthreads();
  for (unsigned i = threadIdx.x; i < 256; i += blockDim.x)
    if (sh[i] != 0) atomicAdd(&bins[i], sh[i]);
}
