// mbarriers and Ampere's asynchronous copies (cp.async), per lane in increasing lane order.
//
// Models (PTX ISA 9.x, "mbarrier" and "cp.async"):
//   mbarrier  a 64-bit object in shared memory (.shared/.shared::cta or a generic address into the shared window,
//             8-byte aligned) with a phase, pending and expected arrival counts (1 to 2^20-1) and a tx-count
//             (-(2^20-1) to 2^20-1). A phase completes when its pending arrivals and its tx-count are both zero:
//             the phase flips, pending arrivals start again at the expected count, the tx-count at zero. arrive
//             (count), arrive_drop (also lowers the expected count), .expect_tx, .noComplete, expect_tx,
//             complete_tx, test_wait/try_wait on a state token or a phase parity, pending_count, init, inval.
//             The GPU's encoding is opaque; warpsim keeps the state in the object's own 8 bytes as
//               bits 0-19 pending arrivals, 20-39 expected arrivals, 40-60 tx-count (21-bit two's complement),
//               bit 63 the phase's parity (bits 61-62 zero),
//             so ld.shared of an mbarrier reads something deterministic. The state token of an arrive is the same
//             layout: the arriving phase's parity and the pending arrivals just after the arrive (0 when it completed
//             the phase); pending_count reads bits 0-19 of it. CtaAsync::mbarriers holds which offsets hold an
//             initialized mbarrier: any other operation on an offset that does not (before init, after inval) is a
//             fault, as are counts out of range, arrivals beyond the pending count and a .noComplete arrival that
//             completes its phase.
//   try_wait  with the phase incomplete for every executing lane, the path suspends (Wait::Mbarrier, reported
//             as Issued::suspend). It resumes when a phase it waits for completes, each lane reading whether its
//             phase completed, or when its time limit passes (expire_waits; the driver decides when, a functional
//             run when nothing else of the CTA can run). test_wait never waits.
//   cp.async  each warp-instruction is one CopyBatch: the source bytes are read at issue (src-size of them; the rest
//             of cp-size is zero, as is all of it with ignore-src true), the destination is written when the batch
//             completes. Per thread: commit_group closes a group, wait_group N waits until at most N of its
//             committed groups have copies in flight, wait_all commits and waits for all; cp.async.mbarrier.arrive
//             arrives on an mbarrier once every copy the thread issued before it has completed (without .noinc
//             the pending count is raised by one at issue, so the net effect on the phase is nil).
//             With a driver (Launch::async_driven: the timing model) a batch completes when the driver calls
//             complete_copy, and a wait whose copies are in flight suspends the path (Wait::AsyncCopy). Without
//             one (--functional) a thread's copies complete at the first instruction that needs them: its
//             wait_group/wait_all, its cp.async.mbarrier.arrive (which then arrives at once), or its exit. Either
//             way a read of the destination before the wait sees the old bytes.
//   remote    arrive, arrive_drop (with .expect_tx), expect_tx and complete_tx on a .shared::cluster address (or a
//             generic one) naming another CTA of the cluster act on that CTA's mbarrier and release its waiters; the
//             arrive returns no state (the sink _). The other operations need the executing CTA's own mbarriers.
//   racecheck with Launch::race set, each copy's range, landing and every wait, arrive and phase completion go to
//             race_hooks.hpp (func/racecheck.hpp says what is checked).
// Leaves out: memory-ordering semantics (.release,
// .acquire, .relaxed, scopes: every access is visible at once here), the L2 cache-policy and prefetch hints, and
// reinitialising a live mbarrier (mbarrier.init on it resets it).
#include "race_hooks.hpp"

#include <algorithm>
#include <cstring>

namespace warpsim::func {
namespace {

using ir::CpAsyncOp;
using ir::MbarOp;

constexpr std::int64_t kMaxCount = (1 << 20) - 1;  // the PTX ISA's bound on arrival counts and |tx-count|

struct Mbar {
  std::uint32_t pending = 0, expected = 0;
  std::int32_t tx = 0;
  unsigned parity = 0;
};

Mbar unpack(std::uint64_t v) {
  Mbar m;
  m.pending = static_cast<std::uint32_t>(v & kMaxCount);
  m.expected = static_cast<std::uint32_t>((v >> 20) & kMaxCount);
  const auto tx = static_cast<std::int32_t>((v >> 40) & 0x1fffff);
  m.tx = tx >= (1 << 20) ? tx - (1 << 21) : tx;
  m.parity = static_cast<unsigned>(v >> 63);
  return m;
}

std::uint64_t pack(const Mbar& m) {
  return std::uint64_t{m.pending} | (std::uint64_t{m.expected} << 20) |
         (std::uint64_t{static_cast<std::uint32_t>(m.tx) & 0x1fffffu} << 40) | (std::uint64_t{m.parity} << 63);
}

Mbar load(const Cta& cta, std::uint32_t off) {
  std::uint64_t v;
  std::memcpy(&v, cta.smem.data() + off, 8);
  return unpack(v);
}

void store(Cta& cta, std::uint32_t off, const Mbar& m) {
  const std::uint64_t v = pack(m);
  std::memcpy(cta.smem.data() + off, &v, 8);
}

std::string_view mbar_name(const ir::Instr& in) {
  if (in.op == ir::Op::CpAsync) return "cp.async.mbarrier.arrive";
  switch (in.sub_op<MbarOp>()) {
    case MbarOp::Init: return "mbarrier.init";
    case MbarOp::Inval: return "mbarrier.inval";
    case MbarOp::Arrive: return in.has(ir::kExpectTx) ? "mbarrier.arrive.expect_tx" : "mbarrier.arrive";
    case MbarOp::ArriveDrop: return in.has(ir::kExpectTx) ? "mbarrier.arrive_drop.expect_tx" : "mbarrier.arrive_drop";
    case MbarOp::ExpectTx: return "mbarrier.expect_tx";
    case MbarOp::CompleteTx: return "mbarrier.complete_tx";
    case MbarOp::TestWait: return "mbarrier.test_wait";
    case MbarOp::TryWait: return "mbarrier.try_wait";
    case MbarOp::PendingCount: return "mbarrier.pending_count";
  }
  return "mbarrier";
}

// The mbarrier a lane's address operand names: its CTA and shared-memory offset (8 bytes, in bounds and aligned), for
// an operation that needs an initialized one unless `init`. Only the remote forms (`remote_ok`: arrive, arrive_drop,
// expect_tx, complete_tx) may name another CTA of the cluster (a shared::cluster address, func/cluster.hpp).
struct MbarRef {
  Cta* cta = nullptr;
  std::uint32_t off = 0;
};

MbarRef locate_ref(const InstrContext& cx, const ir::Operand& op, unsigned lane, bool init, bool remote_ok) {
  const Addr a = cx.address(op, lane);
  ir::Space resolved = ir::Space::None;
  Addr off = 0;
  cx.translate(cx.space_of(op), a, 8, lane, true, &resolved, &off);
  MbarRef ref{&cx.cta, 0};
  if (resolved == ir::Space::SharedCluster) {
    const DsmemTarget t = resolve_dsmem(cx.cta.cluster, cx.cta, cx.cta.rank, off);
    if (!remote_ok)
      cx.fault(lane, "{} needs an mbarrier of the executing CTA; address 0x{:x} names CTA rank {} of the cluster",
               mbar_name(cx.in), a, t.rank);
    ref.cta = t.cta;
    off = t.offset;
  } else if (resolved != ir::Space::Shared) {
    cx.fault(lane, "{} needs an mbarrier in shared memory; address 0x{:x} is not in the shared window",
             mbar_name(cx.in), a);
  }
  ref.off = static_cast<std::uint32_t>(off);
  if (!init && !ref.cta->async.mbarriers.contains(ref.off))
    cx.fault(lane,
             "{} on shared address 0x{:x}{}, which holds no initialized mbarrier (used before mbarrier.init, or after "
             "mbarrier.inval)",
             mbar_name(cx.in), ref.off, ref.cta != &cx.cta ? fmt::format(" of CTA rank {}", ref.cta->rank) : "");
  return ref;
}

std::uint32_t locate(const InstrContext& cx, const ir::Operand& op, unsigned lane, bool init) {
  return locate_ref(cx, op, lane, init, false).off;
}

// A count operand in [lo, 2^20-1].
std::uint32_t count_operand(const InstrContext& cx, const ir::Operand& op, unsigned lane, std::uint64_t lo,
                            std::string_view what) {
  const std::uint64_t v = cx.read(op, lane) & 0xffffffffu;
  if (v < lo || v > static_cast<std::uint64_t>(kMaxCount))
    cx.fault(lane, "{} {} {} is outside the PTX ISA's range {} to 2^20-1", mbar_name(cx.in), what, v, lo);
  return static_cast<std::uint32_t>(v);
}

// Completes the phase of `m` if nothing is pending in it.
void maybe_complete(Launch& L, Cta& cta, std::uint32_t off, Mbar& m) {
  if (m.pending != 0 || m.tx != 0) return;
  m.parity ^= 1u;
  m.pending = m.expected;
  ++cta.async.mbarriers[off];
  if (L.race != nullptr) race::phase_completed(cta, off);
  cta.async.phase_completed = true;
  L.barrier_opened = true;
}

// `count` arrivals (with `drop`, leaving the expected count too) on the mbarrier at `off`; the state token.
std::uint64_t arrive(const InstrContext& cx, Cta& cta, unsigned lane, std::uint32_t off, std::uint32_t count,
                     bool drop, bool no_complete) {
  Mbar m = load(cta, off);
  if (count > m.pending)
    cx.fault(lane, "{} of {} arrivals on the mbarrier at shared 0x{:x} is more than the {} arrivals pending in its "
                   "current phase (expected arrivals {})",
             mbar_name(cx.in), count, off, m.pending, m.expected);
  m.pending -= count;
  if (drop) m.expected -= count;
  Mbar token = m;
  if (m.pending == 0 && m.tx == 0 && no_complete)
    cx.fault(lane, "{}.noComplete completes the phase of the mbarrier at shared 0x{:x} (its last {} pending arrivals)",
             mbar_name(cx.in), off, count);
  maybe_complete(cx.L, cta, off, m);
  store(cta, off, m);
  ++cta.async.epoch;
  return pack(token);
}

// Adds `delta` to the tx-count of the mbarrier at `off`.
void add_tx(const InstrContext& cx, Cta& cta, unsigned lane, std::uint32_t off, std::int64_t delta) {
  Mbar m = load(cta, off);
  const std::int64_t tx = m.tx + delta;
  if (tx > kMaxCount || tx < -kMaxCount)
    cx.fault(lane, "{} makes the tx-count of the mbarrier at shared 0x{:x} {} (the PTX ISA's range is -(2^20-1) to "
                   "2^20-1)",
             mbar_name(cx.in), off, tx);
  m.tx = static_cast<std::int32_t>(tx);
  maybe_complete(cx.L, cta, off, m);
  store(cta, off, m);
  ++cta.async.epoch;
}

}  // namespace

void mbarrier_add_tx(const InstrContext& cx, unsigned lane, std::uint32_t off, std::int64_t delta) {
  add_tx(cx, cx.cta, lane, off, delta);
}

bool mbarrier_tx_fits(const Cta& cta, std::uint32_t off, std::int64_t delta) {
  const std::int64_t tx = load(cta, off).tx + delta;
  return tx <= kMaxCount && tx >= -kMaxCount;
}

namespace {

// The lanes of `lanes` whose test_wait/try_wait finds its phase completed.
LaneMask completed(const InstrContext& cx, LaneMask lanes) {
  LaneMask done;
  lanes.for_each([&](unsigned lane) {
    const std::uint32_t off = locate(cx, cx.in.ops[1], lane, false);
    const std::uint64_t v = cx.read(cx.in.ops[2], lane);
    const unsigned want = cx.in.has(ir::kParity) ? static_cast<unsigned>(v & 1u) : unpack(v).parity;
    if (load(cx.cta, off).parity != want) done.set(lane);
  });
  return done;
}

// --racecheck: the lanes of `done` passed their test_wait/try_wait on the mbarrier each names.
void race_waited_mbarrier(const InstrContext& cx, LaneMask done) {
  done.for_each([&](unsigned lane) {
    race::waited_mbarrier(cx.cta, cx.w.index * kWarpSize + lane, locate(cx, cx.in.ops[1], lane, false));
  });
}

// The lanes of a path whose guard holds (the path's registers do not change while it waits).
LaneMask guarded(const Warp& w, const ir::Instr& in, LaneMask mask) {
  if (in.guard == ir::kNoReg) return mask;
  LaneMask g;
  mask.for_each([&](unsigned lane) {
    if ((w.reg(in.guard, lane) != 0) != in.guard_neg) g.set(lane);
  });
  return g;
}

// The group below which wait_group N (wait_all: N = 0, after its commit) needs every copy of the thread landed.
std::uint64_t wait_bound(const ir::Instr& in, const ThreadCopies& t) {
  const auto n = in.sub_op<CpAsyncOp>() == CpAsyncOp::WaitAll ? 0 : static_cast<std::uint64_t>(in.ops[0].imm);
  return t.commits > n ? t.commits - n : 0;
}

bool copies_done(const ThreadCopies& t, std::uint64_t bound) {
  return std::none_of(t.in_flight.begin(), t.in_flight.end(),
                      [&](const ThreadCopies::InFlight& f) { return f.group < bound; });
}

}  // namespace

std::uint64_t mbarrier_offset_of(const Launch& L, const Warp& w, const ir::Instr& in, unsigned lane) {
  const ir::Operand& op = in.ops[in.op == ir::Op::CpAsync ? 0 : 1];
  Addr a = static_cast<Addr>(op.imm);
  if (op.reg != ir::kNoReg) a += w.reg(op.reg, lane);
  (void)L;
  return a >= ir::kSharedWindow && a < ir::kSharedWindow + ir::kWindowSize ? a - ir::kSharedWindow : a;
}

std::string describe_mbarriers(const Cta& cta) {
  std::string s;
  for (const auto& [off, phases] : cta.async.mbarriers) {
    const Mbar m = load(cta, off);
    s += fmt::format("\n  mbarrier at shared 0x{:x}: phase {} (parity {}), {} of {} arrivals pending, tx-count {}", off,
                     phases, m.parity, m.pending, m.expected, m.tx);
  }
  if (!cta.async.batches.empty()) s += fmt::format("\n  {} cp.async warp-instructions in flight", cta.async.batches.size());
  if (!cta.async.bulk.empty()) s += fmt::format("\n  {} bulk or tensor copies in flight", cta.async.bulk.size());
  return s;
}

bool Executor::exec_async(Cta& cta, Warp& w, std::int32_t path, const ir::Instr& in, LaneMask lanes, StepResult& r) {
  const bool go_on = in.op == ir::Op::Mbarrier ? exec_mbarrier(cta, w, path, in, lanes, r)
                                                : exec_cp_async(cta, w, path, in, lanes, r);
  if (cta.async.phase_completed) release_async_waits(cta);
  return go_on;
}

bool Executor::exec_mbarrier(Cta& cta, Warp& w, std::int32_t path, const ir::Instr& in, LaneMask lanes,
                             StepResult& r) {
  Path& p = w.paths[static_cast<std::size_t>(path)];
  const InstrContext cx{L_, cta, w, in, p.pc};
  CtaAsync& as = cta.async;
  const MbarOp op = in.sub_op<MbarOp>();
  switch (op) {
    case MbarOp::PendingCount:
      lanes.for_each([&](unsigned lane) { cx.write(in.ops[0], lane, unpack(cx.read(in.ops[1], lane)).pending); });
      return true;
    case MbarOp::Init:
      lanes.for_each([&](unsigned lane) {
        const std::uint32_t off = locate(cx, in.ops[0], lane, true);
        const std::uint32_t count = count_operand(cx, in.ops[1], lane, 1, "count");
        Mbar m;
        m.pending = m.expected = count;
        store(cta, off, m);
        as.mbarriers[off] = 0;
        ++as.epoch;
      });
      return true;
    case MbarOp::Inval:
      lanes.for_each([&](unsigned lane) {
        as.mbarriers.erase(locate(cx, in.ops[0], lane, false));
        ++as.epoch;
      });
      return true;
    case MbarOp::Arrive:
    case MbarOp::ArriveDrop:
      lanes.for_each([&](unsigned lane) {
        const MbarRef m = locate_ref(cx, in.ops[1], lane, false, true);
        std::uint32_t count = 1;
        if (in.has(ir::kExpectTx)) add_tx(cx, *m.cta, lane, m.off, count_operand(cx, in.ops[2], lane, 0, "txCount"));
        else if (in.nops == 3) count = count_operand(cx, in.ops[2], lane, 1, "count");
        if (L_.race != nullptr && m.cta == &cta) race::arrived_mbarrier(cta, w.index * kWarpSize + lane, m.off);
        cx.write(in.ops[0], lane,
                 arrive(cx, *m.cta, lane, m.off, count, op == MbarOp::ArriveDrop, in.has(ir::kNoComplete)));
        if (m.cta != &cta) remote_mbarrier_changed(*m.cta);
      });
      return true;
    case MbarOp::ExpectTx:
    case MbarOp::CompleteTx:
      lanes.for_each([&](unsigned lane) {
        const MbarRef m = locate_ref(cx, in.ops[0], lane, false, true);
        const std::int64_t n = count_operand(cx, in.ops[1], lane, 0, "txCount");
        add_tx(cx, *m.cta, lane, m.off, op == MbarOp::ExpectTx ? n : -n);
        if (m.cta != &cta) remote_mbarrier_changed(*m.cta);
      });
      return true;
    case MbarOp::TestWait: {
      land_waited_bulk(cta, cx, lanes);
      const LaneMask done = completed(cx, lanes);
      if (L_.race != nullptr) race_waited_mbarrier(cx, done);
      lanes.for_each([&](unsigned lane) { cx.write(in.ops[0], lane, done.test(lane) ? 1 : 0); });
      return true;
    }
    case MbarOp::TryWait: {
      land_waited_bulk(cta, cx, lanes);
      const LaneMask done = completed(cx, lanes);
      if (done.any() || lanes.none()) {
        lanes.for_each([&](unsigned lane) { cx.write(in.ops[0], lane, done.test(lane) ? 1 : 0); });
        if (L_.race != nullptr) race_waited_mbarrier(cx, done);
        return true;
      }
      p.wait = Wait::Mbarrier;
      p.suspend = L_.next_suspend++;
      r.suspend = p.suspend;
      r.suspend_ns =
          in.nops == 4 ? static_cast<std::uint32_t>(cx.read(in.ops[3], static_cast<unsigned>(std::countr_zero(lanes.bits))))
                       : 0;
      return false;
    }
  }
  return true;
}

bool Executor::exec_cp_async(Cta& cta, Warp& w, std::int32_t path, const ir::Instr& in, LaneMask lanes,
                             StepResult& r) {
  Path& p = w.paths[static_cast<std::size_t>(path)];
  const InstrContext cx{L_, cta, w, in, p.pc};
  CtaAsync& as = cta.async;
  if (in.sub_op<CpAsyncOp>() >= CpAsyncOp::Bulk) return exec_bulk(cta, w, path, in, lanes, r);
  if (as.threads.empty()) as.threads.resize(cta.warps.size() * kWarpSize);
  const auto thread = [&](unsigned lane) { return w.index * kWarpSize + lane; };
  switch (in.sub_op<CpAsyncOp>()) {
    case CpAsyncOp::Copy: {
      if (lanes.none()) return true;
      CopyBatch b;
      b.id = L_.next_async++;
      b.warp = w.index;
      b.pc = p.pc;
      b.size = static_cast<std::uint8_t>(in.ops[2].imm);
      b.lanes = lanes;
      const unsigned policy = in.has(ir::kCachePolicy) ? 1 : 0;
      const bool has_fourth = in.nops == 4 + policy;
      LaneMask reads;
      lanes.for_each([&](unsigned lane) {
        std::uint64_t src_size = b.size;
        if (has_fourth && in.has(ir::kIgnoreSrc)) src_size = cx.read(in.ops[3], lane) != 0 ? 0 : b.size;
        else if (has_fourth) src_size = cx.read(in.ops[3], lane) & 0xffffffffu;
        if (src_size > b.size) cx.fault(lane, "cp.async's src-size {} is larger than its cp-size {}", src_size, b.size);
        ir::Space ds = ir::Space::None;
        Addr doff = 0;
        cx.translate(cx.space_of(in.ops[0]), cx.address(in.ops[0], lane), b.size, lane, true, &ds, &doff);
        if (ds != ir::Space::Shared) cx.fault(lane, "cp.async's destination is not in shared memory");
        b.dst[lane] = static_cast<std::uint32_t>(doff);
        r.async_dst[lane] = doff;
        if (cta.touched_shared.extend(doff, b.size)) L_.progress = true;
        if (src_size == 0) return;
        const Addr a = cx.address(in.ops[1], lane);
        if (a % b.size != 0) cx.fault(lane, "cp.async's source address 0x{:x} is not aligned to its cp-size {}", a, b.size);
        ir::Space ss = ir::Space::None;
        Addr soff = 0;
        // The bytes read are [a, a + src-size) (a range within one aligned cp-size block, so within one page).
        const std::uint8_t* src = cx.translate(ir::Space::Global, a, src_size == b.size ? b.size : 1, lane, false, &ss,
                                               &soff);
        if (src_size != b.size && src_size > 1) cx.translate(ir::Space::Global, a + src_size - 1, 1, lane, false);
        std::memcpy(b.data[lane].data(), src, src_size);
        if (cta.touched_global[L_.global->last_region()].extend(soff, src_size)) L_.progress = true;
        r.mem.addr[lane] = soff;
        reads.set(lane);
      });
      lanes.for_each([&](unsigned lane) { as.threads[thread(lane)].in_flight.push_back({b.id, as.threads[thread(lane)].commits}); });
      if (L_.race != nullptr)
        lanes.for_each([&](unsigned lane) {
          race::watch(L_, cta, AsyncRange{.lo = b.dst[lane], .hi = b.dst[lane] + b.size, .writes = true,
                                          .via = AsyncRange::Via::CpAsync, .id = b.id, .thread = thread(lane),
                                          .pc = b.pc, .group = as.threads[thread(lane)].commits, .completed = false,
                                          .bound = false, .mbarrier = 0, .phase = 0, .released = 0, .observers = {},
                                          .from = {}});
        });
      r.mem.bytes = b.size;  // the timing model's shared-memory write of zero-filled lanes needs it (timing/sm.cpp)
      r.mem.lanes = reads;
      if (reads.any()) {
        r.has_mem = true;
        r.mem.space = ir::Space::Global;
        r.mem.store = r.mem.atomic = false;
      }
      if (L_.async_driven) r.async = b.id;
      as.batches.push_back(b);
      return true;
    }
    case CpAsyncOp::CommitGroup: lanes.for_each([&](unsigned lane) { ++as.threads[thread(lane)].commits; }); return true;
    case CpAsyncOp::WaitGroup:
    case CpAsyncOp::WaitAll: {
      if (in.sub_op<CpAsyncOp>() == CpAsyncOp::WaitAll) lanes.for_each([&](unsigned lane) { ++as.threads[thread(lane)].commits; });
      bool done = true;
      lanes.for_each([&](unsigned lane) {
        ThreadCopies& t = as.threads[thread(lane)];
        if (!L_.async_driven) complete_thread_copies(cta, thread(lane), wait_bound(in, t));
        done = done && copies_done(as.threads[thread(lane)], wait_bound(in, as.threads[thread(lane)]));
      });
      if (done) {
        if (L_.race != nullptr)
          lanes.for_each([&](unsigned lane) {
            race::waited_group(cta, thread(lane), AsyncRange::Via::CpAsync, wait_bound(in, as.threads[thread(lane)]));
          });
        return true;
      }
      w.paths[static_cast<std::size_t>(path)].wait = Wait::AsyncCopy;
      return false;
    }
    case CpAsyncOp::MbarrierArrive:
      lanes.for_each([&](unsigned lane) {
        const std::uint32_t off = locate(cx, in.ops[0], lane, false);
        if (!in.has(ir::kNoInc)) {
          Mbar m = load(cta, off);
          if (m.pending >= kMaxCount)
            cx.fault(lane, "cp.async.mbarrier.arrive raises the pending arrivals of the mbarrier at shared 0x{:x} past "
                           "2^20-1", off);
          ++m.pending;
          store(cta, off, m);
          ++as.epoch;
        }
        if (!L_.async_driven) complete_thread_copies(cta, thread(lane), ~std::uint64_t{0});
        as.threads[thread(lane)].triggers.push_back({L_.next_async, off, p.pc});
        fire_triggers(cta, thread(lane));
      });
      return true;
    default: break;  // the bulk forms: exec_bulk, above
  }
  return true;
}

void Executor::fire_triggers(Cta& cta, std::uint32_t thread) {
  ThreadCopies& t = cta.async.threads[thread];
  while (!t.triggers.empty()) {
    const ThreadCopies::Trigger g = t.triggers.front();
    const bool ready = std::none_of(t.in_flight.begin(), t.in_flight.end(),
                                    [&](const ThreadCopies::InFlight& f) { return f.batch < g.before; });
    if (!ready) return;
    t.triggers.erase(t.triggers.begin());
    if (L_.race != nullptr) race::bind(cta, thread, g.before, g.mbarrier);
    Warp& w = cta.warps[thread / kWarpSize];
    const unsigned lane = thread % kWarpSize;
    const InstrContext cx{L_, cta, w, L_.prog->code[g.pc], g.pc};
    if (!cta.async.mbarriers.contains(g.mbarrier))
      cx.fault(lane, "the arrive-on operation of cp.async.mbarrier.arrive finds no initialized mbarrier at shared "
                     "0x{:x} (it was invalidated before the thread's copies completed)",
               g.mbarrier);
    arrive(cx, cta, lane, g.mbarrier, 1, false, false);
  }
}

void Executor::complete_thread_copies(Cta& cta, std::uint32_t thread, std::uint64_t group_bound) {
  for (;;) {
    const ThreadCopies& t = cta.async.threads[thread];
    const auto it = std::find_if(t.in_flight.begin(), t.in_flight.end(),
                                 [&](const ThreadCopies::InFlight& f) { return f.group < group_bound; });
    if (it == t.in_flight.end()) return;
    const std::uint64_t id = it->batch;
    const auto b = std::find_if(cta.async.batches.begin(), cta.async.batches.end(),
                                [&](const CopyBatch& x) { return x.id == id; });
    apply_batch(cta, static_cast<std::size_t>(b - cta.async.batches.begin()));
  }
}

void Executor::apply_batch(Cta& cta, std::size_t index) {
  CtaAsync& as = cta.async;
  const CopyBatch b = as.batches[index];
  as.batches.erase(as.batches.begin() + static_cast<std::ptrdiff_t>(index));
  b.lanes.for_each([&](unsigned lane) {
    std::uint8_t* d = cta.smem.data() + b.dst[lane];
    if (std::memcmp(d, b.data[lane].data(), b.size) != 0) {
      std::memcpy(d, b.data[lane].data(), b.size);
      L_.wrote = true;
    }
    const std::uint32_t thread = b.warp * kWarpSize + lane;
    if (L_.race != nullptr) race::landed(cta, b.id, thread);
    auto& f = as.threads[thread].in_flight;
    f.erase(std::remove_if(f.begin(), f.end(), [&](const ThreadCopies::InFlight& x) { return x.batch == b.id; }),
            f.end());
    fire_triggers(cta, thread);
  });
  if (L_.async_driven || as.phase_completed) release_async_waits(cta);
}

void Executor::complete_copy(Cta& cta, std::uint64_t id) {
  const auto b = std::find_if(cta.async.batches.begin(), cta.async.batches.end(),
                              [&](const CopyBatch& x) { return x.id == id; });
  if (b == cta.async.batches.end()) {
    if (complete_wgmma(cta, id)) return;
    complete_bulk(cta, id);  // a bulk copy, or landed already (its thread waited for it in a functional run)
    return;
  }
  apply_batch(cta, static_cast<std::size_t>(b - cta.async.batches.begin()));
}

void Executor::remote_mbarrier_changed(Cta& target) {
  if (!target.async.phase_completed) return;
  release_async_waits(target);
  L_.woke.push_back(Launch::Woke{&target, false});
}

void Executor::release_async_waits(Cta& cta) {
  cta.async.phase_completed = false;
  for (auto& w : cta.warps) {
    bool any = false;
    for (auto& p : w.paths) {
      if (p.wait != Wait::Mbarrier && p.wait != Wait::AsyncCopy) continue;
      const ir::Instr& in = L_.prog->code[p.pc];
      const InstrContext cx{L_, cta, w, in, p.pc};
      const LaneMask lanes = guarded(w, in, p.mask);
      if (p.wait == Wait::Mbarrier) {
        const LaneMask done = completed(cx, lanes);
        if (done.none()) continue;
        lanes.for_each([&](unsigned lane) { cx.write(in.ops[0], lane, done.test(lane) ? 1 : 0); });
        if (L_.race != nullptr) race_waited_mbarrier(cx, done);
      } else if (in.op == ir::Op::Wgmma) {
        if (!wgmma_wait_done(w, in)) continue;
      } else if (in.op == ir::Op::Setmaxnreg) {
        if (!setmaxnreg_fits(cta, w, in)) continue;
      } else if (in.sub_op<CpAsyncOp>() == CpAsyncOp::BulkWaitGroup) {
        bool done = true;
        lanes.for_each([&](unsigned lane) {
          const std::uint32_t thread = w.index * kWarpSize + lane;
          done = done && bulk_done(cta, thread, bulk_wait_bound(cta, in, thread));
        });
        if (!done) continue;
        if (L_.race != nullptr)
          lanes.for_each([&](unsigned lane) {
            const std::uint32_t thread = w.index * kWarpSize + lane;
            race::waited_group(cta, thread, AsyncRange::Via::BulkGroup, bulk_wait_bound(cta, in, thread));
          });
      } else {
        bool done = true;
        lanes.for_each([&](unsigned lane) {
          const ThreadCopies& t = cta.async.threads[w.index * kWarpSize + lane];
          done = done && copies_done(t, wait_bound(in, t));
        });
        if (!done) continue;
        if (L_.race != nullptr)
          lanes.for_each([&](unsigned lane) {
            const std::uint32_t thread = w.index * kWarpSize + lane;
            race::waited_group(cta, thread, AsyncRange::Via::CpAsync, wait_bound(in, cta.async.threads[thread]));
          });
      }
      p.wait = Wait::None;
      p.suspend = 0;
      ++p.pc;
      any = true;
    }
    if (any) complete_paths(w);
  }
}

bool Executor::expire_waits(Cta& cta, Warp* only, std::uint64_t token) {
  bool any = false;
  for (auto& w : cta.warps) {
    if (only != nullptr && &w != only) continue;
    bool here = false;
    for (auto& p : w.paths) {
      if (p.wait != Wait::Mbarrier || (only != nullptr && p.suspend != token)) continue;
      const ir::Instr& in = L_.prog->code[p.pc];
      const InstrContext cx{L_, cta, w, in, p.pc};
      const LaneMask lanes = guarded(w, in, p.mask);
      land_waited_bulk(cta, cx, lanes);
      const LaneMask done = completed(cx, lanes);
      lanes.for_each([&](unsigned lane) { cx.write(in.ops[0], lane, done.test(lane) ? 1 : 0); });
      if (L_.race != nullptr) race_waited_mbarrier(cx, done);
      p.wait = Wait::None;
      p.suspend = 0;
      ++p.pc;
      here = true;
    }
    if (here) complete_paths(w);
    any = any || here;
  }
  return any;
}

bool Executor::suspended(const Warp& w, std::uint64_t token) {
  return std::any_of(w.paths.begin(), w.paths.end(),
                     [&](const Path& p) { return p.wait == Wait::Mbarrier && p.suspend == token; });
}

bool Executor::has_suspended(const Warp& w) {
  return std::any_of(w.paths.begin(), w.paths.end(), [](const Path& p) { return p.wait == Wait::Mbarrier; });
}

bool Executor::has_suspended(const Cta& cta) {
  return std::any_of(cta.warps.begin(), cta.warps.end(), [](const Warp& w) { return has_suspended(w); });
}

void Executor::complete_exiting_copies(Cta& cta, LaneMask lanes, const Warp& w) {
  if (L_.async_driven) return;
  if (!cta.async.bulk.empty())
    lanes.for_each([&](unsigned lane) { land_bulk_of_thread(cta, w.index * kWarpSize + lane, ~std::uint64_t{0}); });
  if (cta.async.threads.empty()) return;
  lanes.for_each([&](unsigned lane) { complete_thread_copies(cta, w.index * kWarpSize + lane, ~std::uint64_t{0}); });
}

void Executor::land_waited_bulk(Cta& cta, const InstrContext& cx, LaneMask lanes) {
  if (L_.async_driven || cta.async.bulk.empty()) return;
  lanes.for_each([&](unsigned lane) { land_bulk_on_mbarrier(cta, locate(cx, cx.in.ops[1], lane, false)); });
}

}  // namespace warpsim::func
