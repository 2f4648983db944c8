// ex2_probe: what the H200's ex2.approx.ftz.f32 (MUFU.EX2) returns, compared with the correctly rounded 2^x, so that
// warpsim's ex2 (src/func/scalar/fp_special.cpp: the exact 2^x rounded to f32) can later be made bit-exact.
// Written for tools/measure/flash_fwd.sh (traces/flash_fwd's softmax runs on ex2.approx.ftz.f32 of x in about [-25, 0]).
// 1. Every f32 x in [-126, 0] (sign set, exponent field 0 .. 133, every fraction; about 1.1 G values; subnormal x is
//    flushed to -0 by .ftz): d = bits(ex2.approx.ftz.f32(x)) - bits(RN_f32(exp2((double) x))), a histogram of d in
//    [-8, 8] (and beyond) per exponent field of x, printed as text on stdout.
// 2. The table of d (int8, clamped to +-127) for x = -k 2^-23, k = 0 .. 2^23 - 1 (x in (-1, 0], 8 MiB), written to the
//    file named by argv[1]: if MUFU.EX2 is 2^int(x) times a function of a fixed-point fraction, this table is it.
// The reference is CUDA's double exp2 (at most 1 double ulp off), rounded once to f32: wrong only where 2^x lies
// within 2^-52 of an f32 rounding midpoint (about one value in 2^29).
// Build and run (on the device machine): nvcc -arch=sm_90a -O3 -o /tmp/ex2_probe tools/measure/ex2_probe.cu &&
//   /tmp/ex2_probe $OUT/ex2_table.bin
// Leaves out: positive x, non-ftz ex2.approx.f32 (ptxas scales its inputs), f16/bf16 forms.
#include <cstdint>
#include <cstdio>
#include <cstring>

constexpr int kExps = 134, kBins = 19;  // d in [-9, 9]: -9 = below -8, 9 = above 8

__device__ __forceinline__ float ex2(float x) {
  float y;
  asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
  return y;
}
__device__ __forceinline__ int diff(float x) {
  const float y = ex2(x);
  const float r = static_cast<float>(exp2(static_cast<double>(x)));
  return static_cast<int>(__float_as_int(y)) - static_cast<int>(__float_as_int(r));
}

__global__ void hist(unsigned long long* h) {
  __shared__ unsigned long long s[kBins];
  const unsigned e = blockIdx.y;  // exponent field
  for (int i = threadIdx.x; i < kBins; i += blockDim.x) s[i] = 0;
  __syncthreads();
  for (unsigned f = blockIdx.x * blockDim.x + threadIdx.x; f < (1u << 23); f += gridDim.x * blockDim.x) {
    const float x = __int_as_float(static_cast<int>(0x80000000u | (e << 23) | f));
    int d = diff(x);
    d = d < -8 ? -9 : d > 8 ? 9 : d;
    if (d != 0) atomicAdd(&s[d + 9], 1ull);
  }
  __syncthreads();
  for (int i = threadIdx.x; i < kBins; i += blockDim.x)
    if (s[i]) atomicAdd(&h[e * kBins + i], s[i]);
}

__global__ void table(signed char* t) {
  const unsigned k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= (1u << 23)) return;
  const float x = -static_cast<float>(k) * 0x1p-23f;  // exact
  int d = diff(x);
  t[k] = static_cast<signed char>(d < -127 ? -127 : d > 127 ? 127 : d);
}

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: ex2_probe TABLE.bin\n");
    return 2;
  }
  unsigned long long* h;
  signed char* t;
  cudaMalloc(&h, sizeof(unsigned long long) * kExps * kBins);
  cudaMemset(h, 0, sizeof(unsigned long long) * kExps * kBins);
  cudaMalloc(&t, 1u << 23);
  hist<<<dim3(64, kExps), 256>>>(h);
  table<<<(1u << 23) / 256, 256>>>(t);
  static unsigned long long hh[kExps * kBins];
  static signed char tt[1u << 23];
  cudaMemcpy(hh, h, sizeof hh, cudaMemcpyDeviceToHost);
  cudaMemcpy(tt, t, sizeof tt, cudaMemcpyDeviceToHost);
  const cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    std::fprintf(stderr, "ex2_probe: %s\n", cudaGetErrorString(err));
    return 1;
  }
  std::printf("# ex2.approx.ftz.f32 - RN(2^x) in f32 ulps, x = -(1.f) 2^(e - 127), per exponent field e; 8388608 x each;\n");
  std::printf("# columns: e, then counts of d = <-8, -8 .. -1, 1 .. 8, >8 (d = 0 is the rest)\n");
  for (int e = 0; e < kExps; ++e) {
    std::printf("%d", e);
    for (int b = 0; b < kBins; ++b)
      if (b != 9) std::printf(" %llu", hh[e * kBins + b]);
    std::printf("\n");
  }
  long nz = 0;
  for (unsigned k = 0; k < (1u << 23); ++k) nz += tt[k] != 0;
  std::printf("# table x = -k 2^-23: %ld of 8388608 differ from RN(2^x)\n", nz);
  FILE* f = std::fopen(argv[1], "wb");
  if (!f || std::fwrite(tt, 1, sizeof tt, f) != sizeof tt) {
    std::fprintf(stderr, "ex2_probe: cannot write %s\n", argv[1]);
    return 1;
  }
  std::fclose(f);
  return 0;
}
