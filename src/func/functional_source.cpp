// The functional executor as an instruction source (see func/functional_source.hpp).
#include <warpsim/func/functional_source.hpp>

#include <warpsim/common/error.hpp>
#include <warpsim/func/grid.hpp>

#include <fmt/format.h>

namespace warpsim::func {

// %clock and %globaltimer from the timing model's Timebase.
class FunctionalSource::TimebaseClock final : public ClockSource {
 public:
  explicit TimebaseClock(const source::Timebase& t) : t_(t) {}
  std::uint64_t cycles(const Cta&, const Warp&) const override { return t_.cycles(); }
  std::uint64_t nanoseconds(const Cta&, const Warp&) const override { return t_.nanoseconds(); }

 private:
  const source::Timebase& t_;
};

FunctionalSource::FunctionalSource(Launch& launch, const GridLimits& limits)
    : L_(launch), limits_(limits), ex_(launch), saved_clock_(launch.clock) {
  if (L_.clock == nullptr) L_.clock = &own_clock_;
}

FunctionalSource::~FunctionalSource() { L_.clock = saved_clock_; }

void FunctionalSource::attach(const source::Timebase* time) {
  if (time == nullptr) {
    timebase_clock_.reset();
    L_.clock = saved_clock_ != nullptr ? saved_clock_ : &own_clock_;
    return;
  }
  timebase_clock_ = std::make_unique<TimebaseClock>(*time);
  L_.clock = timebase_clock_.get();
}

source::CtaSlot FunctionalSource::start_cta(std::uint64_t linear, std::uint32_t sm) {
  source::CtaSlot slot = 0;
  if (!free_.empty()) {
    slot = free_.back();
    free_.pop_back();
  } else {
    slot = static_cast<source::CtaSlot>(ctas_.size());
    ctas_.push_back(std::make_unique<Cta>());
  }
  Cta& cta = at(slot);
  cta = Cta{};
  ex_.init_cta(cta, linear, sm);
  counts_.warps += cta.warps.size();
  return slot;
}

std::uint32_t FunctionalSource::warps(source::CtaSlot c) const {
  return static_cast<std::uint32_t>(at(c).warps.size());
}
Dim3 FunctionalSource::cta_id(source::CtaSlot c) const { return at(c).id; }
std::uint64_t FunctionalSource::cta_linear(source::CtaSlot c) const { return at(c).linear; }
bool FunctionalSource::cta_done(source::CtaSlot c) const { return at(c).done(); }

void FunctionalSource::finish_cta(source::CtaSlot c) {
  Cta& cta = at(c);
  for (const auto& w : cta.warps) {
    counts_.warp_instructions += w.warp_insts;
    counts_.thread_instructions += w.thread_insts;
  }
  ++counts_.ctas;
  cta.warps.clear();
  cta.smem.clear();
  cta.local.clear();
  free_.push_back(c);
}

std::uint32_t FunctionalSource::next_pc(source::CtaSlot c, std::uint32_t warp) const {
  const Warp& w = at(c).warps[warp];
  const std::int32_t p = ex_.next_path(w);
  return p < 0 ? source::kNoPc : w.paths[static_cast<std::size_t>(p)].pc;
}

bool FunctionalSource::warp_done(source::CtaSlot c, std::uint32_t warp) const { return at(c).warps[warp].done(); }

bool FunctionalSource::warp_runnable(source::CtaSlot c, std::uint32_t warp) const {
  return Executor::runnable(at(c).warps[warp]);
}

bool FunctionalSource::blocked(source::CtaSlot c) const {
  for (const auto& w : at(c).warps)
    if (!w.done() && Executor::runnable(w)) return false;
  return true;
}

const source::Issued& FunctionalSource::issue(source::CtaSlot c, std::uint32_t warp) {
  Cta& cta = at(c);
  Warp& w = cta.warps[warp];
  L_.progress = false;
  ex_.step(cta, w, last_);
  if (last_.kind != StepResult::Kind::Executed) return last_;
  // The watchdog: progress is a memory change, a barrier opening or a thread exiting.
  if (L_.progress) cta.idle_insts = 0;
  else ++cta.idle_insts;
  last_.next_pc = next_pc(c, warp);
  last_.runnable = warp_runnable(c, warp);
  last_.done = warp_done(c, warp);
  if (cta.idle_insts > limits_.no_progress_limit)
    throw Error(ErrorKind::Deadlock,
                fmt::format("deadlock: no forward progress in {} warp-instructions (a livelock: threads spin "
                            "waiting for something that never happens)\n{}",
                            limits_.no_progress_limit, describe_cta(L_, cta)));
  return last_;
}

std::uint64_t FunctionalSource::warp_instructions(source::CtaSlot c, std::uint32_t warp) const {
  return at(c).warps[warp].warp_insts;
}

void FunctionalSource::deadlock(source::CtaSlot c) const {
  throw Error(ErrorKind::Deadlock, fmt::format("deadlock: every unfinished warp waits and nothing can release it\n{}",
                                               describe_cta(L_, at(c))));
}

source::AsyncId FunctionalSource::defer(std::function<void()> effect) {
  if (immediate_) {
    effect();
    return source::kNoAsync;
  }
  const source::AsyncId id = next_async_++;
  pending_.emplace(id, std::move(effect));
  return id;
}

void FunctionalSource::complete(source::AsyncId op) {
  const auto it = pending_.find(op);
  if (it == pending_.end()) fail(ErrorKind::Internal, "asynchronous operation {} is not pending", op);
  auto effect = std::move(it->second);
  pending_.erase(it);
  effect();
}

}  // namespace warpsim::func
