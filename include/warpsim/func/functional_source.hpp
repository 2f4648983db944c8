// The functional executor as an instruction source (source/instruction_source.hpp): CTAs built by init_cta, each
// issue one Executor::step, the no-progress watchdog and the deadlock report. Both the functional grid runner
// (func/grid.hpp) and the timing model run a kernel through it, so these exist once.
//
// Models: resident CTAs in reusable slots; the watchdog: a CTA makes progress when one of its threads exits or it
// touches memory it had not touched (an address outside the range it has accessed in that buffer, its shared or
// its local memory); a barrier opening, rewriting memory it touched before or atomics on it are not progress, so
// a loop that only does those ends. A CTA that executes GridLimits::no_progress_limit warp-instructions without
// progress is a livelock, and one whose threads wait at a CTA barrier that stays closed while the rest of the CTA
// executes barrier_wait_limit warp-instructions without progress is a deadlock. The run limits: warp-instructions
// per kernel (max_warp_instructions) and wall clock per kernel (timeout_seconds). Each report describes the
// warps: where they are and what they executed last, with PTX and CUDA lines. %clock from the attached Timebase,
// else the warp's executed instruction count (func/grid.hpp's InstructionClock); pending asynchronous effects,
// applied by complete() (at once when `immediate`, as functional runs do).
// Leaves out: time, and scheduling (the caller decides which warp issues when). A legitimate CTA that runs longer
// than the watchdog's limit on memory it already touched (an iterative solver in shared memory, a long ticket
// lock) is reported as a livelock; raise no_progress_limit for it.
#pragma once

#include <warpsim/func/executor.hpp>
#include <warpsim/source/instruction_source.hpp>

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <vector>

namespace warpsim::func {

struct GridLimits {
  std::uint64_t no_progress_limit = 1ull << 22;      // warp-instructions per CTA without progress (4 Mi)
  std::uint64_t barrier_wait_limit = 1ull << 18;     // the same while threads wait at a closed barrier (256 Ki)
  std::uint64_t max_warp_instructions = 1ull << 36;  // per kernel (64 Gi: hours of simulation)
  double timeout_seconds = 0;                        // wall clock per kernel; 0 = none
  std::uint32_t window = 0;                          // functional runs: resident CTAs at a time; 0 = num_sms
  std::uint32_t quantum = 1024;                      // functional runs: instructions a warp runs before the next's turn
};

// Functional clock: %clock64 reads the warp's executed instruction count.
class InstructionClock : public ClockSource {
 public:
  std::uint64_t cycles(const Cta&, const Warp& w) const override { return w.warp_insts; }
  std::uint64_t nanoseconds(const Cta&, const Warp& w) const override { return w.warp_insts; }
};

class FunctionalSource final : public source::InstructionSource {
 public:
  // Runs `launch` (its program, memory and parameters); L.clock is set for the source's lifetime and restored after.
  FunctionalSource(Launch& launch, const GridLimits& limits = {});
  ~FunctionalSource() override;

  source::CtaSlot start_cta(std::uint64_t linear, std::uint32_t sm) override;
  std::uint32_t warps(source::CtaSlot cta) const override;
  Dim3 cta_id(source::CtaSlot cta) const override;
  std::uint64_t cta_linear(source::CtaSlot cta) const override;
  bool cta_done(source::CtaSlot cta) const override;
  void finish_cta(source::CtaSlot cta) override;
  std::uint32_t next_pc(source::CtaSlot cta, std::uint32_t warp) const override;
  bool warp_done(source::CtaSlot cta, std::uint32_t warp) const override;
  bool warp_runnable(source::CtaSlot cta, std::uint32_t warp) const override;
  const source::Issued& issue(source::CtaSlot cta, std::uint32_t warp) override;
  std::uint64_t warp_instructions(source::CtaSlot cta, std::uint32_t warp) const override;
  [[noreturn]] void deadlock(source::CtaSlot cta) const override;
  void complete(source::AsyncId op) override;
  void expire_wait(source::CtaSlot cta, std::uint32_t warp, std::uint64_t token) override;
  void attach(const source::Timebase* time) override;
  const source::Counts& counts() const override { return counts_; }

  // Whether every unfinished warp of the CTA waits (nothing of it can run).
  bool blocked(source::CtaSlot cta) const;
  // A CTA where nothing can run whose try_waits are suspended: ends them (their time limit, as a run without a timing
  // model has no time) and returns true, unless a warp's try_waits reached kIdleTimeoutLimit time limits in a row
  // with none of its mbarriers changing (then its phases can never complete: false, a deadlock).
  bool time_out_waits(source::CtaSlot cta);

  // A try_wait that returns false is a normal result the program may act on (count it, do other work, try again), so
  // one time limit passing with nothing changed is no deadlock. A CTA is deadlocked when nothing of it can run, no
  // copy is in flight and one of its warps had this many time limits in a row with no mbarrier of the CTA changing
  // in between (no arrive, tx-count update, init or inval): a program that waits on purpose gives up long before
  // (traces/ubench_mbarrier's mbar_timeout times out 32 times), while one spinning on a phase nobody completes is
  // reported after 1024 time limits (about 1 ms of GPU time at the default sm.mbarrier_suspend_limit_ns; 1024 rounds
  // of the --functional runner). In timed runs each suspended path's time limit counts (a diverged warp gets there
  // sooner).
  static constexpr std::uint32_t kIdleTimeoutLimit = 1024;
  // Holds `effect` as a pending asynchronous operation (applied at once when immediate); for instructions that
  // complete later.
  source::AsyncId defer(std::function<void()> effect);
  // Not immediate: a driver (the timing model) completes every asynchronous operation with complete(), cp.async
  // copies included (Launch::async_driven).
  void set_immediate(bool immediate) {
    immediate_ = immediate;
    L_.async_driven = !immediate;
  }
  std::size_t pending() const { return pending_.size(); }

 private:
  class TimebaseClock;
  Cta& at(source::CtaSlot c) { return *ctas_[c]; }
  // The watchdog and the run limits after an issue of `c` (throws their reports).
  void check_limits(source::CtaSlot c);
  // Every resident CTA's description, `c` first, at most a few.
  std::string describe_resident(source::CtaSlot c) const;
  // Counts a time limit of `w`'s suspended try_waits (Warp::idle_timeouts): whether it is the kIdleTimeoutLimit-th in
  // a row with no mbarrier of the CTA changed.
  static bool idle_timeout(const Cta& cta, Warp& w);
  const Cta& at(source::CtaSlot c) const { return *ctas_[c]; }

  Launch& L_;
  GridLimits limits_;
  Executor ex_;
  const ClockSource* saved_clock_ = nullptr;
  InstructionClock own_clock_;
  std::unique_ptr<TimebaseClock> timebase_clock_;
  std::vector<std::unique_ptr<Cta>> ctas_;
  std::vector<source::CtaSlot> free_;
  source::Counts counts_;
  StepResult last_;  // the last issue's result, reused
  std::map<source::AsyncId, std::function<void()>> pending_;
  source::AsyncId next_async_ = 1;
  std::map<source::AsyncId, source::CtaSlot> copies_;  // cp.async warp-instructions in flight, by CTA
  std::map<std::uint64_t, std::unique_ptr<ClusterState>> clusters_;  // clusters with a CTA not yet finished
  bool immediate_ = true;
  std::uint64_t issued_ = 0;  // warp-instructions executed in this kernel
  std::chrono::steady_clock::time_point start_;
};

}  // namespace warpsim::func
