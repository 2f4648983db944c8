// PTX sample for the parser tests: device calls, printf, switch tables, warp intrinsics, atomics, 64-bit math.
// Regenerate: nvcc -arch=sm_90a -ptx calls.cu -o calls.sm_90a.ptx (and sm_100a).
#include <cstdio>
#include <cstdint>

struct Pair {
  int a;
  float b;
};

__device__ int g_counter;
__device__ unsigned long long g_sum64;
__device__ float g_table[4][8] = {{1.0f, 2.0f}, {3.0f}};
__constant__ int c_lut[5] = {3, 1, 4, 1, 5};
__device__ int* g_ptr = &g_counter;
__device__ const char* g_names[] = {"alpha", "beta"};

__device__ __noinline__ int add_mul(int a, int b, int c) { return a * b + c; }

__device__ __noinline__ Pair make_pair(int a, float b) { return Pair{a + 1, b * 2.0f}; }

__device__ __noinline__ void bump(int* p, int v) { atomicAdd(p, v); }

__device__ __noinline__ double poly(double x) { return ((x * 0.5 + 1.25) * x - 3.0) * x + 1e-3; }

__device__ __noinline__ int select_case(int k, int x) {
  switch (k) {
    case 0: return x + 11;
    case 1: return x * 3;
    case 2: return x - 7;
    case 3: return x ^ 0x55;
    case 4: return x << 2;
    case 5: return x / 5;
    case 6: return -x;
    case 7: return x | 0x100;
    default: return 0;
  }
}

__global__ void __launch_bounds__(256, 2) calls_kernel(int* out, const int* in, long long* wide, double* dout,
                                                         int n) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid >= n) return;
  int v = in[tid];
  int r = add_mul(v, tid, 7);
  Pair p = make_pair(r, (float)v);
  r += p.a + (int)p.b;
  r += select_case(v & 15, r) + c_lut[tid % 5];
  bump(&g_counter, 1);
  if ((tid & 63) == 0) printf("tid %d v %d r %d f %f\n", tid, v, r, (double)g_table[tid & 3][tid & 7]);
  unsigned mask = __activemask();
  int s = __shfl_down_sync(mask, r, 1);
  s += __shfl_xor_sync(0xffffffffu, s, 4);
  s += __shfl_sync(0xffffffffu, s, 0) + __shfl_up_sync(0xffffffffu, s, 2);
  unsigned ballot = __ballot_sync(0xffffffffu, s > 0);
  int all = __all_sync(0xffffffffu, s != 3);
  int any = __any_sync(0xffffffffu, s == 9);
  int lane_max = __reduce_max_sync(0xffffffffu, s);
  unsigned match = __match_any_sync(0xffffffffu, s & 7);
  out[tid] = s + __popc(ballot) + all + any + lane_max + __popc(match);
  long long w = wide[tid];
  w = w * 0x123456789LL + (w >> 7) - (long long)__umul64hi((unsigned long long)w, 977ull);
  w = w / 3 + w % 11;
  atomicAdd(&g_sum64, (unsigned long long)w);
  atomicMax((unsigned long long*)&wide[0], (unsigned long long)w);
  atomicCAS(&out[0], 0, r);
  atomicExch(&out[1], r);
  atomicMin(&out[2], -r);
  atomicAnd(&out[3], r);
  atomicOr(&out[4], r);
  atomicXor(&out[5], r);
  atomicInc((unsigned*)&out[6], 100u);
  atomicAdd((float*)&out[7], 1.5f);
  atomicAdd(&dout[1], 2.5);
  wide[tid] = w + __clzll(w) + __ffsll(w) + __brevll((unsigned long long)w);
  dout[tid] = poly(dout[tid]) + sqrt(dout[tid]) + __longlong_as_double(w) * 1e300 + (double)*g_ptr;
  long long t0 = clock64();
  __syncthreads();
  if (tid == 0) wide[1] = clock64() - t0 + (long long)(g_names[v & 1][0]);
}
