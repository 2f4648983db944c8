// Workload test hgemm_mma_sync (traces/hgemm_mma_sync): an Ampere-style multi-stage HGEMM on the tensor cores
// (mma.sync m16n8k16 fed by ldmatrix.x4 / .x4.trans from an XOR-swizzled cp.async ring), C = alpha * A * B + beta * C
// with f16 A and B. Every output is checked bit for bit against a CPU reference that replays the kernel's order:
// each accumulator starts at +0 and takes one m16n8k16 step per 16 k (k = 0, 16, 32, ...), each step the result of
// one mma on (accumulator, 16 exact products):
//   f32 accumulators: the tensor-core rounding model warpsim implements (src/func/mma_numerics.hpp, measured on
//     traces/wgmma, traces/mma_sync and traces/mma_sparse): the accumulator and the products aligned to the largest
//     alignment exponent among them (the accumulator's own exponent; a product's e(a) + e(b), the exponents of its
//     two f16 factors, subnormals at -14: one below the product's own when their significands multiply to 2 or
//     more), each truncated toward zero to a multiple of 2^(that exponent - 25) (2 bits, sm.mma_align_bits, below a
//     24-bit significand), summed exactly, the sum rounded toward zero to f32. It is written again here from that
//     description, so the test catches a change of the fragment layouts, of ldmatrix, of cp.async or of the
//     rounding;
//   f16 accumulators: the same aligned, truncated sum rounded once to nearest-even f16 (bit-exact on the H200 for
//     every output of launch 5; the exact sum rounded to f16 would miss 97 of 262,144).
// Epilogue: f32 C = fmaf(alpha, acc, beta * c); f16 C = f16_rn(fmaf(alpha, float(acc), beta * float(c))), beta a
// power of two (beta * c exact). The reference reads the launches' own arguments and grids against the table below
// (which traces/hgemm_mma_sync/gen.py writes into the config).
// Runs a subset of the config's launches (kTested: the small ones; the simulation of all of them takes minutes),
// timed on the H200 model, and the same subset functionally on B200 with the sm_100a PTX; the buffers of the
// launches left out, A and B must stay unchanged. One error case: the 4-stage entry given the 3-stage kernel's
// dynamic shared memory writes its fourth stage past the CTA's shared window, which warpsim must report.
// Leaves out: the cycles (measured on the H200: traces/hgemm_mma_sync/h200.json, compared by warpsim validate), the
// untested launches' outputs (warpsim validate compares them with the H200's by hash).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

struct Launch {
  const char* entry;
  const char* c;
  int m, n, k;
  bool f16acc;
  unsigned smem;
};
constexpr int kLda = 1024, kLdb = 2304;
// The config's launches in order (gen.py's LAUNCHES); every C has leading dimension N.
constexpr Launch kLaunches[] = {
    {"hgemm_s3", "C0", 256, 256, 256, false, 3 * 16384},
    {"hgemm_s3", "C1", 512, 512, 512, false, 3 * 16384},
    {"hgemm_s4", "C2", 1024, 1024, 1024, false, 4 * 16384},
    {"hgemm_s3", "C3", 384, 1536, 768, false, 3 * 16384},
    {"hgemm_s3", "C4", 2048, 2304, 128, false, 3 * 16384},
    {"hgemm_f16acc_s3", "C5", 512, 512, 512, true, 3 * 16384},
};
constexpr std::size_t kTested[] = {0, 5};  // 256^3 f32 and 512^3 f16: about 15 s each run on one core

// The alignment exponent of the product of f16 values a and b: e(a) + e(b), subnormals at f16's -14 (INT32_MIN for 0).
int product_exponent(double a, double b) {
  if (a == 0 || b == 0) return INT32_MIN;
  return std::max(std::ilogb(a), -14) + std::max(std::ilogb(b), -14);
}

// The largest alignment exponent of the accumulator value acc and the 16 products a[i] b[i].
int align_exponent(double acc, const double* a, const double* b) {
  int emax = acc != 0 ? std::ilogb(acc) : INT32_MIN;
  for (int i = 0; i < 16; ++i) emax = std::max(emax, product_exponent(a[i], b[i]));
  return emax;
}

// One m16n8k16 step with an f32 accumulator, as the model describes it (see the file comment).
float mma_step_f32(float acc, const double* a, const double* b) {
  double terms[17];
  terms[0] = acc;
  for (int i = 0; i < 16; ++i) terms[i + 1] = a[i] * b[i];  // exact in a double
  const int emax = align_exponent(acc, a, b);
  if (emax == INT32_MIN) return 0.0f;  // all zero: +0 (no -0 products among random inputs that matter here)
  const int q = emax - 23 - 2;
  std::int64_t sum = 0;
  for (const double t : terms) sum += static_cast<std::int64_t>(std::trunc(std::ldexp(t, -q)));
  if (sum == 0) return 0.0f;
  const bool neg = sum < 0;
  std::uint64_t mag = static_cast<std::uint64_t>(neg ? -sum : sum);
  int shift = 0;
  while ((mag >> shift) >= (1ull << 24)) ++shift;  // keep 24 significant bits, toward zero
  const float v = static_cast<float>(std::ldexp(static_cast<double>(mag >> shift), q + shift));
  return neg ? -v : v;
}

// One step with an f16 accumulator: the same alignment and truncation as mma_step_f32, the exact sum of what is left
// rounded once to nearest-even f16 (what the H200 does: the exact sum rounded to f16 differs on 97 of launch 5's
// 262,144 outputs; this rule matches all of them).
std::uint16_t mma_step_f16(std::uint16_t acc, const double* a, const double* b) {
  double terms[17];
  terms[0] = wl::half_value(acc);
  for (int i = 0; i < 16; ++i) terms[i + 1] = a[i] * b[i];
  const int emax = align_exponent(terms[0], a, b);
  if (emax == INT32_MIN) return 0;
  const int q = emax - 23 - 2;
  std::int64_t sum = 0;
  for (const double t : terms) sum += static_cast<std::int64_t>(std::trunc(std::ldexp(t, -q)));
  return wl::round_f16(std::ldexp(static_cast<double>(sum), q), 0.0, wl::Rnd::Nearest);  // the double is exact
}

// The launch's C after the kernel, from the initial buffers.
template <typename T>
std::vector<T> reference(const wl::cfg::RunConfig& c, const Launch& l, float alpha, float beta) {
  const auto A = wl::initial<std::uint16_t>(c, "A");
  const auto B = wl::initial<std::uint16_t>(c, "B");
  auto C = wl::initial<T>(c, l.c);
  REQUIRE(A.size() >= static_cast<std::size_t>((l.m - 1) * kLda + l.k));
  REQUIRE(B.size() >= static_cast<std::size_t>((l.k - 1) * kLdb + l.n));
  REQUIRE(C.size() == static_cast<std::size_t>(l.m) * l.n);
  std::vector<double> bt(static_cast<std::size_t>(l.n) * l.k);  // B transposed, as values
  for (int k = 0; k < l.k; ++k)
    for (int j = 0; j < l.n; ++j) bt[static_cast<std::size_t>(j) * l.k + k] = wl::half_value(B[k * kLdb + j]);
  std::vector<double> a(static_cast<std::size_t>(l.k));
  for (int i = 0; i < l.m; ++i) {
    for (int k = 0; k < l.k; ++k) a[k] = wl::half_value(A[static_cast<std::size_t>(i) * kLda + k]);
    for (int j = 0; j < l.n; ++j) {
      const double* b = &bt[static_cast<std::size_t>(j) * l.k];
      T& out = C[static_cast<std::size_t>(i) * l.n + j];
      float acc = 0.0f;
      std::uint16_t hacc = 0;
      for (int k0 = 0; k0 < l.k; k0 += 16) {
        if constexpr (std::is_same_v<T, float>) acc = mma_step_f32(acc, &a[k0], &b[k0]);
        else hacc = mma_step_f16(hacc, &a[k0], &b[k0]);
      }
      if constexpr (std::is_same_v<T, float>) {
        out = std::fma(alpha, acc, beta * out);
      } else {
        const float v = std::fma(alpha, static_cast<float>(wl::half_value(hacc)),
                                 beta * static_cast<float>(wl::half_value(out)));
        out = wl::round_f16(v, 0.0, wl::Rnd::Nearest);
      }
    }
  }
  return C;
}

// The config holds exactly the table's launches.
void check_config(const wl::cfg::RunConfig& c) {
  REQUIRE(c.kernels.size() == std::size(kLaunches));
  for (std::size_t i = 0; i < std::size(kLaunches); ++i) {
    const Launch& l = kLaunches[i];
    INFO("launch " << i << " (" << l.entry << " " << l.m << " x " << l.n << " x " << l.k << ")");
    const auto& k = c.kernels[i];
    CHECK(k.entry == l.entry);
    REQUIRE(k.args.size() == 9);
    CHECK(static_cast<int>(k.args[3].bits) == l.k);
    CHECK(static_cast<int>(k.args[4].bits) == kLda);
    CHECK(static_cast<int>(k.args[5].bits) == kLdb);
    CHECK(static_cast<int>(k.args[6].bits) == l.n);
    CHECK(k.grid.x == static_cast<unsigned>(l.n / 128));
    CHECK(k.grid.y == static_cast<unsigned>(l.m / 128));
    CHECK(k.block.x == 256u);
    CHECK(k.dynamic_smem == l.smem);
    CHECK(wl::buffer_spec(c, l.c).type == (l.f16acc ? wl::cfg::ElemType::F16 : wl::cfg::ElemType::F32));
  }
}

// The config cut to the tested launches.
wl::cfg::RunConfig tested(wl::cfg::RunConfig c) {
  check_config(c);
  std::vector<wl::cfg::LaunchSpec> keep;
  for (const std::size_t i : kTested) keep.push_back(c.kernels[i]);
  c.kernels = keep;
  return c;
}

void check_run(const wl::sim::RunResult& r) {
  REQUIRE(r.config.kernels.size() == std::size(kTested));
  for (std::size_t t = 0; t < std::size(kTested); ++t) {
    const Launch& l = kLaunches[kTested[t]];
    INFO("launch " << kTested[t] << " (" << l.entry << " " << l.m << " x " << l.n << " x " << l.k << ")");
    const auto& k = r.config.kernels[t];
    const float alpha = wl::f32(static_cast<std::uint32_t>(k.args[7].bits));
    const float beta = wl::f32(static_cast<std::uint32_t>(k.args[8].bits));
    int exp = 0;
    REQUIRE(std::frexp(beta, &exp) == (beta < 0 ? -0.5f : 0.5f));  // a power of two: beta * c is exact
    if (l.f16acc)
      wl::check_equal(wl::final_contents<std::uint16_t>(r, l.c), reference<std::uint16_t>(r.config, l, alpha, beta),
                      l.c);
    else
      wl::check_equal(wl::final_contents<float>(r, l.c), reference<float>(r.config, l, alpha, beta), l.c);
    const std::uint64_t ctas = static_cast<std::uint64_t>(l.m / 128) * (l.n / 128);
    wl::check_launch(r, t, l.entry, ctas, ctas * 8);
  }
  for (std::size_t i = 0; i < std::size(kLaunches); ++i) {
    if (std::find(std::begin(kTested), std::end(kTested), i) != std::end(kTested)) continue;
    if (kLaunches[i].f16acc) wl::check_unchanged<std::uint16_t>(r, kLaunches[i].c);
    else wl::check_unchanged<float>(r, kLaunches[i].c);
  }
  wl::check_unchanged<std::uint16_t>(r, "A");
  wl::check_unchanged<std::uint16_t>(r, "B");
}

}  // namespace

TEST_CASE("hgemm_mma_sync: mma.sync + ldmatrix + cp.async HGEMM, f32 and f16 accumulators (H200, sm_90a PTX)",
          "[workloads]") {
  const auto c = tested(wl::cfg::load_run_config(wl::trace_json("hgemm_mma_sync")));
  wl::sim::RunOptions timed;
  timed.functional_only = false;
  const auto r = wl::sim::run(c, timed);
  check_run(r);
  // The tensor pipe ran every mma (one HMMA.16816 each, M N K / 2048 of them) and was busy 6 cycles for each, as
  // Nsight counts on the H200 (traces/hgemm_mma_sync/h200.json: 49,152 cycles for 8,192 in launch 0).
  for (std::size_t t = 0; t < std::size(kTested); ++t) {
    const Launch& l = kLaunches[kTested[t]];
    INFO("launch " << kTested[t]);
    const double mmas = static_cast<double>(l.m) * l.n * l.k / (16.0 * 8 * 16);
    const auto& s = r.kernels[t].stats;
    REQUIRE(s.count("smsp__inst_executed_pipe_tensor_op_hmma.sum") == 1);
    REQUIRE(s.count("sm__pipe_tensor_op_hmma_cycles_active.sum") == 1);
    CHECK(s.at("smsp__inst_executed_pipe_tensor_op_hmma.sum") == mmas);
    CHECK(s.at("sm__pipe_tensor_op_hmma_cycles_active.sum") == 6 * mmas);
    CHECK(r.kernels[t].cycles > 0);
  }
}

TEST_CASE("hgemm_mma_sync on B200 (sm_100a PTX), functional", "[workloads]") {
  wl::cfg::RunConfig c = wl::b200_config("hgemm_mma_sync");
  c = tested(c);
  wl::sim::RunOptions opts;
  opts.functional_only = true;
  check_run(wl::sim::run(c, opts));
}

TEST_CASE("hgemm_mma_sync: the 4-stage kernel with 3 stages' shared memory is reported", "[workloads]") {
  wl::cfg::RunConfig c = wl::cfg::load_run_config(wl::trace_json("hgemm_mma_sync"));
  check_config(c);
  wl::cfg::LaunchSpec k = c.kernels[2];  // hgemm_s4
  k.grid = {1, 1, 1};
  k.args[3].bits = 128;     // K: 4 tiles, the prologue fills stages 0-2, iteration 0 stage 3
  k.dynamic_smem = 3 * 16384;  // the 3-stage kernel's 48 KiB
  c.kernels = {k};
  wl::sim::RunOptions opts;
  opts.functional_only = true;
  REQUIRE_THROWS_WITH(wl::sim::run(c, opts), Catch::Contains("out-of-bounds shared write"));
}

}  // namespace WARPSIM_UNITY_ID
