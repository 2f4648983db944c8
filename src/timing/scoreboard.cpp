// The per-warp scoreboard (see timing/scoreboard.hpp).
#include <warpsim/timing/scoreboard.hpp>

namespace warpsim::timing {

Cycle Scoreboard::last() const {
  Cycle t(0);
  for (const Cycle c : ready_) t = max(t, c);
  return t;
}

}  // namespace warpsim::timing
