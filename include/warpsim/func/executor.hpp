// The functional executor: executes one warp-instruction at a time and reports what it did.
//
// Models: PTX semantics per lane under the active mask and guard predicate; divergence and reconvergence
// (see func/state.hpp); CTA barriers (bar.sync/bar.arrive/bar.red with named barriers and thread counts);
// warp-synchronous primitives with member masks; memory spaces with bounds checking; calls, printf.
// step() executes and returns a StepResult saying which pc and lanes ran and which addresses they touched; the
// functional source (func/functional_source.hpp) wraps it as the instruction stream the timing model pulls from.
// No notion of time.
// Leaves out: scheduling across warps and CTAs (func/grid.hpp for functional runs, timing/ otherwise).
#pragma once

#include <warpsim/func/state.hpp>
#include <warpsim/source/instruction_source.hpp>

#include <array>
#include <cstdint>
#include <string>

namespace warpsim::func {

struct InstrContext;  // src/func/context.hpp

using MemAccess = source::MemAccess;  // what one warp-instruction touched (source/instruction_source.hpp)

// What one step did: the source's Issued (pc, lanes, memory access) and the instruction itself.
struct StepResult : source::Issued {
  const ir::Instr* instr = nullptr;
  std::uint32_t path_id = 0;  // Path::id of the path that executed
};

class Executor {
 public:
  explicit Executor(Launch& launch) : L_(launch) {}

  // Creates CTA `linear` of the grid with its warps, shared and local memory.
  void init_cta(Cta& cta, std::uint64_t linear, std::uint32_t sm) const;
  // Executes the next instruction of the warp's current path. Blocked: every path waits (barrier or
  // warp-sync); Done: every lane exited.
  StepResult step(Cta& cta, Warp& warp) {
    StepResult r;
    step(cta, warp, r);
    return r;
  }
  // The same into `r`, reused between steps (only the fields this step sets change; r.mem.addr holds the lanes of
  // r.mem.lanes).
  void step(Cta& cta, Warp& warp, StepResult& r);
  // True if some path of the warp can execute now.
  static bool runnable(const Warp& w);
  // The index of the path the next step() will run, -1 if none can run; changes nothing (the timing model
  // reads the next instruction's registers before issuing it).
  std::int32_t next_path(const Warp& w) const;

  Launch& launch() { return L_; }

  // Asynchronous operations (exec_async.cpp). Lands the cp.async or bulk-copy warp-instruction `id` of the CTA: its
  // bytes in shared (or global) memory, the cp.async.mbarrier.arrive operations it held back, the complete_tx of a
  // bulk copy, the waits it satisfies.
  void complete_copy(Cta& cta, std::uint64_t id);
  // Ends try_wait suspensions: of `warp` with `token`, or every one of the CTA when warp is null. Their lanes resume
  // with the phase's completion as it is now. Returns whether any resumed.
  bool expire_waits(Cta& cta, Warp* warp, std::uint64_t token);
  // Whether a path of the warp is suspended in a try_wait with `token` (false once that wait ended).
  static bool suspended(const Warp& w, std::uint64_t token);
  // Whether a path of the CTA (of the warp) is suspended in a try_wait.
  static bool has_suspended(const Cta& cta);
  static bool has_suspended(const Warp& w);
  // Releases the waits of the CTA that an mbarrier phase completed by another CTA (a remote arrive) satisfies.
  void release_mbarrier_waits(Cta& cta) { release_async_waits(cta); }

 private:
  friend struct Lanes;
  // control (exec_control.cpp)
  bool select_path(Warp& w) const;
  void advance(Warp& w, std::int32_t path, std::uint32_t pc, const std::array<std::uint32_t, kWarpSize>& next,
               LaneMask lanes);
  void complete_paths(Warp& w);
  // ptxas's YIELD where a path arrived at one (Program::yield_at); returns whether the issuing path ran one.
  bool settle_yields(Warp& w, std::uint32_t issuing);
  void leave_region(Warp& w, std::int32_t path);
  void step_path(Cta& cta, Warp& w, StepResult& r);
  void exit_lanes(Cta& cta, Warp& w, LaneMask lanes);
  std::uint32_t reconvergence(const Warp& w, std::int32_t path, std::uint32_t pc) const;
  void do_call(Cta& cta, Warp& w, std::int32_t path, const ir::Instr& in, LaneMask lanes);
  void do_ret(Cta& cta, Warp& w, std::int32_t path, const ir::Instr& in, LaneMask active, LaneMask lanes);
  // CTA barriers (exec_sync.cpp)
  bool do_barrier(Cta& cta, Warp& w, std::int32_t path, const ir::Instr& in, LaneMask lanes);
  void try_release_barriers(Cta& cta);
  // warp-synchronous instructions (exec_sync.cpp); returns false if the path now waits
  bool do_warp_sync(Cta& cta, Warp& w, std::int32_t path, const ir::Instr& in, LaneMask lanes);
  void try_complete_warp_sync(Cta& cta, Warp& w);
  void warp_sync_op(Cta& cta, Warp& w, LaneMask lanes);
  // mbarriers and cp.async (exec_async.cpp); returns false if the path now waits
  bool exec_async(Cta& cta, Warp& w, std::int32_t path, const ir::Instr& in, LaneMask lanes, StepResult& r);
  bool exec_mbarrier(Cta& cta, Warp& w, std::int32_t path, const ir::Instr& in, LaneMask lanes, StepResult& r);
  bool exec_cp_async(Cta& cta, Warp& w, std::int32_t path, const ir::Instr& in, LaneMask lanes, StepResult& r);
  void release_async_waits(Cta& cta);
  // A remote arrive or tx-count change on `target`'s mbarrier: releases its waiters if a phase completed, and notes
  // the CTA for the timing model (Launch::woke).
  void remote_mbarrier_changed(Cta& target);
  void complete_thread_copies(Cta& cta, std::uint32_t thread, std::uint64_t group_bound);
  void apply_batch(Cta& cta, std::size_t index);
  void fire_triggers(Cta& cta, std::uint32_t thread);
  void complete_exiting_copies(Cta& cta, LaneMask lanes, const Warp& w);
  // bulk and tensor copies (exec_bulk.cpp)
  bool exec_bulk(Cta& cta, Warp& w, std::int32_t path, const ir::Instr& in, LaneMask lanes, StepResult& r);
  static std::uint64_t bulk_wait_bound(const Cta& cta, const ir::Instr& in, std::uint32_t thread);
  static bool bulk_done(const Cta& cta, std::uint32_t thread, std::uint64_t bound);
  void land_bulk(Cta& cta, std::size_t index);
  void land_bulk_on_mbarrier(Cta& cta, std::uint32_t mbarrier);
  // Lands the thread's bulk-group copies below `group_bound` (all its copies when it is ~0: the thread exits).
  void land_bulk_of_thread(Cta& cta, std::uint32_t thread, std::uint64_t group_bound);
  bool complete_bulk(Cta& cta, std::uint64_t id);
  // --racecheck: watches a bulk copy's shared source [src_lo, src_hi) (if not empty) and shared destination in `cta`;
  // `from`: the issuing CTA when another (a multicast's copy into a peer).
  void watch_ranges(Cta& cta, const BulkOp& op, std::uint32_t src_lo, std::uint32_t src_hi, const Cta* from = nullptr);
  // --functional: lands the bulk copies pending on the mbarriers a test_wait/try_wait of `lanes` waits on.
  void land_waited_bulk(Cta& cta, const InstrContext& cx, LaneMask lanes);
  // clusters (exec_cluster.cpp): mapa/getctarank; barrier.cluster (false if the path now waits); releasing the
  // cluster barrier's waiters when its phase completes; threads of a CTA exiting (fewer to wait for)
  void exec_cluster_addr(Cta& cta, Warp& w, const ir::Instr& in, LaneMask lanes);
  bool do_cluster_barrier(Cta& cta, Warp& w, std::int32_t path, const ir::Instr& in, LaneMask lanes);
  void release_cluster_barrier(Cta& cta);
  void cluster_threads_exited(Cta& cta, std::uint32_t n);
  // per-lane semantics
  void exec_alu(Cta& cta, Warp& w, const ir::Instr& in, LaneMask lanes);
  void exec_mem(Cta& cta, Warp& w, const ir::Instr& in, LaneMask lanes, StepResult& r);
  // ldmatrix, stmatrix, movmatrix, mma.sync (exec_matrix.cpp): the whole warp at once
  void exec_matrix(Cta& cta, Warp& w, const ir::Instr& in, LaneMask active, LaneMask lanes, StepResult& r);
  // wgmma.* (exec_wgmma.cpp): false if the path now waits (wait_group); the fault for an instruction that touches a
  // register of an unfinished wgmma.mma_async; a wait_group's check (erasing what it covers); landing one
  bool exec_wgmma(Cta& cta, Warp& w, std::int32_t path, const ir::Instr& in, LaneMask active, LaneMask lanes,
                  StepResult& r);
  void check_wgmma_registers(Cta& cta, Warp& w, const ir::Instr& in, std::uint32_t pc);
  static void index_wgmma_slots(Warp& w);
  static bool wgmma_wait_done(Warp& w, const ir::Instr& in);
  bool complete_wgmma(Cta& cta, std::uint64_t id);
  // setmaxnreg (exec_wgmma.cpp): false if the path waits for registers (.inc beyond the CTA's pool); whether a
  // waiting .inc now fits (and then takes them)
  bool exec_setmaxnreg(Cta& cta, Warp& w, std::int32_t path, const ir::Instr& in, LaneMask active, LaneMask lanes);
  static bool setmaxnreg_fits(Cta& cta, const Warp& w, const ir::Instr& in);
  // --racecheck: a lane's access to the shared memory of its own CTA or (shared::cluster) of a peer.
  void race_access(Cta& cta, Warp& w, std::uint32_t pc, unsigned lane, ir::Space resolved, Addr off, unsigned bytes,
                   bool write);
  void exec_printf(Cta& cta, Warp& w, const ir::CallSite& site, LaneMask lanes, std::uint32_t pc);

  Launch& L_;
};

// For reports (exec_async.cpp): every initialized mbarrier of the CTA with its phase and counts, one line each
// (each line starts with a newline), and the cp.async warp-instructions in flight.
std::string describe_mbarriers(const Cta& cta);
// The shared-memory offset of the mbarrier an mbarrier instruction (or cp.async.mbarrier.arrive) names for `lane`.
std::uint64_t mbarrier_offset_of(const Launch& L, const Warp& w, const ir::Instr& in, unsigned lane);

}  // namespace warpsim::func
