// The architectural state of a running grid: warps (registers, per-lane control state, divergence paths),
// CTAs (shared memory, local memory, named barriers) and what a launch shares (program, parameters,
// global and constant memory, printf output).
//
// Models: SIMT divergence as a tree of paths. A path is a set of lanes at one pc with a reconvergence pc
// (rpc). A divergent branch turns the running path into a parent waiting at the branch's immediate
// post-dominator and creates one child per target; a child that reaches its rpc is done, and when the last
// child is done the parent runs again with every lane that has not exited. Under `ipdom_stack` only the
// newest path runs (a pre-Volta SIMT stack); under `independent` (Volta+ independent thread scheduling)
// sibling paths interleave: a path yields to the next runnable one when it takes a backward branch or
// blocks, so a lane spinning on another lane of its own warp lets that lane run. Reconvergence at the
// post-dominator models the convergence barriers the compiler inserts on sm_70 and later. Where ptxas puts a
// YIELD (an mbarrier wait loop, Program::yield_at) the path leaves its innermost divergent region, whose other lanes
// go on past the reconvergence point without it (the GPU's BSYNC does not wait for a thread that yielded), lets
// another path run, and merges with a path that yielded at the same pc (traces/ubench_tma_ring's split loop).
// Leaves out: time. Nothing here knows about cycles; %clock reads go through ClockSource.
#pragma once

#include <warpsim/common/types.hpp>
#include <warpsim/config/gpu_config.hpp>
#include <warpsim/func/cluster.hpp>
#include <warpsim/func/memory.hpp>
#include <warpsim/func/racecheck.hpp>
#include <warpsim/ir/program.hpp>

#include <array>
#include <cstdint>
#include <map>
#include <new>
#include <string>
#include <utility>
#include <vector>

namespace warpsim::func {

// What a path waits for: a CTA barrier, the other lanes of a .sync instruction, an mbarrier phase (a suspended
// mbarrier.try_wait), its lanes' asynchronous copies (cp.async.wait_group/wait_all while the timing model has
// them in flight) or the cluster barrier's phase (barrier.cluster.wait).
enum class Wait : std::uint8_t { None, Barrier, WarpSync, Mbarrier, AsyncCopy, ClusterBarrier };

struct Path {
  std::uint32_t id = 0;  // unique within the warp (indices shift as paths finish)
  std::uint32_t pc = 0;
  std::uint32_t rpc = ir::kNoPc;  // done when pc == rpc
  LaneMask mask;
  std::int32_t parent = -1;
  std::uint16_t children = 0;  // live children; a path with children is waiting at pc == their rpc
  bool is_call = false;        // created by a call: rpc is the return address
  Wait wait = Wait::None;
  std::uint8_t barrier = 0;  // Wait::Barrier: the barrier id
  LaneMask sync_lanes;       // Wait::WarpSync: the lanes that executed the .sync instruction
  std::uint64_t suspend = 0;  // Wait::Mbarrier: the suspension's token (Issued::suspend)
  std::uint32_t branch = ir::kNoPc;  // the divergent branch whose region this path is a piece of (none: not a child)
  std::uint32_t last = ir::kNoPc;  // the pc of the last instruction this path executed (for a new child: the branch)
  bool yielded = false;            // it ran ptxas's YIELD at its pc (Program::yield_at) and has not executed it since
};

// A wgmma.mma_async of a warp that no wgmma.wait_group has covered yet (exec_wgmma.cpp). Its results are in the
// registers from issue on (functionally), but reading or writing them, or A's registers, before the covering wait is
// undefined on the GPU: warpsim faults.
struct WgmmaPending {
  std::uint64_t id = 0;     // its source::AsyncId with a timing driver (landed when the driver says so), else 0
  std::uint64_t group = 0;  // the warp's wgmma commit count at issue: committed once the count is past it
  std::uint32_t pc = 0;
  bool landed = false;
  std::vector<std::uint32_t> regs;  // D's register slots, and A's when A comes from registers
};

// Zeroed memory: calloc below 1 MiB, fresh anonymous pages (mmap) from there on, which cost nothing until touched
// (calloc of a block malloc recycles clears it). Defined in grid.cpp.
void* zeroed_alloc(std::size_t bytes);
void zeroed_free(void* p, std::size_t bytes) noexcept;

// An allocator whose memory starts zeroed (zeroed_alloc) and whose value-initialisation writes nothing: a new vector
// of it sized n reads as n zeros without a memset, and a large one touches only the pages used. For a warp's
// registers (thousands of slots in an unrolled wgmma kernel, most never written by a given warp). Never resize()
// one that held data: the new elements would keep it.
template <class T>
struct ZeroedAllocator {
  using value_type = T;
  ZeroedAllocator() = default;
  template <class U>
  ZeroedAllocator(const ZeroedAllocator<U>&) noexcept {}
  T* allocate(std::size_t n) { return static_cast<T*>(zeroed_alloc(n * sizeof(T))); }
  void deallocate(T* p, std::size_t n) noexcept { zeroed_free(p, n * sizeof(T)); }
  template <class U>
  void construct(U*) noexcept {}  // value-initialisation: the memory is zero already
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
  template <class U>
  bool operator==(const ZeroedAllocator<U>&) const noexcept {
    return true;
  }
};

// A shared-memory operand of wgmma.mma_async decoded once (exec_wgmma.cpp): the four warps of a warpgroup, and the
// warpgroups of a CTA, read the same B (the same descriptor over the same bytes) and each computes its 16 rows. An
// entry is reused only when the descriptor, the types and layout and every byte it read are the same: a memo of a
// pure function of those, so no result depends on it.
struct WgmmaOperandCache {
  std::uint64_t desc = 0, key = 0, used = 0;
  bool valid = false;
  std::uint32_t lo = 0, hi = 0;     // the shared-memory bytes it covers, [lo, hi)
  std::vector<std::uint8_t> raw;    // the bytes it read, in gather order (16-byte chunks)
  std::vector<std::uint64_t> bits;  // element (k, j) at k * N + j: the raw elements
  std::vector<double> values;       // element (k, j) at j * K + k: the floating values
  std::vector<double> scales;       // the same elements' alignment scales (mma_numerics.hpp, element_scale)
  std::vector<double> values_kn;    // the floating values again, element (k, j) at k * N + j (row-at-a-time sums)
  std::vector<int> exps_kn;         // their scales' exponents (mma::scale_exp; kZeroExp for 0), the same way
  bool finite = true;               // every floating value finite
};

struct Warp {
  std::uint32_t index = 0;  // within the CTA
  LaneMask valid;           // lanes that exist (a partial last warp has fewer)
  LaneMask exited;
  std::vector<std::uint64_t, ZeroedAllocator<std::uint64_t>> regs;  // slot * 32 + lane
  std::vector<std::uint8_t> param_func;  // lane * Program::param_func_size
  std::array<std::vector<std::uint32_t>, kWarpSize> ret_stack;
  std::vector<Path> paths;   // parents before children
  std::int32_t current = 0;  // the path that runs next
  std::uint32_t next_path_id = 1;
  std::uint64_t warp_insts = 0, thread_insts = 0;
  std::uint64_t mma_flops = 0;  // 2 M N K of each mma (its part of a wgmma.mma_async: 16 rows) it executed
  std::uint32_t printf_seq = 0;
  std::uint32_t last_pc = ir::kNoPc;  // the instruction it executed last (reports)
  // Time limits of its suspended try_waits in a row with no mbarrier of the CTA changed in between (deadlock
  // detection: FunctionalSource::kIdleTimeoutLimit), and CtaAsync::epoch at the last one.
  std::uint32_t idle_timeouts = 0;
  std::uint64_t timeout_epoch = ~std::uint64_t{0};
  std::vector<WgmmaPending> wgmma;  // its wgmma.mma_async not yet waited for, in issue order
  std::vector<std::uint32_t> wgmma_slots;  // the register slots of `wgmma`, sorted, each once
  std::uint64_t wgmma_issued = 0, wgmma_commits = 0;

  bool done() const { return paths.empty(); }
  Path* find_path(std::uint32_t id) {
    for (auto& p : paths)
      if (p.id == id) return &p;
    return nullptr;
  }
  std::uint64_t& reg(std::uint32_t slot, unsigned lane) { return regs[std::size_t{slot} * kWarpSize + lane]; }
  std::uint64_t reg(std::uint32_t slot, unsigned lane) const { return regs[std::size_t{slot} * kWarpSize + lane]; }
};

struct NamedBarrier {
  std::uint32_t arrived = 0;   // threads arrived in this generation
  std::uint32_t expected = 0;  // from the instruction's count operand; 0 = every non-exited thread
  std::uint32_t red_popc = 0;
  bool red_and = true, red_or = false;
};

// The addresses a CTA has accessed in one memory region, [lo, hi): the watchdog counts an access outside it
// (memory the CTA had not touched) as progress.
struct TouchedRange {
  std::uint64_t lo = ~std::uint64_t{0}, hi = 0;
  // Extends the range over [a, a + n); true if it grew.
  bool extend(std::uint64_t a, std::uint64_t n) {
    const bool grew = a < lo || a + n > hi;
    if (a < lo) lo = a;
    if (a + n > hi) hi = a + n;
    return grew;
  }
};

// What a CTA did since it last made progress (a thread exited or it touched memory it had not touched): the
// watchdog's counts.
struct IdleStats {
  std::uint64_t insts = 0;     // warp-instructions
  std::uint64_t barriers = 0;  // barrier openings
  std::uint64_t rewrites = 0;  // stores and atomics that changed memory the CTA had touched before
};

// One cp.async warp-instruction whose bytes have not landed: per lane the shared-memory destination and the bytes
// read from global memory at issue (src-size zero-filled), written to shared memory when it completes.
struct CopyBatch {
  std::uint64_t id = 0;  // its source::AsyncId
  std::uint32_t warp = 0, pc = 0;
  std::uint8_t size = 0;  // cp-size, bytes per lane
  LaneMask lanes;
  std::array<std::uint32_t, kWarpSize> dst{};
  std::array<std::array<std::uint8_t, 16>, kWarpSize> data{};
};

// One thread's cp.async bookkeeping: groups committed so far (the group number of its next copies), its copies in
// flight (batch id, group) and its pending cp.async.mbarrier.arrive operations, each waiting for every copy the
// thread issued before it (batch ids below `before`).
struct ThreadCopies {
  struct InFlight {
    std::uint64_t batch = 0, group = 0;
  };
  struct Trigger {
    std::uint64_t before = 0;
    std::uint32_t mbarrier = 0, pc = 0;  // shared offset; the cp.async.mbarrier.arrive (reports)
  };
  std::uint64_t commits = 0;
  std::vector<InFlight> in_flight;
  std::vector<Trigger> triggers;
};

// One lane's bulk or tensor copy (cp.async.bulk*, cp.reduce.async.bulk*) whose effect has not landed: its source
// bytes, read at issue (a TMA load's box already laid out and swizzled as shared memory will hold it), and the
// pieces of its destination they go to when it completes (src/func/exec_bulk.cpp). A .multicast::cluster load puts
// one in each destination CTA's list; those in another CTA than the issuing one are `incoming`.
struct BulkOp {
  struct Piece {
    Addr at = 0;                // the destination: an offset in the CTA's shared memory, or a global address
    std::uint32_t offset = 0;   // the piece's first byte in `data`
    std::uint32_t bytes = 0;
  };
  std::uint64_t id = 0;  // the source::AsyncId of its warp-instruction (lanes of one instruction share it)
  std::uint32_t thread = 0, pc = 0;  // the issuing thread (in the issuing CTA) and instruction
  bool incoming = false;      // issued by another CTA of the cluster (a multicast): `from` names it
  Dim3 from;                  // incoming: the issuing CTA's id
  bool to_global = false;     // writes global memory (else the CTA's shared memory)
  bool bulk_group = false;    // completes through the thread's bulk-async groups (else complete_tx on `mbarrier`)
  std::uint64_t group = 0;    // bulk_group: the thread's group it belongs to
  std::uint32_t mbarrier = 0;  // else: the mbarrier's shared offset
  std::uint32_t tx = 0;        // bytes it completes on that mbarrier
  std::uint8_t red = 0;        // 0 a copy, else 1 + ir::AtomOp applied element by element
  std::uint8_t red_type = 0;   // a reduction's element type (ir::ScalarType)
  std::vector<Piece> pieces;
  std::vector<std::uint8_t> data;
};

// A CTA's mbarriers and asynchronous copies. Each mbarrier's state is the 8 bytes at its shared-memory offset
// (exec_async.cpp says the encoding); `mbarriers` names the offsets that hold an initialized one (for use before
// init and after inval) with the number of phases each completed (reports).
struct CtaAsync {
  std::map<std::uint32_t, std::uint64_t> mbarriers;
  std::vector<CopyBatch> batches;       // cp.async warp-instructions in flight
  std::vector<ThreadCopies> threads;    // by thread (warp * 32 + lane), sized at the first cp.async
  std::vector<BulkOp> bulk;             // bulk and tensor copies in flight, in issue order
  std::vector<std::uint64_t> bulk_commits;  // by thread: bulk-async groups committed (sized at the first bulk op)
  std::uint64_t epoch = 0;              // mbarrier updates so far (deadlock detection)
  bool phase_completed = false;         // set by a phase completion, cleared by whoever releases its waiters
};

struct Cta {
  std::uint64_t linear = 0;  // linear CTA id in the grid (x fastest)
  Dim3 id;
  std::uint32_t sm = 0;
  std::vector<std::uint8_t> smem;   // static + dynamic shared memory
  std::vector<std::uint8_t> local;  // thread * Program::local_size
  std::vector<Warp> warps;
  std::uint32_t threads = 0, threads_exited = 0;
  std::array<NamedBarrier, 16> barriers{};
  IdleStats idle;                              // since this CTA last made progress (watchdog)
  TouchedRange touched_shared, touched_local;  // offsets this CTA has accessed (local: per-thread offsets)
  std::vector<TouchedRange> touched_global;    // per GlobalMemory region, in its order
  CtaAsync async;
  CtaRaces races;  // --racecheck: its asynchronous copies' shared-memory ranges (func/racecheck.hpp)
  // Its cluster (func/cluster.hpp; owned by the functional source) and rank in it; null: no cluster launch.
  ClusterState* cluster = nullptr;
  std::uint32_t rank = 0;
  std::uint32_t slot = 0;  // the source's slot for it (source::CtaSlot)
  // barrier.cluster per thread: 0 = not arrived, else 1 + the cluster barrier phase it arrived in.
  std::vector<std::uint64_t> cluster_arrived;
  TouchedRange touched_dsmem;  // shared::cluster addresses of other CTAs it accessed (watchdog)
  // Per warpgroup (4 consecutive warps): the pcs of the wgmma.mma_async its warps issued, from the `base`-th on, that
  // not every warp of it has issued yet: each warp's n-th must be the same instruction (exec_wgmma.cpp).
  struct WarpgroupSeq {
    std::uint64_t base = 0;
    std::vector<std::uint32_t> pcs;
  };
  std::vector<WarpgroupSeq> warpgroups;
  // setmaxnreg (exec_wgmma.cpp): each warp's registers per thread, from Launch::regs_per_thread on (empty until the
  // first setmaxnreg), and the CTA's pool: its threads' registers at launch.
  std::vector<unsigned> warp_regs;
  std::uint64_t reg_pool = 0;
  // wgmma.mma_async's B operands decoded (exec_wgmma.cpp), the least recently used one replaced.
  std::array<WgmmaOperandCache, 4> wgmma_b;
  std::uint64_t wgmma_b_uses = 0;
  bool done() const { return threads_exited == threads; }
};

struct PrintfRecord {
  std::uint64_t cta = 0;
  std::uint32_t warp = 0, seq = 0, lane = 0;
  std::string text;
};

// Where %clock, %clock64 and %globaltimer come from: the timing model gives cycles; functional runs give a
// deterministic count of the warp's executed instructions.
class ClockSource {
 public:
  virtual ~ClockSource() = default;
  virtual std::uint64_t cycles(const Cta& cta, const Warp& warp) const = 0;
  virtual std::uint64_t nanoseconds(const Cta& cta, const Warp& warp) const = 0;
};

struct Launch {
  const ir::Program* prog = nullptr;
  Dim3 grid, block, cluster;  // cluster: 1x1x1 without clusters
  // %is_explicit_cluster: launched with a cluster shape (the run config's `cluster`, .reqnctapercluster or
  // .explicitcluster).
  bool explicit_cluster = false;
  std::vector<std::uint8_t> params;  // kernel parameter buffer
  GlobalMemory* global = nullptr;
  const std::vector<std::uint8_t>* const_bank = nullptr;
  std::uint32_t dynamic_smem = 0;
  int preferred_carveout = -1;  // cudaFuncAttributePreferredSharedMemoryCarveout, percent; -1 = not set (timing only)
  std::uint32_t num_sms = 1;
  std::uint64_t gridid = 1;
  config::Reconvergence model = config::Reconvergence::Independent;
  // sm.mma_align_bits: the precision of an f32-accumulating mma.sync's aligned sum (src/func/exec_matrix.cpp).
  unsigned mma_align_bits = config::GpuConfig{}.mma_align_bits;
  // sm.wgmma_fp8_sum_bits: the precision of an e4m3/e5m2 wgmma's aligned sum (src/func/exec_wgmma.cpp).
  unsigned wgmma_fp8_sum_bits = config::GpuConfig{}.wgmma_fp8_sum_bits;
  // The kernel's registers per thread (ptxas or the run config), for setmaxnreg; 0 when not known.
  unsigned regs_per_thread = 0;
  // sm.tma_nan_fill_pattern: the 16 bits a tensor load repeats over an element outside the tensor (NaN fill).
  unsigned tma_nan_fill_pattern = config::GpuConfig{}.tma_nan_fill_pattern;
  const ClockSource* clock = nullptr;
  // Whether a driver (the timing model) completes asynchronous copies through FunctionalSource::complete; if not,
  // the executor completes a thread's copies at the first instruction that needs them (cp.async.wait_group/wait_all,
  // cp.async.mbarrier.arrive) or when it exits.
  bool async_driven = false;
  std::uint64_t next_async = 1;  // the next source::AsyncId
  // The next try_wait suspension token (Issued::suspend): unique in the launch, so a time limit that passes after
  // its wait ended never names a later wait, even one of a CTA that reuses the slot.
  std::uint64_t next_suspend = 1;
  std::vector<PrintfRecord> printf;
  // Set by a step, for the watchdog: progress (a lane exited, or the CTA touched memory it had not touched), a
  // barrier opened, a store or atomic changed memory.
  bool progress = false, barrier_opened = false, wrote = false;
  // Set by a step: CTAs of the cluster other than the issuing one whose waiting warps it may have released (a
  // barrier.cluster phase completed, a remote mbarrier arrive), with their SMs; the source reports them
  // (source::Issued::peers) so the timing model looks at them again. `barrier`: by a barrier.cluster phase.
  struct Woke {
    Cta* cta = nullptr;
    bool barrier = false;
  };
  std::vector<Woke> woke;
  bool cluster_phase = false;  // set by a step that completed a barrier.cluster phase
  // Set by a step after which paths of a diverged warp came together again: the last child path of a divergent
  // branch reached the reconvergence point, or a warp-synchronising instruction (bar.warp.sync,
  // shfl/vote/match/redux.sync, elect) completed with lanes of more than one path waiting at it: the kind
  // (source::kReconvergeBranch, kReconvergeSync or, for the second, kReconvergeCollective; the larger kept when
  // several happen), 0 for none.
  std::uint8_t reconverged = 0;
  // --racecheck: where hazards between asynchronous copies and generic shared-memory accesses go (func/racecheck.hpp);
  // null: off, and nothing is tracked or checked.
  RaceLog* race = nullptr;
};

}  // namespace warpsim::func
