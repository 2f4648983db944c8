// CTA barriers (bar/barrier .sync/.arrive/.red with named barriers and thread counts) and warp-synchronous
// instructions with member masks (bar.warp.sync, shfl.sync, vote.sync, match.sync, redux.sync,
// elect.sync).
// Models: under `independent`, threads arrive at a CTA barrier individually (a diverged warp's paths arrive
// separately); under `ipdom_stack` a warp arrives as a whole, as pre-Volta hardware counts it. A barrier
// without a count waits for every thread of the CTA that has not exited. A .sync instruction completes when
// every non-exited lane of its member mask has executed a .sync instruction (paths may be at different
// pcs under `independent`); under `ipdom_stack` a member mask naming lanes that are not converged with
// the executing ones is an error.
#include "race_hooks.hpp"

#include <warpsim/func/scalar.hpp>

#include <algorithm>

namespace warpsim::func {
namespace {

unsigned membermask_index(const ir::Instr& in) {
  switch (in.op) {
    case ir::Op::BarWarpSync:
    case ir::Op::Elect: return in.ndst;                  // first source
    default: return static_cast<unsigned>(in.nops - 1);  // last operand
  }
}

}  // namespace

bool Executor::do_barrier(Cta& cta, Warp& w, std::int32_t path, const ir::Instr& in, LaneMask lanes) {
  if (in.sub_op<ir::BarOp>() == ir::BarOp::ClusterArrive || in.sub_op<ir::BarOp>() == ir::BarOp::ClusterWait)
    return do_cluster_barrier(cta, w, path, in, lanes);
  Path& p = w.paths[static_cast<std::size_t>(path)];
  InstrContext cx{L_, cta, w, in, p.pc};
  const unsigned first = static_cast<unsigned>(std::countr_zero(p.mask.bits));
  const unsigned a = in.ndst;  // barrier id operand
  const std::uint64_t id = cx.read(in.ops[a], first);
  if (id >= 16) cx.fault(first, "barrier id {} is out of range (0-15)", id);
  NamedBarrier& b = cta.barriers[id];
  const ir::BarOp kind = in.sub_op<ir::BarOp>();
  const bool has_count = kind == ir::BarOp::Red ? in.nops - in.ndst == 3 : in.nops - in.ndst == 2;
  if (has_count) {
    const std::uint64_t count = cx.read(in.ops[a + 1], first);
    if (count == 0 || count % kWarpSize != 0)
      cx.fault(first, "barrier thread count {} is not a positive multiple of the warp size", count);
    b.expected = static_cast<std::uint32_t>(count);
  } else {
    b.expected = 0;
  }
  if (lanes.none()) return true;  // predicated off: nothing arrives
  const LaneMask arriving = L_.model == config::Reconvergence::IpdomStack ? (w.valid & ~w.exited) : lanes;
  b.arrived += arriving.count();
  if (L_.race != nullptr) race::barrier_arrive(cta, w, arriving, static_cast<unsigned>(id));
  if (kind == ir::BarOp::Red) {
    const ir::Operand& c = in.ops[in.nops - 1];
    lanes.for_each([&](unsigned lane) {
      const bool v = cx.read(c, lane) != 0;
      b.red_popc += v;
      b.red_and = b.red_and && v;
      b.red_or = b.red_or || v;
    });
  }
  if (kind == ir::BarOp::Arrive) {  // no wait
    try_release_barriers(cta);
    return true;
  }
  p.wait = Wait::Barrier;
  p.barrier = static_cast<std::uint8_t>(id);
  try_release_barriers(cta);
  return false;
}

void Executor::try_release_barriers(Cta& cta) {
  const std::uint32_t live = cta.threads - cta.threads_exited;
  for (unsigned id = 0; id < cta.barriers.size(); ++id) {
    NamedBarrier& b = cta.barriers[id];
    if (b.arrived == 0) continue;
    const std::uint32_t target = b.expected != 0 ? b.expected : live;
    if (b.arrived < target) continue;
    const NamedBarrier done = b;
    b = NamedBarrier{};
    L_.barrier_opened = true;
    if (L_.race != nullptr) race::barrier_open(cta, id);
    for (auto& w : cta.warps) {
      bool any = false;
      for (auto& p : w.paths) {
        if (p.wait != Wait::Barrier || p.barrier != id) continue;
        const ir::Instr& in = L_.prog->code[p.pc];
        if (in.sub_op<ir::BarOp>() == ir::BarOp::Red) {  // every waiting thread gets the reduction
          const std::uint64_t v = in.boolop == ir::BoolOp::And  ? (done.red_and ? 1 : 0)
                                  : in.boolop == ir::BoolOp::Or ? (done.red_or ? 1 : 0)
                                                                : done.red_popc;
          p.mask.for_each([&](unsigned lane) { w.reg(in.ops[0].reg, lane) = v; });
        }
        p.wait = Wait::None;
        ++p.pc;
        any = true;
      }
      if (any) complete_paths(w);
    }
  }
}

bool Executor::do_warp_sync(Cta& cta, Warp& w, std::int32_t path, const ir::Instr& in, LaneMask lanes) {
  Path& p = w.paths[static_cast<std::size_t>(path)];
  InstrContext cx{L_, cta, w, in, p.pc};
  if (lanes.none()) return true;
  const bool legacy_vote = in.op == ir::Op::Vote && !in.has(ir::kAligned);
  if (!legacy_vote) {
    const unsigned first = static_cast<unsigned>(std::countr_zero(lanes.bits));
    const auto mask = LaneMask(static_cast<std::uint32_t>(cx.read(in.ops[membermask_index(in)], first)));
    lanes.for_each([&](unsigned lane) {
      if (!mask.test(lane))
        cx.fault(lane, "lane {} executes {} but is not in its member mask 0x{:08x}", lane, ir::op_name(in.op),
                 mask.bits);
    });
  }
  p.wait = Wait::WarpSync;
  p.sync_lanes = lanes;
  try_complete_warp_sync(cta, w);
  Path* q = w.find_path(p.id);
  if (q != nullptr && q->wait == Wait::WarpSync && L_.model == config::Reconvergence::IpdomStack) {
    const auto mask = static_cast<std::uint32_t>(
        cx.read(in.ops[membermask_index(in)], static_cast<unsigned>(std::countr_zero(lanes.bits))));
    const LaneMask missing = LaneMask(mask) & w.valid & ~w.exited & ~lanes;
    std::string where;
    for (const auto& o : w.paths)
      if (o.children == 0 && (o.mask & missing).any())
        where += fmt::format("; lanes {} are at {}", lane_ranges(o.mask & missing), L_.prog->where(o.pc));
    cx.fault(static_cast<unsigned>(std::countr_zero(lanes.bits)),
             "{} with member mask 0x{:08x} needs lanes {} that are not converged with the executing lanes {} "
             "(ipdom_stack reconvergence cannot run them first){}",
             ir::op_name(in.op), mask, lane_ranges(missing), lane_ranges(lanes), where);
  }
  return false;
}

void Executor::try_complete_warp_sync(Cta& cta, Warp& w) {
  LaneMask arrived;
  unsigned waiting = 0;
  for (const auto& p : w.paths)
    if (p.wait == Wait::WarpSync) {
      arrived = arrived | p.sync_lanes;
      ++waiting;
    }
  if (arrived.none()) return;
  for (const auto& p : w.paths) {
    if (p.wait != Wait::WarpSync) continue;
    const ir::Instr& in = L_.prog->code[p.pc];
    if (in.op == ir::Op::Vote && !in.has(ir::kAligned)) continue;
    InstrContext cx{L_, cta, w, in, p.pc};
    const auto mask = LaneMask(static_cast<std::uint32_t>(
        cx.read(in.ops[membermask_index(in)], static_cast<unsigned>(std::countr_zero(p.sync_lanes.bits)))));
    const LaneMask needed = mask & w.valid & ~w.exited;
    if ((needed & ~arrived).any()) return;
  }
  warp_sync_op(cta, w, arrived);
  // Lanes of several paths: the compiler did not reunite them (ptxas's BRA.DIV found the warp diverged and ran the
  // out-of-line WARPSYNC.COLLECTIVE); they go on apart.
  if (waiting > 1) L_.reconverged = source::kReconvergeCollective;
  if (L_.race != nullptr) {
    LaneMask synced;  // bar.warp.sync orders memory among its lanes; shfl, vote, match, redux and elect do not
    for (const auto& p : w.paths)
      if (p.wait == Wait::WarpSync && L_.prog->code[p.pc].op == ir::Op::BarWarpSync) synced = synced | p.sync_lanes;
    race::warp_sync(cta, w, synced);
  }
  for (auto& p : w.paths)
    if (p.wait == Wait::WarpSync) {
      p.wait = Wait::None;
      ++p.pc;
    }
  complete_paths(w);
}

void Executor::warp_sync_op(Cta& cta, Warp& w, LaneMask all) {
  // Each lane's own instruction (paths may sit at different pcs).
  std::array<const ir::Instr*, kWarpSize> ins{};
  std::array<std::uint32_t, kWarpSize> pcs{};
  for (const auto& p : w.paths)
    if (p.wait == Wait::WarpSync)
      p.sync_lanes.for_each([&](unsigned lane) {
        ins[lane] = &L_.prog->code[p.pc];
        pcs[lane] = p.pc;
      });
  auto cx_of = [&](unsigned lane) { return InstrContext{L_, cta, w, *ins[lane], pcs[lane]}; };
  std::array<std::uint64_t, kWarpSize> a{};
  all.for_each([&](unsigned lane) {
    const ir::Instr& in = *ins[lane];
    if (in.op != ir::Op::BarWarpSync && in.op != ir::Op::Elect) a[lane] = cx_of(lane).read(in.src(0), lane);
  });
  all.for_each([&](unsigned lane) {
    const ir::Instr& in = *ins[lane];
    InstrContext cx = cx_of(lane);
    switch (in.op) {
      case ir::Op::BarWarpSync: break;
      case ir::Op::Shfl: {
        const auto b = static_cast<std::uint32_t>(cx.read(in.src(1), lane));
        const auto c = static_cast<std::uint32_t>(cx.read(in.src(2), lane));
        const std::uint32_t bval = b & 31u, cval = c & 31u, seg = (c >> 8) & 31u;
        const std::int32_t max_lane = static_cast<std::int32_t>((lane & seg) | (cval & ~seg));
        const std::int32_t min_lane = static_cast<std::int32_t>(lane & seg);
        std::int32_t j = 0;
        bool pval = false;
        switch (in.sub_op<ir::ShflMode>()) {
          case ir::ShflMode::Up:
            j = static_cast<std::int32_t>(lane) - static_cast<std::int32_t>(bval);
            pval = j >= max_lane;
            break;
          case ir::ShflMode::Down:
            j = static_cast<std::int32_t>(lane + bval);
            pval = j <= max_lane;
            break;
          case ir::ShflMode::Bfly:
            j = static_cast<std::int32_t>(lane ^ bval);
            pval = j <= max_lane;
            break;
          case ir::ShflMode::Idx:
            j = min_lane | static_cast<std::int32_t>(bval & ~seg);
            pval = j <= max_lane;
            break;
        }
        if (!pval || j < 0 || j > 31) j = static_cast<std::int32_t>(lane);
        const auto src = static_cast<unsigned>(j);
        cx.write(in.ops[0], lane, (all.test(src) ? a[src] : a[lane]) & 0xffffffffu);
        if (in.ndst == 2) cx.write(in.ops[1], lane, pval ? 1 : 0);
        break;
      }
      case ir::Op::Vote: {
        LaneMask yes;
        all.for_each([&](unsigned l) {
          if (a[l] != 0) yes.set(l);
        });
        std::uint64_t d = 0;
        switch (in.sub_op<ir::VoteMode>()) {
          case ir::VoteMode::All: d = yes == all; break;
          case ir::VoteMode::Any: d = yes.any(); break;
          case ir::VoteMode::Uni: d = yes == all || yes.none(); break;
          case ir::VoteMode::Ballot: d = yes.bits; break;
        }
        cx.write(in.ops[0], lane, d);
        break;
      }
      case ir::Op::Match: {
        const unsigned bits = ir::size_of(in.type) * 8;
        const std::uint64_t m = bits >= 64 ? ~0ull : ((1ull << bits) - 1);
        LaneMask same;
        all.for_each([&](unsigned l) {
          if ((a[l] & m) == (a[lane] & m)) same.set(l);
        });
        if (in.sub_op<ir::MatchMode>() == ir::MatchMode::Any) {
          cx.write(in.ops[0], lane, same.bits);
        } else {
          const bool uniform = same == all;
          cx.write(in.ops[0], lane, uniform ? all.bits : 0);
          if (in.ndst == 2) cx.write(in.ops[1], lane, uniform ? 1 : 0);
        }
        break;
      }
      case ir::Op::Redux: {
        const bool sgn = ir::is_signed(in.type);
        std::uint64_t acc = 0;
        bool first = true;
        all.for_each([&](unsigned l) {
          const std::uint64_t v = a[l] & 0xffffffffu;
          if (first) {
            acc = v;
            first = false;
            return;
          }
          switch (in.sub_op<ir::ReduxOp>()) {
            case ir::ReduxOp::Add: acc = (acc + v) & 0xffffffffu; break;
            case ir::ReduxOp::Min: acc = scalar::imin(acc, v, 32, sgn, false); break;
            case ir::ReduxOp::Max: acc = scalar::imax(acc, v, 32, sgn, false); break;
            case ir::ReduxOp::And: acc &= v; break;
            case ir::ReduxOp::Or: acc |= v; break;
            case ir::ReduxOp::Xor: acc ^= v; break;
          }
        });
        cx.write(in.ops[0], lane, acc);
        break;
      }
      case ir::Op::Elect: {
        const unsigned leader = static_cast<unsigned>(std::countr_zero(all.bits));
        if (in.ops[0].kind != ir::Operand::Kind::Sink) cx.write(in.ops[0], lane, leader);
        if (in.ndst == 2) cx.write(in.ops[1], lane, lane == leader ? 1 : 0);
        break;
      }
      default: break;
    }
  });
}

}  // namespace warpsim::func
