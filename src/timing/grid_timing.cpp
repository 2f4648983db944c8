// The timed grid runner (see timing/grid_timing.hpp for what it models and leaves out).
#include <warpsim/timing/grid_timing.hpp>

#include <warpsim/common/error.hpp>
#include <warpsim/timing/dispatcher.hpp>
#include <warpsim/timing/mem_cost.hpp>
#include <warpsim/timing/memory_system.hpp>
#include <warpsim/timing/op_class.hpp>
#include <warpsim/timing/ptxas_model.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <memory>
#include <optional>
#include <unordered_set>

namespace warpsim::timing {
namespace {

constexpr std::uint64_t kNever = std::numeric_limits<std::uint64_t>::max();

class CycleClock : public func::ClockSource {
 public:
  CycleClock(const std::uint64_t& now, double mhz) : now_(now), mhz_(mhz) {}
  std::uint64_t cycles(const func::Cta&, const func::Warp&) const override { return now_; }
  std::uint64_t nanoseconds(const func::Cta&, const func::Warp&) const override {
    return static_cast<std::uint64_t>(static_cast<double>(now_) * 1000.0 / mhz_);
  }

 private:
  const std::uint64_t& now_;
  double mhz_;
};

struct WarpSlot {
  func::Cta* cta = nullptr;  // null: free slot
  std::uint32_t index = 0;   // warp index in the CTA
  std::uint64_t age = 0;     // launch order, for greedy-then-oldest
  std::vector<std::uint64_t> ready_at;  // per register slot: when its pending write lands
  std::vector<std::uint8_t> from_mem;   // per register slot: the pending write comes from memory
  std::uint64_t earliest = 0;           // no issue before this cycle (placement, barrier release)
  std::uint64_t barrier_until = 0;      // released from a barrier, may issue from this cycle
  bool waiting = false;                 // the executor has no runnable path (barrier, warp-sync)
  bool exited = false;
  std::uint64_t issued_until = 0;       // the cycle after its last issue (for trace sinks)
  // What ready_time() derived from this warp's own state, kept until the warp issues or a barrier changes it.
  bool dirty = true;
  bool never = false;        // no runnable path
  std::uint64_t own = 0;     // max(earliest, dependences) of the next instruction
  std::uint64_t dep = 0;     // when its last pending operand lands
  bool dep_mem = false;      // that operand comes from memory
  std::uint8_t cls = 0;      // its pipeline
  bool folded = false;       // it is folded by ptxas (issues nothing: timing/ptxas_model.hpp)
  std::uint64_t folded_count = 0;  // folded instructions this warp executed
  std::uint64_t wide_ready = 0;    // when the last shared access it issued lands (for merged followers)
};

struct SubPartition {
  std::array<std::uint64_t, kOpClasses> pipe_free{};
  std::int64_t last = -1;  // slot issued last
};

struct Sm {
  std::vector<std::unique_ptr<func::Cta>> ctas;
  std::vector<WarpSlot> slots;
  std::vector<SubPartition> subs;
  std::uint64_t smem_free = 0;
  std::uint64_t active_cycles = 0;
  std::uint64_t warp_cycles_active = 0;  // resident, not exited warps summed over active cycles
};

struct Decoded {
  OpClass cls;
  InstrRegs regs;
  bool folded = false;                         // ptxas folds it into others (compiler.fold)
  const config::EmulatedOp* emul = nullptr;    // ptxas expands it into a sequence (emul.*)
  bool printf_call = false;                    // call vprintf
  bool merged = false;                         // part of a wider shared access issued before it (vectorised)
};

class Runner {
 public:
  Runner(func::Launch& L, const config::GpuConfig& cfg, const func::GridLimits& limits, TraceSink* sink,
         unsigned regs_per_thread)
      : L_(L), cfg_(cfg), limits_(limits), ex_(L), clock_(now_, cfg.clock_mhz), sink_(sink),
        issue_sink_(sink != nullptr && sink->wants_issues() ? sink : nullptr), mem_(cfg, std::max(cfg.num_sms, 1u)) {
    const std::vector<std::uint8_t> folded =
        cfg.compiler_fold != 0 ? ptxas_folded(*L.prog) : std::vector<std::uint8_t>(L.prog->code.size(), 0);
    for (std::size_t pc = 0; pc < L.prog->code.size(); ++pc) {
      const ir::Instr& in = L.prog->code[pc];
      const bool vprintf = in.op == ir::Op::Call &&
                           L.prog->calls[static_cast<std::size_t>(in.ops[0].imm)].builtin == ir::CallSite::Builtin::Vprintf;
      decoded_.push_back({op_class(in), instr_regs(*L.prog, in), folded[pc] != 0, emulated_op(in, cfg), vprintf,
                          folded[pc] == kMerged});
    }
    occ_ = kernel_occupancy(L, cfg, regs_per_thread);
    regs_ = regs_per_thread;
    sms_.resize(std::max(cfg.num_sms, 1u));
    for (auto& sm : sms_) {
      sm.slots.resize(cfg.max_warps_per_sm);
      sm.subs.resize(std::max(cfg.sub_partitions, 1u));
    }
  }

  GridTiming run() {
    const func::ClockSource* saved = L_.clock;
    L_.clock = &clock_;
    now_ = cfg_.kernel_launch_latency;
    total_ = L_.grid.volume();
    disp_.emplace(cfg_, occ_.ctas_per_sm, total_, now_);
    while (live_ctas_ > 0 || !disp_->all_launched()) cycle();
    L_.clock = saved;
    out_.cycles = end_;
    out_.stats.gpc_cycles_elapsed_max = end_;
    double active = 0;
    for (const auto& sm : sms_) active += static_cast<double>(sm.active_cycles);
    out_.stats.sm_cycles_active_avg = active / static_cast<double>(sms_.size());
    // SASS-level counts: folded PTX instructions issue nothing, expanded ones (emulated, printf) several.
    out_.stats.smsp_inst_executed_sum = out_.functional.warp_instructions - folded_insts_ + expanded_insts_;
    out_.stats.smsp_thread_inst_executed_sum =
        static_cast<std::uint64_t>(static_cast<std::int64_t>(out_.functional.thread_instructions) + extra_thread_insts_);
    out_.stats.ptx_inst_executed = out_.functional.warp_instructions;
    out_.stats.ptx_inst_folded = folded_insts_;
    out_.stats.sass_inst_expanded = expanded_insts_;
    mem_.finish();
    out_.stats.mem = mem_.stats();
    launch_stats(active);
    return out_;
  }

 private:
  void place(std::size_t s) {
    Sm& sm = sms_[s];
    auto cta = std::make_unique<func::Cta>();
    ex_.init_cta(*cta, next_cta_++, static_cast<std::uint32_t>(s));
    std::size_t slot = 0;
    for (std::uint32_t i = 0; i < cta->warps.size(); ++i) {
      while (sm.slots[slot].cta != nullptr) ++slot;  // fits: ctas_per_sm counted the warps
      WarpSlot& w = sm.slots[slot];
      w = WarpSlot{};
      w.cta = cta.get();
      w.index = i;
      w.age = age_++;
      w.ready_at.assign(L_.prog->num_slots, 0);
      w.from_mem.assign(L_.prog->num_slots, 0);
      w.earliest = now_;
    }
    out_.functional.warps += cta->warps.size();
    if (sink_ != nullptr) trace_start(s, *cta);
    ++live_ctas_;
    sm.ctas.push_back(std::move(cta));
  }

  // When the warp's next instruction could issue (kNever: waits in the executor), and whether a memory
  // result is what holds it.
  std::uint64_t ready_time(Sm& sm, std::size_t slot, const SubPartition& sp, bool& on_mem, bool& on_dep) {
    WarpSlot& w = sm.slots[slot];
    if (w.dirty) {
      w.dirty = false;
      const func::Warp& fw = w.cta->warps[w.index];
      const std::int32_t p = ex_.next_path(fw);
      w.never = p < 0;
      if (!w.never) {
        const Decoded& d = decoded_[fw.paths[static_cast<std::size_t>(p)].pc];
        std::uint64_t dep = 0;
        bool mem = false;
        auto see = [&](std::uint32_t r) {
          if (w.ready_at[r] > dep) {
            dep = w.ready_at[r];
            mem = w.from_mem[r] != 0;
          }
        };
        for (auto r : d.regs.reads) see(r);
        for (auto r : d.regs.writes) see(r);
        w.dep = dep;
        w.dep_mem = mem;
        w.own = std::max(w.earliest, dep);
        w.cls = static_cast<std::uint8_t>(d.cls);
        w.folded = d.folded;
        if (d.folded) w.own = w.earliest;  // waits for nothing: its result is ready when its sources are
      }
    }
    if (w.never) return kNever;
    if (w.folded) return w.own;
    on_dep = w.dep > now_;
    on_mem = on_dep && w.dep_mem;
    return std::max(w.own, sp.pipe_free[w.cls]);
  }

  void dispatch() {
    while (const auto s = disp_->launch(now_)) place(*s);
  }

  void launch_stats(double active_cycles) {
    TimingStats& st = out_.stats;
    double warp_cycles = 0;
    for (const auto& sm : sms_) warp_cycles += static_cast<double>(sm.warp_cycles_active);
    if (active_cycles > 0) st.sm_warps_active_pct = 100.0 * warp_cycles / (active_cycles * occ_.warp_slots);
    st.launch_registers_per_thread = regs_;
    st.launch_grid_size = total_;
    st.launch_block_size = L_.block.volume();
    st.launch_waves_per_multiprocessor =
        static_cast<double>(total_) / (static_cast<double>(sms_.size()) * occ_.ctas_per_sm);
    const auto limit = [&](unsigned ctas) { return ctas == kUnlimited ? cfg_.max_ctas_per_sm : ctas; };
    st.launch_occupancy_limit_registers = limit(occ_.ctas_by_registers);
    st.launch_occupancy_limit_shared_mem = limit(occ_.ctas_by_shared_mem);
    st.launch_occupancy_limit_warps = limit(occ_.ctas_by_warps);
    st.launch_occupancy_limit_blocks = limit(occ_.ctas_by_blocks);
  }

  void cycle() {
    dispatch();
    bool issued = false;
    std::uint64_t next = kNever;
    WarpStateCycles states;
    std::vector<std::pair<std::size_t, std::size_t>> to_issue;  // (sm, slot)
    std::vector<std::uint64_t> active_warps(sms_.size(), 0);    // not exited at the start of this cycle
    for (std::size_t s = 0; s < sms_.size(); ++s) {
      Sm& sm = sms_[s];
      if (sm.ctas.empty()) continue;
      const std::size_t nsub = sm.subs.size();
      for (std::size_t sp = 0; sp < nsub; ++sp) {
        SubPartition& sub = sm.subs[sp];
        std::int64_t chosen = -1;
        std::uint64_t chosen_age = kNever;
        for (std::size_t slot = sp; slot < sm.slots.size(); slot += nsub) {
          const WarpSlot& w = sm.slots[slot];
          if (w.cta == nullptr || w.exited) continue;
          ++active_warps[s];
          bool on_mem = false, on_dep = false;
          std::uint64_t t = ready_time(sm, slot, sub, on_mem, on_dep);
          // Folded instructions at the head of the warp take no issue slot and no time: run them now.
          for (unsigned k = 0; k < 1024 && t != kNever && w.folded && t <= now_; ++k) {
            issue(s, slot);
            if (w.exited) break;
            t = ready_time(sm, slot, sub, on_mem, on_dep);
          }
          if (w.exited) continue;
          if (t == kNever) {
            ++states.barrier;
            continue;
          }
          if (t > now_) {
            next = std::min(next, t);
            if (w.barrier_until > now_) ++states.barrier;
            else if (on_mem) ++states.memory;
            else if (on_dep) ++states.dependency;
            else ++states.not_selected;
            continue;
          }
          ++states.not_selected;
          if (cfg_.scheduler != config::SchedulerPolicy::Lrr) {
            // the last issued warp wins outright (rank 0); otherwise the oldest (gto) or the youngest (gty)
            const std::uint64_t by_age = cfg_.scheduler == config::SchedulerPolicy::Gto ? w.age + 1 : kNever - 1 - w.age;
            const std::uint64_t rank = static_cast<std::int64_t>(slot) == sub.last ? 0 : by_age;
            if (rank < chosen_age) {
              chosen_age = rank;
              chosen = static_cast<std::int64_t>(slot);
            }
          } else {
            // loose round-robin: the first ready slot after the last issued one, in slot order
            const auto rank = [&](std::int64_t x) {
              return static_cast<std::uint64_t>((x - sub.last - 1 + 4 * static_cast<std::int64_t>(sm.slots.size())) %
                                                static_cast<std::int64_t>(sm.slots.size()));
            };
            if (chosen < 0 || rank(static_cast<std::int64_t>(slot)) < rank(chosen)) chosen = static_cast<std::int64_t>(slot);
          }
        }
        if (chosen >= 0) {
          --states.not_selected;
          ++states.issued;
          to_issue.emplace_back(s, static_cast<std::size_t>(chosen));
          issued = true;
        }
      }
    }
    for (const auto& [s, slot] : to_issue) issue(s, slot);
    next = std::min(next, disp_->next_launch(now_));
    if (!issued && next == kNever && live_ctas_ > 0) deadlock();
    const std::uint64_t elapsed = issued ? 1 : next - now_;
    auto& ws = out_.stats.warp_states;
    ws.issued += states.issued * elapsed;
    ws.dependency += states.dependency * elapsed;
    ws.memory += states.memory * elapsed;
    ws.barrier += states.barrier * elapsed;
    ws.not_selected += states.not_selected * elapsed;
    for (std::size_t s = 0; s < sms_.size(); ++s) {
      if (sms_[s].ctas.empty()) continue;
      sms_[s].active_cycles += elapsed;
      sms_[s].warp_cycles_active += active_warps[s] * elapsed;
    }
    now_ += elapsed;
    retire();
  }

  std::uint64_t smem_ready(Sm& sm, const func::StepResult& r) {
    const SmemCost c = smem_cost(r.mem, r.executed, cfg_.smem_banks, cfg_.smem_bank_bytes);
    const std::uint64_t start = std::max(now_, sm.smem_free);
    sm.smem_free = start + c.wavefronts;  // the banks serve one wavefront per cycle
    out_.stats.smem_wavefronts += c.wavefronts;
    // Nsight counts shared atomics' conflicts apart from loads' and stores'.
    (r.mem.atomic  ? out_.stats.smem_bank_conflicts_atom
     : r.mem.store ? out_.stats.smem_bank_conflicts_st
                   : out_.stats.smem_bank_conflicts_ld) +=
        c.wavefronts - c.ideal_wavefronts;
    return start + cfg_.smem_latency + (std::uint64_t{c.wavefronts} - 1) * cfg_.smem_wavefront_cycles;
  }

  // Global and local accesses go through the memory system (timing/memory_system.hpp). `accepted`: for a
  // store, when its slices took its last sector; else 0.
  std::uint64_t global_ready(std::size_t s, const func::Cta& cta, std::uint32_t warp, const func::StepResult& r,
                             std::uint64_t& accepted) {
    const bool global = r.mem.space == ir::Space::Global;
    const std::vector<std::uint64_t> sectors =
        global ? global_cost(r.mem, r.executed).sectors
               : local_sectors(r.mem, r.executed, cta.linear * cta.warps.size() + warp);
    const MemOp op = r.mem.atomic ? MemOp::Atomic : r.mem.store ? MemOp::Store : MemOp::Load;
    std::vector<unsigned> same;  // atomics: per sector, the most lanes on one of its addresses
    if (op == MemOp::Atomic && global) same = same_address_lanes(r.mem, r.executed, sectors);
    const MemResult m = mem_.access(s, sectors, op, now_, same);
    accepted = op == MemOp::Store ? m.accepted : 0;
    if (op == MemOp::Load && global) {
      ++out_.stats.global_ld_requests;
      out_.stats.global_ld_sectors += sectors.size();
      out_.stats.global_ld_sectors_l1_hit += m.l1_hits;
    }
    if (op == MemOp::Atomic && r.instr->op == ir::Op::Atom &&
        r.instr->sub == static_cast<std::uint8_t>(ir::AtomOp::Cas))
      return m.ready + cfg_.atomic_cas_latency;
    return op == MemOp::Store ? now_ + cfg_.pipe_ldst.latency : m.ready;
  }

  void issue(std::size_t s, std::size_t slot) {
    Sm& sm = sms_[s];
    WarpSlot& w = sm.slots[slot];
    func::Cta& cta = *w.cta;
    func::Warp& fw = cta.warps[w.index];
    L_.progress = false;
    const func::StepResult r = ex_.step(cta, fw);
    if (r.kind != func::StepResult::Kind::Executed) return;  // ready_time saw a runnable path: not reached
    watchdog(cta);
    const Decoded& d = decoded_[r.pc];
    if (d.folded) {
      // No SASS instruction: the result is ready when the sources are.
      std::uint64_t ready = now_;
      bool mem = false;
      if (d.merged) {
        // Part of the wide access the group's first instruction issued: no issue slot, but its data still
        // passes the shared-memory unit (a 16-byte-per-lane access is four 4-byte ones' worth of wavefronts).
        ready = std::max(w.wide_ready, r.has_mem && r.executed.any() ? smem_ready(sm, r) : now_);
        mem = true;
      } else {
        for (auto reg : d.regs.reads)
          if (w.ready_at[reg] > ready) ready = w.ready_at[reg], mem = w.from_mem[reg] != 0;
      }
      for (auto reg : d.regs.writes) {
        w.ready_at[reg] = ready;
        w.from_mem[reg] = mem ? 1 : 0;
      }
      extra_thread_insts_ -= static_cast<std::int64_t>(r.active.count());
      ++folded_insts_;
      ++w.folded_count;
      w.dirty = true;
      return;
    }
    w.issued_until = now_ + 1;
    if (issue_sink_ != nullptr) trace_issue(s, slot, r);
    const config::PipeTiming& pipe = pipe_timing(cfg_, d.cls);
    SubPartition& sub = sm.subs[slot % sm.subs.size()];
    // An expanded (emulated) operation is a sequence of other instructions: it holds no pipe beyond one issue.
    sub.pipe_free[static_cast<std::size_t>(d.cls)] = now_ + (d.emul != nullptr ? 1 : pipe.interval);
    sub.last = static_cast<std::int64_t>(slot);
    std::uint64_t ready = now_ + pipe.latency;
    bool mem = false;
    if (r.has_mem && r.executed.any()) {
      const ir::Space sp = r.mem.space;
      if (sp == ir::Space::Shared || sp == ir::Space::SharedCluster) {
        ready = smem_ready(sm, r);
        mem = true;
        w.wide_ready = ready;
      } else if (sp == ir::Space::Global || sp == ir::Space::Local) {
        std::uint64_t accepted = 0;
        ready = global_ready(s, cta, w.index, r, accepted);
        mem = true;
        if (accepted != 0) {
          // Stores in flight: the sub-partition issues no memory instruction while its last store is more
          // than an L2 latency from being taken by its slice (slices behind DRAM write-backs hold the SM back),
          // and the kernel is not done before its stores have reached L2.
          auto& lsu = sub.pipe_free[static_cast<std::size_t>(OpClass::Ldst)];
          if (accepted > cfg_.l2_hit_latency) lsu = std::max(lsu, accepted - cfg_.l2_hit_latency);
          end_ = std::max(end_, accepted);
        }
      } else if (sp == ir::Space::Const) {
        ready = mem_.constant(r.mem, r.executed, now_);
        mem = true;
      }
    }
    if (d.emul != nullptr) {
      // ptxas's sequence: its instructions issue one after another, the result lands after the measured latency.
      ready = now_ + d.emul->latency;
      w.earliest = std::max(w.earliest, now_ + d.emul->instructions);
      count_expansion(d.emul->instructions, r);
    }
    if ((r.instr->op == ir::Op::Bra || r.instr->op == ir::Op::BrxIdx) && r.executed.any()) {
      // A taken branch (some path now continues elsewhere than the next pc): the target is fetched first.
      const std::int32_t p = ex_.next_path(fw);
      if (p >= 0 && fw.paths[static_cast<std::size_t>(p)].pc != r.pc + 1)
        w.earliest = std::max(w.earliest, now_ + cfg_.branch_taken_cycles);
    }
    if (d.printf_call && r.executed.any()) {
      // vprintf's body: the warp is busy for the measured time per call and per extra printing lane.
      const std::uint64_t lanes = r.executed.count();
      w.earliest = std::max(w.earliest, now_ + cfg_.printf_cycles + cfg_.printf_cycles_per_lane * (lanes - 1));
      end_ = std::max(end_, w.earliest);
      count_expansion(cfg_.printf_instructions, r);
    }
    for (auto reg : d.regs.writes) {
      w.ready_at[reg] = ready;
      w.from_mem[reg] = mem ? 1 : 0;
    }
    end_ = std::max({end_, now_ + 1, d.regs.writes.empty() ? now_ + 1 : ready});
    // Barrier bookkeeping: warps of this CTA that were waiting and can run now were released by this step.
    // Only a barrier or threads exiting (fewer threads to wait for) can release other warps.
    w.dirty = true;
    bool released = false;
    const ir::Op op = r.instr->op;
    const bool may_release = op == ir::Op::Bar || op == ir::Op::Exit || op == ir::Op::Ret || op == ir::Op::Trap;
    for (std::size_t k = may_release ? 0 : slot; k < (may_release ? sm.slots.size() : slot + 1); ++k) {
      WarpSlot& o = sm.slots[k];
      if (o.cta != &cta || o.exited) continue;
      const bool run = func::Executor::runnable(cta.warps[o.index]);
      if (o.waiting && run) {
        o.earliest = std::max(o.earliest, now_ + barrier_release(cta));
        o.barrier_until = o.earliest;
        released = true;
      }
      o.waiting = !run && !cta.warps[o.index].done();
      o.dirty = true;
    }
    if (r.instr->op == ir::Op::Bar && r.instr->sub_op<ir::BarOp>() != ir::BarOp::Arrive && (released || !w.waiting)) {
      w.earliest = std::max(w.earliest, now_ + barrier_release(cta));
      w.barrier_until = w.earliest;
    }
    if (fw.done()) w.exited = true;
  }

  // An instruction ptxas emits as `sass` SASS instructions: the extra ones, for the SASS-level counts.
  void count_expansion(unsigned sass, const func::StepResult& r) {
    expanded_insts_ += sass - 1;
    extra_thread_insts_ += static_cast<std::int64_t>(sass - 1) * r.active.count();
  }

  // Cycles from a barrier's last arrival to its release: a base plus a cost per further warp of the CTA.
  std::uint64_t barrier_release(const func::Cta& cta) const {
    return cfg_.barrier_latency + std::uint64_t{cfg_.barrier_cycles_per_warp} * (cta.warps.size() - 1);
  }

  void watchdog(func::Cta& cta) {
    if (L_.progress) cta.idle_insts = 0;
    else ++cta.idle_insts;
    if (cta.idle_insts > limits_.no_progress_limit)
      throw Error(ErrorKind::Deadlock,
                  fmt::format("deadlock: no forward progress in {} warp-instructions (a livelock: threads spin "
                              "waiting for something that never happens)\n{}",
                              limits_.no_progress_limit, func::describe_cta(L_, cta)));
  }

  void retire() {
    for (std::size_t s = 0; s < sms_.size(); ++s) {
      Sm& sm = sms_[s];
      for (auto it = sm.ctas.begin(); it != sm.ctas.end();) {
        func::Cta& cta = **it;
        if (!cta.done()) {
          ++it;
          continue;
        }
        for (auto& w : sm.slots) {
          if (w.cta != &cta) continue;
          for (auto t : w.ready_at) end_ = std::max(end_, t);
          if (sink_ != nullptr) trace_warp_end(w);
          w = WarpSlot{};
        }
        if (sink_ != nullptr) sink_->on_cta_end(cta.linear, now_);
        for (const auto& fw : cta.warps) {
          out_.functional.warp_instructions += fw.warp_insts;
          out_.functional.thread_instructions += fw.thread_insts;
        }
        ++out_.functional.ctas;
        --live_ctas_;
        it = sm.ctas.erase(it);
        disp_->retire(static_cast<unsigned>(s));
      }
    }
  }

  // Trace sink hooks (called only when a sink is given).
  void trace_start(std::size_t s, const func::Cta& cta) {
    const auto sm = static_cast<std::uint32_t>(s);
    sink_->on_cta_start(sm, cta.linear, cta.id, now_);
    const auto& slots = sms_[s].slots;
    for (std::size_t k = 0; k < slots.size(); ++k)
      if (slots[k].cta == &cta)
        sink_->on_warp_start(sm, static_cast<std::uint32_t>(k % sms_[s].subs.size()), cta.linear, slots[k].index, now_);
  }
  void trace_issue(std::size_t s, std::size_t slot, const func::StepResult& r) {
    const WarpSlot& w = sms_[s].slots[slot];
    IssueEvent e;
    e.cycle = now_;
    e.sm = static_cast<std::uint32_t>(s);
    e.subpartition = static_cast<std::uint32_t>(slot % sms_[s].subs.size());
    e.cta = w.cta->linear;
    e.warp = w.index;
    e.pc = r.pc;
    e.ptx_line = r.instr->line;
    e.active_mask = r.active.bits;
    issue_sink_->on_issue(e);
  }
  void trace_warp_end(const WarpSlot& w) {
    std::uint64_t end = w.issued_until;
    for (auto t : w.ready_at) end = std::max(end, t);
    sink_->on_warp_end(w.cta->linear, w.index, end, w.cta->warps[w.index].warp_insts - w.folded_count);
  }

  [[noreturn]] void deadlock() {
    for (auto& sm : sms_)
      for (auto& c : sm.ctas)
        throw Error(ErrorKind::Deadlock,
                    fmt::format("deadlock: every unfinished warp waits and nothing can release it\n{}",
                                func::describe_cta(L_, *c)));
    throw Error(ErrorKind::Internal, "timing: no warp can issue but no CTA is resident");
  }

  func::Launch& L_;
  const config::GpuConfig& cfg_;
  func::GridLimits limits_;
  func::Executor ex_;
  std::uint64_t now_ = 0, end_ = 0;
  CycleClock clock_;
  TraceSink* sink_ = nullptr;
  TraceSink* issue_sink_ = nullptr;  // sink_ when it wants every issue, else null
  std::vector<Decoded> decoded_;
  std::vector<Sm> sms_;
  MemorySystem mem_;
  Occupancy occ_;
  unsigned regs_ = 0;
  std::optional<CtaDispatcher> disp_;
  std::uint64_t total_ = 0, next_cta_ = 0, live_ctas_ = 0, age_ = 0;
  std::uint64_t folded_insts_ = 0, expanded_insts_ = 0;  // PTX instructions folded; extra SASS of expanded ones
  std::int64_t extra_thread_insts_ = 0;                    // SASS minus PTX thread-instructions
  GridTiming out_;
};

}  // namespace

Occupancy kernel_occupancy(const func::Launch& L, const config::GpuConfig& cfg, unsigned regs_per_thread) {
  const ir::Program& prog = *L.prog;
  OccupancyRequest req;
  req.threads_per_cta = static_cast<unsigned>(L.block.volume());
  req.regs_per_thread = regs_per_thread;
  req.smem_per_cta = std::max<std::uint64_t>(prog.static_smem, std::uint64_t{prog.dynamic_smem_offset} + L.dynamic_smem);
  return compute_occupancy(cfg, req);
}

unsigned ctas_per_sm(const func::Launch& L, const config::GpuConfig& cfg, unsigned regs_per_thread) {
  return kernel_occupancy(L, cfg, regs_per_thread).ctas_per_sm;
}

GridTiming run_grid_timed(func::Launch& launch, const config::GpuConfig& cfg, const func::GridLimits& limits,
                          TraceSink* sink, unsigned regs_per_thread) {
  return Runner(launch, cfg, limits, sink, regs_per_thread).run();
}

}  // namespace warpsim::timing
