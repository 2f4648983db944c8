// Warp-level matrix instructions: ldmatrix, stmatrix and movmatrix (.m8n8 .b16) and mma.sync.aligned, executed
// for the whole warp at once (PTX ISA, "Warp-level matrix instructions").
// Models:
//   .aligned   every one of them needs all 32 lanes of the warp to execute the same instruction together, none
//              exited (the PTX ISA leaves anything else undefined): warpsim faults, naming the missing lanes, when a
//              warp issues one with fewer lanes (diverged, guarded off, exited, or a partial last warp).
//   ldmatrix   matrix j of .num (1, 2, 4) has its eight 16-byte rows at the addresses of lanes 8j..8j+7 (in shared
//              memory, 16-byte aligned); lane t receives row t/4, columns 2(t%4) and 2(t%4)+1 of each matrix in
//              its register j (low half first); with .trans the transposed matrix's. stmatrix is the inverse.
//              The timing model sees one 16-byte access per address lane (MemAccess: 8 x num lanes).
//   movmatrix  the transpose of the 8x8 matrix the warp holds in ldmatrix's fragment layout.
//   mma        D = A x B + C on fragments distributed over the lanes as the PTX ISA's figures draw them ("Matrix
//              fragments for mma.m16n8k*"): with groupID g = lane / 4 and t = lane % 4, and e elements per 32-bit
//              register (2 for f16/bf16, 4 for 8-bit, 8 for 4-bit, 32 for b1, 1 for tf32 and f64), element i of A's
//              register r is at row g + 8 (r % 2) (g alone for M = 8), column e t + i + 4 e (r / 2); of B's register
//              r at row e t + i + 4 e r, column g; C and D with 32- or 64-bit elements: register r at row
//              g + 8 (r / 2), column 2 t + r % 2 (M = 8: row g, column 2 t + r); f16 C and D: register r holds
//              row g + 8 r, columns 2 t and 2 t + 1.
//              Integer types (s8/u8, s4/u4) and b1 (.xor.popc / .and.popc) are exact: the dot product plus C,
//              wrapping modulo 2^32, or clamped to s32 with .satfinite.
//              f64 (DMMA): d = fma(a_k, b_k, d) for k = 0 .. K-1 in order, starting from c, round to nearest.
//              f16, bf16, tf32, e4m3, e5m2 inputs (the products are exact): with an f32 accumulator, C and the
//              products are aligned to the largest of their alignment exponents (C's own; a product's e(a) + e(b),
//              its factors' exponents with subnormals at the format's smallest: one below its own when the
//              significands multiply to 2 or more), truncated toward zero to sm.mma_align_bits (2) bits below a
//              24-bit significand there, added exactly, and the sum rounded toward zero to f32 (mma_numerics.hpp);
//              with an f16 accumulator the same aligned, truncated sum rounded once to nearest f16. The H200 agrees
//              on every f32 and f16 word of traces/mma_sync's and traces/mma_sparse's float forms but 9 (below),
//              and on every output of traces/hgemm_mma_sync (6.9 M; aligning by the products' own exponents missed
//              3.2 % of the f32 ones by 1-3 ulp).
//              e4m3/e5m2 run as ptxas emulates them on sm_90 (SASS of traces/mma_sync): two f16 MMAs over the
//              k % 4 < 2 and k % 4 >= 2 halves, then C added with an FADD (f32) or fed to the first (f16). With an
//              f16 D, 9 of traces/mma_sync's 256 words of that form differ from the H200's in one half by 1 ulp
//              (the emulation's f16 steps are not the whole story); traces/ubench_tc_numerics probes it.
//   mma.sp     (and mma.sp::ordered_metadata) every sparse form of sm_90a: A's registers hold the non-zero half of
//              each row in the dense layout of an M x K/2 matrix; the metadata operand e of the lanes the sparsity
//              selector f picks says where each element sits (2:4 chunks, tf32 1:2, s4/u4 pair-wise 4:8; see
//              sparse_columns), and D is computed from those K/2 products only, with the dense forms' arithmetic.
//              Metadata the PTX ISA calls undefined faults naming the lane, the bits and the row: both indices
//              equal, indices not increasing under ::ordered_metadata, a tf32 field other than 0b0100/0b1110
//              (selectors out of range are refused by the decoder).
//   m8n8k4     with .f16 inputs (Volta's quad pairs), A and B .row or .col: four 8x8x4 MMAs, computed in f32 the
//              way ptxas emulates them on sm_90 (see exec_quad_pair_mma).
//   H200 agreement (traces/mma_sparse, words bit-identical): every integer mma.sp form, every m8n8k4 form, every
//              word of every floating mma.sp form (f16/bf16/tf32/e4m3/e5m2, f32 and f16 D; 89-100 % of the f32
//              words before the alignment by e(a) + e(b)).
// Leaves out: the sm_100a shapes (.m16n16, .m8n16, stmatrix .m16n8), .kind/.block_scale (sm_120a), and the tensor
// cores' NaN payloads (subnormal inputs count at their format's smallest exponent: measured for fp8 on wgmma only).
#include "mma_numerics.hpp"
#include "race_hooks.hpp"

#include <warpsim/common/error.hpp>
#include <warpsim/func/scalar.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <climits>
#include <cmath>
#include <cstring>

namespace warpsim::func {
namespace mma {

using ir::MmaType;
using ir::ScalarType;

double f16_value(std::uint64_t bits) {
  // Finite values from the fields (exact in a double; the hot path of every f16 mma); inf and NaN through cvt, which
  // keeps a NaN's payload as the f32 conversion does.
  const auto h = static_cast<std::uint32_t>(bits & 0xffff);
  const std::uint32_t e = (h >> 10) & 0x1f, m = h & 0x3ff;
  if (e == 0x1f)
    return f32_value(
        static_cast<std::uint32_t>(scalar::cvt(ScalarType::F32, ScalarType::F16, bits, ir::Rnd::None, false, false)));
  // A normal value's fields moved into a double's (exponent bias 15 -> 1023); a subnormal is m x 2^-24.
  const double mag = e == 0 ? static_cast<double>(m) * 0x1p-24
                            : std::bit_cast<double>((std::uint64_t{e + 1008} << 52) | (std::uint64_t{m} << 42));
  return (h & 0x8000) != 0 ? -mag : mag;
}

// The value of one A or B element (its bits right-aligned) as a double: exact for every type here.
double element_value(MmaType t, std::uint64_t bits) {
  switch (t) {
    case MmaType::F16: return f16_value(bits);
    case MmaType::BF16: return f32_value(static_cast<std::uint32_t>(bits << 16));
    case MmaType::TF32: return f32_value(static_cast<std::uint32_t>(bits) & 0xffffe000u);  // the low 13 bits unused
    case MmaType::E4M3:
    case MmaType::E5M2: {
      // The 256 values of each type, converted once as cvt does (e4m3/e5m2 to f16, exact) and kept.
      static const std::array<std::array<double, 256>, 2> values = [] {
        std::array<std::array<double, 256>, 2> v{};
        for (unsigned type = 0; type < 2; ++type)
          for (unsigned b = 0; b < 256; ++b)
            v[type][b] = f16_value(scalar::cvt_f16x2_from_f8x2(type == 0 ? ScalarType::E4M3x2 : ScalarType::E5M2x2,
                                                               static_cast<std::uint16_t>(b), false) &
                                   0xffff);
        return v;
      }();
      return values[t == MmaType::E4M3 ? 0 : 1][bits & 0xff];
    }
    case MmaType::F64: return std::bit_cast<double>(bits);
    default: return 0;
  }
}

std::int64_t int_value(MmaType t, std::uint64_t bits) {
  switch (t) {
    case MmaType::S8: return static_cast<std::int8_t>(bits & 0xff);
    case MmaType::U8: return static_cast<std::int64_t>(bits & 0xff);
    case MmaType::S4: return (bits & 0x8) != 0 ? static_cast<std::int64_t>(bits & 0xf) - 16 : static_cast<std::int64_t>(bits & 0xf);
    case MmaType::U4: return static_cast<std::int64_t>(bits & 0xf);
    default: return static_cast<std::int64_t>(bits & 1);
  }
}


// f32 accumulator: see mma_numerics.hpp. The largest scale's exponent field, branch-free (the hot loop: every output
// of every mma and wgmma): the largest magnitude's bits (sign cleared) carry it; four independent chains.
std::uint64_t aligned_sum_f32(std::span<const double> terms, std::span<const double> scales, int align_bits) {
  constexpr std::uint64_t kMagnitude = 0x7fffffffffffffffull;
  const double* const tp = terms.data();
  const double* const sp = scales.data();
  const std::size_t nt = terms.size();
  std::uint64_t m0 = 0, m1 = 0, m2 = 0, m3 = 0;
  std::size_t i = 0;
  for (; i + 4 <= nt; i += 4) {
    m0 = std::max(m0, std::bit_cast<std::uint64_t>(sp[i]) & kMagnitude);
    m1 = std::max(m1, std::bit_cast<std::uint64_t>(sp[i + 1]) & kMagnitude);
    m2 = std::max(m2, std::bit_cast<std::uint64_t>(sp[i + 2]) & kMagnitude);
    m3 = std::max(m3, std::bit_cast<std::uint64_t>(sp[i + 3]) & kMagnitude);
  }
  for (; i < nt; ++i) m0 = std::max(m0, std::bit_cast<std::uint64_t>(sp[i]) & kMagnitude);
  const std::uint64_t top = std::max(std::max(m0, m1), std::max(m2, m3)) >> 52;
  // A non-finite term has a non-finite scale (inf or NaN times a finite scale, inf x 0 = NaN; C's is |C|).
  const bool special = top == 0x7ff;
  int emax = top == 0 ? INT32_MIN : static_cast<int>(top) - 1023;
  if (top == 0)  // only zeros and subnormal doubles (rare): their exponents one by one
    for (std::size_t j = 0; j < nt; ++j)
      if (sp[j] != 0) emax = std::max(emax, std::ilogb(sp[j]));
  if (special) {
    bool nan = false;
    double inf = 0;
    for (const double t : terms) {
      if (std::isnan(t)) nan = true;
      if (std::isinf(t)) {
        if (inf != 0 && inf != t) nan = true;
        inf = t;
      }
    }
    if (nan) return 0x7fffffffu;  // the canonical NaN the H200's tensor cores write is not measured: any NaN
    return std::bit_cast<std::uint32_t>(static_cast<float>(inf));
  }
  if (emax == INT32_MIN) {  // every term zero: +0 unless all are -0
    bool all_neg = true;
    for (const double t : terms) all_neg = all_neg && std::signbit(t);
    return all_neg ? 0x80000000u : 0;
  }
  const int q = emax - 23 - align_bits;
  std::int64_t sum = 0;
  if (q > -1000 && q < 1000) {  // 2^-q is a normal double: scaling by it is exact
    const double scale = std::bit_cast<double>(static_cast<std::uint64_t>(1023 - q) << 52);  // 2^-q
    std::int64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;  // the casts truncate toward zero; integer sums are exact
    std::size_t j = 0;
    for (; j + 4 <= nt; j += 4) {
      s0 += static_cast<std::int64_t>(tp[j] * scale);
      s1 += static_cast<std::int64_t>(tp[j + 1] * scale);
      s2 += static_cast<std::int64_t>(tp[j + 2] * scale);
      s3 += static_cast<std::int64_t>(tp[j + 3] * scale);
    }
    for (; j < nt; ++j) s0 += static_cast<std::int64_t>(tp[j] * scale);
    sum = (s0 + s1) + (s2 + s3);
  } else {
    for (const double t : terms) sum += static_cast<std::int64_t>(std::trunc(std::ldexp(t, -q)));
  }
  return sum_to_f32(sum, q, keep_bits(align_bits));
}

namespace {
// dot_row_f32 for one K, inlined into row_f32_k8/16/32 below.
template <unsigned K>
inline __attribute__((always_inline)) void row_f32(const double* a, const int* ea, const double* bv, const int* eb,
                                                   unsigned N, const double* c, const int* ec, int align_bits,
                                                   std::uint32_t* d, std::uint8_t* slow) {
  constexpr unsigned W = 8;  // columns at a time
  const std::uint64_t keep_mask = ~((std::uint64_t{1} << (53 - keep_bits(align_bits))) - 1);
  for (unsigned j0 = 0; j0 < N; j0 += W) {
    int top[W];
    for (unsigned j = 0; j < W; ++j) top[j] = ec[j0 + j];
    for (unsigned k = 0; k < K; ++k) {
      const int* e = eb + std::size_t{k} * N + j0;
      const int eak = ea[k];
      for (unsigned j = 0; j < W; ++j) top[j] = std::max(top[j], eak + e[j]);
    }
    int q[W];
    double scale[W], acc[W];
    for (unsigned j = 0; j < W; ++j) {
      q[j] = top[j] - 23 - align_bits;
      const int qc = std::clamp(q[j], -1000, 1000);  // outside it: slow, below
      scale[j] = std::bit_cast<double>(static_cast<std::uint64_t>(1023 - qc) << 52);  // 2^-q
      acc[j] = 0.0 + static_cast<double>(static_cast<std::int32_t>(c[j0 + j] * scale[j]));
    }
    for (unsigned k = 0; k < K; ++k) {
      const double ak = a[k];
      const double* b = bv + std::size_t{k} * N + j0;
      for (unsigned j = 0; j < W; ++j) acc[j] += static_cast<double>(static_cast<std::int32_t>(ak * b[j] * scale[j]));
    }
    for (unsigned j = 0; j < W; ++j) {
      const int qc = std::clamp(q[j], -1000, 1000);
      const double v = acc[j] * std::bit_cast<double>(static_cast<std::uint64_t>(1023 + qc) << 52);  // exact
      const std::uint64_t vb = std::bit_cast<std::uint64_t>(v);
      d[j0 + j] = std::bit_cast<std::uint32_t>(static_cast<float>(std::bit_cast<double>(vb & keep_mask)));
      const int e = static_cast<int>((vb >> 52) & 0x7ff) - 1023;
      slow[j0 + j] = static_cast<std::uint8_t>(slow[j0 + j] | (q[j] <= -1000 ? 1 : 0) | (q[j] >= 1000 ? 1 : 0) |
                                               (e < -126 && v != 0 ? 1 : 0));
    }
  }
}

// The three Ks as plain functions (clang 14's target_clones takes no templates). target_clones: an AVX2 copy where
// the CPU has it (four doubles a vector instead of SSE2's two); both give the same bits (the arithmetic is exact).
__attribute__((target_clones("avx2", "default"))) void row_f32_k8(const double* a, const int* ea, const double* bv,
                                                                    const int* eb, unsigned N, const double* c,
                                                                    const int* ec, int align_bits, std::uint32_t* d,
                                                                    std::uint8_t* slow) {
  row_f32<8>(a, ea, bv, eb, N, c, ec, align_bits, d, slow);
}
__attribute__((target_clones("avx2", "default"))) void row_f32_k16(const double* a, const int* ea, const double* bv,
                                                                     const int* eb, unsigned N, const double* c,
                                                                     const int* ec, int align_bits, std::uint32_t* d,
                                                                     std::uint8_t* slow) {
  row_f32<16>(a, ea, bv, eb, N, c, ec, align_bits, d, slow);
}
__attribute__((target_clones("avx2", "default"))) void row_f32_k32(const double* a, const int* ea, const double* bv,
                                                                     const int* eb, unsigned N, const double* c,
                                                                     const int* ec, int align_bits, std::uint32_t* d,
                                                                     std::uint8_t* slow) {
  row_f32<32>(a, ea, bv, eb, N, c, ec, align_bits, d, slow);
}
}  // namespace

void dot_row_f32(unsigned K, const double* a, const int* ea, const double* bv, const int* eb, unsigned N,
                 const double* c, const int* ec, int align_bits, std::uint32_t* d, std::uint8_t* slow) {
  if (align_bits > 5 || N % 8 != 0)
    fail(ErrorKind::Internal, "dot_row_f32: align_bits {} or N {} out of its range", align_bits, N);
  switch (K) {
    case 8: return row_f32_k8(a, ea, bv, eb, N, c, ec, align_bits, d, slow);
    case 16: return row_f32_k16(a, ea, bv, eb, N, c, ec, align_bits, d, slow);
    case 32: return row_f32_k32(a, ea, bv, eb, N, c, ec, align_bits, d, slow);
    default: fail(ErrorKind::Internal, "dot_row_f32: K {} (8, 16 or 32 only)", K);
  }
}

// f16 accumulator: C and the products aligned and truncated as for an f32 accumulator (align_bits below the largest
// one's 24-bit significand), summed exactly, and that sum rounded once to f16 (round to nearest even), with no
// rounding to f32 between (traces/hgemm_mma_sync: of the 262,144 f16 outputs of a 512 x 512 x 512 GEMM on the H200,
// 97 differ from the exact sum rounded to f16; this rule gives all 97 and a sample of 150 of the others).
std::uint64_t half_sum(std::span<const double> terms, std::span<const double> scales, int align_bits) {
  int emax = INT32_MIN;
  bool special = false;
  for (std::size_t i = 0; i < terms.size(); ++i) {
    if (!std::isfinite(terms[i])) {
      special = true;
    } else if (terms[i] != 0) {  // a normal scale's exponent from its bits (ilogb's value), others through ilogb
      const auto field = static_cast<int>((std::bit_cast<std::uint64_t>(scales[i]) >> 52) & 0x7ff);
      emax = std::max(emax, field != 0 && field != 0x7ff ? field - 1023 : std::ilogb(scales[i]));
    }
  }
  double sum = 0;
  if (special || emax == INT32_MIN) {  // NaN, infinities or all zeros: the plain sum (its sign of zero, its NaN)
    long double acc = 0;
    for (const double t : terms) acc += t;
    sum = static_cast<double>(acc);
  } else {
    const int q = emax - 23 - align_bits;
    std::int64_t units = 0;
    if (q > -1000 && q < 1000) {  // 2^-q is a normal double: scaling by it is exact, the cast truncates
      const double scale = std::bit_cast<double>(static_cast<std::uint64_t>(1023 - q) << 52);
      for (const double t : terms) units += static_cast<std::int64_t>(t * scale);
    } else {
      for (const double t : terms) units += static_cast<std::int64_t>(std::trunc(std::ldexp(t, -q)));
    }
    sum = std::ldexp(static_cast<double>(units), q);  // exact: at most 17 terms of 26 bits
  }
  return scalar::cvt(ScalarType::F16, ScalarType::F64, std::bit_cast<std::uint64_t>(sum), ir::Rnd::RN, false, false);
}

// fp8 emulation (see below): whether column k of A goes to ptxas's first f16 MMA.
bool fp8_first_half(unsigned k, unsigned sparse) { return sparse != 0 ? k % 8 < 4 : k % 4 < 2; }

// Where element i of register r of lane `lane` sits in A (M x K) or B (K x N), per the layout above.
Cell a_cell(unsigned m, unsigned epr, unsigned lane, unsigned r, unsigned i) {
  const unsigned g = lane / 4, t = lane % 4;
  if (m == 8) return {g, epr * t + i + 4 * epr * r};
  return {g + 8 * (r % 2), epr * t + i + 4 * epr * (r / 2)};
}

void require_whole_warp(const InstrContext& cx, LaneMask active, LaneMask lanes, std::string_view name) {
  const LaneMask full(0xffffffffu);
  if (lanes == full) return;
  const LaneMask missing = full & ~lanes;
  const unsigned first = static_cast<unsigned>(std::countr_zero((lanes.any() ? lanes : active).bits));
  const Warp& w = cx.w;
  const char* why = (missing & w.exited).any() ? "have exited"
                    : (missing & ~w.valid).any() ? "do not exist (the CTA's last warp is partial)"
                    : (missing & active).any()   ? "are guarded off"
                                                 : "are on another path (the warp has diverged)";
  cx.fault(first,
           "{}.sync.aligned must be executed by all 32 lanes of the warp together; lanes {} {} (PTX ISA: the "
           "behaviour is undefined)",
           name, lane_ranges(missing), why);
}

}  // namespace mma

namespace {

// mma.sync's working buffers, one set per thread (exec_matrix runs one instruction at a time on a thread).
struct MmaScratch {
  std::vector<std::uint64_t> A, B, C, D;
  std::vector<unsigned> kcol;
  std::vector<double> terms, scales, Av, As, Bv, Bs, lo, hi, lo_s, hi_s;
};

using ir::MmaShape;
using ir::MmaType;
using ir::ScalarType;
using namespace mma;

Cell b_cell(unsigned epr, unsigned lane, unsigned r, unsigned i) {
  const unsigned g = lane / 4, t = lane % 4;
  return {epr * t + i + 4 * epr * r, g};
}
// C/D element: register r (32/64-bit elements) of lane `lane`.
Cell c_cell(unsigned m, unsigned lane, unsigned r) {
  const unsigned g = lane / 4, t = lane % 4;
  if (m == 8) return {g, 2 * t + r};
  return {g + 8 * (r / 2), 2 * t + r % 2};
}

// mma.sp: where the non-zero elements A's registers hold sit in A. Row i of A (M = 16) has K / chunk chunks of
// `chunk` elements (4, tf32 2, s4/u4 8), each described by a 4-bit field of metadata: two 2-bit indices, the low one
// for the chunk's first stored element(s), the high one for its second (s4/u4: the indices of the chunk's 2-element
// pairs; tf32: 0b0100 for the chunk's element 0, 0b1110 for element 1). Row g and g + 8 (g = lane / 4) come from the
// group of lanes 4g .. 4g + 3: with n = 1, 2 or 4 metadata threads per group (ir::mma_sparse_meta_threads), thread
// j of the selected ones (lane 4g + f for n = 1, 4g + 2f + j for n = 2, 4g + j for n = 4) holds, for f16/bf16/tf32,
// chunks 4j .. 4j + 3 of row g in bits 0-15 and of row g + 8 in bits 16-31 (chunk 4j + c in bits 4c .. 4c + 3 of each
// half), and for the 8- and 4-bit types chunks 8 (j / 2) .. 8 (j / 2) + 7 of row g + 8 (j % 2) alone (chunk
// 8 (j / 2) + c in bits 4c .. 4c + 3): the H200's results on traces/mma_sparse decide this (every s8/u8/s4/u4 word
// agrees only so; the f16/bf16/tf32 ones only the other way).
void sparse_columns(const InstrContext& cx, const ir::Instr& in, MmaType at, unsigned M, unsigned K,
                    std::vector<unsigned>& kcol) {
  const unsigned chunk = ir::mma_sparse_chunk(at), nthreads = ir::mma_sparse_meta_threads(in.sub_op<MmaShape>(), at);
  const unsigned f = static_cast<unsigned>(in.ops[5].imm), KA = K / 2;
  const bool ordered = ir::mma_sparse(in) == 2;
  std::array<std::uint32_t, kWarpSize> e{};
  for (unsigned lane = 0; lane < kWarpSize; ++lane) e[lane] = static_cast<std::uint32_t>(cx.read(in.ops[4], lane));
  for (unsigned row = 0; row < M; ++row)
    for (unsigned c = 0; c < K / chunk; ++c) {
      // 16- and 32-bit types: thread j holds chunks 4j .. 4j + 3 of rows g (bits 0-15) and g + 8 (bits 16-31);
      // 8- and 4-bit types: thread j holds chunks 8 (j / 2) .. + 7 of row g + 8 (j % 2), all 32 bits.
      const bool narrow = ir::mma_bits(at) <= 8;
      const unsigned g = row % 8, j = narrow ? 2 * (c / 8) + row / 8 : c / 4;
      const unsigned lane = 4 * g + (nthreads == 1 ? f : nthreads == 2 ? 2 * f + j : j);
      const unsigned shift = narrow ? 4 * (c % 8) : 16 * (row / 8) + 4 * (c % 4);
      const unsigned field = (e[lane] >> shift) & 0xfu, i0 = field & 3u, i1 = field >> 2;
      const auto bad = [&](const char* why) {
        cx.fault(lane, "{} metadata 0b{:04b} (bits {}-{} of lane {}'s e = 0x{:08x}, chunk {} of row {} of A) {} "
                       "(PTX ISA, \"Sparse matrix storage\": the behaviour is undefined)",
                 ir::mma_sparse(in) == 2 ? "mma.sp::ordered_metadata" : "mma.sp", field, shift + 3, shift, lane,
                 e[lane], c, row, why);
      };
      if (chunk == 2) {  // tf32, 1:2
        if (field != 0x4 && field != 0xe) bad("is not 0b0100 or 0b1110, the only meaningful tf32 values");
        kcol[row * KA + c] = 2 * c + (field == 0x4 ? 0 : 1);
        continue;
      }
      if (i0 == i1) bad("names the same position twice");
      if (ordered && i0 > i1) bad("is not in increasing order from the LSB, as ::ordered_metadata requires");
      if (chunk == 4) {
        kcol[row * KA + 2 * c] = 4 * c + i0;
        kcol[row * KA + 2 * c + 1] = 4 * c + i1;
      } else {  // s4/u4: pairs
        for (unsigned h = 0; h < 2; ++h) {
          kcol[row * KA + 4 * c + h] = 8 * c + 2 * i0 + h;
          kcol[row * KA + 4 * c + 2 + h] = 8 * c + 2 * i1 + h;
        }
      }
    }
}

// mma.m8n8k4 with .f16 inputs: four independent 8x8x4 MMAs, one per quad pair (lanes 4q .. 4q + 3 hold rows 0-3,
// lanes 4q + 16 .. 4q + 19 rows 4-7, q = 0 .. 3), fragments as the PTX ISA's "Matrix Fragments for mma.m8n8k4 with
// .f16" gives them for each layout of A and B. sm_90 has no HMMA.884: ptxas emulates it (SASS of
// traces/mma_sparse) with SHFL.IDX to gather each row of A and column of B, HADD2.F32 to widen, and FFMA/FADD in f32
// (round to nearest): for an f16 D (f16 C) s0 = fma(a1, b1, a0 b0), s1 = fma(a3, b3, a2 b2), d = (c + s1) + s0, then
// F2FP to f16; for an f32 D (f16 or f32 C) the chain s = fma(a3, b3, fma(a2, b2, fma(a1, b1, a0 b0))), d = c + s.
// Every word of traces/mma_sparse's 12 m8n8k4 forms agrees with the H200.
void exec_quad_pair_mma(const InstrContext& cx, const ir::Instr& in) {
  const ir::Operand &dop = in.ops[0], &aop = in.ops[1], &bop = in.ops[2], &cop = in.ops[3];
  const bool half_c = in.type2 == ScalarType::F16, half_d = in.type == ScalarType::F16;
  const unsigned c_regs = half_c ? 4 : 8, d_regs = half_d ? 4 : 8;
  if (aop.count != 2 || bop.count != 2 || cop.count != c_regs || dop.count != d_regs)
    cx.fault(0, "mma.m8n8k4 with .f16 inputs takes {{d}} of {}, {{a}} of 2, {{b}} of 2 and {{c}} of {} registers, not "
                "{}, {}, {} and {}",
             d_regs, c_regs, dop.count, aop.count, bop.count, cop.count);
  const bool a_col = ir::mma_a_col(in), b_row = ir::mma_b_row(in);
  for (unsigned q = 0; q < 4; ++q) {
    double A[8][4], B[4][8], C[8][8];
    for (unsigned h = 0; h < 2; ++h)
      for (unsigned t = 0; t < 4; ++t) {
        const unsigned lane = 4 * q + 16 * h + t;
        for (unsigned i = 0; i < 4; ++i) {
          const double av = f16_value((cx.read_elem(aop, i / 2, lane) >> (16 * (i % 2))) & 0xffff);
          const double bv = f16_value((cx.read_elem(bop, i / 2, lane) >> (16 * (i % 2))) & 0xffff);
          if (a_col) A[i + 4 * h][t] = av;
          else A[t + 4 * h][i] = av;
          if (b_row) B[t][i + 4 * h] = bv;
          else B[i][t + 4 * h] = bv;
        }
        for (unsigned i = 0; i < 8; ++i) {
          if (half_c) {
            C[t + 4 * h][i] = f16_value((cx.read_elem(cop, i / 2, lane) >> (16 * (i % 2))) & 0xffff);
          } else {
            C[(t & 1) + (i & 2) + 4 * h][(i & 4) + (t & 2) + (i & 1)] =
                f32_value(static_cast<std::uint32_t>(cx.read_elem(cop, i, lane)));
          }
        }
      }
    const auto dval_f32 = [&](unsigned r, unsigned col) {
      float s = static_cast<float>(A[r][0] * B[0][col]);  // exact: an f16 x f16 product fits an f32
      for (unsigned k = 1; k < 4; ++k) s = std::fma(static_cast<float>(A[r][k]), static_cast<float>(B[k][col]), s);
      return static_cast<float>(C[r][col]) + s;
    };
    const auto dval = [&](unsigned r, unsigned col) {
      const float s0 = std::fma(static_cast<float>(A[r][1]), static_cast<float>(B[1][col]),
                                static_cast<float>(A[r][0] * B[0][col]));
      const float s1 = std::fma(static_cast<float>(A[r][3]), static_cast<float>(B[3][col]),
                                static_cast<float>(A[r][2] * B[2][col]));
      return (static_cast<float>(C[r][col]) + s1) + s0;
    };
    for (unsigned h = 0; h < 2; ++h)
      for (unsigned t = 0; t < 4; ++t) {
        const unsigned lane = 4 * q + 16 * h + t;
        if (half_d) {
          for (unsigned rg = 0; rg < 4; ++rg) {
            std::uint64_t v = 0;
            for (unsigned e = 0; e < 2; ++e) {
              const float x = dval(t + 4 * h, 2 * rg + e);
              v |= scalar::cvt(ScalarType::F16, ScalarType::F32, std::bit_cast<std::uint32_t>(x), ir::Rnd::RN, false,
                               false)
                   << (16 * e);
            }
            cx.write_elem(dop, rg, lane, v);
          }
        } else {
          for (unsigned i = 0; i < 8; ++i)
            cx.write_elem(dop, i, lane,
                          std::bit_cast<std::uint32_t>(dval_f32((t & 1) + (i & 2) + 4 * h, (i & 4) + (t & 2) + (i & 1))));
        }
      }
  }
}

}  // namespace

void Executor::exec_matrix(Cta& cta, Warp& w, const ir::Instr& in, LaneMask active, LaneMask lanes, StepResult& r) {
  const std::uint32_t pc = w.paths[static_cast<std::size_t>(w.current)].pc;
  InstrContext cx{L_, cta, w, in, pc};
  mma::require_whole_warp(cx, active, lanes, ir::op_name(in.op));
  using ir::Op;
  if (in.op == Op::Movmatrix) {
    std::array<std::uint32_t, kWarpSize> a{};
    for (unsigned lane = 0; lane < kWarpSize; ++lane) a[lane] = static_cast<std::uint32_t>(cx.read(in.ops[1], lane));
    const auto elem = [&](unsigned row, unsigned col) {  // element (row, col) of the 8x8 source matrix
      const unsigned lane = row * 4 + col / 2;
      return (a[lane] >> (16 * (col % 2))) & 0xffffu;
    };
    for (unsigned lane = 0; lane < kWarpSize; ++lane) {
      const unsigned row = lane / 4, col = 2 * (lane % 4);
      cx.write(in.ops[0], lane, elem(col, row) | (elem(col + 1, row) << 16));
    }
    return;
  }
  if (in.op == Op::Ldmatrix || in.op == Op::Stmatrix) {
    const bool load = in.op == Op::Ldmatrix;
    const unsigned num = in.vec;
    const bool trans = in.sub == 1;
    const ir::Operand& aop = in.ops[load ? 1 : 0];
    const ir::Operand& regs = in.ops[load ? 0 : 1];
    const ir::Space space = cx.space_of(aop);
    // The rows: lane 8j + i gives the address of row i of matrix j.
    std::array<std::uint8_t*, kWarpSize> row{};
    LaneMask addr_lanes;
    r.has_mem = true;
    r.mem.store = !load;
    r.mem.atomic = false;
    r.mem.bytes = 16;
    r.mem.space = ir::Space::Shared;
    for (unsigned lane = 0; lane < 8 * num; ++lane) {
      const Addr a = cx.address(aop, lane);
      if ((a & 15) != 0) cx.fault(lane, "{} row address 0x{:x} is not 16-byte aligned", ir::op_name(in.op), a);
      ir::Space resolved;
      Addr off;
      row[lane] = cx.translate(space, a, 16, lane, !load, &resolved, &off);
      if (resolved != ir::Space::Shared)
        cx.fault(lane, "{} row address 0x{:x} is not in the CTA's shared memory", ir::op_name(in.op), a);
      r.mem.addr[lane] = off;
      addr_lanes.set(lane);
      if (cta.touched_shared.extend(off, 16)) L_.progress = true;
      if (L_.race != nullptr) race_access(cta, w, pc, lane, resolved, off, 16, !load);
    }
    r.mem.lanes = addr_lanes;
    // Element (rr, cc) of matrix j is the 16-bit word cc of row rr.
    const auto at = [&](unsigned j, unsigned rr, unsigned cc) { return row[8 * j + rr] + 2 * cc; };
    for (unsigned j = 0; j < num; ++j)
      for (unsigned lane = 0; lane < kWarpSize; ++lane) {
        std::uint8_t* p[2];
        for (unsigned e = 0; e < 2; ++e) {
          const unsigned rr = lane / 4, cc = 2 * (lane % 4) + e;
          p[e] = trans ? at(j, cc, rr) : at(j, rr, cc);
        }
        if (load) {
          std::uint16_t lo, hi;
          std::memcpy(&lo, p[0], 2);
          std::memcpy(&hi, p[1], 2);
          cx.write_elem(regs, j, lane, static_cast<std::uint64_t>(lo) | (static_cast<std::uint64_t>(hi) << 16));
        } else {
          const auto v = static_cast<std::uint32_t>(cx.read_elem(regs, j, lane));
          const std::uint16_t lo = v & 0xffffu, hi = v >> 16;
          std::memcpy(p[0], &lo, 2);
          std::memcpy(p[1], &hi, 2);
        }
      }
    return;
  }

  // mma.sync.aligned / mma.sp
  const ir::MmaDims dims = ir::mma_dims(in.sub_op<MmaShape>());
  const MmaType at = ir::mma_atype(in), bt = ir::mma_btype(in);
  const bool quad_pairs = dims.m == 8 && dims.k == 4 && at == MmaType::F16;  // four 8x8x4 MMAs
  w.mma_flops += 2ull * dims.m * dims.n * dims.k * (quad_pairs ? 4 : 1);
  if (quad_pairs) {
    exec_quad_pair_mma(cx, in);
    return;
  }
  const unsigned sparse = ir::mma_sparse(in);
  const unsigned bits = ir::mma_bits(at);
  const unsigned epr = bits >= 32 ? 1 : 32 / bits;  // elements per register
  const unsigned M = dims.m, N = dims.n, K = dims.k;
  const unsigned KA = sparse != 0 ? K / 2 : K;  // the columns A's registers hold (the non-zero half when sparse)
  const unsigned a_regs = M * KA / (kWarpSize * epr), b_regs = K * N / (kWarpSize * epr);
  const ir::Operand &dop = in.ops[0], &aop = in.ops[1], &bop = in.ops[2], &cop = in.ops[3];
  const ScalarType dt = in.type, ct = in.type2;
  const bool half_acc_c = ct == ScalarType::F16, half_acc_d = dt == ScalarType::F16;
  const unsigned c_regs = half_acc_c ? M * N / (2 * kWarpSize) : M * N / kWarpSize;
  const unsigned d_regs = half_acc_d ? M * N / (2 * kWarpSize) : M * N / kWarpSize;
  if (aop.count != a_regs || bop.count != b_regs || cop.count != c_regs || dop.count != d_regs)
    cx.fault(0, "{}.m{}n{}k{} with these types takes {{d}} of {}, {{a}} of {}, {{b}} of {} and {{c}} of {} registers, "
                "not {}, {}, {} and {}",
             sparse != 0 ? "mma.sp" : "mma", M, N, K, d_regs, a_regs, b_regs, c_regs, dop.count, aop.count, bop.count,
             cop.count);
  // Gather the matrices: A as its registers hold it (M x KA), B and C whole. The buffers are this thread's, reused
  // from one mma to the next (every one of a GEMM's allocated eleven vectors before).
  thread_local MmaScratch scratch;
  auto &A = scratch.A, &B = scratch.B, &C = scratch.C;
  A.assign(M * KA, 0);
  B.assign(K * N, 0);
  C.assign(M * N, 0);
  const std::uint64_t emask = bits >= 64 ? ~0ull : (1ull << bits) - 1;
  // Register by register, its 32 lanes in turn (a register's lanes lie together in the warp's register file).
  for (unsigned rg = 0; rg < a_regs; ++rg)
    for (unsigned lane = 0; lane < kWarpSize; ++lane) {
      const std::uint64_t v = cx.read_elem(aop, rg, lane);
      for (unsigned i = 0; i < epr; ++i) {
        const Cell c = a_cell(M, epr, lane, rg, i);
        A[c.row * KA + c.col] = (v >> (i * bits)) & emask;
      }
    }
  for (unsigned rg = 0; rg < b_regs; ++rg)
    for (unsigned lane = 0; lane < kWarpSize; ++lane) {
      const std::uint64_t v = cx.read_elem(bop, rg, lane);
      for (unsigned i = 0; i < epr; ++i) {
        const Cell c = b_cell(epr, lane, rg, i);
        B[c.row * N + c.col] = (v >> (i * bits)) & emask;
      }
    }
  for (unsigned rg = 0; rg < c_regs; ++rg)
    for (unsigned lane = 0; lane < kWarpSize; ++lane) {
      const std::uint64_t v = cx.read_elem(cop, rg, lane);
      if (half_acc_c) {
        const unsigned g = lane / 4, t = lane % 4;
        C[(g + 8 * rg) * N + 2 * t] = v & 0xffff;
        C[(g + 8 * rg) * N + 2 * t + 1] = (v >> 16) & 0xffff;
      } else {
        const Cell c = c_cell(M, lane, rg);
        C[c.row * N + c.col] = v;
      }
    }
  // kcol[i * KA + k]: the column of A (the row of B) that held element k of row i of A's registers.
  auto& kcol = scratch.kcol;
  kcol.resize(M * KA);
  if (sparse == 0) {
    for (unsigned i = 0; i < M; ++i)
      for (unsigned k = 0; k < K; ++k) kcol[i * K + k] = k;
  } else {
    sparse_columns(cx, in, at, M, K, kcol);
  }
  // Compute D.
  auto &D = scratch.D;
  D.assign(M * N, 0);
  auto &terms = scratch.terms, &scales = scratch.scales;
  terms.resize(KA + 1);
  scales.resize(KA + 1);
  const bool integer = dt == ScalarType::S32;
  // The floating elements' values and alignment scales, decoded once (every output element reads a row of A and a
  // column of B). fp8 runs on f16 MMAs (below): its elements' scales are those of their f16 values.
  const bool fp8 = at == MmaType::E4M3 || at == MmaType::E5M2;
  const MmaType sa = fp8 ? MmaType::F16 : at, sb = fp8 ? MmaType::F16 : bt;
  // B's values and scales are kept transposed (column j of B at [j * K, j * K + K)): an output element's products
  // then read both operands in order.
  auto &Av = scratch.Av, &As = scratch.As, &Bv = scratch.Bv, &Bs = scratch.Bs;
  if (!integer) {
    Av.resize(A.size());
    As.resize(A.size());
    Bv.resize(B.size());
    Bs.resize(B.size());
    for (std::size_t x = 0; x < A.size(); ++x) {
      Av[x] = element_value(at, A[x]);
      As[x] = element_scale(sa, Av[x]);
    }
    for (unsigned k = 0; k < K; ++k)
      for (unsigned j = 0; j < N; ++j) {
        const double v = element_value(bt, B[k * N + j]);
        Bv[j * K + k] = v;
        Bs[j * K + k] = element_scale(sb, v);
      }
  }
  auto &lo = scratch.lo, &hi = scratch.hi, &lo_s = scratch.lo_s, &hi_s = scratch.hi_s;
  for (unsigned i = 0; i < M; ++i)
    for (unsigned j = 0; j < N; ++j) {
      std::uint64_t& d = D[i * N + j];
      const std::uint64_t c = C[i * N + j];
      const auto a_at = [&](unsigned k) { return A[i * KA + k]; };
      const auto b_at = [&](unsigned k) { return B[kcol[i * KA + k] * N + j]; };
      if (integer) {
        std::int64_t s = static_cast<std::int32_t>(c & 0xffffffffu);
        if (at == MmaType::B1And || at == MmaType::B1Xor) {
          for (unsigned k = 0; k < KA; ++k) s += at == MmaType::B1And ? (a_at(k) & b_at(k)) : (a_at(k) ^ b_at(k));
        } else {
          for (unsigned k = 0; k < KA; ++k) s += int_value(at, a_at(k)) * int_value(bt, b_at(k));
        }
        if (in.has(ir::kSatfinite)) s = std::clamp<std::int64_t>(s, INT32_MIN, INT32_MAX);
        d = static_cast<std::uint32_t>(s);
      } else if (dt == ScalarType::F64) {
        double acc = std::bit_cast<double>(c);
        for (unsigned k = 0; k < KA; ++k) acc = std::fma(Av[i * KA + k], Bv[j * K + kcol[i * KA + k]], acc);
        d = std::bit_cast<std::uint64_t>(acc);
      } else {
        terms[0] = half_acc_c ? f16_value(c) : f32_value(static_cast<std::uint32_t>(c));
        scales[0] = std::fabs(terms[0]);
        const double *const av = &Av[i * KA], *const as = &As[i * KA];
        const double *const bv = &Bv[j * K], *const bs = &Bs[j * K];
        if (sparse == 0) {
          for (unsigned k = 0; k < K; ++k) {
            terms[k + 1] = av[k] * bv[k];  // exact in a double
            scales[k + 1] = as[k] * bs[k];
          }
        } else {
          const unsigned* const kc = &kcol[i * KA];
          for (unsigned k = 0; k < KA; ++k) {
            terms[k + 1] = av[k] * bv[kc[k]];
            scales[k + 1] = as[k] * bs[kc[k]];
          }
        }
        if (fp8) {
          // sm_90 has no fp8 mma: ptxas unpacks A and B to f16 (F2FP.F16.E4M3/E5M2.UNPACK_B) and runs two f16 MMAs
          // (HMMA.16816, or HMMA.SP.16832 for mma.sp), the first on the products of the columns k % 4 < 2 (each B
          // register's low half), the second on the rest; with an f32 accumulator the first starts from zero and C is
          // added last with an FADD (round to nearest).
          lo.assign(1, 0.0);
          lo_s.assign(1, 0.0);
          hi.clear();
          hi_s.clear();
          for (unsigned k = 0; k < KA; ++k) {
            const bool first = fp8_first_half(kcol[i * KA + k], sparse);
            (first ? lo : hi).push_back(terms[k + 1]);
            (first ? lo_s : hi_s).push_back(scales[k + 1]);
          }
          const int ab = static_cast<int>(L_.mma_align_bits);
          if (half_acc_d) {
            lo[0] = terms[0];
            lo_s[0] = scales[0];
            const double p0 = f16_value(half_sum(lo, lo_s, ab));
            hi.insert(hi.begin(), p0);
            hi_s.insert(hi_s.begin(), std::fabs(p0));
            d = half_sum(hi, hi_s, ab);
          } else {
            const double p0 = f32_value(static_cast<std::uint32_t>(aligned_sum_f32(lo, lo_s, ab)));
            hi.insert(hi.begin(), p0);
            hi_s.insert(hi_s.begin(), std::fabs(p0));
            const float p = f32_value(static_cast<std::uint32_t>(aligned_sum_f32(hi, hi_s, ab)));
            d = std::bit_cast<std::uint32_t>(static_cast<float>(terms[0]) + p);
          }
        } else {
          d = half_acc_d ? half_sum(terms, scales, static_cast<int>(L_.mma_align_bits))
                         : aligned_sum_f32(terms, scales, static_cast<int>(L_.mma_align_bits));
        }
      }
    }
  // Scatter D.
  for (unsigned rg = 0; rg < d_regs; ++rg)
    for (unsigned lane = 0; lane < kWarpSize; ++lane) {
      if (half_acc_d) {
        const unsigned g = lane / 4, t = lane % 4;
        cx.write_elem(dop, rg, lane, (D[(g + 8 * rg) * N + 2 * t] & 0xffff) | ((D[(g + 8 * rg) * N + 2 * t + 1] & 0xffff) << 16));
      } else {
        const Cell c = c_cell(M, lane, rg);
        cx.write_elem(dop, rg, lane, D[c.row * N + c.col]);
      }
    }
}

}  // namespace warpsim::func
