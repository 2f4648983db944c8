// Workload reduce: per-CTA sum of an array. Each thread loads one element (0 past n) into dynamic shared
// memory; a shared-memory tree halves the active range (with __syncthreads) down to 32 partial sums, then
// warp 0 finishes with __shfl_down_sync (offsets 16, 8, 4, 2, 1); lane 0 writes the CTA's sum.
// Two kernels: reduce_u32 (exact integer sums) and reduce_f32 (same order, so a CPU reference that mirrors
// the tree is bit-exact). Launched with blockDim.x = 256 (a power of two >= 64) and dynamic shared memory
// of blockDim.x * 4 bytes.
// Models: dynamic shared memory, CTA barriers in a loop, shuffles, partial last CTA.
// Leaves out: grid-wide reduction (one partial per CTA is the output).
extern "C" __global__ void reduce_u32(const unsigned* in, unsigned* out, unsigned n) {
  extern __shared__ unsigned su[];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + tid;
  su[tid] = i < n ? in[i] : 0u;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s >= 32; s >>= 1) {
    if (tid < s) su[tid] += su[tid + s];
    __syncthreads();
  }
  if (tid < 32) {
    unsigned v = su[tid];
    for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
    if (tid == 0) out[blockIdx.x] = v;
  }
}

extern "C" __global__ void reduce_f32(const float* in, float* out, unsigned n) {
  extern __shared__ float sf[];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + tid;
  sf[tid] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s >= 32; s >>= 1) {
    if (tid < s) sf[tid] = sf[tid] + sf[tid + s];
    __syncthreads();
  }
  if (tid < 32) {
    float v = sf[tid];
    for (int off = 16; off > 0; off >>= 1) v = v + __shfl_down_sync(0xffffffffu, v, off);
    if (tid == 0) out[blockIdx.x] = v;
  }
}
