// What greedy policies share (gto, gty): the warp that issued last keeps issuing while it is ready; otherwise the
// ready warp with the lowest rank, `rank(age)`, issues (the first in slot order on a tie).
#pragma once

#include <warpsim/timing/scheduler.hpp>

#include <limits>

namespace warpsim::timing {

template <typename Rank>
std::size_t greedy_pick(std::span<const ReadyWarp> ready, std::int64_t last, Rank rank) {
  std::size_t best = 0;
  std::uint64_t best_rank = std::numeric_limits<std::uint64_t>::max();
  for (std::size_t i = 0; i < ready.size(); ++i) {
    // The last issued warp ranks first (0); the others by `rank`, which must be above 0.
    const std::uint64_t r = static_cast<std::int64_t>(ready[i].slot) == last ? 0 : rank(ready[i].age);
    if (r < best_rank) best_rank = r, best = i;
  }
  return best;
}

}  // namespace warpsim::timing
