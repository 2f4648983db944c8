// Judgement workload j_reduce_sum: sum of n f32 in two launches of the same kernel, as intermediate CUDA code
// writes a reduction. `reduce_sum`: each thread adds its grid-stride share of the input in order; the CTA's
// 256 partial sums go to shared memory and are halved with __syncthreads (s = 128, 64: sdata[t] += sdata[t+s])
// down to 64 values; warp 0 adds sdata[t] + sdata[t + 32] and finishes with __shfl_down_sync (offsets 16, 8, 4,
// 2, 1); thread 0 writes the CTA's sum to out[blockIdx.x]. Launch 0: n = 2,097,152 over 2112 CTAs x 256 (two
// waves at 8 CTAs per SM; each thread adds 3 or 4 elements), writing 2112 partial sums. Launch 1: the same
// kernel on the partials with one CTA of 256 threads, writing the total. The order of the f32 additions is
// fixed by the code, so the result is bit-exact (a CPU mirror of the order reproduces it).
// Stands for: the reductions of application code (norms, loss sums, dot-product tails) written without CUB.
// Leaves out: float4 loads, cooperative-groups grid sync, atomics-based single-pass reductions.
#define THREADS 256

extern "C" __global__ void reduce_sum(const float* __restrict__ in, float* __restrict__ out, int n) {
  __shared__ float sdata[THREADS];  // blockDim.x must be THREADS
  const unsigned t = threadIdx.x;
  float sum = 0.0f;
  for (int i = blockIdx.x * THREADS + t; i < n; i += THREADS * gridDim.x) sum += in[i];
  sdata[t] = sum;
  __syncthreads();
  for (unsigned s = THREADS / 2; s > 32; s >>= 1) {
    if (t < s) sdata[t] += sdata[t + s];
    __syncthreads();
  }
  if (t < 32) {
    float v = sdata[t] + sdata[t + 32];
    for (int offset = 16; offset > 0; offset >>= 1) v += __shfl_down_sync(0xffffffffu, v, offset);
    if (t == 0) out[blockIdx.x] = v;
  }
}
