// PTX sample for the parser tests: a dense switch lowered to a jump table (brx.idx + .branchtargets),
// indirect calls through function pointers (.callprototype), a weak function, and line info (.file/.loc).
// Regenerate (NVVM only builds jump tables when asked for a lower density):
//   nvcc -arch=sm_90a -ptx -lineinfo -Xcicc -jump-table-density=10 switch_indirect.cu -o switch_indirect.sm_90a.ptx
//   (and the same for sm_100a)
typedef float (*unary_fn)(float);

__device__ __noinline__ float twice(float x) { return 2.0f * x; }
__device__ __noinline__ float square(float x) { return x * x; }
__device__ __noinline__ float negate(float x) { return -x; }

__device__ unary_fn g_fns[3] = {twice, square, negate};

template <int N>
__device__ __noinline__ int weak_helper(int x) { return x * N + 1; }
template __device__ int weak_helper<3>(int);

__device__ __noinline__ int dense_switch(int k, int x, int* side) {
  int r;
  switch (k) {
    case 0: r = weak_helper<3>(x) + 11; break;
    case 1: r = x * 3; side[9] = 1; break;
    case 2: r = x - 7; side[3] = x; break;
    case 3: r = x ^ 0x55; side[4] = 2; break;
    case 4: r = x << 2; side[5] = 7; break;
    case 5: r = x / 5; side[6] = x; break;
    case 6: r = -x; side[7] = 9; break;
    case 7: r = x | 0x100; side[8] = k; break;
    case 8: r = weak_helper<3>(x + 1); break;
    case 9: r = x % 13; break;
    default: r = 0;
  }
  return r;
}

__global__ void switch_kernel(float* out, int* side, const int* sel, int n) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid >= n) return;
  int k = sel[tid];
  unary_fn f = g_fns[k % 3];
  float v = f((float)tid);
  int s = 0;
#pragma unroll 1
  for (int i = 0; i < k; ++i) s += dense_switch((k + i) & 15, tid, side);
  out[tid] = v + (float)s;
}
