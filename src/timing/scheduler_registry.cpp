// The registry of warp-scheduling policies (see timing/scheduler.hpp).
#include <warpsim/timing/scheduler.hpp>

#include <warpsim/common/error.hpp>

#include <array>

namespace warpsim::timing {

std::span<const SchedulerEntry> scheduler_registry() {
  using P = config::SchedulerPolicy;
  static const std::array<SchedulerEntry, 3> entries = {{
      {P::Gto, "gto", &make_gto_scheduler},
      {P::Gty, "gty", &make_gty_scheduler},
      {P::Lrr, "lrr", &make_lrr_scheduler},
  }};
  return entries;
}

std::unique_ptr<WarpScheduler> make_scheduler(config::SchedulerPolicy p) {
  for (const SchedulerEntry& e : scheduler_registry())
    if (e.policy == p) return e.make();
  fail(ErrorKind::Internal, "no warp scheduler registered for policy {}", static_cast<int>(p));
}

}  // namespace warpsim::timing
