// The gto warp scheduler, greedy-then-oldest: the last issued warp while it is ready, else the oldest ready warp (see timing/scheduler.hpp).
#include <warpsim/timing/scheduler.hpp>

#include <limits>

namespace warpsim::timing {
namespace {

class GtoScheduler final : public WarpScheduler {
 public:
  std::size_t pick(std::span<const ReadyWarp> ready, std::int64_t last, std::uint32_t) const override {
    // The last issued warp ranks first (0); the others by age.
    std::size_t best = 0;
    std::uint64_t best_rank = std::numeric_limits<std::uint64_t>::max();
    for (std::size_t i = 0; i < ready.size(); ++i) {
      const ReadyWarp& r = ready[i];
      const std::uint64_t rank = static_cast<std::int64_t>(r.slot) == last ? 0 : r.age + 1;
      if (rank < best_rank) best_rank = rank, best = i;
    }
    return best;
  }
};

}  // namespace

std::unique_ptr<WarpScheduler> make_gto_scheduler() { return std::make_unique<GtoScheduler>(); }

}  // namespace warpsim::timing
