// Helpers shared by the scalar semantics tests: host values <-> raw bits, and short type names.
#pragma once

#include <warpsim/func/scalar.hpp>

#include <bit>
#include <cstdint>

namespace scalar_test {

using warpsim::func::scalar::Cmp;
using warpsim::func::scalar::Rnd;
using warpsim::func::scalar::ScalarType;
namespace sc = warpsim::func::scalar;

constexpr ScalarType F16 = ScalarType::F16;
constexpr ScalarType BF16 = ScalarType::BF16;
constexpr ScalarType F32 = ScalarType::F32;
constexpr ScalarType F64 = ScalarType::F64;

inline std::uint64_t b32(float f) { return std::bit_cast<std::uint32_t>(f); }
inline std::uint64_t b64(double d) { return std::bit_cast<std::uint64_t>(d); }
inline float f32(std::uint64_t b) { return std::bit_cast<float>(static_cast<std::uint32_t>(b)); }
inline double f64(std::uint64_t b) { return std::bit_cast<double>(b); }

}  // namespace scalar_test
