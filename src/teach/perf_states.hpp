// Warp states over time, for the "Latency hiding" section of `warpsim report`: a recorder of the timing model's
// on_warp_states intervals (timing/trace_sink.hpp) into per-SM buckets of equal width, the width doubling (pairs
// of buckets merged) whenever the kernel outgrows kMaxBuckets, so a long kernel still gives a few hundred buckets.
//
// Models: warp-cycles per state per SM per bucket, exact (an interval split across buckets by its overlap), so
// the buckets of every SM sum to the kernel's TimingStats::warp_states.
// Leaves out: individual warps (the chosen warp's issues come from the context's issue events).
#pragma once

#include <warpsim/timing/stats.hpp>

#include <array>
#include <cstdint>
#include <vector>

namespace warpsim::teach {

// Warp-cycles per state, in WarpStateCycles's order: issued, dependency, memory, barrier, not_selected.
using StateCounts = std::array<std::uint64_t, 5>;
inline constexpr std::size_t kStates = 5;

class StateRecorder {
 public:
  static constexpr std::size_t kMaxBuckets = 400;
  explicit StateRecorder(std::uint64_t width = 64) : width_(width) {}
  void add(std::uint32_t sm, std::uint64_t from, std::uint64_t to, const timing::WarpStateCycles& w);

  std::uint64_t width() const { return width_; }  // cycles per bucket
  std::size_t buckets() const { return buckets_; }
  // Per SM (index = SM id; SMs with no warps have an empty vector), per bucket.
  const std::vector<std::vector<StateCounts>>& per_sm() const { return sms_; }
  std::vector<StateCounts> gpu() const;  // summed over SMs
  StateCounts total() const;             // summed over SMs and buckets

 private:
  void grow(std::size_t needed);  // doubles the width until `needed` buckets fit in kMaxBuckets
  std::uint64_t width_;
  std::size_t buckets_ = 0;  // buckets used (the longest SM's)
  std::vector<std::vector<StateCounts>> sms_;
};

}  // namespace warpsim::teach
