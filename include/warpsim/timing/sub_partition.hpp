// One SM sub-partition (SMSP): its warp slots, its warp scheduler, and the issue state of its pipelines.
//
// Models: warp slot s of an SM belongs to sub-partition s mod sm.sub_partitions. Each cycle the sub-partition
// issues at most one instruction, from a warp that is ready (its scoreboard clear and the pipe of its instruction
// past its initiation interval, pipe.<class>.interval, since the last issue to it), chosen by the scheduler
// policy (timing/scheduler.hpp). An expanded (emulated) operation holds its pipe for kExpandedPipeCycles: its
// SASS instructions are issued one per cycle through the warp, not through one pipe. The LSU may hold the memory
// pipe while this sub-partition's stores wait at busy L2 slices (timing/lsu.hpp).
// An fp8 mma.sync that ptxas emulates (pipe.tensor.fp8_unpack_*) first takes the sub-partition's unpack path, in
// turn with its other fp8 mmas (a queue: the warp is not held back from issuing it).
// A wgmma.mma_async takes its tensor pipe for one issue slot; its execution (pipe.tensor.wgmma_issue_cycles + N x
// pipe.tensor.wgmma_cycles_per_n) waits in a queue behind the wgmmas issued before it on the sub-partition, and the
// warp goes on (ptxas's SASS issues a K tile's four HGMMAs back to back, the last with the group scoreboard gsb0).
// Holding the pipe for the whole execution instead made a warpgroup that shares the pipe with another wait for the
// other's wgmmas before issuing its own, commit and release its stage late: traces/ws_gemm_probe on an H100
// (2026-12-07) passes a K tile every 612-632 cycles at 512^3 to 2048^3, warpsim did so every 774-902 (now 653-829).
// The queue has no depth limit (not measured).
// The FMA units: FP32 instructions take pipe.fp32.units units in turn (the H200's fmaheavy and fmalite), an
// integer multiply (imad) only the first; each holds its unit for its own interval (traces/ubench_pipe_tput: IMAD
// and FFMA share fmaheavy, FFMA alone uses both; with 4 IMAD and 4 FFMA chains fmaheavy runs 49 % of the FFMAs, as
// taking turns gives, where "whichever is free" would leave it the IMADs alone). One warp issues FP32 instructions
// at most one per pipe.fp32.interval (the SM keeps that per warp).
// The SM (timing/sm.hpp) drives it: it wakes a sub-partition only when one of its warps may issue or changes
// the state it is counted in, and keeps the counts of its last scan (the warp states of the stall breakdown).
// Leaves out: dual issue, register-bank conflicts, the instruction buffer and fetch beyond the taken-branch cost, an
// mma.sync (HMMA) issued while wgmmas are queued on the same pipe (it waits only for the pipe's issue slot; no workload
// mixes them).
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
    if (c == lower::OpClass::Fp32) return fma_free_[next_fma_];
    if (c == lower::OpClass::Imad) return fma_free_[0];
    return pipe_free_[static_cast<std::size_t>(c)];
  }
  // An instruction issued to pipe `c` at `now`, holding it for `cycles`, from warp slot `slot`.
  void issue(lower::OpClass c, Cycle now, std::uint64_t cycles, std::uint32_t slot) {
    if (c == lower::OpClass::Fp32) {
      fma_free_[next_fma_] = now + cycles;
      next_fma_ = (next_fma_ + 1) % fma_units_;
    } else if (c == lower::OpClass::Imad) {
      fma_free_[0] = now + cycles;
    } else {
      pipe_free_[static_cast<std::size_t>(c)] = now + cycles;
    }
    last_ = slot;
  }
  // Whole cycles an mma holding the tensor pipe `hold` (fractional) cycles takes now: the remainder carries to the
  // next one, so a run of them averages `hold`.
  std::uint64_t tensor_cycles(double hold) {
    tensor_carry_ += hold;
    const auto c = static_cast<std::uint64_t>(tensor_carry_);
    tensor_carry_ -= static_cast<double>(c);
    return std::max<std::uint64_t>(c, 1);
  }
  // An fp8 mma's unpacks, arriving at `now` and taking `cycles` (fractional: the remainder carries to the next):
  // when they are done.
  Cycle unpack(Cycle now, double cycles) {
    unpack_carry_ += cycles;
    const auto c = static_cast<std::uint64_t>(unpack_carry_);
    unpack_carry_ -= static_cast<double>(c);
    unpack_free_ = max(now, unpack_free_) + c;
    return unpack_free_;
  }
  // A wgmma.mma_async's execution on this sub-partition's tensor pipe, its operands in at `ready`, taking `cycles`:
  // it waits behind the wgmmas queued before it (the warp that issued it goes on); when it starts.
  Cycle queue_tensor(Cycle ready, std::uint64_t cycles) {
    const Cycle start = max(ready, tensor_queue_free_);
    tensor_queue_free_ = start + cycles;
    return start;
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
  unsigned next_fma_ = 0;  // the FMA unit the next FP32 instruction takes
  double tensor_carry_ = 0;  // the tensor pipe's fractional cycles not yet taken (tensor_cycles)
  Cycle unpack_free_{0};     // when its fp8 mma unpack path is free (unpack)
  Cycle tensor_queue_free_{0};  // when its tensor pipe has run the wgmmas queued so far (queue_tensor)
  double unpack_carry_ = 0;  // its fractional cycles not yet taken
  std::int64_t last_ = -1;
  std::unique_ptr<WarpScheduler> scheduler_;
};

}  // namespace warpsim::timing
