// The per-warp scoreboard (see timing/scoreboard.hpp).
#include <warpsim/timing/scoreboard.hpp>

namespace warpsim::timing {

void Scoreboard::reset(std::size_t slots) {
  ready_.assign(slots, Cycle(0));
  memory_.assign(slots, 0);
}

Scoreboard::Pending Scoreboard::latest_of(std::span<const std::uint32_t> regs) const {
  Pending p;
  for (const std::uint32_t r : regs)
    if (ready_[r] > p.at) p = {ready_[r], memory_[r] != 0};
  return p;
}

Scoreboard::Pending Scoreboard::when(std::span<const std::uint32_t> reads,
                                     std::span<const std::uint32_t> writes) const {
  Pending p = latest_of(reads);
  for (const std::uint32_t r : writes)
    if (ready_[r] > p.at) p = {ready_[r], memory_[r] != 0};
  return p;
}

void Scoreboard::write(std::span<const std::uint32_t> writes, Cycle at, bool memory) {
  for (const std::uint32_t r : writes) {
    ready_[r] = at;
    memory_[r] = memory ? 1 : 0;
  }
}

Cycle Scoreboard::last() const {
  Cycle t(0);
  for (const Cycle c : ready_) t = max(t, c);
  return t;
}

}  // namespace warpsim::timing
