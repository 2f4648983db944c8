// Microbenchmark ubench_emulated_ops: latency and SASS length of PTX instructions that have no single SASS
// instruction on sm_90 and that ptxas expands into a sequence (IEEE-rounded f32/f64 division, reciprocal and
// square root; integer division and remainder). Each entry runs one warp through a dependent chain of n steps
// of one operation (unrolled by 4, %clock64 around the loop) whose values stay normal and periodic, so the
// sequence's fast path is the one measured: x = d / x (x alternates between x0 and d / x0), x = rcp(x), x =
// sqrt(x) (tends to 1), integer q = d / q (alternates) and q = d % q + 3. Lane 0 writes end - start to cyc[slot];
// every lane writes x's bits to out[slot * 32 + lane]. Nsight's instruction count per launch gives the SASS
// instructions per step ((count - overhead) / n), %clock64 the cycles per step.
// Leaves out: slow paths (denormal or special operands: ptxas calls a subroutine there), throughput with many
// warps, the .approx / .ftz forms (single MUFU instructions: ubench_sfu_chain).
#define CHAIN(NAME, T, STEP)                                                                               \
  extern "C" __global__ void NAME(unsigned long long* out, unsigned long long* cyc, T x0, T d, int n,      \
                                  int slot) {                                                              \
    T x = x0;                                                                                              \
    long long t0 = clock64();                                                                              \
    _Pragma("unroll 1") for (int i = 0; i < n; i += 4) {                                                   \
      x = STEP;                                                                                            \
      x = STEP;                                                                                            \
      x = STEP;                                                                                            \
      x = STEP;                                                                                            \
    }                                                                                                      \
    long long t1 = clock64();                                                                              \
    unsigned long long bits = 0;                                                                           \
    memcpy(&bits, &x, sizeof(T));                                                                          \
    out[slot * 32 + threadIdx.x] = bits;                                                                   \
    if (threadIdx.x == 0) cyc[slot] = (unsigned long long)(t1 - t0);                                       \
  }

CHAIN(div_rn_f32, float, d / x)
CHAIN(rcp_rn_f32, float, __frcp_rn(x))
CHAIN(sqrt_rn_f32, float, sqrtf(x))
CHAIN(div_rn_f64, double, d / x)
CHAIN(rcp_rn_f64, double, __drcp_rn(x))
CHAIN(sqrt_rn_f64, double, sqrt(x))
CHAIN(div_u32, unsigned, d / x)
CHAIN(rem_u32, unsigned, d % x + 3u)
CHAIN(div_s32, int, d / x)
CHAIN(div_u64, unsigned long long, d / x)
CHAIN(div_s64, long long, d / x)
