// The instruction stream as the timing model sees it: an interface between timing/ (which asks) and func/ (which
// implements it by executing PTX). A scripted mock in the tests is another implementation; a trace reader could be
// a third. The source owns all architectural state (CTAs, warps, registers, memory, divergence paths); the timing
// model owns time and decides when each warp issues.
//
// Models:
//   CTAs       the timing model makes a CTA resident (start_cta), asks when it is done and retires it
//              (finish_cta, which adds its instruction counts to counts()).
//   warps      next_pc says which instruction a warp would run next, or kNoPc when none of its lanes can run
//              (all wait at a barrier or a warp-synchronous instruction, or all exited); the static facts of that
//              pc (pipe, registers read and written, how ptxas issues it) are in the lowered program
//              (lower/lowered.hpp) whose code the source runs, which the timing model is given with it. issue()
//              executes it: which lanes ran and what memory they touched.
//   time       %clock/%globaltimer reads come from the Timebase the timing model attaches for the kernel's run;
//              with none attached the source uses its own deterministic clock.
//   progress   the no-progress watchdog and the deadlock report live in the source (once for functional and
//              timed runs): issue() throws ErrorKind::Deadlock for a livelock, deadlock() for a CTA whose warps
//              all wait.
//   async      operations issued now whose effects land later (bulk copies, mbarrier phases, accumulators): the
//              source holds their effects as pending, tagged with an AsyncId that the issuing step reports; the
//              driver applies them with complete() when its model says they land. cp.async issues one per
//              warp-instruction (its bytes land in shared memory at complete(); a functional run without a driver
//              completes them at the thread's next wait instead). A suspended mbarrier.try_wait is another kind of
//              pending effect: the driver ends it with expire_wait() when its time limit passes. Bulk and tensor copies
//              (cp.async.bulk*) issue one per warp-instruction too, and say what they ask of the TMA unit in
//              Issued::bulk (one entry per executing lane) with the global memory each reads or writes (spans). A
//              .multicast::cluster load also lands in other CTAs of the cluster: each such delivery is its own
//              pending effect (Issued::deliveries: the CTA, its SM, the AsyncId that complete() lands there).
// Leaves out: timing of any kind, and which SM a CTA's state lives on beyond the %smid it reads.
#pragma once

#include <warpsim/common/types.hpp>
#include <warpsim/ir/instr.hpp>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace warpsim::source {

inline constexpr std::uint32_t kNoPc = 0xffffffffu;

// A shared::cluster lane's address in another CTA's shared memory is ((rank + 1) << kRemoteSharedShift) | offset;
// in the executing CTA's own shared memory it is the plain offset (below 1 << kRemoteSharedShift).
inline constexpr unsigned kRemoteSharedShift = 24;
inline constexpr bool remote_shared(Addr a) { return (a >> kRemoteSharedShift) != 0; }

struct MemAccess {
  ir::Space space = ir::Space::None;  // resolved space (generic addresses are resolved per lane; this is the
                                      // space of the first active lane, SharedCluster if any lane is in another
                                      // CTA's shared memory)
  bool store = false, atomic = false;
  std::uint32_t bytes = 0;  // per lane (vector width included)
  LaneMask lanes;
  std::array<Addr, kWarpSize> addr{};  // per lane: the address in its state space
};

// One lane's bulk or tensor copy as the SM's TMA unit sees it (timing/tma_unit.hpp).
struct BulkAccess {
  // Descriptor: prefetch.tensormap (no data; the unit fetches the tensor map at `descriptor` into its cache)
  enum class Kind : std::uint8_t { Load, Store, Reduce, SharedCopy, Prefetch, Descriptor };
  Kind kind = Kind::Load;
  bool tensor = false;
  bool multicast = false;          // .multicast::cluster (loads): its data goes to the CTAs its mask names
  std::uint8_t destinations = 1;   // the CTAs whose shared memory receives the data (a multicast's mask)
  bool half_sector_start = false;  // tensor forms: the box's first row starts 16 bytes into a 32-byte sector
  Addr descriptor = 0;             // tensor forms: the tensor map's address (the unit caches descriptors by it)
  std::uint32_t shared_bytes = 0;  // bytes written to (Load, SharedCopy) or read from (Store, Reduce) shared memory
  std::uint32_t first_span = 0, spans = 0;  // its range of Issued::spans
};
// A run of global memory a bulk copy reads or writes (out-of-bounds box elements touch none).
struct Span {
  Addr at = 0;
  std::uint32_t bytes = 0;
};

using CtaSlot = std::uint32_t;  // a resident CTA, as the source numbers them (reused after finish_cta)
using AsyncId = std::uint64_t;  // a pending asynchronous operation; 0 = none
inline constexpr AsyncId kNoAsync = 0;

// A multicast load's copy into another CTA of the cluster (its shared memory and mbarrier): lane copy `bulk` of
// Issued::bulk delivers it, complete(id) lands it.
struct Delivery {
  CtaSlot cta = 0;
  std::uint32_t sm = 0;
  AsyncId id = kNoAsync;
  std::uint32_t bulk = 0;
};

// Issued::reconverged: where a diverged warp came together again.
inline constexpr std::uint8_t kReconvergeBranch = 1, kReconvergeSync = 2, kReconvergeCollective = 3;

// A CTA of the issuing CTA's cluster that an issue may have changed (its warps waiting on the cluster barrier or on
// an mbarrier released), and the SM it runs on.
struct PeerWake {
  CtaSlot cta = 0;
  std::uint32_t sm = 0;
  bool barrier = false;  // released by a barrier.cluster phase (else: a remote mbarrier arrive)
};
struct Issued {
  enum class Kind : std::uint8_t { Executed, Blocked, Done } kind = Kind::Done;
  std::uint32_t pc = 0;
  LaneMask active;    // lanes of the path that issued
  LaneMask executed;  // active lanes whose guard was true
  bool has_mem = false;
  MemAccess mem;
  // A cp.async (non-bulk): each executing lane's destination in shared memory (addr; bytes = the cp-size; set only
  // for cp.async, whose `mem` holds the global side): where the LSU writes the lanes it fills itself.
  std::array<Addr, kWarpSize> async_dst{};
  AsyncId async = kNoAsync;  // an asynchronous operation of this CTA this step started (complete() applies it)
  std::vector<BulkAccess> bulk;  // cp.async.bulk*: what each executing lane's copy asks of the TMA unit
  std::vector<Span> spans;       // their global memory
  std::vector<Delivery> deliveries;  // .multicast::cluster: their copies into other CTAs of the cluster
  // A try_wait suspended lanes of this warp on an incomplete mbarrier phase (0: none): they resume when the phase
  // completes, or when the driver calls expire_wait(cta, warp, suspend) after the time limit (`suspend_ns`, the
  // instruction's suspendTimeHint, or 0 for the system's limit).
  std::uint64_t suspend = 0;
  std::uint32_t suspend_ns = 0;
  // Other CTAs of the cluster this step may have released (barrier.cluster, remote mbarrier arrive).
  std::vector<PeerWake> peers;
  bool cluster_phase = false;  // this step completed a barrier.cluster phase
  // After this step paths of the diverged warp came together again (Launch::reconverged): kReconvergeBranch at a
  // divergent branch's reconvergence point (ptxas's BSYNC), kReconvergeSync at a reconvergence point where a
  // bar.warp.sync reunites the region (WARPSYNC), kReconvergeCollective at a warp-synchronising instruction that lanes
  // of several paths completed (WARPSYNC.COLLECTIVE); 0: not.
  std::uint8_t reconverged = 0;
  // The path arrived at ptxas's YIELD (ir::Program::yield_at: the head of an mbarrier wait loop, on every arrival or
  // only through its back edge) and ran it.
  bool yielded = false;
  // The issuing warp just after the step (what next_pc, warp_runnable and warp_done would answer now; an
  // Executed step sets them): read while the warp is hot, so the caller need not ask again.
  std::uint32_t next_pc = kNoPc;
  bool runnable = false, done = false;
};

struct Counts {
  std::uint64_t ctas = 0, warps = 0, warp_instructions = 0, thread_instructions = 0;
  std::uint64_t mma_flops = 0;  // 2 M N K per mma and wgmma.mma_async executed (Warp::mma_flops)
};

// The timing model's clock, read by %clock, %clock64 and %globaltimer.
class Timebase {
 public:
  virtual ~Timebase() = default;
  virtual std::uint64_t cycles() const = 0;
  virtual std::uint64_t nanoseconds() const = 0;
};

class InstructionSource {
 public:
  virtual ~InstructionSource() = default;

  // Makes CTA `linear` of the grid resident, reading %smid = sm; returns its slot.
  virtual CtaSlot start_cta(std::uint64_t linear, std::uint32_t sm) = 0;
  virtual std::uint32_t warps(CtaSlot cta) const = 0;
  virtual Dim3 cta_id(CtaSlot cta) const = 0;
  virtual std::uint64_t cta_linear(CtaSlot cta) const = 0;
  virtual bool cta_done(CtaSlot cta) const = 0;
  // Retires a done CTA: its counts go to counts(), its slot is free.
  virtual void finish_cta(CtaSlot cta) = 0;

  virtual std::uint32_t next_pc(CtaSlot cta, std::uint32_t warp) const = 0;
  // Whether some lanes of the warp could run now (under ipdom_stack, lanes below the top of the SIMT stack can be
  // runnable while next_pc is kNoPc).
  virtual bool warp_runnable(CtaSlot cta, std::uint32_t warp) const = 0;
  virtual bool warp_done(CtaSlot cta, std::uint32_t warp) const = 0;
  // The result stays valid until the next issue() on this source.
  virtual const Issued& issue(CtaSlot cta, std::uint32_t warp) = 0;
  // Warp-instructions the warp has executed so far.
  virtual std::uint64_t warp_instructions(CtaSlot cta, std::uint32_t warp) const = 0;

  // Throws ErrorKind::Deadlock describing where every unfinished warp of the CTA waits.
  [[noreturn]] virtual void deadlock(CtaSlot cta) const = 0;
  // Applies the effects of a pending asynchronous operation (warps it releases become runnable).
  virtual void complete(AsyncId op) = 0;
  // The time limit of the try_wait suspension `token` of the warp has passed: its lanes resume with false unless
  // their phase completed (a stale token, of a wait that ended or of a finished CTA, does nothing). Throws
  // ErrorKind::Deadlock when the CTA's mbarrier phases can never complete (every warp waits, nothing in flight, and
  // the warp's try_waits timed out many times in a row with no mbarrier changing: func/functional_source.hpp).
  virtual void expire_wait(CtaSlot cta, std::uint32_t warp, std::uint64_t token) = 0;
  virtual void attach(const Timebase* time) = 0;

  virtual const Counts& counts() const = 0;
};

// Attaches a Timebase to a source for a scope (RAII: the source's own clock is back afterwards).
class TimebaseScope {
 public:
  TimebaseScope(InstructionSource& src, const Timebase* t) : src_(src) { src_.attach(t); }
  ~TimebaseScope() { src_.attach(nullptr); }
  TimebaseScope(const TimebaseScope&) = delete;
  TimebaseScope& operator=(const TimebaseScope&) = delete;

 private:
  InstructionSource& src_;
};

}  // namespace warpsim::source
