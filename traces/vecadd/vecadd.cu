// Workload vecadd: the seed example. c[i] = a[i] + b[i] for i < n, one element per thread, with a bounds
// check so the last CTA has idle lanes (n = 1000, 4 CTAs x 256 threads).
// Models: a global-memory streaming kernel (ld.global, add.f32, st.global) and a partially active last warp.
// Leaves out: shared memory, divergence inside a warp other than the bounds check.
extern "C" __global__ void vecadd(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}
