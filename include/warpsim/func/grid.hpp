// Running a whole grid functionally (no timing): CTAs are made resident a window at a time, and the
// resident warps take turns, each running until it blocks or uses its quantum of instructions.
//
// Models: deadlock detection (every resident warp of a CTA blocked and no barrier can open) and a livelock
// watchdog (a CTA that executes `no_progress_limit` warp-instructions without changing memory, opening a
// barrier or retiring a thread), both reported with what every warp is waiting for and where.
// Leaves out: time, SM assignment policy (CTA i runs on SM i mod num_sms), occupancy.
#pragma once

#include <warpsim/func/executor.hpp>

#include <cstdint>

namespace warpsim::func {

struct GridLimits {
  std::uint64_t no_progress_limit = 1ull << 22;  // warp-instructions per CTA without progress
  std::uint32_t window = 0;                      // resident CTAs at a time; 0 = num_sms
  std::uint32_t quantum = 1024;                  // instructions a warp runs before the next warp's turn
};

struct GridStats {
  std::uint64_t ctas = 0, warps = 0, warp_instructions = 0, thread_instructions = 0;
};

// Functional clock: %clock64 reads the warp's executed instruction count.
class InstructionClock : public ClockSource {
 public:
  std::uint64_t cycles(const Cta&, const Warp& w) const override { return w.warp_insts; }
  std::uint64_t nanoseconds(const Cta&, const Warp& w) const override { return w.warp_insts; }
};

GridStats run_grid(Launch& launch, const GridLimits& limits = {});

// A description of every warp of a CTA that has not finished: which lanes wait where (for deadlock and
// watchdog reports).
std::string describe_cta(const Launch& launch, const Cta& cta);

// Sorts printf records into (CTA, call number within its warp, warp, lane) order and concatenates their text.
std::string printf_text(std::vector<PrintfRecord> records);

}  // namespace warpsim::func
