// Private: the two exact implementations of the basic float operations, selectable by operation code.
//
// Models: dd_arith computes in host double with error-free transformations (TwoSum, exact products,
// exact division and square-root remainders via fma) and rounds hi + lo once to the target format; it
// serves f16, bf16 and the directed modes of f32. sf_arith is the 128-bit software path (softfloat.hpp)
// that serves f64 directed modes and is the reference for tests. Both return raw results: canonical NaN,
// no .ftz/.sat.
// Leaves out: the host fast path for round-to-nearest f32/f64, which lives in fp_arith.cpp.
#pragma once

#include "fp_format.hpp"

namespace warpsim::func::scalar::detail {

enum class FOp : std::uint8_t { Add, Mul, Fma, Div, Sqrt };  // Fma: a * b + c; Sqrt: of a

// Requires f to be kF16, kBF16 or kF32 (their values and exact products fit a double). Relies on host
// double arithmetic being IEEE round-to-nearest-even (the default floating-point environment).
std::uint64_t dd_arith(FOp op, const FpFormat& f, std::uint64_t a, std::uint64_t b, std::uint64_t c, ir::Rnd mode);
std::uint64_t sf_arith(FOp op, const FpFormat& f, std::uint64_t a, std::uint64_t b, std::uint64_t c, ir::Rnd mode);

}  // namespace warpsim::func::scalar::detail
