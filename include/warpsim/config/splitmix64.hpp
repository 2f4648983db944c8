// SplitMix64, the generator behind {"random": ...} buffer initialisation (README "The run config" gives the
// exact recipe). Public so that the measurement tool produces bit-identical inputs from the same code.
// Leaves out: anything statistical beyond SplitMix64 itself; it is for reproducible inputs, not quality.
#pragma once

#include <cstdint>

namespace warpsim::config {

struct SplitMix64 {
  // The state advances by kGamma per call: after k calls it is seed + k * kGamma (mod 2^64), so any output can be
  // computed directly.
  static constexpr std::uint64_t kGamma = 0x9E3779B97F4A7C15ull;
  std::uint64_t state = 0;
  constexpr explicit SplitMix64(std::uint64_t seed) : state(seed) {}
  constexpr std::uint64_t next() {
    state += kGamma;
    std::uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
};

}  // namespace warpsim::config
