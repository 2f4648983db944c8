// One SM: warp slots, sub-partition scans and issue (see timing/sm.hpp).
#include <warpsim/timing/sm.hpp>

#include <warpsim/timing/dispatcher.hpp>

#include <algorithm>
#include <cmath>

namespace warpsim::timing {

namespace {
// The lowest lane of a mask (a warp-aggregated atomic: ptxas's leader lane does the warp's one atomic).
LaneMask first_lane(LaneMask m) { return LaneMask(m.bits & (~m.bits + 1u)); }

// The SM's near L2 partition: 0 when it is listed in mem.l2_partition0_sms, else 1 (0 with one partition).
unsigned l2_side(const config::GpuConfig& g, std::uint32_t sm) {
  if (g.l2_partitions < 2) return 0;
  const auto& p0 = g.l2_partition0_sms;
  return std::binary_search(p0.begin(), p0.end(), sm) ? 0u : 1u;
}

// The SM's GPC (cluster.group_of_sm, else gpc.count x gpc.tpcs in SM order), for mem.l2_merge_per_gpc.
unsigned gpc_of(const config::GpuConfig& g, std::uint32_t sm) {
  if (g.l2_merge_per_gpc == 0) return 0;
  const auto gpcs = sm_gpcs(g);
  return sm < gpcs.size() ? gpcs[sm] : 0;
}

// The SM's L1: this launch's size (KernelContext::l1_bytes) and the SM's near L2 partition.
L1Config l1_config(const KernelContext& k, std::uint32_t sm) {
  L1Config c = L1Config::from(k.cfg);
  if (k.l1_bytes != 0) c.size = k.l1_bytes;
  c.l2_side = l2_side(k.cfg, sm);
  c.l2_gpc = gpc_of(k.cfg, sm);
  return c;
}
}  // namespace

Sm::Sm(std::uint32_t id, KernelContext& k)
    : id_(id),
      k_(k),
      smem_(k.cfg),
      barrier_(k.cfg),
      lsu_(LsuConfig::from(k.cfg), l1_config(k, id), k.l2),
      tma_(TmaConfig::from(k.cfg, l2_side(k.cfg, id), gpc_of(k.cfg, id))) {
  slots_.resize(k.cfg.max_warps_per_sm);
  const std::uint32_t nsub = std::max(k.cfg.sub_partitions, 1u);
  subs_.reserve(nsub);
  for (std::uint32_t i = 0; i < nsub; ++i) subs_.emplace_back(k.cfg);
  for (std::uint32_t s = 0; s < slots_.size(); ++s) subs_[s % nsub].slots.push_back(s);
  for (auto& sp : subs_) sp.ready.reserve(sp.slots.size());
}

void Sm::place(source::CtaSlot cta, Cycle now) {
  const std::uint32_t warps = k_.src.warps(cta);
  if (cta < k_.cluster_release.size()) k_.cluster_release[cta] = Cycle(0);  // a reused slot: no release pending
  std::uint32_t slot = 0;
  for (std::uint32_t i = 0; i < warps; ++i) {
    while (slots_[slot].used) ++slot;  // fits: the occupancy calculator counted the warps
    Slot& w = slots_[slot];
    w = Slot{};
    w.used = true;
    w.cta = cta;
    w.index = i;
    w.age = k_.age++;
    w.sb.reset(k_.prog.code.num_slots);
    w.earliest = now;
    // A source may hand over a warp with nothing to run (a trace whose warp is empty): it has exited already.
    if (k_.src.warp_done(cta, i)) {
      w.exited = true;
      check_done_ = true;
    }
    k_.wake.wake_by(wake_key(slot % sub_partitions()), now);
  }
  ctas_.push_back(cta);
  if (k_.sink == nullptr) return;
  const std::uint64_t linear = k_.src.cta_linear(cta);
  k_.sink->on_cta_start(id_, linear, k_.src.cta_id(cta), now.count());
  for (std::uint32_t s = 0; s < slots_.size(); ++s)
    if (slots_[s].used && slots_[s].cta == cta)
      k_.sink->on_warp_start(id_, s % sub_partitions(), linear, slots_[s].index, now.count());
  if (k_.state_sink != nullptr && watch_slot_ == kNoWatch)
    for (std::uint32_t s = 0; s < slots_.size(); ++s)
      if (slots_[s].used && slots_[s].cta == cta && k_.state_sink->watches(linear, slots_[s].index)) {
        watch_slot_ = s, watch_sub_ = s % sub_partitions(), watch_state_ = -2;
        break;
      }
}

Sm::Readiness Sm::ready(Slot& w, const SubPartition& sp, unsigned sub, Cycle now) {
  if (w.dirty) {
    w.dirty = false;
    const std::uint32_t pc = w.pc_known ? w.known_pc : k_.src.next_pc(w.cta, w.index);
    w.pc_known = false;
    w.never = pc == source::kNoPc;
    if (!w.never) {
      const lower::InstrTiming& t = k_.prog.instrs[pc];
      Scoreboard::Pending p = w.sb.when(k_.prog.reads(pc), k_.prog.writes(pc));
      // A guard predicate serves later than its value (sm.guard_predicate_cycles after its setp).
      if (t.guard != lower::kNoGuard && w.sb.guard_ready(t.guard) > p.at) p = {w.sb.guard_ready(t.guard), false};
      w.dep = p.at;
      w.dep_mem = p.memory;
      w.cls = t.pipe;
      w.mio = t.mio;
      w.folded = t.issue != lower::Issue::Sass;
      // A folded instruction waits for nothing: its result is ready when its sources are.
      w.own = w.folded ? w.earliest : max(w.earliest, p.at);
    }
  }
  if (w.never) return {Cycle::never()};
  if (w.folded) return {w.own};
  Readiness r;
  r.on_dep = w.dep > now;
  r.on_mem = r.on_dep && w.dep_mem;
  r.at = max(w.own, sp.pipe_free(w.cls));
  if (w.cls == lower::OpClass::Fp32) r.at = max(r.at, w.fp32_next);
  // Its sub-partition's port replays a conflicting shared access: the MIO queue takes no memory instruction
  // (mio_throttle; traces/j_transpose_2048's source page: LDG and STG wait there too, and the S2R of new CTAs,
  // which is not held here).
  if (w.mio) r.at = max(r.at, smem_.hold(sub));
  return r;
}

std::int64_t Sm::scan(std::uint32_t sub, Cycle now) {
  if (sub == watch_sub_) [[unlikely]]
    return scan_impl<true>(sub, now);
  return scan_impl<false>(sub, now);
}

template <bool Watch>
std::int64_t Sm::scan_impl(std::uint32_t sub, Cycle now) {
  SubPartition& sp = subs_[sub];
  [[maybe_unused]] int wstate = -1;  // Watch: the watched warp's state in this scan
  WarpStateCycles st;
  std::uint32_t active = 0;
  Cycle wake = Cycle::never(), recount = Cycle::never();
  sp.ready.clear();
  for (const std::uint32_t slot : sp.slots) {
    Slot& w = slots_[slot];
    if (!w.used) continue;
    const auto mark = [&](int state) {
      if constexpr (Watch) {
        if (slot == watch_slot_) wstate = state;
      }
    };
    if (w.exited) {
      // After EXIT, waiting for its stores' acknowledgements (Nsight's drain): still resident and active, counted
      // as waiting on memory until then.
      if (w.drain > now) {
        ++active;
        ++st.memory;
        mark(2);
        recount = min(recount, w.drain);
      }
      continue;
    }
    ++active;
    Readiness r = ready(w, sp, sub, now);
    // Folded instructions at the head of the warp take no issue slot and no time: run them now.
    for (unsigned k = 0; k < kMaxFoldedPerScan && !r.at.is_never() && w.folded && r.at <= now; ++k) {
      issue(slot, now);
      if (w.exited) break;
      r = ready(w, sp, sub, now);
    }
    if (w.exited) {  // it exited in the folded run just now: drain as above
      if (w.drain > now) {
        ++st.memory;
        mark(2);
        recount = min(recount, w.drain);
      } else {
        --active;
      }
      continue;
    }
    if (r.at.is_never()) {
      ++st.barrier;
      mark(3);
      continue;
    }
    if (r.at > now) {
      wake = min(wake, r.at);
      // The state it is counted in changes when its release delay or its pending operand runs out.
      if (w.barrier_until > now) {
        ++st.barrier;
        mark(3);
        recount = min(recount, w.barrier_until);
      } else if (r.on_mem) {
        ++st.memory;
        mark(2);
        recount = min(recount, w.dep);
      } else if (r.on_dep) {
        ++st.dependency;
        mark(1);
        recount = min(recount, w.dep);
      } else {
        ++st.not_selected;
        mark(4);
      }
      continue;
    }
    ++st.not_selected;
    mark(4);
    sp.ready.push_back({slot, w.age});
  }
  std::int64_t chosen = -1;
  if (!sp.ready.empty()) {
    chosen = sp.ready[sp.scheduler().pick(sp.ready, sp.last(), static_cast<std::uint32_t>(slots_.size()))].slot;
    --st.not_selected;
    ++st.issued;
    if constexpr (Watch) {
      if (static_cast<std::uint32_t>(chosen) == watch_slot_) wstate = 0;
    }
    wake = now + 1;            // it changes at the issue: scanned again next cycle,
    recount = Cycle::never();  // which recounts it anyway
  }
  sp.states = st;
  if constexpr (Watch) {
    if (wstate != watch_state_) {
      watch_state_ = wstate;
      k_.state_sink->on_watched_warp(now.count(), wstate);
    }
  }
  active_warps_ = active_warps_ - sp.active + active;
  sp.active = active;
  k_.wake.set_issue(wake_key(sub), wake);
  k_.wake.set_recount(wake_key(sub), recount);
  return chosen;
}

void Sm::count_expansion(std::uint32_t sass, LaneMask active) {
  k_.expanded += sass - 1;
  k_.extra_thread_insts += static_cast<std::int64_t>(sass - 1) * active.count();
}

void Sm::count_dsmem(const source::MemAccess& m, LaneMask lanes) {
  // Lanes in another CTA's shared memory carry its rank above the offset (source::remote_shared); the CTA's own
  // are plain offsets. Nsight counts a load's 32-byte sectors of the other CTAs' memory, and 64 bytes per 64-byte
  // block for stores and atomics (traces/cluster_dsmem, ubench_cluster's one-word chase).
  const Addr unit = m.store || m.atomic ? 64 : 32;
  blocks_.clear();
  lanes.for_each([&](unsigned lane) {
    const Addr a = m.addr[lane];
    if (!source::remote_shared(a)) return;
    for (Addr b = a / unit; b <= (a + std::max(m.bytes, 1u) - 1) / unit; ++b) blocks_.push_back(b);
  });
  if (blocks_.empty()) return;
  std::sort(blocks_.begin(), blocks_.end());
  const std::uint64_t bytes = unit * static_cast<std::uint64_t>(std::unique(blocks_.begin(), blocks_.end()) - blocks_.begin());
  async_.dshared_bytes += bytes;
  if (m.atomic) {
    ++async_.dshared_atom;
  } else if (m.store) {
    ++async_.dshared_st;
    async_.dshared_st_bytes += bytes;
  } else {
    ++async_.dshared_ld;
    async_.dshared_ld_bytes += bytes;
  }
}

void Sm::count_bulk(const source::Issued& r) {
  using K = source::BulkAccess::Kind;
  for (const source::BulkAccess& b : r.bulk) {
    std::uint64_t global = 0;
    for (std::uint32_t i = b.first_span; i < b.first_span + b.spans; ++i) global += r.spans[i].bytes;
    switch (b.kind) {
      case K::Load:
      {
        // Each destination SM's L1TEX takes the data in (a multicast to 4 CTAs counts its bytes 4 times on the H200);
        // a tensor load brings its whole box, out-of-bounds fill included, and half again when the box starts 16
        // bytes into a 32-byte sector (the H200's count on traces/tma_swizzle and tma_probe).
        ++async_.tma_ld;
        std::uint64_t bytes = b.tensor ? b.shared_bytes : global;
        if (b.tensor && b.half_sector_start) bytes += bytes / 2;
        async_.tma_ld_bytes += bytes * b.destinations;
        (b.multicast ? async_.tma_ld_bytes_multicast : async_.tma_ld_bytes_self) += bytes * b.destinations;
      }
        break;
      case K::Store:
        ++async_.tma_st;
        async_.tma_st_bytes += global;
        break;
      case K::Reduce:
        ++async_.tma_red;
        async_.tma_red_bytes += global;
        break;
      case K::SharedCopy:
      case K::Prefetch:
      case K::Descriptor: break;  // not in these counters (Nsight's dshared_tma_* and prefetch ones are not modelled)
    }
  }
}

void Sm::issue(std::uint32_t slot, Cycle now) {
  Slot& w = slots_[slot];
  const source::Issued& r = k_.src.issue(w.cta, w.index);
  if (r.kind != source::Issued::Kind::Executed) return;  // ready() saw a runnable path: not reached
  // The warp's next pc as the step left it; ready() uses it unless something changes the warp before (a barrier
  // or exit of another warp of the CTA in the same cycle clears it below).
  w.known_pc = r.next_pc;
  w.pc_known = true;
  // The next instruction is a .release.cluster mbarrier arrive: ptxas's fence sequence before it (MEMBAR.ALL.GPU
  // among it) issues after this one and holds the warp until its stores and bulk copies are acknowledged (this
  // one's included), then sm.mbarrier_cluster_release_cycles.
  const auto fence_before_next = [&] {
    if (k_.cfg.mbarrier_cluster_release_cycles != 0 && r.next_pc != source::kNoPc &&
        k_.prog.instrs[r.next_pc].cluster_release)
      w.earliest = max(w.earliest, max(now + 1, w.drain) + k_.cfg.mbarrier_cluster_release_cycles);
  };
  // The path arrived at the head of an mbarrier wait loop and ran ptxas's YIELD before the try (ir::Program::yield_at):
  // the warp's next instruction waits sm.yield_cycles.
  const bool ran_yield = k_.cfg.yield_cycles != 0 && r.yielded && r.active.any();
  if (ran_yield) w.earliest = max(w.earliest, now + 1 + k_.cfg.yield_cycles);
  // A diverged warp that came together again (func: Launch::reconverged) goes on after sm.reconverge_cycles (a
  // region's lanes reunited by a __syncwarp()'s WARPSYNC), sm.reconverge_branch_cycles (at a branch's reconvergence
  // point: BSYNC) or sm.warpsync_collective_cycles (paths the compiler did not reunite completing a warp-sync: the
  // out-of-line WARPSYNC.COLLECTIVE), whether or not this step's instruction has a SASS instruction of its own.
  if (r.reconverged != 0)
    w.earliest = max(w.earliest, now + 1 +
                                     (r.reconverged == source::kReconvergeSync         ? k_.cfg.reconverge_cycles
                                      : r.reconverged == source::kReconvergeCollective ? k_.cfg.warpsync_collective_cycles
                                                                                       : k_.cfg.reconverge_branch_cycles));
  const lower::InstrTiming& t = k_.prog.instrs[r.pc];
  const auto reads = k_.prog.reads(r.pc);
  const auto writes = k_.prog.writes(r.pc);
  const bool touches = r.has_mem && r.executed.any();
  if (t.issue != lower::Issue::Sass) {
    // No SASS instruction of its own: the result is ready when the sources are.
    Cycle ready = now;
    bool mem = false;
    if (t.issue == lower::Issue::Merged) {
      // Part of the wide access the group's first instruction issued: no issue slot. An LDS/STS.64/.128 (wide_bytes)
      // passed the banks with its leader; the part of any other group passes them on its own.
      // An LDG/STG.64/.128's part (global, always with wide_bytes) went to the LSU with its leader.
      const bool shared = r.mem.space != ir::Space::Global;
      ready = t.wide_bytes != 0 ? (shared ? w.wide_ready : w.wide_global_ready)
              : max(w.wide_ready, touches ? smem_.access(r.mem, r.executed, now, slot % sub_partitions()) : now);
      mem = true;
      // (A part of an LDS/STS.64/.128 costed as one wide access: its wavefronts are the leader's.)
      if (touches && k_.mem_sink != nullptr) trace_mem(slot, r, r.executed, shared, true, t.wide_bytes == 0);
    } else if (const Scoreboard::Pending p = w.sb.latest_of(reads); p.at > now) {
      ready = p.at;
      mem = p.memory;
    }
    w.sb.write(writes, ready, mem);
    if (t.read_hold != 0 && touches) w.sb.reading(reads, now + t.read_hold);  // part of an STS/STG.64/.128
    if (ran_yield) {
      ++k_.expanded;  // the YIELD is a SASS instruction where this step has none
      k_.extra_thread_insts += static_cast<std::int64_t>(r.active.count());
    }
    k_.extra_thread_insts -= static_cast<std::int64_t>(r.active.count());
    ++k_.folded;
    ++w.folded_count;
    w.dirty = true;
    fence_before_next();
    return;
  }
  w.issued_until = now + 1;
  if (k_.issue_sink != nullptr) trace_issue(slot, r, now);
  const config::PipeTiming& pipe = lower::pipe_timing(k_.cfg, t.pipe);
  SubPartition& sp = subs_[slot % sub_partitions()];
  const std::uint64_t hold =
      t.expanded ? kExpandedPipeCycles : t.tensor_hold > 0 ? sp.tensor_cycles(t.tensor_hold) : pipe.interval;
  // A wgmma.mma_async takes the pipe for one issue slot and queues its execution behind the wgmmas before it
  // (SubPartition::queue_tensor, below); other instructions hold their pipe for their whole time.
  const bool queued = t.wgmma && r.async != source::kNoAsync;
  sp.issue(t.pipe, now, queued ? 1 : hold, slot);
  if (t.tensor_op != 0 && r.executed.any()) {
    // Nsight's active cycles: each SASS MMA's share of the hold, whole cycles (an m16n8k16 HMMA: 6.6 -> 6).
    const std::uint64_t n = t.tensor_sass,
                        active = t.wgmma ? t.tensor_active : n * static_cast<std::uint64_t>(t.tensor_hold / n);
    std::uint64_t& count = t.tensor_op == 1 ? tensor_.hmma : t.tensor_op == 2 ? tensor_.imma : tensor_.dmma;
    std::uint64_t& cycles = t.tensor_op == 1 ? tensor_.hmma_cycles : t.tensor_op == 2 ? tensor_.imma_cycles : tensor_.dmma_cycles;
    count += n;
    cycles += active;
    if (t.wgmma) {
      ++tensor_.gmma;
      tensor_.gmma_smem_bytes += t.wgmma_smem_bytes;
    }
  }
  if (t.pipe == lower::OpClass::Fp32 && !t.expanded) w.fp32_next = now + pipe.interval;
  Cycle ready = now + (t.latency != 0 && !t.expanded ? t.latency : pipe.latency);  // an fp8 mma's two HMMAs
  bool mem = false;
  if (touches) {
    const ir::Space space = r.mem.space;
    if (space == ir::Space::SharedCluster) {
      count_dsmem(r.mem, r.executed);
      // Distributed shared memory: another SM's shared memory over the GPC's network, through this SM's DSMEM port.
      const double bytes = static_cast<double>(r.mem.bytes) * r.executed.count();
      const auto busy = static_cast<std::uint64_t>(std::ceil(bytes / k_.cfg.dsmem_bytes_per_cycle));
      const Cycle start = max(now, dsmem_free_);
      dsmem_free_ = start + busy;
      ready = start + (busy + k_.cfg.dsmem_latency);
      mem = true;
    } else if (space == ir::Space::Shared) {
      if (t.wide_bytes != 0) {
        // The leader of an LDS/STS.64/.128: the banks see one access of the group's bytes per lane.
        scratch_access_ = r.mem;
        scratch_access_.bytes = t.wide_bytes;
        ready = smem_.access(scratch_access_, r.executed, now, slot % sub_partitions());
      } else {
        ready = smem_.access(r.mem, r.executed, now, slot % sub_partitions());
      }
      mem = true;
      w.wide_ready = ready;
      if (k_.mem_sink != nullptr)
        trace_mem(slot, r, r.executed, true, false, true, t.wide_bytes != 0 ? &scratch_access_ : nullptr);
    } else if (space == ir::Space::Global || space == ir::Space::Local) {
      const std::uint64_t grid_warp = k_.src.cta_linear(w.cta) * k_.src.warps(w.cta) + w.index;
      const LaneMask lanes = t.warp_aggregate ? first_lane(r.executed)
                             : t.async_copy   ? r.mem.lanes  // cp.async: the lanes that read (not zero-filling ones)
                                              : r.executed;
      // The leader of an LDG/STG.64/.128 (lower/ptxas_model.hpp, vectorise): one access of the group's bytes per lane.
      const source::MemAccess* access = &r.mem;
      if (t.wide_bytes != 0) {
        scratch_access_ = r.mem;
        scratch_access_.bytes = t.wide_bytes;
        access = &scratch_access_;
      }
      const LsuResult m = lsu_.global(*access, lanes, space == ir::Space::Local, grid_warp, t.cas, t.l1_bypass,
                                      slot % sub_partitions(), now, t.async_copy, t.red);
      if (k_.mem_sink != nullptr) trace_mem(slot, r, lanes, false, false, true, access);
      // Its data through the L1 data pipe, which the shared-memory accesses use too (loads and stores; not the
      // atomics, served at L2, nor cp.async, whose fill the L1 writes into shared memory: its own cost).
      if (!r.mem.atomic && !t.async_copy)
        smem_.global_data(static_cast<unsigned>(distinct_lines(lsu_.last_sectors())), k_.cfg.global_data_pipe_wavefronts,
                          now);
      ready = m.ready;
      mem = true;
      if (t.wide_bytes != 0) w.wide_global_ready = ready;
      if (t.async_copy) {
        ++async_.ldgsts;
        ++(t.l1_bypass ? async_.ldgsts_cache_bypass : async_.ldgsts_cache_access);
      }
      if (m.store) {
        sp.hold_memory(m.hold);
        w.drain = max(w.drain, m.acked);
        k_.end = max(k_.end, m.acked);  // the kernel is not done before its stores are acknowledged
      } else if (r.mem.atomic) {
        // Nor before its atomics are done: one whose result nothing reads (ptxas's RED) holds no register, and the
        // warp waits for it only after EXIT.
        w.drain = max(w.drain, m.ready);
        k_.end = max(k_.end, m.ready);
      }
    } else if (space == ir::Space::Const) {
      ready = lsu_.constant(r.mem, r.executed, now);
      mem = true;
    }
  }
  if (t.fp8_unpack && r.executed.any()) {
    // fp8 mma.sync on sm_90: ptxas's F2FP unpacks of A and B take the sub-partition's unpack path (in turn with its
    // other fp8 mmas), then the two HMMA.16816 run one after the other; the warp issues nothing until the second
    // HMMA has issued (it waits for the first's result), and D is ready when the second is done.
    const Cycle unpacked = sp.unpack(now, k_.cfg.tensor_fp8_unpack_cycles);
    const Cycle hmma = unpacked + k_.cfg.tensor_fp8_unpack_latency;
    ready = hmma + (t.latency != 0 ? t.latency : pipe.latency);
    w.earliest = max(w.earliest, hmma + (t.latency != 0 ? t.latency : pipe.latency) / 2);
    count_expansion(t.sass, r.active);
  }
  if (t.expanded) {
    // ptxas's sequence: its instructions issue one after another, the result lands after the measured latency.
    ready = now + t.latency;
    w.earliest = max(w.earliest, now + t.sass);
    count_expansion(t.sass, r.active);
  }
  // A GPU-scope fence: the warp goes on once its stores are acknowledged and the fence's own time has passed.
  if (t.fence_gpu && r.executed.any()) w.earliest = max(w.earliest, max(now, w.drain) + k_.cfg.fence_gpu_cycles);
  // A taken branch (the warp now continues elsewhere than the next pc): the target is fetched first.
  if (t.branch && r.executed.any()) {
    const std::uint32_t next = r.next_pc;
    if (next != source::kNoPc && next != r.pc + 1) w.earliest = max(w.earliest, now + k_.cfg.branch_taken_cycles);
  }
  if (t.printf_call && r.executed.any()) {
    // vprintf's body: the warp is busy for the measured time per call and per extra printing lane.
    const std::uint64_t lanes = r.executed.count();
    w.earliest = max(w.earliest, now + (k_.cfg.printf_cycles + k_.cfg.printf_cycles_per_lane * (lanes - 1)));
    k_.end = max(k_.end, w.earliest);
    count_expansion(t.sass, r.active);
  }
  if (t.mbarrier) ready = now + k_.cfg.mbarrier_latency;
  if (t.wgmma && r.async != source::kNoAsync) {
    // wgmma.mma_async: this warp's part reads its A rows (from a descriptor) and then its quarter of B through the SM's
    // shared memory; its tensor-pipe time starts once A is in (traces/ubench_wgmma: a lone wgmma with A from shared
    // memory takes 12 cycles longer than with A from registers, while back-to-back ones keep the pipe busy), and it
    // lands wgmma_latency after that time or after B's last byte, whichever is later.
    const std::uint32_t a_bytes = t.wgmma_a_bytes, b_bytes = t.wgmma_smem_bytes - a_bytes;
    const double rate = k_.cfg.gmma_smem_bytes_per_cycle;
    const Cycle a_in = a_bytes != 0 ? smem_.gmma_read(a_bytes, rate, 0, now) : now;
    const Cycle b_in = smem_.gmma_read(b_bytes, rate, k_.cfg.gmma_smem_request_cycles, now);
    const Cycle start = sp.queue_tensor(a_in, hold);
    const Cycle land = max(start + hold, b_in) + t.latency;
    k_.events.land(land, id_, w.cta, r.async);
    w.drain = max(w.drain, land);
    k_.end = max(k_.end, land);
  } else if (!r.bulk.empty()) {
    count_bulk(r);
    // Bulk and tensor copies: the TMA unit says when each completes; the warp-instruction's effects land with the last.
    // A multicast's copies into other CTAs of the cluster land on their SMs when the unit has delivered them there.
    Cycle land = now;
    data_back_.clear();
    for (const source::BulkAccess& b : r.bulk) {
      Cycle data{0};
      land = max(land, tma_.copy(b, std::span<const source::Span>(r.spans).subspan(b.first_span, b.spans), now, k_.l2,
                                 &data));
      data_back_.push_back(data);
    }
    if (r.async != source::kNoAsync) {
      k_.events.land(land, id_, w.cta, r.async);
      w.drain = max(w.drain, land);
      k_.end = max(k_.end, land);
    }
    for (const source::Delivery& d : r.deliveries) {
      const Cycle at = tma_.deliver(data_back_[d.bulk]);
      k_.events.land(at, d.sm, d.cta, d.id);
      k_.end = max(k_.end, at);
    }
  } else if (r.async != source::kNoAsync) {
    // cp.async: the bytes land when the global load returns (all lanes zero-filling: mem.cp_async_zfill_latency
    // after issue, as traces/ubench_cp_async measured). The bytes the LSU writes into shared memory itself (the
    // zero-filled lanes; every lane of a .ca copy, whose data passes the L1's data stage) keep the SM's shared-memory
    // banks mem.cp_async_smem_write_cycles per wavefront of that write (a store of the cp-size per lane at the
    // lanes' destinations, bank conflicts included), and the copy lands no sooner than the last one.
    Cycle land = touches ? ready : now + k_.cfg.cp_async_zfill_latency;
    if (t.async_copy && r.executed.any()) {
      if (!touches) {  // an all-zero-fill LDGSTS is an LDGSTS too (the global branch counts the others)
        ++async_.ldgsts;
        ++(t.l1_bypass ? async_.ldgsts_cache_bypass : async_.ldgsts_cache_access);
      }
      const LaneMask reads = r.has_mem ? r.mem.lanes : LaneMask{};
      const LaneMask written = t.l1_bypass ? r.executed & ~reads : r.executed;
      scratch_access_.space = ir::Space::Shared;
      scratch_access_.store = true;
      scratch_access_.atomic = false;
      scratch_access_.bytes = r.mem.bytes;
      scratch_access_.lanes = written;
      scratch_access_.addr = r.async_dst;
      const unsigned wavefronts = written.any() ? smem_.wavefronts(scratch_access_, written) : 0;
      land = max(land, smem_.async_write(wavefronts, k_.cfg.cp_async_smem_write_cycles, now));
    }
    k_.events.land(land, id_, w.cta, r.async);
    w.drain = max(w.drain, land);
    k_.end = max(k_.end, land);
  }
  fence_before_next();
  if (r.suspend != 0) {
    // A suspendTimeHint is a bound the GPU need not wait out: it returns after sm.mbarrier_suspend_hint_limit_ns at
    // the most (the H200 after 3,956 ns with a 20,000 ns hint).
    const double ns = r.suspend_ns != 0 ? std::min<double>(r.suspend_ns, k_.cfg.mbarrier_suspend_hint_limit_ns)
                                        : k_.cfg.mbarrier_suspend_limit_ns;
    const auto cycles = static_cast<std::uint64_t>(std::ceil(ns * k_.cfg.clock_mhz / 1000.0));
    k_.events.expire(now + std::max<std::uint64_t>(cycles, 1), id_, w.cta, w.index, r.suspend);
  }
  // A completed cluster barrier phase is released on every CTA of the cluster at one cycle, k_.cluster_barrier
  // from now: a barrier.cluster.wait lets its warp go on no earlier (cluster_release), and the other CTAs' waiting
  // warps are looked at again then. A remote mbarrier arrive that completed a peer's phase wakes the peer's waiters
  // after the DSMEM latency and the mbarrier's wake-up.
  const Cycle cluster_release = now + k_.cluster_barrier;
  const auto note_release = [&](source::CtaSlot cta) {
    if (k_.cluster_release.size() <= cta) k_.cluster_release.resize(cta + 1, Cycle(0));
    k_.cluster_release[cta] = cluster_release;
  };
  if (r.cluster_phase) note_release(w.cta);
  if (ran_yield) count_expansion(2, r.active);  // the YIELD: one SASS instruction more than this step's own
  for (const source::PeerWake& p : r.peers) {
    if (p.barrier) note_release(p.cta);
    k_.events.wake(p.barrier ? cluster_release : now + (std::uint64_t{k_.cfg.dsmem_latency} + k_.cfg.mbarrier_wake_cycles),
                   p.sm, p.cta);
  }
  if (t.cluster_wait && r.executed.any() && w.cta < k_.cluster_release.size())
    w.earliest = max(w.earliest, k_.cluster_release[w.cta]);
  // A store keeps the registers it reads until mem.*_store_read_cycles after its issue.
  if (t.read_hold != 0 && r.executed.any()) w.sb.reading(reads, now + t.read_hold);
  w.sb.write(writes, ready, mem,
             t.sets_guard && k_.cfg.guard_predicate_cycles != 0 ? now + k_.cfg.guard_predicate_cycles : ready);
  k_.end = max(k_.end, max(now + 1, writes.empty() ? now + 1 : ready));
  // Barrier bookkeeping: warps of this CTA that were waiting and can run now were released by this step. Only a
  // barrier or threads exiting (fewer threads to wait for) can release other warps.
  w.dirty = true;
  bool released = false;
  const std::uint32_t first = t.may_release ? 0 : slot,
                      end = t.may_release ? static_cast<std::uint32_t>(slots_.size()) : slot + 1;
  const auto release = [&] {
    if (t.cluster_barrier) return now + k_.cluster_barrier;
    return t.mbarrier ? now + k_.cfg.mbarrier_wake_cycles : barrier_.release(now, k_.src.warps(w.cta));
  };
  for (std::uint32_t s = first; s < end; ++s) {
    Slot& o = slots_[s];
    if (!o.used || o.cta != w.cta || o.exited) continue;
    const bool run = s == slot ? r.runnable : k_.src.warp_runnable(o.cta, o.index);
    if (o.waiting && run) {
      o.earliest = max(o.earliest, release());
      o.barrier_until = o.earliest;
      released = true;
    }
    o.waiting = !run && !(s == slot ? r.done : k_.src.warp_done(o.cta, o.index));
    o.dirty = true;
    if (s != slot) o.pc_known = false;
    if (s != slot) k_.wake.wake_by(wake_key(s % sub_partitions()), now + 1);
  }
  if (t.barrier_wait && (released || !w.waiting)) {
    w.earliest = max(w.earliest, release());
    w.barrier_until = w.earliest;
  }
  if (r.done) {
    w.exited = true;
    check_done_ = true;
  }
}

void Sm::wake_cta(source::CtaSlot cta, Cycle now) {
  for (std::uint32_t s = 0; s < slots_.size(); ++s) {
    Slot& o = slots_[s];
    if (!o.used || o.cta != cta || o.exited) continue;
    const bool run = k_.src.warp_runnable(o.cta, o.index);
    if (o.waiting && run) {
      o.earliest = max(o.earliest, now);
      o.barrier_until = o.earliest;
    }
    o.waiting = !run && !k_.src.warp_done(o.cta, o.index);
    o.dirty = true;
    o.pc_known = false;
    k_.wake.wake_by(wake_key(s % sub_partitions()), now);
  }
}

unsigned Sm::retire(Cycle now, std::vector<source::CtaSlot>& retired) {
  // Nothing to do unless a warp exited since the last look or a draining CTA's acknowledgements are in.
  if (!check_done_ && now < next_retire_) return 0;
  check_done_ = false;
  next_retire_ = Cycle::never();
  unsigned n = 0;
  for (auto it = ctas_.begin(); it != ctas_.end();) {
    const source::CtaSlot cta = *it;
    if (!k_.src.cta_done(cta)) {
      ++it;
      continue;
    }
    Cycle drained{0};
    for (const Slot& w : slots_)
      if (w.used && w.cta == cta) drained = max(drained, w.drain);
    if (drained > now) {  // its warps wait after EXIT for their stores' acknowledgements
      next_retire_ = min(next_retire_, drained);
      ++it;
      continue;
    }
    const std::uint64_t linear = k_.src.cta_linear(cta);
    for (Slot& w : slots_) {
      if (!w.used || w.cta != cta) continue;
      if (static_cast<std::uint32_t>(&w - slots_.data()) == watch_slot_) [[unlikely]] {
        if (watch_state_ != -1) k_.state_sink->on_watched_warp(now.count(), -1);
        watch_slot_ = watch_sub_ = kNoWatch;
      }
      const Cycle last = w.sb.last();
      k_.end = max(k_.end, last);
      if (k_.sink != nullptr)
        k_.sink->on_warp_end(linear, w.index, max(w.issued_until, last).count(),
                             k_.src.warp_instructions(cta, w.index) - w.folded_count);
      w = Slot{};
    }
    if (k_.sink != nullptr) k_.sink->on_cta_end(linear, now.count());
    retired.push_back(cta);
    ++n;
    it = ctas_.erase(it);
  }
  return n;
}

void Sm::trace_issue(std::uint32_t slot, const source::Issued& r, Cycle now) {
  const Slot& w = slots_[slot];
  IssueEvent e;
  e.cycle = now.count();
  e.sm = static_cast<std::uint16_t>(id_);
  e.subpartition = static_cast<std::uint16_t>(slot % sub_partitions());
  e.cta = k_.src.cta_linear(w.cta);
  e.warp = w.index;
  e.pc = r.pc;
  e.ptx_line = k_.prog.code.code[r.pc].line;
  e.active_mask = r.active.bits;
  e.exec_mask = r.executed.bits;
  k_.issue_sink->on_issue(e);
}

void Sm::trace_mem(std::uint32_t slot, const source::Issued& r, LaneMask lanes, bool shared, bool merged,
                   bool costed, const source::MemAccess* access) {
  const Slot& w = slots_[slot];
  MemEvent e;
  e.cta = k_.src.cta_linear(w.cta);
  e.warp = w.index;
  e.pc = r.pc;
  const ir::Instr& in = k_.prog.code.code[r.pc];
  e.ptx_line = in.line;
  e.src_line = in.src_line;
  if (r.pc < k_.prog.code.text.size()) e.text = k_.prog.code.text[r.pc];
  e.access = access != nullptr ? access : &r.mem;
  e.lanes = lanes.bits;
  e.merged = merged;
  if (shared) {
    e.wavefronts = costed ? smem_.last().wavefronts : 0;
    e.ideal_wavefronts = costed ? smem_.last().ideal_wavefronts : 0;
  } else if (costed) {
    e.sectors = static_cast<std::uint32_t>(lsu_.last_sectors().size());
    e.lines = distinct_lines(lsu_.last_sectors());
  }
  k_.mem_sink->on_mem(e);
}

}  // namespace warpsim::timing
