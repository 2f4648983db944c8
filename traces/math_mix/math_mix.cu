// Workload math_mix: one thread per element (1 CTA x 64 threads) computes a fixed list of scalar operations
// and stores each in its own slot of an output buffer (out[tid * N + slot]). Covers f32 (IEEE .rn and
// directed rounding, conversions, approximate intrinsics), f64, f16 / __half2, bf16, integer division and
// remainder, bit manipulation (popc, clz, brev, byte_perm/prmt, funnel shifts, ffs, dp4a, mul24, mulhi),
// and float->int conversions with every rounding intrinsic (saturating). Slot lists are below; the test in
// tests/integration/workloads/517-math_mix.cpp mirrors them one by one.
// Explicit __f*_rn intrinsics are used where nvcc could otherwise contract a*b+c into one fma.
// Models: the scalar semantics of the PTX ops nvcc emits for these intrinsics.
// Leaves out: NaN/infinity inputs (random finite data), denormal-flushing (.ftz) corner cases, tensor ops.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#define NF 32
#define ND 16
#define NH 12
#define NB 6
#define NU 32
#define NS 8
#define NQ 8

extern "C" __global__ void math_mix(const float* fa, const float* fb, const float* fc, const float* fpos,
                                    const float* fe, const float* conv, const double* da, const double* db,
                                    const double* dpos, const __half* ha, const __half* hb, const __half* hc,
                                    const __nv_bfloat16* ba, const __nv_bfloat16* bb,
                                    const __nv_bfloat16* bc, const unsigned* ua, const unsigned* ub,
                                    const int* sa, float* of, double* od, __half* oh, __nv_bfloat16* ob,
                                    unsigned* ou, int* os, unsigned long long* oq) {
  int t = threadIdx.x;
  float a = fa[t], b = fb[t], c = fc[t], p = fpos[t], e = fe[t], cv = conv[t];
  double x = da[t], y = db[t], dp = dpos[t];
  unsigned u = ua[t], w = ub[t];
  int s = sa[t];

  // ---- f32 (exact unless marked approx) ----
  float* F = of + t * NF;
  F[0] = __fadd_rn(a, b);
  F[1] = __fmul_rn(a, b);
  F[2] = fmaf(a, b, c);
  F[3] = a / b;                 // div.rn.f32
  F[4] = sqrtf(p);              // sqrt.rn.f32
  F[5] = __frcp_rn(b);
  F[6] = __fadd_rd(a, b);
  F[7] = __fadd_ru(a, b);
  F[8] = __fmul_rz(a, b);
  F[9] = __fmaf_rz(a, b, c);
  F[10] = __fmaf_rd(a, b, c);
  F[11] = fminf(a, b);
  F[12] = fmaxf(a, b);
  F[13] = copysignf(p, a);
  F[14] = floorf(a);
  F[15] = ceilf(a);
  F[16] = truncf(a);
  F[17] = rintf(a);
  F[18] = roundf(a);            // half away from zero (a short sequence in PTX)
  F[19] = __saturatef(__fmul_rn(c, 0.1f));
  F[20] = (float)x;             // cvt.rn.f32.f64
  F[21] = (float)s;             // cvt.rn.f32.s32
  F[22] = (float)u;             // cvt.rn.f32.u32
  F[23] = __int2float_rz(s);    // cvt.rz.f32.s32
  F[24] = (float)((unsigned long long)u * w);  // cvt.rn.f32.u64
  F[25] = __half2float(ha[t]) + __bfloat162float(ba[t]);  // both conversions are exact; the add is .rn
  F[26] = __fdiv_ru(a, b);
  F[27] = __fsqrt_rd(p);
  F[28] = rsqrtf(p);            // approx: rsqrt.approx.f32, 2 ulp
  F[29] = __fdividef(a, b);     // approx: div.approx.f32, 2 ulp for 2^-126 <= |b| <= 2^126
  F[30] = expf(e);              // approx: 2 ulp (CUDA math guide)
  F[31] = __sinf(__fmul_rn(e, 0.3f));  // approx: sin.approx.f32, abs error 2^-21.41 on [-pi, pi]

  // ---- f64 (exact) ----
  double* D = od + t * ND;
  D[0] = __dadd_rn(x, y);
  D[1] = __dmul_rn(x, y);
  D[2] = fma(x, y, (double)c);
  D[3] = x / y;                 // div.rn.f64
  D[4] = sqrt(dp);              // sqrt.rn.f64
  D[5] = __drcp_rn(y);
  D[6] = __dadd_rd(x, y);
  D[7] = __dadd_ru(x, y);
  D[8] = __dmul_rz(x, y);
  D[9] = (double)a;             // cvt.f64.f32
  D[10] = (double)((unsigned long long)u * w);  // cvt.rn.f64.u64
  D[11] = fmin(x, y);
  D[12] = floor(x);
  D[13] = (double)s * 0.5;
  D[14] = __ddiv_rz(x, y);
  D[15] = __dsqrt_ru(dp);

  // ---- f16 (exact, round to nearest unless named) ----
  __half h0 = ha[t], h1 = hb[t], h2 = hc[t];
  __half* H = oh + t * NH;
  H[0] = __hadd(h0, h1);
  H[1] = __hmul(h0, h1);
  H[2] = __hfma(h0, h1, h2);
  H[3] = __hsub(h0, h1);
  H[4] = __float2half_rn(a);
  H[5] = __float2half_rz(a);
  __half2 p2 = __halves2half2(h0, h1);
  __half2 q2 = __halves2half2(h2, h0);
  __half2 m2 = __hmul2(p2, q2);
  __half2 f2 = __hfma2(p2, q2, __hadd2(p2, q2));
  H[6] = __low2half(m2);
  H[7] = __high2half(m2);
  H[8] = __low2half(f2);
  H[9] = __high2half(f2);
  H[10] = __hmax(h0, h1);
  H[11] = __hneg(h2);

  // ---- bf16 (exact) ----
  __nv_bfloat16 b0 = ba[t], b1 = bb[t], b2 = bc[t];
  __nv_bfloat16* B = ob + t * NB;
  B[0] = __hadd(b0, b1);
  B[1] = __hmul(b0, b1);
  B[2] = __hfma(b0, b1, b2);
  B[3] = __hsub(b0, b1);
  B[4] = __float2bfloat16_rn(a);
  B[5] = __float2bfloat16_rz(a);

  // ---- integer ----
  unsigned* U = ou + t * NU;
  unsigned du = (w & 0xffffu) + 1u;
  int ds = (int)(w % 2001u) - 1000;
  if (ds == 0) ds = 7;
  unsigned sh = w >> 24;
  U[0] = u / du;
  U[1] = u % du;
  U[2] = (unsigned)(s / ds);
  U[3] = (unsigned)(s % ds);
  U[4] = __popc(u);
  U[5] = __clz(u);
  U[6] = __brev(u);
  U[7] = __byte_perm(u, w, w);  // nvcc masks the selector: prmt.b32 with (w & 0x7777)
  {
    // __byte_perm masks its selector with 0x7777 (copy mode only); raw prmt.b32 also has the sign-replicate
    // mode (selector nibble msb set = replicate the msb of the selected byte), so use inline PTX for that.
    unsigned r;
    asm("prmt.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(u), "r"(w), "r"(w >> 16));
    U[8] = r;
  }
  U[9] = __funnelshift_l(u, w, sh);
  U[10] = __funnelshift_r(u, w, sh);
  U[11] = __funnelshift_lc(u, w, sh);
  U[12] = __funnelshift_rc(u, w, sh);
  U[13] = __umulhi(u, w);
  U[14] = (unsigned)__mulhi(s, (int)w);
  U[15] = (unsigned)__ffs((int)(u & w));
  U[16] = (unsigned)__dp4a(s, (int)w, (int)u);
  U[17] = __usad(u, w, 5u);
  U[18] = (unsigned)__mul24(s, (int)w);
  U[19] = (unsigned)min(s, (int)w);
  U[20] = max(u, w);
  U[21] = (unsigned)abs(s);
  U[22] = (unsigned)(s >> (w & 31u));
  U[23] = u >> (w & 31u);
  U[24] = (u >> 5) & 0x3ffu;
  U[25] = (u & ~0xff00u) | ((w << 8) & 0xff00u);
  U[26] = __popcll((unsigned long long)u * w);
  U[27] = __clzll((unsigned long long)u * (w >> 20));
  U[28] = (unsigned)(__brevll((unsigned long long)u << 32 | w) >> 7);
  U[29] = __umul24(u, w);
  U[30] = __sad(s, (int)w, 9u);
  U[31] = (unsigned)(s * (int)w + (int)u);

  // ---- float -> int conversions (saturating) ----
  int* S = os + t * NS;
  S[0] = __float2int_rn(cv);
  S[1] = __float2int_rz(cv);
  S[2] = __float2int_rd(cv);
  S[3] = __float2int_ru(cv);
  S[4] = (int)__float2uint_rn(cv);
  S[5] = __double2int_rz(x * 1e7);
  S[6] = __double2int_rn((double)cv);
  S[7] = (int)__float2uint_rz(cv);

  // ---- 64-bit ----
  unsigned long long* Q = oq + t * NQ;
  unsigned long long big = (unsigned long long)u * w;
  Q[0] = big / ((w & 0xffu) + 1u);   // div.u64
  Q[1] = big % ((w & 0xffu) + 1u);   // rem.u64
  Q[2] = (unsigned long long)__float2ll_rd(cv * 1e9f);
  Q[3] = __float2ull_ru(cv * 1e9f);
  Q[4] = (unsigned long long)((long long)s * (long long)(int)w / (long long)ds);  // div.s64
  Q[5] = __umul64hi(big, big ^ 0x9e3779b97f4a7c15ull);
  Q[6] = (unsigned long long)__double2ll_rn(x * 1e12);
  Q[7] = big >> (w & 63u) | big << ((64u - (w & 63u)) & 63u);
}
