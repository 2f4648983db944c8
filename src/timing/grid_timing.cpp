// The timed grid runner: the GPU loop over the components (see timing/grid_timing.hpp).
#include <warpsim/timing/grid_timing.hpp>

#include <warpsim/common/cluster.hpp>
#include <warpsim/common/error.hpp>
#include <warpsim/timing/dispatcher.hpp>
#include <warpsim/timing/memory_system.hpp>
#include <warpsim/timing/sm.hpp>
#include <warpsim/timing/wake_queue.hpp>

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>

namespace warpsim::timing {
namespace {

// %clock and %globaltimer: the cycle being simulated.
class CycleClock final : public source::Timebase {
 public:
  CycleClock(const Cycle& now, double mhz) : now_(now), mhz_(mhz) {}
  std::uint64_t cycles() const override { return now_.count(); }
  std::uint64_t nanoseconds() const override {
    return static_cast<std::uint64_t>(static_cast<double>(now_.count()) * 1000.0 / mhz_);
  }

 private:
  const Cycle& now_;
  double mhz_;
};

class Gpu {
 public:
  Gpu(source::InstructionSource& src, const lower::Program& prog, const KernelShape& shape,
      const config::GpuConfig& model, TraceSink* sink, unsigned regs)
      : cfg_(kernel_config(model, prog)),
        sm_ratio_(cfg_.clock_mhz / model.clock_mhz),
        src_(src),
        shape_(shape),
        regs_(regs),
        occ_(kernel_occupancy(shape, cfg_, regs)),
        l2_(cfg_),
        wake_(std::size_t{std::max(cfg_.num_sms, 1u)} * std::max(cfg_.sub_partitions, 1u)),
        k_{cfg_,
           src,
           prog,
           l2_,
           wake_,
           events_,
           launch_l1_bytes(cfg_, occ_.smem_launch_carveout),
           sink,
           sink != nullptr && sink->wants_issues() ? sink : nullptr},
        clock_(now_, cfg_.clock_mhz) {
    if (sink != nullptr && sink->wants_mem()) k_.mem_sink = sink;
    sms_.reserve(std::max(cfg_.num_sms, 1u));
    for (std::uint32_t s = 0; s < std::max(cfg_.num_sms, 1u); ++s) sms_.push_back(std::make_unique<Sm>(s, k_));
    if (sink != nullptr && sink->wants_warp_states()) {
      state_sink_ = sink;
      k_.state_sink = sink;
      sm_states_.resize(sms_.size());
      since_.assign(sms_.size(), 0);
    }
  }

  GridTiming run() {
    const source::TimebaseScope attached(src_, &clock_);
    now_ = Cycle(cfg_.kernel_launch_latency);
    const unsigned csize = static_cast<unsigned>(geo_.size());
    const bool clustered = csize > 1 || shape_.cluster_launch;
    if (clustered && max_active_clusters(cfg_, occ_.ctas_per_sm, csize) == 0) {
      const std::vector<unsigned> sms = gpc_sizes(cfg_);
      fail(ErrorKind::Launch,
           "a cluster of {} CTAs does not fit on one GPC of {} ({} SMs per GPC at most, {} CTAs of this kernel per "
           "SM{}) (cudaErrorClusterOutOfResources)",
           csize, cfg_.name, *std::max_element(sms.begin(), sms.end()), cluster_ctas_per_sm(cfg_, occ_.ctas_per_sm, true),
           cfg_.cluster_distinct_sms ? ", each CTA of a cluster on its own SM" : "");
    }
    disp_.emplace(cfg_, occ_.ctas_per_sm, shape_.ctas, now_.count(), csize, clustered);
    stats_.clusters_launched = clustered ? shape_.ctas / csize : 0;
    k_.set_cluster_size(csize);
    while (live_ctas_ > 0 || !disp_->all_launched()) visit();
    if (state_sink_ != nullptr)
      for (std::uint32_t s = 0; s < sm_states_.size(); ++s) emit_states(s);
    return finish();
  }

 private:
  // One visited cycle: CTAs launched, the due sub-partitions scanned in SM order, their choices issued, then time
  // advances to the next cycle where something can happen, and finished CTAs retire.
  void visit() {
    while (const auto s = disp_->launch(now_.count())) place(*s);
    apply_events();
    wake_.due(now_, due_);
    chosen_.clear();
    for (const std::uint32_t key : due_) {
      Sm& sm = *sms_[key / subs_per_sm()];
      const std::uint32_t sub = key % subs_per_sm();
      const SubPartition& sp = sm.sub(sub);
      std::int64_t slot;
      if (state_sink_ == nullptr) [[likely]] {
        states_ -= sp.states;
        slot = sm.scan(sub, now_);
        states_ += sp.states;
      } else {
        const WarpStateCycles before = sp.states;
        states_ -= sp.states;
        slot = sm.scan(sub, now_);
        states_ += sp.states;
        sample_states(key / subs_per_sm(), before, sp.states);
      }
      if (slot >= 0) chosen_.emplace_back(key / subs_per_sm(), static_cast<std::uint32_t>(slot));
    }
    for (const auto& [s, slot] : chosen_) sms_[s]->issue(slot, now_);
    const bool issued = !chosen_.empty();
    const Cycle next = issued ? now_ + 1
                              : min(min(min(wake_.next_issue(), Cycle(disp_->next_launch(now_.count()))), next_retire()),
                                    events_.next());
    if (!issued && next.is_never() && live_ctas_ > 0) deadlock();
    const std::uint64_t elapsed = next - now_;
    auto& ws = stats_.warp_states;
    ws.issued += states_.issued * elapsed;
    ws.dependency += states_.dependency * elapsed;
    ws.memory += states_.memory * elapsed;
    ws.barrier += states_.barrier * elapsed;
    ws.not_selected += states_.not_selected * elapsed;
    for (const std::uint32_t s : busy_) {
      Sm& sm = *sms_[s];
      sm.active_cycles += elapsed;
      sm.warp_cycles_active += sm.active_warps() * elapsed;
    }
    now_ = next;
    apply_events();  // copies landing now count before their CTA may retire
    retire();
  }

  // With a sink that wants warp states over time: SM s's counts change from `before` to `after` at now_; the counts
  // it had since its last change are reported first.
  void sample_states(std::uint32_t s, const WarpStateCycles& before, const WarpStateCycles& after) {
    const auto same = [](const WarpStateCycles& a, const WarpStateCycles& b) {
      return a.issued == b.issued && a.dependency == b.dependency && a.memory == b.memory && a.barrier == b.barrier &&
             a.not_selected == b.not_selected;
    };
    if (same(before, after)) return;
    emit_states(s);
    sm_states_[s] -= before;
    sm_states_[s] += after;
  }
  void emit_states(std::uint32_t s) {
    const WarpStateCycles& w = sm_states_[s];
    if (since_[s] < now_.count() && (w.issued | w.dependency | w.memory | w.barrier | w.not_selected) != 0)
      state_sink_->on_warp_states(s, since_[s], now_.count(), w);
    since_[s] = now_.count();
  }

  // The asynchronous events due now: each goes to the source, and its CTA's warps are looked at again.
  void apply_events() {
    AsyncEvent e;
    while (events_.pop_due(now_, e)) {
      if (e.kind == AsyncEvent::Kind::Land) src_.complete(e.id);
      else if (e.kind == AsyncEvent::Kind::Expire) src_.expire_wait(e.cta, e.warp, e.id);
      sms_[e.sm]->wake_cta(e.cta, now_);
    }
  }

  // The earliest cycle a CTA that waits for its stores' acknowledgements retires (never: none waits).
  Cycle next_retire() const {
    Cycle c = Cycle::never();
    for (const std::uint32_t s : busy_) c = min(c, sms_[s]->next_retire());
    return c;
  }

  void place(unsigned s) {
    const source::CtaSlot cta = src_.start_cta(geo_.linear_of_dispatch(next_cta_++), s);
    if (!sms_[s]->has_ctas()) busy_.insert(std::lower_bound(busy_.begin(), busy_.end(), s), s);
    sms_[s]->place(cta, now_);
    ++live_ctas_;
  }

  void retire() {
    bool emptied = false;
    for (const std::uint32_t s : busy_) {
      Sm& sm = *sms_[s];
      if (!sm.retire_due(now_)) continue;
      retired_.clear();
      const unsigned n = sm.retire(now_, retired_);
      for (const source::CtaSlot c : retired_) src_.finish_cta(c);
      for (unsigned i = 0; i < n; ++i) disp_->retire(s);
      live_ctas_ -= n;
      emptied = emptied || !sm.has_ctas();
    }
    if (emptied) std::erase_if(busy_, [&](std::uint32_t s) { return !sms_[s]->has_ctas(); });
  }

  [[noreturn]] void deadlock() const {
    for (const auto& sm : sms_)
      if (sm->has_ctas()) src_.deadlock(sm->first_cta());
    fail(ErrorKind::Internal, "timing: no warp can issue but no CTA is resident");
  }

  GridTiming finish() {
    GridTiming out;
    out.functional = src_.counts();
    // gpc__cycles_elapsed counts the model's clock: the SM cycles after the launch latency take 1 / sm_ratio_ of them.
    const std::uint64_t end = k_.end.count(), lat = cfg_.kernel_launch_latency;
    out.cycles = sm_ratio_ < 1.0 && end > lat
                     ? lat + static_cast<std::uint64_t>(std::ceil(static_cast<double>(end - lat) / sm_ratio_))
                     : end;
    stats_.gpc_cycles_elapsed_max = out.cycles;
    l2_.finish();
    stats_.mem = l2_.stats();  // the SMs' L1 and constant-cache counts are added below
    double active = 0, warp_cycles = 0;
    for (const auto& sm : sms_) {
      active += static_cast<double>(sm->active_cycles);
      warp_cycles += static_cast<double>(sm->warp_cycles_active);
      const SmemStats& sh = sm->smem_stats();
      stats_.smem_wavefronts += sh.wavefronts;
      stats_.data_pipe_wavefronts += sh.wavefronts + sh.global_wavefronts;
      stats_.smem_bank_conflicts_ld += sh.conflicts_ld;
      stats_.smem_bank_conflicts_st += sh.conflicts_st;
      stats_.smem_bank_conflicts_atom += sh.conflicts_atom;
      const LsuStats& ls = sm->lsu().stats();
      stats_.global_ld_requests += ls.global_ld_requests;
      stats_.global_ld_sectors += ls.global_ld_sectors;
      stats_.global_ld_sectors_l1_hit += ls.global_ld_sectors_l1_hit;
      stats_.mem.l1_sector_hits += sm->lsu().l1_stats().sector_hits;
      stats_.mem.l1_sector_misses += sm->lsu().l1_stats().sector_misses;
      stats_.mem.const_accesses += ls.const_accesses;
      stats_.tma_copies += sm->tma().stats().copies;
      stats_.tma_bytes += sm->tma().stats().bytes;
      stats_.tma_descriptor_misses += sm->tma().stats().descriptor_misses;
      stats_.async.add(sm->async_stats());
      stats_.tensor.add(sm->tensor_stats());
    }
    stats_.sm_cycles_active_avg = active / static_cast<double>(sms_.size());
    // SASS-level counts: folded PTX instructions issue nothing, expanded ones (emulated, printf) several.
    stats_.smsp_inst_executed_sum = out.functional.warp_instructions - k_.folded + k_.expanded;
    stats_.smsp_thread_inst_executed_sum = static_cast<std::uint64_t>(
        static_cast<std::int64_t>(out.functional.thread_instructions) + k_.extra_thread_insts);
    stats_.ptx_inst_executed = out.functional.warp_instructions;
    stats_.ptx_inst_folded = k_.folded;
    stats_.sass_inst_expanded = k_.expanded;
    launch_stats(active, warp_cycles);
    out.stats = stats_;
    return out;
  }

  void launch_stats(double active_cycles, double warp_cycles) {
    TimingStats& st = stats_;
    if (active_cycles > 0) st.sm_warps_active_pct = 100.0 * warp_cycles / (active_cycles * occ_.warp_slots);
    st.launch_registers_per_thread = regs_;
    st.launch_grid_size = shape_.ctas;
    st.launch_block_size = shape_.threads_per_cta;
    st.launch_waves_per_multiprocessor =
        static_cast<double>(shape_.ctas) / (static_cast<double>(sms_.size()) * occ_.ctas_per_sm);
    const auto limit = [&](unsigned ctas) { return ctas == kUnlimited ? cfg_.max_ctas_per_sm : ctas; };
    st.launch_occupancy_limit_registers = limit(occ_.ctas_by_registers);
    st.launch_occupancy_limit_shared_mem = limit(occ_.ctas_by_shared_mem);
    st.launch_occupancy_limit_warps = limit(occ_.ctas_by_warps);
    st.launch_occupancy_limit_blocks = limit(occ_.ctas_by_blocks);
    st.launch_shared_mem_config_size = occ_.smem_launch_carveout;
  }

  std::uint32_t subs_per_sm() const { return sms_.front()->sub_partitions(); }

  // sm.tensor_clock_ratio: a kernel with tensor-core (not DMMA) instructions runs its SMs at that fraction of
  // sm.clock_mhz; cfg_ is the model with that SM clock (the memory side converts its cycles to it), and
  // finish() turns the SM cycles after the launch latency back into cycles of sm.clock_mhz.
  static config::GpuConfig kernel_config(const config::GpuConfig& model, const lower::Program& prog) {
    config::GpuConfig c = model;
    if (model.tensor_clock_ratio < 1.0 &&
        std::any_of(prog.instrs.begin(), prog.instrs.end(), [](const lower::InstrTiming& t) {
          return t.tensor_op == 1 || t.tensor_op == 2;
        }))
      c.clock_mhz = model.clock_mhz * model.tensor_clock_ratio;
    return c;
  }

  const config::GpuConfig cfg_;  // the model, with this kernel's SM clock (kernel_config)
  const double sm_ratio_;        // cfg_'s SM clock / the model's (1, or sm.tensor_clock_ratio)
  source::InstructionSource& src_;
  KernelShape shape_;
  ClusterGeometry geo_{shape_.grid, shape_.cluster};
  unsigned regs_;
  Occupancy occ_;
  MemorySystem l2_;
  WakeQueue wake_;
  AsyncEvents events_;
  KernelContext k_;
  Cycle now_{0};
  CycleClock clock_;
  std::vector<std::unique_ptr<Sm>> sms_;
  std::vector<std::uint32_t> busy_;  // the SMs holding CTAs, in SM order (the per-cycle loops visit only these)
  std::optional<CtaDispatcher> disp_;
  std::uint64_t next_cta_ = 0, live_ctas_ = 0;
  WarpStateCycles states_;  // warps per state summed over every sub-partition's last scan
  // Warp states over time (only with a sink that wants them): per SM its warps per state and since when.
  TraceSink* state_sink_ = nullptr;
  std::vector<WarpStateCycles> sm_states_;
  std::vector<std::uint64_t> since_;
  std::vector<std::uint32_t> due_;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> chosen_;  // (sm, slot) to issue this cycle
  std::vector<source::CtaSlot> retired_;
  TimingStats stats_;
};

}  // namespace

Occupancy kernel_occupancy(const KernelShape& k, const config::GpuConfig& cfg, unsigned regs_per_thread) {
  OccupancyRequest req;
  req.threads_per_cta = k.threads_per_cta;
  req.regs_per_thread = regs_per_thread;
  req.smem_per_cta = k.smem_per_cta;
  req.carveout_percent = k.carveout_percent;
  return compute_occupancy(cfg, req);
}

GridTiming run_grid_timed(source::InstructionSource& src, const lower::Program& prog, const KernelShape& shape,
                          const config::GpuConfig& cfg, TraceSink* sink, unsigned regs_per_thread) {
  return Gpu(src, prog, shape, cfg, sink, regs_per_thread).run();
}

}  // namespace warpsim::timing
