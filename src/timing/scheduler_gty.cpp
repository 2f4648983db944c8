// The gty warp scheduler, greedy-then-youngest: the last issued warp while it is ready, else the youngest ready
// warp (see timing/scheduler.hpp).
#include "scheduler_greedy.hpp"

namespace warpsim::timing {
namespace {

class GtyScheduler final : public WarpScheduler {
 public:
  std::size_t pick(std::span<const ReadyWarp> ready, std::int64_t last, std::uint32_t) const override {
    return greedy_pick(ready, last,
                       [](std::uint64_t age) { return std::numeric_limits<std::uint64_t>::max() - 1 - age; });
  }
};

}  // namespace

std::unique_ptr<WarpScheduler> make_gty_scheduler() { return std::make_unique<GtyScheduler>(); }

}  // namespace warpsim::timing
