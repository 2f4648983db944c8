// Per-lane semantics of PTX arithmetic, as pure functions on raw bits.
//
// Models: the results the PTX ISA 9.0 specifies for integer, floating-point (f16, bf16, f32, f64, tf32)
// and conversion instructions, with every rounding mode, .ftz (flush subnormal inputs and results to
// sign-preserving zero; f32 only, as in the ISA) and .sat (clamp float results to [0, 1], NaN -> +0; clamp
// integer results to the type's range). Canonical NaN is 0x7fffffff (f32), 0x7fffffffffffffff (f64),
// 0x7fff (f16), 0x7fff (bf16), as NVIDIA GPUs produce. Values travel as uint64_t holding the type's bits
// in the low bits, zero-extended.
// .approx functions (rcp/sqrt/rsqrt/ex2/lg2/sin/cos/tanh .approx, div.approx/.full) return a correctly
// rounded or host-libm value, which is within the ISA's stated maximum error.
// Leaves out: packed x2 types (callers apply the f16/bf16 functions to each half), and the
// instruction-level plumbing (operands, masks), which lives in the executor.
#pragma once

#include <warpsim/ir/types.hpp>

#include <cstdint>

namespace warpsim::func::scalar {

using ir::Cmp;
using ir::Rnd;
using ir::ScalarType;

// ---- floating point: t is F16, BF16, F32 or F64 (TF32 only in cvt) ----
// rnd None means RN. ftz flushes subnormal inputs and results for F32, and for F16/BF16 when the
// instruction carries .ftz (add/sub/mul/fma/min/max/setp .ftz.f16, ex2.approx.ftz.bf16); F64 keeps
// subnormals (except rcp/rsqrt .approx.ftz.f64). sat clamps to [0.0, 1.0].
std::uint64_t fadd(ScalarType t, std::uint64_t a, std::uint64_t b, Rnd rnd, bool ftz, bool sat);
std::uint64_t fsub(ScalarType t, std::uint64_t a, std::uint64_t b, Rnd rnd, bool ftz, bool sat);
std::uint64_t fmul(ScalarType t, std::uint64_t a, std::uint64_t b, Rnd rnd, bool ftz, bool sat);
std::uint64_t ffma(ScalarType t, std::uint64_t a, std::uint64_t b, std::uint64_t c, Rnd rnd, bool ftz, bool sat);
// div: rnd RN/RZ/RM/RP = IEEE division; approx = div.approx (f32 only); full = div.full (f32 only).
std::uint64_t fdiv(ScalarType t, std::uint64_t a, std::uint64_t b, Rnd rnd, bool approx, bool full, bool ftz);
std::uint64_t frcp(ScalarType t, std::uint64_t a, Rnd rnd, bool approx, bool ftz);
std::uint64_t fsqrt(ScalarType t, std::uint64_t a, Rnd rnd, bool approx, bool ftz);
std::uint64_t frsqrt(ScalarType t, std::uint64_t a, bool ftz);  // rsqrt.approx (f32, f64)
std::uint64_t fex2(ScalarType t, std::uint64_t a, bool ftz);    // ex2.approx (f32, f16, bf16)
std::uint64_t flg2(ScalarType t, std::uint64_t a, bool ftz);    // lg2.approx (f32)
std::uint64_t fsin(ScalarType t, std::uint64_t a, bool ftz);    // sin.approx (f32)
std::uint64_t fcos(ScalarType t, std::uint64_t a, bool ftz);    // cos.approx (f32)
std::uint64_t ftanh(ScalarType t, std::uint64_t a);             // tanh.approx (f32, f16, bf16)
// min/max: a NaN operand is ignored unless both are NaN (result canonical NaN); nan = .NaN (propagate:
// any NaN gives canonical NaN); -0.0 < +0.0. xorsign_abs = .xorsign.abs.
std::uint64_t fmin(ScalarType t, std::uint64_t a, std::uint64_t b, bool ftz, bool nan, bool xorsign_abs);
std::uint64_t fmax(ScalarType t, std::uint64_t a, std::uint64_t b, bool ftz, bool nan, bool xorsign_abs);
std::uint64_t fabs_(ScalarType t, std::uint64_t a, bool ftz);
std::uint64_t fneg(ScalarType t, std::uint64_t a, bool ftz);
std::uint64_t fcopysign(ScalarType t, std::uint64_t a, std::uint64_t b);  // copysign.f32 d, a, b: |b| with a's sign
// .relu of fma.relu / cvt.relu: negative results (and -0.0) become +0.0, NaN becomes canonical NaN.
std::uint64_t frelu(ScalarType t, std::uint64_t a);
enum class TestP : std::uint8_t { Finite, Infinite, Number, NotANumber, Normal, Subnormal };
bool ftestp(ScalarType t, std::uint64_t a, TestP op);
// Comparison for setp/set with float operands (all Cmp values except LO/LS/HI/HS).
bool fcompare(ScalarType t, std::uint64_t a, std::uint64_t b, Cmp cmp, bool ftz);

// ---- conversion: cvt.dst.src with rounding, .ftz, .sat (and .relu / .satfinite for narrow floats) ----
// Integer <- integer: truncate or sign/zero-extend, sat clamps. Float <- integer: rnd (None = RN).
// Integer <- float: rnd RNI/RZI/RMI/RPI (None = RZI), always saturating to the destination range, NaN -> 0.
// Float <- float: rnd RN/RZ/RM/RP/RNA (narrowing) or RNI/RZI/RMI/RPI (round to integral, same size).
// TF32 <- F32 (cvt.rna.tf32.f32 / .rn / .rz): result is the f32 bit pattern with the low 13 bits zero.
std::uint64_t cvt(ScalarType dst, ScalarType src, std::uint64_t a, Rnd rnd, bool ftz, bool sat, bool relu = false,
                  bool satfinite = false);
// cvt.rn{.relu}{.satfinite}.{f16x2,bf16x2}.f32 d, a, b: d = {hi: cvt(a), lo: cvt(b)}.
std::uint32_t cvt_pack_f32x2(ScalarType dst_x2, std::uint32_t a_f32, std::uint32_t b_f32, Rnd rnd, bool relu,
                             bool satfinite);
// cvt.rn.satfinite{.relu}.{e4m3x2,e5m2x2}.f32 d, a, b and the f16x2 source form; returns 16 bits.
std::uint16_t cvt_f8x2_from_f32(ScalarType dst_x2, std::uint32_t a_f32, std::uint32_t b_f32, bool relu);
// cvt.rn.f16x2.{e4m3x2,e5m2x2} d, a: unpack two fp8 values to two f16.
std::uint32_t cvt_f16x2_from_f8x2(ScalarType src_x2, std::uint16_t a, bool relu);
// Both also take E2M3x2/E3M2x2 (6-bit values in 8-bit slots) and E2M1x2 (4-bit slots, 8 bits in all);
// those formats have no NaN or inf: NaN converts to +max, out-of-range values saturate.

// ---- integer helpers: w is the width in bits (8, 16, 32, 64), values zero-extended in uint64_t ----
std::uint64_t mul_hi(std::uint64_t a, std::uint64_t b, unsigned w, bool is_signed);
std::uint64_t mul_wide(std::uint64_t a, std::uint64_t b, unsigned w, bool is_signed);  // 2w-bit result (w <= 32)
// mul24.{lo,hi}.{u32,s32}: product of the low 24 bits (sign-extended for s32); lo = bits 31..0, hi = 47..16.
std::uint32_t mul24(std::uint32_t a, std::uint32_t b, bool hi, bool is_signed);
// div/rem: division by zero gives what the hardware gives: unsigned q = all ones, r = a; signed q = -1
// (a >= 0) or 1 (a < 0), r = a. INT_MIN / -1 = INT_MIN, rem 0.
std::uint64_t idiv(std::uint64_t a, std::uint64_t b, unsigned w, bool is_signed);
std::uint64_t irem(std::uint64_t a, std::uint64_t b, unsigned w, bool is_signed);
std::uint64_t add_sat_s32(std::uint64_t a, std::uint64_t b);
std::uint64_t sub_sat_s32(std::uint64_t a, std::uint64_t b);
std::uint64_t bfe(std::uint64_t a, unsigned pos, unsigned len, unsigned w, bool is_signed);
std::uint64_t bfi(std::uint64_t a, std::uint64_t b, unsigned pos, unsigned len, unsigned w);
std::uint64_t bfind(std::uint64_t a, unsigned w, bool is_signed, bool shiftamt);  // 0xffffffff if none
std::uint64_t brev(std::uint64_t a, unsigned w);
std::uint64_t clz(std::uint64_t a, unsigned w);
std::uint64_t popc(std::uint64_t a, unsigned w);
std::uint64_t fns(std::uint32_t mask, std::uint32_t base, std::int32_t offset);  // 0xffffffff if not found
// prmt.b32{.mode} d, a, b, c: mode "" (default), f4e, b4e, rc8, ecl, ecr, rc16
enum class PrmtMode : std::uint8_t { Default, F4E, B4E, RC8, ECL, ECR, RC16 };
std::uint32_t prmt(std::uint32_t a, std::uint32_t b, std::uint32_t c, PrmtMode mode);
// shf.{l,r}.{wrap,clamp}.b32 d, a, b, c: funnel shift of {b:a} by c
std::uint32_t shf(std::uint32_t a, std::uint32_t b, std::uint32_t c, bool left, bool clamp);
// shl/shr: shift amounts >= w give 0 (shl, shr.u) or the sign fill (shr.s).
std::uint64_t shl(std::uint64_t a, std::uint32_t n, unsigned w);
std::uint64_t shr(std::uint64_t a, std::uint32_t n, unsigned w, bool is_signed);
std::uint32_t lop3(std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint8_t lut);
// Integer comparison for setp (EQ, NE, LT, LE, GT, GE for signed/unsigned; LO, LS, HI, HS unsigned).
bool icompare(std::uint64_t a, std::uint64_t b, unsigned w, bool is_signed, Cmp cmp);
std::uint64_t sext(std::uint64_t a, unsigned w);   // sign-extend a w-bit value to 64 bits
std::uint64_t trunc(std::uint64_t a, unsigned w);  // keep the low w bits
std::uint64_t imin(std::uint64_t a, std::uint64_t b, unsigned w, bool is_signed, bool relu);
std::uint64_t imax(std::uint64_t a, std::uint64_t b, unsigned w, bool is_signed, bool relu);
std::uint64_t iabs(std::uint64_t a, unsigned w);  // abs of INT_MIN is INT_MIN
std::uint32_t dp4a(std::uint32_t a, std::uint32_t b, std::uint32_t c, bool a_signed, bool b_signed);
std::uint32_t dp2a(std::uint32_t a, std::uint32_t b, std::uint32_t c, bool a_signed, bool b_signed, bool hi);
std::uint32_t szext(std::uint32_t a, std::uint32_t b, bool is_signed, bool clamp);
std::uint32_t bmsk(std::uint32_t a, std::uint32_t b, bool clamp);
std::uint64_t sad(std::uint64_t a, std::uint64_t b, std::uint64_t c, unsigned w, bool is_signed);

// ---- half-precision helpers used by the executor and by buffer initialisation ----
std::uint16_t f32_to_f16(float f);  // round to nearest even
float f16_to_f32(std::uint16_t h);
std::uint16_t f32_to_bf16(float f);  // round to nearest even
float bf16_to_f32(std::uint16_t h);

}  // namespace warpsim::func::scalar
