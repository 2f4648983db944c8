// The functional executor as an instruction source (see func/functional_source.hpp).
#include <warpsim/func/functional_source.hpp>

#include <warpsim/common/cluster.hpp>
#include <warpsim/common/error.hpp>
#include <warpsim/func/grid.hpp>

#include <fmt/format.h>

#include <algorithm>

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
    : L_(launch), limits_(limits), ex_(launch), saved_clock_(launch.clock), start_(std::chrono::steady_clock::now()) {
  if (L_.clock == nullptr) L_.clock = &own_clock_;
  L_.async_driven = false;
}

FunctionalSource::~FunctionalSource() {
  L_.clock = saved_clock_;
  L_.async_driven = false;
}

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
  cta.slot = slot;
  // Its cluster (a launch without clusters has clusters of one).
  const ClusterGeometry geo{L_.grid, L_.cluster};
  const std::uint64_t index = geo.cluster_of(cta.id);
  auto& cl = clusters_[index];
  if (cl == nullptr) {
    cl = std::make_unique<ClusterState>();
    cl->index = index;
    cl->ctas.assign(geo.size(), nullptr);
    cl->gone.assign(geo.size(), 0);
    cl->threads = std::uint64_t{geo.size()} * L_.block.volume();
  }
  cta.cluster = cl.get();
  cta.rank = geo.rank_of(cta.id);
  cl->ctas[cta.rank] = &cta;
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
    counts_.mma_flops += w.mma_flops;
  }
  ++counts_.ctas;
  if (ClusterState* cl = cta.cluster; cl != nullptr) {
    cl->ctas[cta.rank] = nullptr;
    cl->gone[cta.rank] = 1;
    if (++cl->finished == cl->ctas.size()) clusters_.erase(cl->index);
    cta.cluster = nullptr;
  }
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
  L_.progress = L_.barrier_opened = L_.wrote = false;
  L_.woke.clear();
  L_.cluster_phase = false;
  L_.reconverged = 0;
  last_.peers.clear();
  ex_.step(cta, w, last_);
  last_.cluster_phase = L_.cluster_phase;
  last_.reconverged = L_.reconverged;
  if (last_.kind != StepResult::Kind::Executed) return last_;
  for (const Launch::Woke& k : L_.woke) last_.peers.push_back(source::PeerWake{k.cta->slot, k.cta->sm, k.barrier});
  // The watchdog: progress is a thread exiting or the CTA touching memory it had not touched.
  if (L_.progress) {
    cta.idle = {};
  } else {
    ++cta.idle.insts;
    cta.idle.barriers += L_.barrier_opened ? 1 : 0;
    cta.idle.rewrites += L_.wrote ? 1 : 0;
  }
  ++issued_;
  if (last_.async != source::kNoAsync) copies_.emplace(last_.async, c);
  for (const source::Delivery& d : last_.deliveries) copies_.emplace(d.id, d.cta);
  last_.next_pc = next_pc(c, warp);
  last_.runnable = warp_runnable(c, warp);
  last_.done = warp_done(c, warp);
  if (cta.idle.insts > limits_.barrier_wait_limit || issued_ > limits_.max_warp_instructions ||
      (limits_.timeout_seconds > 0 && (issued_ & 0xfff) == 0))
    check_limits(c);
  return last_;
}

void FunctionalSource::check_limits(source::CtaSlot c) {
  const Cta& cta = at(c);
  const std::string cta_name = fmt::format("CTA ({},{},{})", cta.id.x, cta.id.y, cta.id.z);
  if (cta.idle.insts > limits_.no_progress_limit)
    throw Error(
        ErrorKind::Deadlock,
        fmt::format("deadlock: no forward progress in {} warp-instructions of {} (a livelock: threads spin "
                    "waiting for something that never happens): no thread exited and it touched no memory it "
                    "had not touched before; meanwhile {} barriers opened and {} stores or atomics rewrote "
                    "memory it had touched\n{}",
                    limits_.no_progress_limit, cta_name, cta.idle.barriers, cta.idle.rewrites, describe_cta(L_, cta)));
  if (cta.idle.insts > limits_.barrier_wait_limit && cta.idle.barriers == 0) {
    const bool waiting =
        std::any_of(cta.barriers.begin(), cta.barriers.end(), [](const NamedBarrier& b) { return b.arrived != 0; });
    if (waiting)
      throw Error(ErrorKind::Deadlock,
                  fmt::format("deadlock: threads of {} wait at a barrier that nothing opens: the CTA's other threads "
                              "executed {} warp-instructions without progress (no thread exited, no memory touched "
                              "that it had not touched before)\n{}",
                              cta_name, limits_.barrier_wait_limit, describe_cta(L_, cta)));
    if (Executor::has_suspended(cta))
      throw Error(ErrorKind::Deadlock,
                  fmt::format("deadlock: threads of {} wait for an mbarrier phase that nothing completes: the CTA's "
                              "other threads executed {} warp-instructions without progress and no phase completed\n{}",
                              cta_name, limits_.barrier_wait_limit, describe_cta(L_, cta)));
  }
  if (issued_ > limits_.max_warp_instructions)
    throw Error(ErrorKind::Execution,
                fmt::format("run limit: the kernel executed {} warp-instructions (--max-warp-instructions {}); where "
                            "its CTAs are:\n{}",
                            limits_.max_warp_instructions, limits_.max_warp_instructions, describe_resident(c)));
  if (limits_.timeout_seconds > 0) {
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    if (secs > limits_.timeout_seconds)
      throw Error(ErrorKind::Execution,
                  fmt::format("run limit: the kernel ran for {:.1f} s of wall clock (--timeout {} s) and executed {} "
                              "warp-instructions; where its CTAs are:\n{}",
                              secs, limits_.timeout_seconds, issued_, describe_resident(c)));
  }
}

std::string FunctionalSource::describe_resident(source::CtaSlot c) const {
  constexpr std::size_t kShown = 4;
  std::string s = describe_cta(L_, at(c));
  std::size_t shown = 1, more = 0;
  for (std::size_t slot = 0; slot < ctas_.size(); ++slot) {
    if (slot == c || std::find(free_.begin(), free_.end(), slot) != free_.end() || ctas_[slot]->done()) continue;
    if (shown < kShown) {
      s += "\n" + describe_cta(L_, *ctas_[slot]);
      ++shown;
    } else {
      ++more;
    }
  }
  if (more != 0) s += fmt::format("\n({} more resident CTAs not shown)", more);
  return s;
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
  if (const auto c = copies_.find(op); c != copies_.end()) {
    const source::CtaSlot slot = c->second;
    copies_.erase(c);
    L_.progress = L_.barrier_opened = L_.wrote = false;
    ex_.complete_copy(at(slot), op);
    return;
  }
  const auto it = pending_.find(op);
  if (it == pending_.end()) fail(ErrorKind::Internal, "asynchronous operation {} is not pending", op);
  auto effect = std::move(it->second);
  pending_.erase(it);
  effect();
}

}  // namespace warpsim::func

namespace warpsim::func {

bool FunctionalSource::idle_timeout(const Cta& cta, Warp& w) {
  if (w.timeout_epoch == cta.async.epoch) {
    ++w.idle_timeouts;
  } else {
    w.timeout_epoch = cta.async.epoch;
    w.idle_timeouts = 0;
  }
  return w.idle_timeouts >= kIdleTimeoutLimit;
}

void FunctionalSource::expire_wait(source::CtaSlot c, std::uint32_t warp, std::uint64_t token) {
  Cta& cta = at(c);
  // A stale time limit (its wait ended when its phase completed, or its CTA finished) changes nothing.
  if (warp >= cta.warps.size() || !Executor::suspended(cta.warps[warp], token)) return;
  Warp& w = cta.warps[warp];
  // Nothing of the CTA can run, no copy is in flight and the warp's try_waits timed out again and again with no
  // mbarrier changing: its phases can never complete.
  if (idle_timeout(cta, w) && blocked(c) && cta.async.batches.empty() && cta.async.bulk.empty()) deadlock(c);
  L_.progress = L_.barrier_opened = L_.wrote = false;
  ex_.expire_waits(cta, &w, token);
}

bool FunctionalSource::time_out_waits(source::CtaSlot c) {
  Cta& cta = at(c);
  bool any = false, idle = false;
  for (auto& w : cta.warps) {
    if (!Executor::has_suspended(w)) continue;
    any = true;
    idle = idle_timeout(cta, w) || idle;
  }
  if (!any || idle) return false;
  return ex_.expire_waits(cta, nullptr, 0);
}

}  // namespace warpsim::func
