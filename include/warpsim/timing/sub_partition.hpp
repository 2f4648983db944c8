// One SM sub-partition (SMSP): its warp slots, its warp scheduler, and the issue state of its pipelines.
//
// Models: warp slot s of an SM belongs to sub-partition s mod sm.sub_partitions. Each cycle the sub-partition
// issues at most one instruction, from a warp that is ready (its scoreboard clear and the pipe of its instruction
// past its initiation interval, pipe.<class>.interval, since the last issue to it), chosen by the scheduler
// policy (timing/scheduler.hpp). An expanded (emulated) operation holds its pipe for kExpandedPipeCycles: its
// SASS instructions are issued one per cycle through the warp, not through one pipe. The LSU may hold the memory
// pipe while this sub-partition's stores wait at busy L2 slices (timing/lsu.hpp).
// The FMA units: an FP32 instruction issues to whichever of pipe.fp32.units units is free first (the H200's
// fmaheavy and fmalite), an integer multiply (imad) only to the first, which both hold for their own interval
// (traces/ubench_pipe_tput: IMAD and FFMA share fmaheavy, FFMA alone uses both).
// The SM (timing/sm.hpp) drives it: it wakes a sub-partition only when one of its warps may issue or changes
// the state it is counted in, and keeps the counts of its last scan (the warp states of the stall breakdown).
// Leaves out: dual issue, register-bank conflicts, the instruction buffer and fetch beyond the taken-branch cost.
#pragma once

#include <warpsim/config/gpu_config.hpp>
#include <warpsim/lower/op_class.hpp>
#include <warpsim/timing/cycle.hpp>
#include <warpsim/timing/scheduler.hpp>
#include <warpsim/timing/stats.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <vector>

namespace warpsim::timing {

// An expanded operation's SASS sequence issues one instruction per cycle through the warp (the warp waits for its
// length, emul.<op>.instructions); the first of them holds its pipe for one issue slot.
inline constexpr std::uint64_t kExpandedPipeCycles = 1;

class SubPartition {
 public:
  explicit SubPartition(const config::GpuConfig& cfg)
      : fma_units_(std::clamp<unsigned>(cfg.fp32_units, 1, kMaxFmaUnits)), scheduler_(make_scheduler(cfg.scheduler)) {}

  // When pipe `c` can take the next instruction.
  Cycle pipe_free(lower::OpClass c) const {
    if (c == lower::OpClass::Fp32) return fma_units_ > 1 ? min(fma_free_[0], fma_free_[1]) : fma_free_[0];
    if (c == lower::OpClass::Imad) return fma_free_[0];
    return pipe_free_[static_cast<std::size_t>(c)];
  }
  // An instruction issued to pipe `c` at `now`, holding it for `cycles`, from warp slot `slot`.
  void issue(lower::OpClass c, Cycle now, std::uint64_t cycles, std::uint32_t slot) {
    if (c == lower::OpClass::Fp32) {
      // The second unit when it is free no later than the first: the first stays open for integer multiplies.
      const unsigned u = fma_units_ > 1 && fma_free_[1] <= fma_free_[0] ? 1 : 0;
      fma_free_[u] = now + cycles;
    } else if (c == lower::OpClass::Imad) {
      fma_free_[0] = now + cycles;
    } else {
      pipe_free_[static_cast<std::size_t>(c)] = now + cycles;
    }
    last_ = slot;
  }
  // The LSU holds this sub-partition's memory instructions until `until`.
  void hold_memory(Cycle until) {
    auto& f = pipe_free_[static_cast<std::size_t>(lower::OpClass::Ldst)];
    f = max(f, until);
  }
  std::int64_t last() const { return last_; }
  const WarpScheduler& scheduler() const { return *scheduler_; }

  // Scan bookkeeping, kept by the SM between wake-ups.
  std::vector<std::uint32_t> slots;  // its warp slots, ascending
  std::vector<ReadyWarp> ready;      // scratch for one scan
  WarpStateCycles states;            // warps per state at its last scan
  std::uint32_t active = 0;          // resident, not exited warps at its last scan

 private:
  static constexpr unsigned kMaxFmaUnits = 2;
  std::array<Cycle, lower::kOpClasses> pipe_free_{};  // all but fp32 and imad
  std::array<Cycle, kMaxFmaUnits> fma_free_{};          // the FMA units (fp32, imad)
  unsigned fma_units_;
  std::int64_t last_ = -1;
  std::unique_ptr<WarpScheduler> scheduler_;
};

}  // namespace warpsim::timing
