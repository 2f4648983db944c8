// The lrr warp scheduler, loose round-robin: the first ready slot after the one that issued last, in slot order,
// wrapping around (see timing/scheduler.hpp).
#include <warpsim/timing/scheduler.hpp>

namespace warpsim::timing {
namespace {

class LrrScheduler final : public WarpScheduler {
 public:
  std::size_t pick(std::span<const ReadyWarp> ready, std::int64_t last, std::uint32_t slots) const override {
    const auto n = static_cast<std::int64_t>(slots);
    // Distance after `last` in slot order (the last issued slot itself is the farthest).
    const auto rank = [&](std::uint32_t slot) { return (static_cast<std::int64_t>(slot) - last - 1 + 4 * n) % n; };
    std::size_t best = 0;
    for (std::size_t i = 1; i < ready.size(); ++i)
      if (rank(ready[i].slot) < rank(ready[best].slot)) best = i;
    return best;
  }
};

}  // namespace

std::unique_ptr<WarpScheduler> make_lrr_scheduler() { return std::make_unique<LrrScheduler>(); }

}  // namespace warpsim::timing
