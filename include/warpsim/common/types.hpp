// Strong types shared by every module: addresses, lane masks, and the dimensions of a launch.
// Leaves out: timing units (Cycle lives with the timing model).
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string>

namespace warpsim {

using Addr = std::uint64_t;  // a byte address in some state space

inline constexpr unsigned kWarpSize = 32;

// The set of lanes of one warp, bit i = lane i.
struct LaneMask {
  std::uint32_t bits = 0;
  constexpr LaneMask() = default;
  constexpr explicit LaneMask(std::uint32_t b) : bits(b) {}
  static constexpr LaneMask all() { return LaneMask(0xffffffffu); }
  static constexpr LaneMask first(unsigned n) { return LaneMask(n >= 32 ? 0xffffffffu : ((1u << n) - 1u)); }
  constexpr bool test(unsigned lane) const { return (bits >> lane) & 1u; }
  constexpr void set(unsigned lane) { bits |= 1u << lane; }
  constexpr void clear(unsigned lane) { bits &= ~(1u << lane); }
  constexpr bool none() const { return bits == 0; }
  constexpr bool any() const { return bits != 0; }
  constexpr unsigned count() const { return static_cast<unsigned>(std::popcount(bits)); }
  constexpr LaneMask operator&(LaneMask o) const { return LaneMask(bits & o.bits); }
  constexpr LaneMask operator|(LaneMask o) const { return LaneMask(bits | o.bits); }
  constexpr LaneMask operator~() const { return LaneMask(~bits); }
  constexpr bool operator==(const LaneMask&) const = default;
  // Calls f(lane) for each set lane in increasing order: the one place that walks a mask.
  template <typename F>
  constexpr void for_each(F&& f) const {
    for (std::uint32_t b = bits; b != 0; b &= b - 1) f(static_cast<unsigned>(std::countr_zero(b)));
  }
};

// "0-15,20,22-31" (or "none"): the lanes of a mask as ranges, for messages and reports.
std::string lane_ranges(LaneMask m);

// A 1-3 dimensional size or index, like CUDA's dim3.
struct Dim3 {
  std::uint32_t x = 1, y = 1, z = 1;
  constexpr std::uint64_t volume() const { return std::uint64_t{x} * y * z; }
  constexpr bool operator==(const Dim3&) const = default;
};

}  // namespace warpsim
