// Judgement workload j_vecadd_1m: c = a + b over n = 1,048,576 f32, written the two ways ordinary CUDA code
// writes an element-wise kernel. `vecadd`: one thread per element with a bounds check, 256 threads per CTA,
// 4096 CTAs (about 3.9 waves at 8 CTAs per SM on an H200). `vecadd_grid_stride`: a grid-stride loop launched
// with one wave of CTAs (132 SMs x 8 CTAs x 256 threads = 270,336 threads, so each thread does 3 or 4
// elements); it writes a second output buffer d so both results are checked.
// Stands for: the first kernel of every CUDA tutorial and the element-wise glue kernels of real applications
// (bias adds, residual adds), memory bound: 8 bytes read and 4 written per element.
// Leaves out: vector (float4) accesses, non-multiple sizes, streams and copies.
extern "C" __global__ void vecadd(const float* __restrict__ a, const float* __restrict__ b, float* __restrict__ c,
                                  int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

extern "C" __global__ void vecadd_grid_stride(const float* __restrict__ a, const float* __restrict__ b,
                                              float* __restrict__ c, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) c[i] = a[i] + b[i];
}
