// Private: exact IEEE 754 arithmetic in software, for any format of fp_format.hpp and any rounding mode.
//
// Models: add, mul, fma (one rounding), div and sqrt computed exactly with 128-bit integers and rounded
// once; IEEE special cases (inf - inf, 0 * inf, 0 / 0, sqrt of a negative -> NaN; x / 0 -> inf; the sign of
// an exact zero sum is + except under RM). These are the slow paths behind directed rounding of f64, and
// the reference the faster paths are tested against.
// Leaves out: .ftz/.sat (applied by the callers) and NaN payloads: every NaN result is f.nan.
#pragma once

#include "fp_format.hpp"

namespace warpsim::func::scalar::detail {

std::uint64_t sf_add(const FpFormat& f, std::uint64_t a, std::uint64_t b, ir::Rnd mode);
std::uint64_t sf_mul(const FpFormat& f, std::uint64_t a, std::uint64_t b, ir::Rnd mode);
std::uint64_t sf_fma(const FpFormat& f, std::uint64_t a, std::uint64_t b, std::uint64_t c, ir::Rnd mode);
std::uint64_t sf_div(const FpFormat& f, std::uint64_t a, std::uint64_t b, ir::Rnd mode);
std::uint64_t sf_sqrt(const FpFormat& f, std::uint64_t a, ir::Rnd mode);

}  // namespace warpsim::func::scalar::detail
