// Simulated time: Cycle, a strong type for a point in SM clock cycles since the kernel's launch, so that a
// cycle cannot be mixed up with a count, an address or a slot index. Durations are plain cycle counts.
// Leaves out: other clock domains (L2, HBM: the memory system works in SM cycles).
#pragma once

#include <compare>
#include <cstdint>
#include <limits>

namespace warpsim::timing {

class Cycle {
 public:
  constexpr Cycle() = default;
  constexpr explicit Cycle(std::uint64_t c) : c_(c) {}
  static constexpr Cycle never() { return Cycle(std::numeric_limits<std::uint64_t>::max()); }
  constexpr std::uint64_t count() const { return c_; }
  constexpr bool is_never() const { return c_ == std::numeric_limits<std::uint64_t>::max(); }
  constexpr auto operator<=>(const Cycle&) const = default;
  constexpr Cycle operator+(std::uint64_t d) const { return Cycle(c_ + d); }
  constexpr Cycle& operator+=(std::uint64_t d) {
    c_ += d;
    return *this;
  }
  constexpr std::uint64_t operator-(Cycle earlier) const { return c_ - earlier.c_; }  // a duration

 private:
  std::uint64_t c_ = 0;
};

constexpr Cycle max(Cycle a, Cycle b) { return a < b ? b : a; }
constexpr Cycle min(Cycle a, Cycle b) { return a < b ? a : b; }

}  // namespace warpsim::timing
