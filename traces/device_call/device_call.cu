// Workload device_call: __noinline__ __device__ functions called from a kernel: `blend` takes five
// arguments of mixed types (int, int, float, pointer, unsigned) and returns a float; `classify` returns an
// int and is called only from the divergent half of the warp; `blend` is called once by all lanes and once
// more from inside a divergent branch. 1 CTA x 64 threads.
// Models: call/ret with .param arguments and return values, calls under divergence.
// Leaves out: recursion, indirect calls, variadic calls (see printf_demo).
__device__ __noinline__ float blend(int a, int b, float w, const float* table, unsigned k) {
  float t = table[k & 15u];
  return __fadd_rn(__fmul_rn(w, t), (float)(a - b));
}

__device__ __noinline__ int classify(int v, int lane) {
  if (v < 0) return -lane;
  if (v < 50) return v + 1000;
  return v * 2;
}

extern "C" __global__ void device_call(const int* x, const float* table, float* out_f, int* out_i) {
  int tid = threadIdx.x;
  int lane = tid & 31;
  int v = x[tid];
  float r = blend(v, lane, 0.5f, table, (unsigned)tid);  // uniform call
  int c = 0;
  if (lane & 1) {
    c = classify(v, lane);                     // called by odd lanes only
    r = __fadd_rn(r, blend(c, v, -2.0f, table, (unsigned)lane));
  } else {
    c = -7;
  }
  out_f[tid] = r;
  out_i[tid] = c;
}
