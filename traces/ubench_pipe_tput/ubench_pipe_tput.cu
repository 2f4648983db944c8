// Microbenchmark ubench_pipe_tput: issue THROUGHPUT of the integer and FP32 pipes (ubench_imad_chain and
// ubench_ffma_chain measure their LATENCY with one dependent chain). One CTA (one SM) of W warps; every thread keeps
// 8 independent chains and runs r steps of one operation on each (plus the loop's IADD3, ISETP and BRA):
//   pipe_imad:  x = x * a + b      (u32: IMAD, which Nsight lists on the FMA pipe, not the ALU)
//   pipe_lop3:  x = (x ^ a) & b    (u32: one LOP3 on the ALU pipe)
//   pipe_iadd:  x = x + (a ^ 16u * u) (u32: a step per chain; IADD3 on the ALU or VIADD on the FMA pipe)
//   pipe_ffma:  x = x * a + b      (f32: FFMA)
//   pipe_imad_lop3: 4 chains of each (do IMAD and LOP3 issue to different pipes?)
//   pipe_ffma_imad: 4 chains of each (do FFMA and IMAD share one?)
// a and b are kernel parameters, so ptxas cannot fold them. pipe_iadd gives chain u its own step a ^ (16u * u)
// (until 2026-12-03 every chain added a: x[u] - x[0] stayed the constant u, so nvcc's loop strength reduction
// kept two adds per step for the eight chains and rebuilt the others after the loop). Warp 0's lane 0 writes
// the loop's cycles between two __syncthreads (%clock64) to cyc[slot]; thread t writes the XOR of its chains to
// out[slot * 1024 + t] (f32 chains as their bits). Cycles per warp-instruction per sub-partition =
// cyc / (W / 4 x r x 8) for W >= 4.
// Leaves out: FP64, FP16, SFU and tensor pipes; register-bank conflicts (each chain has its own register);
// several CTAs per SM.
#define CHAINS 8

template <int K>
__device__ __forceinline__ void step(unsigned (&x)[CHAINS], float (&f)[CHAINS], unsigned a, unsigned b, float fa,
                                     float fb) {
#pragma unroll
  for (int u = 0; u < CHAINS; ++u) {
    if (K == 0) x[u] = x[u] * a + b;
    if (K == 1) x[u] = (x[u] ^ a) & b;
    if (K == 2) x[u] = x[u] + (a ^ (16u * u));
    if (K == 3) f[u] = f[u] * fa + fb;
    if (K == 4) x[u] = u < 4 ? x[u] * a + b : (x[u] ^ a) & b;
    if (K == 5) {
      if (u < 4) f[u] = f[u] * fa + fb;
      else x[u] = x[u] * a + b;
    }
  }
}

template <int K>
__device__ void run(unsigned* __restrict__ out, unsigned long long* __restrict__ cyc, int r, unsigned a, unsigned b,
                    float fa, float fb, unsigned slot) {
  unsigned x[CHAINS];
  float f[CHAINS];
#pragma unroll
  for (int u = 0; u < CHAINS; ++u) {
    x[u] = threadIdx.x * 8u + u;
    f[u] = (float)(threadIdx.x + u) * 0.001f;
  }
  __syncthreads();
  const long long t0 = clock64();
#pragma unroll 1
  for (int i = 0; i < r; ++i) step<K>(x, f, a, b, fa, fb);
  __syncthreads();
  const long long t1 = clock64();
  if (threadIdx.x == 0) cyc[slot] = (unsigned long long)(t1 - t0);
  unsigned v = 0;
#pragma unroll
  for (int u = 0; u < CHAINS; ++u) v ^= (K == 3 || (K == 5 && u < 4)) ? __float_as_uint(f[u]) : x[u];
  out[slot * 1024 + threadIdx.x] = v;
}

#define KERNEL(name, k)                                                                                      \
  extern "C" __global__ void name(unsigned* __restrict__ out, unsigned long long* __restrict__ cyc, int r,  \
                                  unsigned a, unsigned b, float fa, float fb, unsigned slot) {              \
    run<k>(out, cyc, r, a, b, fa, fb, slot);                                                                 \
  }
KERNEL(pipe_imad, 0)
KERNEL(pipe_lop3, 1)
KERNEL(pipe_iadd, 2)
KERNEL(pipe_ffma, 3)
KERNEL(pipe_imad_lop3, 4)
KERNEL(pipe_ffma_imad, 5)
