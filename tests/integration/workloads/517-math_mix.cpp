// Workload test math_mix (traces/math_mix): scalar semantics of the PTX that nvcc emits for f32, f64, f16,
// bf16, integer and conversion intrinsics. Every slot of every output buffer is compared bit-exactly with a
// CPU reference, except the four approximate f32 slots, which are compared with these bounds:
//   F[28] rsqrtf      (rsqrt.approx.f32): 2 ulp           (CUDA math guide, rsqrtf)
//   F[29] __fdividef  (div.approx.f32):   2 ulp           (CUDA math guide, for 2^-126 <= |y| <= 2^126)
//   F[30] expf        (ex2.approx.ftz + range reduction): 2 ulp (CUDA math guide, expf)
//   F[31] __sinf      (sin.approx.f32):   absolute 2^-20.5 (PTX ISA bound over [-100 pi, 100 pi]; the input
//                                         here is in [-3, 3])
// Reference techniques: correctly rounded host operations where C++ has them (+ - * / sqrt fma, int->float
// casts, double->float); for directed rounding and for f16/bf16 the exact result is formed as an unevaluated
// double pair (products of f32/f16/bf16 are exact in double, sums via two_sum) and rounded by
// wl::round_exact; f32/f64 directed division and square root use the exact remainder from an fma to decide
// whether the round-to-nearest result must step one ulp. Float->int conversions saturate, NaN -> 0 (PTX cvt).
// CUDA's __byte_perm masks its selector with 0x7777 (nvcc emits `and` + prmt); slot U[8] uses raw prmt.b32
// through inline PTX, whose selector nibble msb means "replicate the selected byte's sign".
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: NaN/infinity inputs, .ftz behaviour on denormal inputs.
#include "workload_util.hpp"

#include <bit>
#include <limits>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

using wl::Rnd;

constexpr int N = 64, NF = 32, ND = 16, NH = 12, NB = 6, NU = 32, NS = 8, NQ = 8;

float add_r(float a, float b, Rnd m) {
  double s, e;
  wl::two_sum(a, b, s, e);
  return wl::round_f32(s, e, m);
}
float mul_r(float a, float b, Rnd m) { return wl::round_f32(static_cast<double>(a) * b, 0.0, m); }
float fma_r(float a, float b, float c, Rnd m) {
  double s, e;
  wl::two_sum(static_cast<double>(a) * b, c, s, e);
  return wl::round_f32(s, e, m);
}

// f16 / bf16 arithmetic on bits, round to nearest even.
using Round16 = std::uint16_t (*)(double, double, Rnd);
std::uint16_t add16(double a, double b, Round16 rnd) {
  double s, e;
  wl::two_sum(a, b, s, e);
  return rnd(s, e, Rnd::Nearest);
}
std::uint16_t mul16(double a, double b, Round16 rnd) { return rnd(a * b, 0.0, Rnd::Nearest); }
std::uint16_t fma16(double a, double b, double c, Round16 rnd) {
  double s, e;
  wl::two_sum(a * b, c, s, e);
  return rnd(s, e, Rnd::Nearest);
}

std::int32_t sat_s32(double r) {
  if (std::isnan(r)) return 0;
  if (r >= 2147483647.0) return std::numeric_limits<std::int32_t>::max();
  if (r <= -2147483648.0) return std::numeric_limits<std::int32_t>::min();
  return static_cast<std::int32_t>(r);
}
std::uint32_t sat_u32(double r) {
  if (std::isnan(r) || r <= 0.0) return 0;
  if (r >= 4294967295.0) return std::numeric_limits<std::uint32_t>::max();
  return static_cast<std::uint32_t>(r);
}
std::int64_t sat_s64(double r) {
  if (std::isnan(r)) return 0;
  if (r >= 0x1p63) return std::numeric_limits<std::int64_t>::max();
  if (r < -0x1p63) return std::numeric_limits<std::int64_t>::min();
  return static_cast<std::int64_t>(r);
}
std::uint64_t sat_u64(double r) {
  if (std::isnan(r) || r <= 0.0) return 0;
  if (r >= 0x1p64) return std::numeric_limits<std::uint64_t>::max();
  return static_cast<std::uint64_t>(r);
}

// PTX prmt.b32 d, a, b, c (default mode): bytes {b, a} numbered 0-7 from a's low byte; selector nibble n picks
// the byte for result byte n; a set msb replicates the picked byte's sign bit.
std::uint32_t prmt(std::uint32_t a, std::uint32_t b, std::uint32_t c) {
  const std::uint64_t src = (std::uint64_t{b} << 32) | a;
  std::uint32_t r = 0;
  for (int n = 0; n < 4; ++n) {
    const unsigned sel = (c >> (4 * n)) & 0xfu;
    std::uint32_t byte = static_cast<std::uint32_t>(src >> (8 * (sel & 7u))) & 0xffu;
    if (sel & 8u) byte = (byte & 0x80u) ? 0xffu : 0u;
    r |= byte << (8 * n);
  }
  return r;
}

std::uint32_t brev32(std::uint32_t x) {
  std::uint32_t r = 0;
  for (int k = 0; k < 32; ++k) r |= ((x >> k) & 1u) << (31 - k);
  return r;
}

std::int32_t sext24(std::uint32_t x) { return static_cast<std::int32_t>(x << 8) >> 8; }

std::uint32_t u64_low(std::uint64_t x) { return static_cast<std::uint32_t>(x); }

// Exact u64 as an unevaluated double pair (hi = RN(x), lo = rest).
void u64_pair(std::uint64_t x, double& hi, double& lo) {
  wl::two_sum(static_cast<double>(x & ~std::uint64_t{0x7ff}), static_cast<double>(x & 0x7ffu), hi, lo);
}

template <typename T>
void check_slots(const std::vector<T>& got, const std::vector<T>& want, int stride, const char* buf,
                 const std::vector<int>& skip = {}) {
  for (int s = 0; s < stride; ++s) {
    if (std::find(skip.begin(), skip.end(), s) != skip.end()) continue;
    std::vector<T> g(N), w(N);
    for (int t = 0; t < N; ++t) {
      g[t] = got[t * stride + s];
      w[t] = want[t * stride + s];
    }
    wl::check_equal(g, w, std::string(buf) + "[" + std::to_string(s) + "]");
  }
}

}  // namespace

static void check_run(const wl::sim::RunResult& r) {
  const auto& c = r.config;
  const auto fa = wl::initial<float>(c, "fa"), fb = wl::initial<float>(c, "fb"), fc = wl::initial<float>(c, "fc");
  const auto fpos = wl::initial<float>(c, "fpos"), fe = wl::initial<float>(c, "fe");
  const auto conv = wl::initial<float>(c, "conv");
  const auto da = wl::initial<double>(c, "da"), db = wl::initial<double>(c, "db");
  const auto dpos = wl::initial<double>(c, "dpos");
  const auto ha = wl::initial<std::uint16_t>(c, "ha"), hb = wl::initial<std::uint16_t>(c, "hb");
  const auto hc = wl::initial<std::uint16_t>(c, "hc");
  const auto ba = wl::initial<std::uint16_t>(c, "ba"), bb = wl::initial<std::uint16_t>(c, "bb");
  const auto bc = wl::initial<std::uint16_t>(c, "bc");
  const auto ua = wl::initial<std::uint32_t>(c, "ua"), ub = wl::initial<std::uint32_t>(c, "ub");
  const auto sa = wl::initial<std::int32_t>(c, "sa");

  std::vector<float> of(N * NF);
  std::vector<double> od(N * ND);
  std::vector<std::uint16_t> oh(N * NH), ob(N * NB);
  std::vector<std::uint32_t> ou(N * NU);
  std::vector<std::int32_t> os(N * NS);
  std::vector<std::uint64_t> oq(N * NQ);
  const float inf = std::numeric_limits<float>::infinity();

  for (int t = 0; t < N; ++t) {
    const float a = fa[t], b = fb[t], cc = fc[t], p = fpos[t], cv = conv[t];
    const double x = da[t], y = db[t], dp = dpos[t];
    const std::uint32_t u = ua[t], w = ub[t];
    const std::int32_t s = sa[t];

    // ---- f32 ----
    float* F = &of[t * NF];
    F[0] = a + b;
    F[1] = a * b;
    F[2] = std::fma(a, b, cc);
    F[3] = a / b;
    F[4] = std::sqrt(p);
    F[5] = 1.0f / b;
    F[6] = add_r(a, b, Rnd::Down);
    F[7] = add_r(a, b, Rnd::Up);
    F[8] = mul_r(a, b, Rnd::Zero);
    F[9] = fma_r(a, b, cc, Rnd::Zero);
    F[10] = fma_r(a, b, cc, Rnd::Down);
    F[11] = std::fmin(a, b);
    F[12] = std::fmax(a, b);
    F[13] = std::copysign(p, a);
    F[14] = std::floor(a);
    F[15] = std::ceil(a);
    F[16] = std::trunc(a);
    F[17] = std::nearbyint(a);  // default rounding mode: ties to even
    F[18] = std::round(a);
    {
      const float z = cc * 0.1f;
      F[19] = z < 0.0f ? 0.0f : z > 1.0f ? 1.0f : z;
    }
    F[20] = static_cast<float>(x);
    F[21] = static_cast<float>(s);
    F[22] = static_cast<float>(u);
    F[23] = wl::round_f32(static_cast<double>(s), 0.0, Rnd::Zero);
    {
      double hi, lo;
      u64_pair(std::uint64_t{u} * w, hi, lo);
      F[24] = wl::round_f32(hi, lo, Rnd::Nearest);
    }
    F[25] = static_cast<float>(wl::half_value(ha[t])) + static_cast<float>(wl::bf16_value(ba[t]));
    {
      const float q = a / b;
      const float rem = std::fma(-q, b, a);  // exact: a - q * b
      const bool exact_above = rem != 0.0f && ((rem > 0.0f) == (b > 0.0f));
      F[26] = exact_above ? std::nextafter(q, inf) : q;  // div.rp
    }
    {
      const float rt = std::sqrt(p);
      F[27] = std::fma(rt, rt, -p) > 0.0f ? std::nextafter(rt, 0.0f) : rt;  // sqrt.rm
    }
    // F[28..31] approximate: checked with tolerances below.

    // ---- f64 ----
    double* D = &od[t * ND];
    D[0] = x + y;
    D[1] = x * y;
    D[2] = std::fma(x, y, static_cast<double>(cc));
    D[3] = x / y;
    D[4] = std::sqrt(dp);
    D[5] = 1.0 / y;
    {
      double sum, err;
      wl::two_sum(x, y, sum, err);
      D[6] = err < 0.0 ? std::nextafter(sum, -INFINITY) : sum;
      D[7] = err > 0.0 ? std::nextafter(sum, INFINITY) : sum;
    }
    {
      const double prod = x * y;
      const double err = std::fma(x, y, -prod);  // exact
      D[8] = (err != 0.0 && ((err > 0.0) != (prod > 0.0))) ? std::nextafter(prod, 0.0) : prod;
    }
    D[9] = static_cast<double>(a);
    {
      double hi, lo;
      u64_pair(std::uint64_t{u} * w, hi, lo);
      D[10] = hi;
    }
    D[11] = std::fmin(x, y);
    D[12] = std::floor(x);
    D[13] = static_cast<double>(s) * 0.5;
    {
      const double q = x / y;
      const double rem = std::fma(-q, y, x);  // exact
      const bool toward_zero = rem != 0.0 && (((rem > 0.0) == (y > 0.0)) != (q > 0.0));
      D[14] = toward_zero ? std::nextafter(q, 0.0) : q;  // div.rz
    }
    {
      const double rt = std::sqrt(dp);
      D[15] = std::fma(rt, rt, -dp) < 0.0 ? std::nextafter(rt, INFINITY) : rt;  // sqrt.rp
    }

    // ---- f16 ----
    const double h0 = wl::half_value(ha[t]), h1 = wl::half_value(hb[t]), h2 = wl::half_value(hc[t]);
    std::uint16_t* H = &oh[t * NH];
    H[0] = add16(h0, h1, wl::round_f16);
    H[1] = mul16(h0, h1, wl::round_f16);
    H[2] = fma16(h0, h1, h2, wl::round_f16);
    H[3] = add16(h0, -h1, wl::round_f16);
    H[4] = wl::round_f16(a, 0.0, Rnd::Nearest);
    H[5] = wl::round_f16(a, 0.0, Rnd::Zero);
    // p2 = (lo h0, hi h1), q2 = (lo h2, hi h0); m2 = p2 * q2; f2 = fma(p2, q2, p2 + q2)
    H[6] = mul16(h0, h2, wl::round_f16);
    H[7] = mul16(h1, h0, wl::round_f16);
    H[8] = fma16(h0, h2, wl::half_value(add16(h0, h2, wl::round_f16)), wl::round_f16);
    H[9] = fma16(h1, h0, wl::half_value(add16(h1, h0, wl::round_f16)), wl::round_f16);
    H[10] = h0 >= h1 ? ha[t] : hb[t];
    H[11] = static_cast<std::uint16_t>(hc[t] ^ 0x8000u);

    // ---- bf16 ----
    const double b0 = wl::bf16_value(ba[t]), b1 = wl::bf16_value(bb[t]), b2 = wl::bf16_value(bc[t]);
    std::uint16_t* B = &ob[t * NB];
    B[0] = add16(b0, b1, wl::round_bf16);
    B[1] = mul16(b0, b1, wl::round_bf16);
    B[2] = fma16(b0, b1, b2, wl::round_bf16);
    B[3] = add16(b0, -b1, wl::round_bf16);
    B[4] = wl::round_bf16(a, 0.0, Rnd::Nearest);
    B[5] = wl::round_bf16(a, 0.0, Rnd::Zero);

    // ---- integer ----
    std::uint32_t* U = &ou[t * NU];
    const std::uint32_t du = (w & 0xffffu) + 1u;
    std::int32_t ds = static_cast<std::int32_t>(w % 2001u) - 1000;
    if (ds == 0) ds = 7;
    const std::uint32_t sh = w >> 24;
    const std::uint64_t hilo = (std::uint64_t{w} << 32) | u;  // funnel shifts: w is the high word
    const std::uint64_t big = std::uint64_t{u} * w;
    U[0] = u / du;
    U[1] = u % du;
    U[2] = static_cast<std::uint32_t>(s / ds);
    U[3] = static_cast<std::uint32_t>(s % ds);
    U[4] = static_cast<std::uint32_t>(std::popcount(u));
    U[5] = static_cast<std::uint32_t>(std::countl_zero(u));
    U[6] = brev32(u);
    U[7] = prmt(u, w, w & 0x7777u);
    U[8] = prmt(u, w, w >> 16);
    U[9] = u64_low((hilo << (sh & 31u)) >> 32);
    U[10] = u64_low(hilo >> (sh & 31u));
    {
      const unsigned n = std::min(sh, 32u);
      U[11] = u64_low((hilo << n) >> 32);  // n <= 32, so the 64-bit shifts are defined
      U[12] = u64_low(hilo >> n);
    }
    U[13] = u64_low(big >> 32);
    U[14] = u64_low(static_cast<std::uint64_t>(static_cast<std::int64_t>(s) * static_cast<std::int32_t>(w)) >> 32);
    {
      const std::uint32_t m = u & w;
      U[15] = m == 0 ? 0u : static_cast<std::uint32_t>(std::countr_zero(m)) + 1u;
    }
    {
      std::int64_t acc = static_cast<std::int32_t>(u);
      for (int k = 0; k < 4; ++k) {
        acc += static_cast<std::int64_t>(static_cast<std::int8_t>(static_cast<std::uint32_t>(s) >> (8 * k))) *
               static_cast<std::int8_t>(w >> (8 * k));
      }
      U[16] = static_cast<std::uint32_t>(acc);  // dp4a.s32.s32
    }
    U[17] = (u > w ? u - w : w - u) + 5u;
    U[18] = static_cast<std::uint32_t>(static_cast<std::int64_t>(sext24(static_cast<std::uint32_t>(s))) * sext24(w));
    U[19] = static_cast<std::uint32_t>(std::min(s, static_cast<std::int32_t>(w)));
    U[20] = std::max(u, w);
    U[21] = static_cast<std::uint32_t>(s < 0 ? -static_cast<std::int64_t>(s) : s);
    U[22] = static_cast<std::uint32_t>(s >> (w & 31u));
    U[23] = u >> (w & 31u);
    U[24] = (u >> 5) & 0x3ffu;
    U[25] = (u & ~0xff00u) | ((w << 8) & 0xff00u);
    U[26] = static_cast<std::uint32_t>(std::popcount(big));
    U[27] = static_cast<std::uint32_t>(std::countl_zero(std::uint64_t{u} * (w >> 20)));
    {
      std::uint64_t v = (std::uint64_t{u} << 32) | w, rev = 0;
      for (int k = 0; k < 64; ++k) rev |= ((v >> k) & 1u) << (63 - k);
      U[28] = u64_low(rev >> 7);
    }
    U[29] = (u & 0xffffffu) * (w & 0xffffffu);
    {
      const std::int32_t sw = static_cast<std::int32_t>(w);
      const std::uint32_t diff = s < sw ? static_cast<std::uint32_t>(sw) - static_cast<std::uint32_t>(s)
                                        : static_cast<std::uint32_t>(s) - static_cast<std::uint32_t>(sw);
      U[30] = diff + 9u;  // sad.s32
    }
    U[31] = static_cast<std::uint32_t>(s) * w + u;

    // ---- float -> int ----
    std::int32_t* S = &os[t * NS];
    const double dcv = cv;
    S[0] = sat_s32(std::nearbyint(dcv));
    S[1] = sat_s32(std::trunc(dcv));
    S[2] = sat_s32(std::floor(dcv));
    S[3] = sat_s32(std::ceil(dcv));
    S[4] = static_cast<std::int32_t>(sat_u32(std::nearbyint(dcv)));
    S[5] = sat_s32(std::trunc(x * 1e7));
    S[6] = sat_s32(std::nearbyint(dcv));
    S[7] = static_cast<std::int32_t>(sat_u32(std::trunc(dcv)));

    // ---- 64-bit ----
    std::uint64_t* Q = &oq[t * NQ];
    const std::uint64_t d64 = (w & 0xffu) + 1u;
    Q[0] = big / d64;
    Q[1] = big % d64;
    const double scaled = static_cast<double>(cv * 1e9f);  // mul.f32 first (may overflow to inf)
    Q[2] = static_cast<std::uint64_t>(sat_s64(std::floor(scaled)));
    Q[3] = sat_u64(std::ceil(scaled));
    Q[4] = static_cast<std::uint64_t>(static_cast<std::int64_t>(s) * static_cast<std::int32_t>(w) /
                                      static_cast<std::int64_t>(ds));
    Q[5] = static_cast<std::uint64_t>((static_cast<unsigned __int128>(big) * (big ^ 0x9e3779b97f4a7c15ull)) >> 64);
    Q[6] = static_cast<std::uint64_t>(sat_s64(std::nearbyint(x * 1e12)));
    Q[7] = std::rotr(big, static_cast<int>(w & 63u));
  }

  const auto got_f = wl::final_contents<float>(r, "of");
  check_slots(got_f, of, NF, "of", {28, 29, 30, 31});
  check_slots(wl::final_contents<double>(r, "od"), od, ND, "od");
  check_slots(wl::final_contents<std::uint16_t>(r, "oh"), oh, NH, "oh");
  check_slots(wl::final_contents<std::uint16_t>(r, "ob"), ob, NB, "ob");
  check_slots(wl::final_contents<std::uint32_t>(r, "ou"), ou, NU, "ou");
  check_slots(wl::final_contents<std::int32_t>(r, "os"), os, NS, "os");
  check_slots(wl::final_contents<std::uint64_t>(r, "oq"), oq, NQ, "oq");

  // Approximate slots.
  for (int t = 0; t < N; ++t) {
    const float* G = &got_f[t * NF];
    INFO("thread " << t);
    const double rs = 1.0 / std::sqrt(static_cast<double>(fpos[t]));
    INFO("rsqrtf(" << fpos[t] << ") = " << wl::show(G[28]) << ", exact " << rs);
    CHECK(wl::ulp_error_f32(G[28], rs) <= 2.0);
    const double q = static_cast<double>(fa[t]) / fb[t];
    INFO("__fdividef(" << fa[t] << ", " << fb[t] << ") = " << wl::show(G[29]) << ", exact " << q);
    CHECK(wl::ulp_error_f32(G[29], q) <= 2.0);
    const double ex = std::exp(static_cast<double>(fe[t]));
    INFO("expf(" << fe[t] << ") = " << wl::show(G[30]) << ", exact " << ex);
    CHECK(wl::ulp_error_f32(G[30], ex) <= 2.0);
    const float arg = fe[t] * 0.3f;
    const double sn = std::sin(static_cast<double>(arg));
    INFO("__sinf(" << arg << ") = " << wl::show(G[31]) << ", exact " << sn);
    CHECK(std::fabs(static_cast<double>(G[31]) - sn) <= std::exp2(-20.5));
  }

  for (const char* in : {"fa", "fb", "fc", "fpos", "fe", "conv"}) wl::check_unchanged<float>(r, in);
  for (const char* in : {"da", "db", "dpos"}) wl::check_unchanged<double>(r, in);
  for (const char* in : {"ha", "hb", "hc", "ba", "bb", "bc"}) wl::check_unchanged<std::uint16_t>(r, in);
  for (const char* in : {"ua", "ub"}) wl::check_unchanged<std::uint32_t>(r, in);
  wl::check_unchanged<std::int32_t>(r, "sa");
  wl::check_launch(r, 0, "math_mix", 1, 2);
}

TEST_CASE("math_mix: f32/f64/f16/bf16/integer/conversion semantics (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("math_mix")));
}

TEST_CASE("math_mix: f32/f64/f16/bf16/integer/conversion semantics (B200, sm_100a PTX)", "[workloads]") {
  check_run(wl::run_b200("math_mix"));
}

}  // namespace WARPSIM_UNITY_ID
