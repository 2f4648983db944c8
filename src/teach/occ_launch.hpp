// What the report's occupancy sections (2 "Occupancy" and 3 "Occupancy is not speed") share: a launch's shared
// memory per CTA counted as the timing model counts it (static and dynamic, from the kernel's PTX), the
// occupancy request of a launch, a calculator call that cannot throw for a point of a chart, and percentages.
//
// Models: nothing; the arithmetic is timing/occupancy.hpp's (explain_occupancy), the shared-memory sum is
// sim/timed_grid.cpp's kernel_shape().
// Leaves out: clusters (the calculator's cluster rules live in timing/dispatcher.hpp).
#pragma once

#include <warpsim/config/run_config.hpp>
#include <warpsim/timing/occupancy.hpp>

#include <algorithm>
#include <cstdint>
#include <string>

namespace warpsim::teach {

// A kernel's static shared memory and where its `extern .shared` (dynamic) array starts, from its PTX.
struct KernelSmem {
  std::uint64_t static_bytes = 0;
  std::uint64_t dynamic_offset = 0;
};
KernelSmem kernel_smem(const config::LaunchSpec& l);  // parses l.ptx; throws warpsim::Error like `warpsim run`

// Shared memory per CTA with `dynamic` bytes of dynamic shared memory, as the timing model reserves it.
inline std::uint64_t smem_per_cta(const KernelSmem& k, std::uint64_t dynamic) {
  return std::max(k.static_bytes, k.dynamic_offset + dynamic);
}

// The occupancy request of launch `l` with `regs` registers per thread, `threads` per CTA and `dynamic` bytes of
// dynamic shared memory (its preferred carve-out kept).
timing::OccupancyRequest occupancy_request(const config::LaunchSpec& l, const KernelSmem& k, unsigned threads,
                                           unsigned regs, std::uint64_t dynamic);

// explain_occupancy, except that a request no configured carve-out can hold (a configuration error there) gives
// 0 CTAs with the message in `error`: a chart's point, not a failed page.
timing::Occupancy occupancy_of(const config::GpuConfig& gpu, const timing::OccupancyRequest& req);

// 0.75 -> "75 %", 0.1234 -> "12.3 %".
std::string percent(double fraction);

}  // namespace warpsim::teach
