// The gto warp scheduler, greedy-then-oldest: the last issued warp while it is ready, else the oldest ready warp
// (see timing/scheduler.hpp).
#include "scheduler_greedy.hpp"

namespace warpsim::timing {
namespace {

class GtoScheduler final : public WarpScheduler {
 public:
  std::size_t pick(std::span<const ReadyWarp> ready, std::int64_t last, std::uint32_t) const override {
    return greedy_pick(ready, last, [](std::uint64_t age) { return age + 1; });
  }
};

}  // namespace

std::unique_ptr<WarpScheduler> make_gto_scheduler() { return std::make_unique<GtoScheduler>(); }

}  // namespace warpsim::timing
