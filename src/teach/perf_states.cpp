// Warp states per SM per time bucket (see perf_states.hpp).
#include "perf_states.hpp"

#include <algorithm>

namespace warpsim::teach {

void StateRecorder::grow(std::size_t needed) {
  std::size_t factor = 1;
  while ((needed + factor - 1) / factor > kMaxBuckets) factor *= 2;
  if (factor == 1) return;
  for (auto& v : sms_) {
    std::vector<StateCounts> merged((v.size() + factor - 1) / factor, StateCounts{});
    for (std::size_t b = 0; b < v.size(); ++b)
      for (std::size_t s = 0; s < kStates; ++s) merged[b / factor][s] += v[b][s];
    v = std::move(merged);
  }
  width_ *= factor;
  buckets_ = (buckets_ + factor - 1) / factor;
}

void StateRecorder::add(std::uint32_t sm, std::uint64_t from, std::uint64_t to, const timing::WarpStateCycles& w) {
  if (to <= from) return;
  const std::size_t last = static_cast<std::size_t>((to - 1) / width_);
  if (last + 1 > kMaxBuckets) grow(last + 1);
  if (sms_.size() <= sm) sms_.resize(sm + 1);
  auto& v = sms_[sm];
  const std::uint64_t counts[kStates] = {w.issued, w.dependency, w.memory, w.barrier, w.not_selected};
  for (std::uint64_t b = from / width_, end = (to - 1) / width_; b <= end; ++b) {
    if (v.size() <= b) v.resize(b + 1, StateCounts{});
    const std::uint64_t len = std::min(to, (b + 1) * width_) - std::max(from, b * width_);
    for (std::size_t s = 0; s < kStates; ++s) v[b][s] += counts[s] * len;
  }
  buckets_ = std::max(buckets_, v.size());
}

std::vector<StateCounts> StateRecorder::gpu() const {
  std::vector<StateCounts> out(buckets_, StateCounts{});
  for (const auto& v : sms_)
    for (std::size_t b = 0; b < v.size(); ++b)
      for (std::size_t s = 0; s < kStates; ++s) out[b][s] += v[b][s];
  return out;
}

StateCounts StateRecorder::total() const {
  StateCounts t{};
  for (const auto& b : gpu())
    for (std::size_t s = 0; s < kStates; ++s) t[s] += b[s];
  return t;
}

}  // namespace warpsim::teach
