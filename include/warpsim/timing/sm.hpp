// One streaming multiprocessor: its warp slots and sub-partitions, its shared-memory unit, barrier unit and LSU
// with the L1. The GPU loop (timing/grid_timing.hpp) places CTAs on it, scans the sub-partitions that are due,
// and issues the warps they chose.
//
// Models:
//   slots       sm.max_warps slots; a CTA's warps take the lowest free ones (the occupancy calculator guarantees
//               room); each has its scoreboard (timing/scoreboard.hpp).
//   readiness   a warp may issue when the instruction the source would run next (source/instruction_source.hpp)
//               has no pending register write and its pipe is free (timing/sub_partition.hpp), and not before its
//               `earliest` (placement, a barrier's release, a taken branch's fetch, an expanded operation's or a
//               printf's length). Instructions ptxas folds or merges (lower/lowered.hpp) take no issue slot: a
//               warp whose next instruction is one runs it at once when scanned (at most kMaxFoldedPerScan in a
//               row) and its results are ready when their sources are (merged ones: when the shared access lands).
//   latencies   ALU results after pipe.<class>.latency; shared memory through the shared-memory unit, global and
//               local through the LSU and L1 to the L2, ld.const through the constant cache; expanded operations
//               after their measured latency.
//   barriers    a warp waiting in the source issues nothing; when one opens, its warps may issue the barrier
//               unit's release delay later; a bar.sync's own warp too. A bar.arrive does not wait.
//   mbarriers   an mbarrier instruction's result (state token, predicate) is ready sm.mbarrier_latency after its
//               issue; a try_wait that suspends its warp issues nothing until a phase completes (the warps it
//               releases issue sm.mbarrier_wake_cycles after the completing instruction) or its time limit passes
//               (the suspendTimeHint, at most sm.mbarrier_suspend_hint_limit_ns, else sm.mbarrier_suspend_limit_ns: an Expire event).
//   cp.async    an LDGSTS: its global load goes through the LSU and L1 like ld.global (.cg bypassing L1), and its bytes
//               land in shared memory when the load returns (a Land event: the source writes them then, and warps
//               waiting in cp.async.wait_group or on an mbarrier the landing completes issue from that cycle); its
//               read keeps the L1's SM-wide stages mem.cp_async_cycles_per_line per line (the fill is also written
//               into shared memory); a copy whose lanes all zero-fill lands mem.cp_async_zfill_latency after issue.
//               The bytes the LSU writes into shared memory itself (zero-filled lanes, every lane of a .ca copy) keep
//               the SM's shared-memory banks mem.cp_async_smem_write_cycles per 128-byte wavefront (SmemUnit::
//               async_write), and the copy lands no sooner; a .cg copy's fill from L2 takes no bank time.
//               A CTA retires only after its copies landed. Leaves out: the three predicated-off LDS ptxas puts
//               before an LDGSTS that starts a block (issue and LSU slots; traces/ubench_cp_async's .ca 4-byte
//               stream is bound by them).
//   bulk/TMA    cp.async.bulk* and cp.reduce.async.bulk* go to the SM's TMA unit (timing/tma_unit.hpp), which says
//               when each completes: a Land event then writes the bytes (and completes the mbarrier's transaction
//               bytes, or the thread's bulk group). A CTA retires only after its copies completed. A multicast load's
//               copies into other CTAs of the cluster leave through the SM's DSMEM port and land on their SMs (a
//               Land event for that CTA).
//   exit        a CTA whose threads have all exited keeps its slots, registers and shared memory until every store
//               its warps issued is acknowledged (mem.store_ack_cycles after it reached L2: the LSU's `acked`), as
//               the GPU's warps wait after EXIT for their memory instructions to complete (Nsight's drain stall);
//               only then may the dispatcher put another CTA there. A warp waiting so counts as active (achieved
//               occupancy) and in the memory stall state. A GPU-scope fence (membar.gl, fence.sc.gpu) holds
//               its warp until its stores are acknowledged, then sm.fence_gpu_cycles more.
//   states      at each scan every resident warp is counted in one stall state: issued; barrier (waits, or just
//               released); memory or dependency (a pending register from memory or a pipe); not_selected (ready
//               but another issued, or its pipe busy).
// Leaves out: instruction fetch and the instruction buffer beyond the taken-branch cost, register-bank conflicts,
// a finite LSU queue, warps of several kernels sharing an SM.
#pragma once

#include <warpsim/config/gpu_config.hpp>
#include <warpsim/lower/lowered.hpp>
#include <warpsim/source/instruction_source.hpp>
#include <warpsim/timing/async_events.hpp>
#include <warpsim/timing/barrier_unit.hpp>
#include <warpsim/timing/cycle.hpp>
#include <warpsim/timing/lsu.hpp>
#include <warpsim/timing/scoreboard.hpp>
#include <warpsim/timing/smem_unit.hpp>
#include <warpsim/timing/stats.hpp>
#include <warpsim/timing/sub_partition.hpp>
#include <warpsim/timing/tma_unit.hpp>
#include <warpsim/timing/trace_sink.hpp>
#include <warpsim/timing/wake_queue.hpp>

#include <cmath>
#include <cstdint>
#include <vector>

namespace warpsim::timing {

// A warp whose next instructions are all folded runs at most this many of them in one scan before the others get
// their turn (a bound on the simulator's work per cycle; ptxas's folded runs are a handful long).
inline constexpr unsigned kMaxFoldedPerScan = 1024;

// What every SM of one kernel's run shares: the GPU model, the instruction stream, the memory below the L1s, the
// wake-up queue, the trace sink, and the kernel-wide counters.
struct KernelContext {
  const config::GpuConfig& cfg;
  source::InstructionSource& src;
  const lower::Program& prog;
  MemorySystem& l2;
  WakeQueue& wake;
  AsyncEvents& events;                  // cp.async landings and try_wait time limits
  std::uint64_t l1_bytes = 0;           // this launch's L1 per SM (mem.l1_size + what its carve-out leaves)
  TraceSink* sink = nullptr;            // CTA and warp events
  TraceSink* issue_sink = nullptr;      // every issue (sink, when it wants them)
  Cycle end{0};                         // the last result landed or store taken so far
  std::uint64_t age = 0;                // warps placed so far (launch order)
  std::uint64_t folded = 0;             // PTX instructions folded (no issue)
  std::uint64_t expanded = 0;           // extra SASS instructions of expanded ones
  std::int64_t extra_thread_insts = 0;  // SASS minus PTX thread-instructions
  // By CTA slot: the cycle the CTA's cluster barrier last released (barrier.cluster.wait issues no earlier).
  std::vector<Cycle> cluster_release{};
  // The last barrier.cluster.arrive of a phase to its release: cluster.barrier_cycles + cluster.barrier_cycles_per_cta
  // for each CTA of the launch's clusters beyond the first (set_cluster_size).
  std::uint64_t cluster_barrier = cfg.cluster_barrier_cycles;
  void set_cluster_size(unsigned ctas) {
    const double more = cfg.cluster_barrier_cycles_per_cta * (ctas > 1 ? ctas - 1 : 0);
    cluster_barrier = cfg.cluster_barrier_cycles + static_cast<std::uint64_t>(std::llround(more));
  }
  TraceSink* mem_sink = nullptr;  // every memory access as charged (sink, when it wants them: TraceSink::on_mem)
  TraceSink* state_sink = nullptr;  // warp states over time and one watched warp's (sink, when it wants them)
};

class Sm {
 public:
  Sm(std::uint32_t id, KernelContext& k);

  // Makes CTA `cta` resident at `now`: its warps take free slots, their sub-partitions are due now.
  void place(source::CtaSlot cta, Cycle now);
  // Sub-partition `sub` at `now`: runs folded instructions at warps' heads, counts every warp's state, and
  // returns the slot the scheduler picks (-1: no warp ready). Sets its next wake-up times.
  std::int64_t scan(std::uint32_t sub, Cycle now);
  // Issues the next instruction of the warp in `slot` at `now`.
  void issue(std::uint32_t slot, Cycle now);
  // Re-reads the warps of CTA `cta` after an asynchronous event changed it (a copy landed, a try_wait's time limit
  // passed): those that can run now may issue from `now`.
  void wake_cta(source::CtaSlot cta, Cycle now);
  // Retires its CTAs that are done (in placement order) and whose stores are acknowledged by `now`: trace events,
  // slots freed. Returns how many.
  unsigned retire(Cycle now, std::vector<source::CtaSlot>& retired);
  // The earliest cycle a CTA that is done but draining its stores retires (never: none is).
  Cycle next_retire() const { return next_retire_; }
  // Whether retire() has anything to look at now: a warp exited since the last look, or acknowledgements are due.
  bool retire_due(Cycle now) const { return check_done_ || now >= next_retire_; }

  bool has_ctas() const { return !ctas_.empty(); }
  source::CtaSlot first_cta() const { return ctas_.front(); }
  std::uint32_t sub_partitions() const { return static_cast<std::uint32_t>(subs_.size()); }
  const SubPartition& sub(std::uint32_t i) const { return subs_[i]; }
  std::uint32_t wake_key(std::uint32_t sub) const { return id_ * sub_partitions() + sub; }

  // Resident warps that have not exited (or wait after EXIT for their stores) at the sub-partitions' last scans.
  std::uint64_t active_warps() const { return active_warps_; }

  // Cycle accounting, added by the GPU loop.
  std::uint64_t active_cycles = 0;       // cycles with a resident CTA
  std::uint64_t warp_cycles_active = 0;  // resident, not exited warps summed over those cycles

  const SmemStats& smem_stats() const { return smem_.stats(); }
  const Lsu& lsu() const { return lsu_; }
  const TmaUnit& tma() const { return tma_; }
  const AsyncStats& async_stats() const { return async_; }
  const TensorStats& tensor_stats() const { return tensor_; }

 private:
  struct Slot {
    bool used = false;
    source::CtaSlot cta = 0;
    std::uint32_t index = 0;  // warp index in the CTA
    std::uint64_t age = 0;
    Scoreboard sb;
    Cycle earliest{0};       // no issue before (placement, barrier release, branch fetch, expanded ops)
    Cycle fp32_next{0};      // its next FP32 instruction: one per pipe.fp32.interval from one warp, whichever FMA unit
                             // is free (traces/ubench_pipe_tput: a lone warp's FFMAs go at IMAD's rate)
    Cycle barrier_until{0};  // released from a barrier, may issue from this cycle
    bool waiting = false;    // the source has nothing runnable (barrier, warp-sync)
    bool exited = false;
    Cycle issued_until{0};  // the cycle after its last issue (for trace sinks)
    Cycle drain{0};         // its last store's acknowledgement
    // What ready() derived from this warp's own state, kept until the warp issues or a barrier changes it.
    bool dirty = true;
    bool pc_known = false;  // known_pc holds the next pc its last issue left (ready() need not ask the source)
    std::uint32_t known_pc = 0;
    bool never = false;    // nothing runnable
    Cycle own{0};          // max(earliest, dependences) of the next instruction
    Cycle dep{0};          // when its last pending operand lands
    bool dep_mem = false;  // that operand comes from memory
    lower::OpClass cls = lower::OpClass::Int;
    bool mio = false;     // the next instruction is a memory one (held while its port replays a conflict)
    bool folded = false;  // the next instruction issues nothing (folded or merged)
    std::uint64_t folded_count = 0;
    Cycle wide_ready{0};  // when the last shared access it issued lands (for merged followers)
    Cycle wide_global_ready{0};  // when the last LDG/STG.64/.128 it issued lands (for merged followers)
  };
  struct Readiness {
    Cycle at;  // when it could issue (never: waits in the source)
    bool on_dep = false, on_mem = false;
  };
  Readiness ready(Slot& w, const SubPartition& sp, unsigned sub, Cycle now);
  void count_expansion(std::uint32_t sass, LaneMask active);
  void count_dsmem(const source::MemAccess& m, LaneMask lanes);
  void count_bulk(const source::Issued& r);
  void trace_issue(std::uint32_t slot, const source::Issued& r, Cycle now);
  // Tells KernelContext::mem_sink about a shared (`shared`) or global/local access of `lanes` just charged.
  // `costed`: false for a part of a wide access whose wavefronts or sectors its leader's event carries (0 here).
  // `access`: what was charged when it is not r.mem (the leader of an LDG/STG.64/.128: its lanes' wide bytes).
  void trace_mem(std::uint32_t slot, const source::Issued& r, LaneMask lanes, bool shared, bool merged,
                 bool costed = true, const source::MemAccess* access = nullptr);

  std::uint32_t id_;
  KernelContext& k_;
  AsyncStats async_;
  TensorStats tensor_;
  std::vector<std::uint64_t> blocks_;  // scratch of count_dsmem
  std::vector<Slot> slots_;
  std::vector<SubPartition> subs_;
  SmemUnit smem_;
  BarrierUnit barrier_;
  Lsu lsu_;
  TmaUnit tma_;
  std::vector<source::CtaSlot> ctas_;  // resident, in placement order
  bool check_done_ = false;
  Cycle next_retire_ = Cycle::never();  // a done CTA's acknowledgements arrive then
  Cycle dsmem_free_{0};                 // this SM's DSMEM port is busy until then (cluster.dsmem_bytes_per_cycle)
  source::MemAccess scratch_access_;   // scratch: an LDS/STS.64/.128 leader's access at the group's width, a
                                       // cp.async's write into shared memory
  std::vector<Cycle> data_back_;        // scratch: when each bulk copy of an issue has its data back
  std::uint64_t active_warps_ = 0;  // a warp exited since the last retire()
  // The warp k_.state_sink watches, if it is on this SM: its slot and sub-partition (kNoWatch: none), its state at
  // its sub-partition's last scan (TraceSink::on_watched_warp's numbers; -2 before the first).
  static constexpr std::uint32_t kNoWatch = ~0u;
  std::uint32_t watch_slot_ = kNoWatch, watch_sub_ = kNoWatch;
  int watch_state_ = -2;
  template <bool Watch>
  std::int64_t scan_impl(std::uint32_t sub, Cycle now);
};

}  // namespace warpsim::timing
