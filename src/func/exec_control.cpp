// Stepping a warp: choosing the path to run, control flow (branches, calls, returns, exit), divergence and
// reconvergence, and what ptxas's YIELD at an mbarrier wait loop does to them (see func/state.hpp for the model).
#include "context.hpp"

#include <warpsim/func/executor.hpp>
#include <warpsim/ir/opcodes.hpp>

#include <algorithm>

namespace warpsim::func {
namespace {

bool is_leaf(const Path& p) { return p.children == 0; }
bool is_runnable(const Path& p) { return p.children == 0 && p.wait == Wait::None && p.mask.any(); }

void remove_path(Warp& w, std::int32_t i) {
  const std::int32_t parent = w.paths[static_cast<std::size_t>(i)].parent;
  if (parent >= 0) --w.paths[static_cast<std::size_t>(parent)].children;
  w.paths.erase(w.paths.begin() + i);
  for (auto& p : w.paths)
    if (p.parent > i) --p.parent;
  if (w.current == i) w.current = parent;
  else if (w.current > i) --w.current;
}

// How ptxas reunites the lanes of the divergent region of branch `branch`: with the WARPSYNC of a bar.warp.sync at
// its reconvergence point (ir::Program::warpsync_reunion), else with a BSYNC.
bool warpsync_region(const ir::Program& prog, std::uint32_t branch) {
  return branch < prog.warpsync_reunion.size() && prog.warpsync_reunion[branch] != 0;
}

}  // namespace

bool Executor::runnable(const Warp& w) {
  for (const auto& p : w.paths)
    if (is_runnable(p)) return true;
  return false;
}

std::int32_t Executor::next_path(const Warp& w) const {
  const auto n = static_cast<std::int32_t>(w.paths.size());
  if (L_.model == config::Reconvergence::IpdomStack) {
    for (std::int32_t i = n - 1; i >= 0; --i) {
      if (is_leaf(w.paths[static_cast<std::size_t>(i)]))
        return is_runnable(w.paths[static_cast<std::size_t>(i)]) ? i : -1;
    }
    return -1;
  }
  if (w.current >= 0 && w.current < n && is_runnable(w.paths[static_cast<std::size_t>(w.current)])) return w.current;
  const std::int32_t start = std::max<std::int32_t>(w.current, 0);
  for (std::int32_t k = 1; k <= n; ++k) {
    const std::int32_t i = (start + k) % n;
    if (is_runnable(w.paths[static_cast<std::size_t>(i)])) return i;
  }
  return -1;
}

bool Executor::select_path(Warp& w) const {
  const auto n = static_cast<std::int32_t>(w.paths.size());
  if (L_.model == config::Reconvergence::IpdomStack) {
    // The newest leaf is the top of the SIMT stack; if it waits, the whole warp waits.
    for (std::int32_t i = n - 1; i >= 0; --i) {
      if (!is_leaf(w.paths[static_cast<std::size_t>(i)])) continue;
      w.current = i;
      return is_runnable(w.paths[static_cast<std::size_t>(i)]);
    }
    return false;
  }
  const std::int32_t i = next_path(w);
  if (i < 0) return false;
  w.current = i;
  return true;
}

void Executor::complete_paths(Warp& w) {
  bool changed = true;
  while (changed) {
    changed = false;
    for (std::int32_t i = static_cast<std::int32_t>(w.paths.size()) - 1; i >= 0; --i) {
      const Path& p = w.paths[static_cast<std::size_t>(i)];
      const bool finished = is_leaf(p) && p.wait == Wait::None && p.rpc != ir::kNoPc && p.pc == p.rpc;
      if (finished || p.mask.none()) {
        // The last child of a divergent branch that reaches the reconvergence point reunites the warp there.
        // ptxas reconverges there with a BSYNC, or with the WARPSYNC of a __syncwarp() at the point where the region
        // allows it (ir::Program::warpsync_reunion).
        if (finished && !p.is_call && p.parent >= 0 && w.paths[static_cast<std::size_t>(p.parent)].children == 1)
          L_.reconverged = std::max(L_.reconverged, warpsync_region(*L_.prog, p.branch) ? source::kReconvergeSync
                                                                                          : source::kReconvergeBranch);
        remove_path(w, i);
        changed = true;
      }
    }
  }
}

std::uint32_t Executor::reconvergence(const Warp& w, std::int32_t path, std::uint32_t pc) const {
  const std::uint32_t r = L_.prog->reconverge[pc];
  if (r != ir::kNoPc) return r;
  // The branch reconverges only at the function's exit: inside a callee, that is the return address.
  for (std::int32_t i = path; i >= 0; i = w.paths[static_cast<std::size_t>(i)].parent)
    if (w.paths[static_cast<std::size_t>(i)].is_call) return w.paths[static_cast<std::size_t>(i)].rpc;
  return ir::kNoPc;
}

void Executor::advance(Warp& w, std::int32_t path, std::uint32_t pc, const std::array<std::uint32_t, kWarpSize>& next,
                       LaneMask lanes) {
  // Group the lanes by next pc.
  std::array<std::uint32_t, kWarpSize> targets{};
  std::array<LaneMask, kWarpSize> masks{};
  unsigned n = 0;
  lanes.for_each([&](unsigned lane) {
    unsigned k = 0;
    while (k < n && targets[k] != next[lane]) ++k;
    if (k == n) targets[n++] = next[lane];
    masks[k].set(lane);
  });
  Path& p = w.paths[static_cast<std::size_t>(path)];
  if (n <= 1) {
    const std::uint32_t t = n == 1 ? targets[0] : pc + 1;
    const bool backward = t <= pc;
    p.pc = t;
    if (p.pc == p.rpc) complete_paths(w);
    else if (backward && L_.model == config::Reconvergence::Independent) {
      // Yield: let another runnable path of this warp go next (forward progress for spin loops).
      const auto np = static_cast<std::int32_t>(w.paths.size());
      for (std::int32_t k = 1; k < np; ++k) {
        const std::int32_t i = (path + k) % np;
        if (is_runnable(w.paths[static_cast<std::size_t>(i)])) {
          w.current = i;
          break;
        }
      }
    }
    return;
  }
  const std::uint32_t R = reconvergence(w, path, pc);
  // Children are created in decreasing target order, so the lowest target (usually the fall-through
  // path) is the newest: it runs first.
  std::array<unsigned, kWarpSize> order{};
  for (unsigned k = 0; k < n; ++k) order[k] = k;
  std::sort(order.begin(), order.begin() + n, [&](unsigned a, unsigned b) { return targets[a] > targets[b]; });
  const bool siblings = R == p.rpc;  // no new level: replace this path by its pieces
  const std::int32_t parent = siblings ? p.parent : path;
  const bool is_call = siblings && p.is_call;
  std::vector<Path> created;
  for (unsigned k = 0; k < n; ++k) {
    const unsigned g = order[k];
    if (targets[g] == R) continue;  // these lanes are already at the reconvergence point
    Path c;
    c.id = w.next_path_id++;
    c.pc = targets[g];
    c.last = pc;
    c.branch = siblings ? p.branch : pc;
    c.rpc = R;
    c.mask = masks[g];
    c.parent = parent;
    c.is_call = is_call;
    created.push_back(c);
  }
  if (siblings) {
    if (parent >= 0) w.paths[static_cast<std::size_t>(parent)].children += static_cast<std::uint16_t>(created.size());
    // Remove p (its lanes now live in the created siblings or wait in the parent at R).
    w.paths.insert(w.paths.end(), created.begin(), created.end());
    remove_path(w, path);
  } else {
    p.pc = R;
    p.children = static_cast<std::uint16_t>(created.size());
    w.paths.insert(w.paths.end(), created.begin(), created.end());
  }
  w.current = static_cast<std::int32_t>(w.paths.size()) - 1;
  complete_paths(w);
}

void Executor::exit_lanes(Cta& cta, Warp& w, LaneMask lanes) {
  lanes = lanes & ~w.exited;
  if (lanes.none()) return;
  complete_exiting_copies(cta, lanes, w);
  w.exited = w.exited | lanes;
  cta.threads_exited += lanes.count();
  cluster_threads_exited(cta, lanes.count());
  for (auto& p : w.paths) p.mask = p.mask & ~lanes;
  lanes.for_each([&](unsigned lane) { w.ret_stack[lane].clear(); });
  complete_paths(w);
  L_.progress = true;
  try_complete_warp_sync(cta, w);
  try_release_barriers(cta);
}

void Executor::do_call(Cta& cta, Warp& w, std::int32_t path, const ir::Instr& in, LaneMask lanes) {
  const std::uint32_t pc = w.paths[static_cast<std::size_t>(path)].pc;
  const ir::CallSite& site = L_.prog->calls[static_cast<std::size_t>(in.ops[0].imm)];
  if (site.builtin != ir::CallSite::Builtin::None) {
    if (site.builtin == ir::CallSite::Builtin::Vprintf) {
      exec_printf(cta, w, site, lanes, pc);
    } else if (lanes.any()) {
      InstrContext cx{L_, cta, w, in, pc};
      cx.fault(static_cast<unsigned>(std::countr_zero(lanes.bits)), "device-side assertion failed (__assertfail)");
    }
    w.paths[static_cast<std::size_t>(path)].pc = pc + 1;
    complete_paths(w);
    return;
  }
  Path& p = w.paths[static_cast<std::size_t>(path)];
  p.pc = pc + 1;
  if (lanes.none()) {
    complete_paths(w);
    return;
  }
  const ir::FunctionInfo& callee = L_.prog->functions[site.callee];
  const std::uint32_t n = L_.prog->param_func_size;
  lanes.for_each([&](unsigned lane) {
    std::uint8_t* area = w.param_func.data() + std::uint64_t{lane} * n;
    for (const auto& c : site.args) std::memmove(area + c.to, area + c.from, c.size);
    if (w.ret_stack[lane].size() >= 1024) {
      InstrContext cx{L_, cta, w, in, pc};
      cx.fault(lane, "call stack overflow (more than 1024 nested calls)");
    }
    w.ret_stack[lane].push_back(pc);
  });
  Path c;
  c.id = w.next_path_id++;
  c.pc = callee.begin_pc;
  c.rpc = pc + 1;
  c.mask = lanes;
  c.parent = path;
  c.is_call = true;
  p.children = 1;
  w.paths.push_back(c);
  w.current = static_cast<std::int32_t>(w.paths.size()) - 1;
}

void Executor::do_ret(Cta& cta, Warp& w, std::int32_t path, const ir::Instr& in, LaneMask active, LaneMask lanes) {
  const std::uint32_t pc = w.paths[static_cast<std::size_t>(path)].pc;
  if (L_.prog->functions[in.func].is_entry) {
    const std::uint32_t id = w.paths[static_cast<std::size_t>(path)].id;
    exit_lanes(cta, w, lanes);
    if (Path* q = w.find_path(id); q != nullptr && q->pc == pc) {
      q->pc = pc + 1;
      if (q->pc == q->rpc) complete_paths(w);
    }
    return;
  }
  std::array<std::uint32_t, kWarpSize> next{};
  const std::uint32_t n = L_.prog->param_func_size;
  active.for_each([&](unsigned lane) {
    if (!lanes.test(lane)) {
      next[lane] = pc + 1;
      return;
    }
    const std::uint32_t call_pc = w.ret_stack[lane].back();
    w.ret_stack[lane].pop_back();
    const ir::CallSite& site = L_.prog->calls[static_cast<std::size_t>(L_.prog->code[call_pc].ops[0].imm)];
    std::uint8_t* area = w.param_func.data() + std::uint64_t{lane} * n;
    for (const auto& c : site.rets) std::memmove(area + c.to, area + c.from, c.size);
    next[lane] = call_pc + 1;
  });
  advance(w, path, pc, next, active);
}

void Executor::leave_region(Warp& w, std::int32_t path) {
  // The path's lanes stop counting for the region's convergence barrier: the parent's lanes waiting at the
  // reconvergence point (and its other children, when they get there) go on without them, and the path goes on as
  // the parent's sibling, with the parent's reconvergence point.
  Path& p = w.paths[static_cast<std::size_t>(path)];
  const std::int32_t parent = p.parent;
  Path& q = w.paths[static_cast<std::size_t>(parent)];
  --q.children;
  q.mask = q.mask & ~p.mask;
  p.parent = q.parent;
  p.rpc = q.rpc;
  p.is_call = q.is_call;
  p.branch = q.branch;
  if (q.parent >= 0) ++w.paths[static_cast<std::size_t>(q.parent)].children;
}

bool Executor::settle_yields(Warp& w, std::uint32_t issuing) {
  const std::vector<std::uint8_t>& at = L_.prog->yield_at;
  if (at.empty()) return false;
  bool issuing_yielded = false;
  for (std::size_t k = 0; k < w.paths.size(); ++k) {
    Path& p = w.paths[k];
    if (p.yielded || p.children != 0 || p.wait != Wait::None || p.mask.none() || p.pc >= at.size()) continue;
    const std::uint8_t kind = at[p.pc];
    // ptxas's YIELD: on every arrival where the wait loop stays inline, else only through the loop's back edge.
    if (kind == 0 || (kind == ir::kYieldOnRetry && (p.last == ir::kNoPc || p.last < p.pc))) continue;
    p.yielded = true;
    if (p.id == issuing) issuing_yielded = true;
    if (L_.model != config::Reconvergence::Independent) continue;
    const std::uint32_t id = p.id;
    // A lane that yields leaves its innermost divergent region (not a call) where ptxas closes the region with a
    // convergence barrier: the GPU's BSYNC waits only for the region's threads that have not yielded
    // (traces/ubench_tma_ring: lane 0's wait loop inside `if (lane == 0)` lets lanes 1-31 past its BSYNC B2). A region
    // that a __syncwarp()'s WARPSYNC reunites has no barrier to leave (ubench_mbar_lanes).
    if (p.parent >= 0 && !p.is_call && !w.paths[static_cast<std::size_t>(p.parent)].is_call &&
        !warpsync_region(*L_.prog, p.branch)) {
      leave_region(w, static_cast<std::int32_t>(k));
      complete_paths(w);
    }
    Path* me = w.find_path(id);
    if (me == nullptr) continue;
    // Paths that yielded at the same pc run on as one (the warp's scheduler picks a pc and runs every thread there).
    std::int32_t mi = static_cast<std::int32_t>(me - w.paths.data());
    for (std::int32_t j = static_cast<std::int32_t>(w.paths.size()) - 1; j >= 0; --j) {
      if (j == mi) continue;
      const Path& o = w.paths[static_cast<std::size_t>(j)];
      if (!o.yielded || o.children != 0 || o.wait != Wait::None || o.pc != me->pc || o.rpc != me->rpc ||
          o.parent != me->parent || o.is_call != me->is_call)
        continue;
      me->mask = me->mask | o.mask;
      const std::uint32_t keep = me->id;
      remove_path(w, j);
      me = w.find_path(keep);
      mi = static_cast<std::int32_t>(me - w.paths.data());
      w.current = mi;
    }
    if (w.current == mi) {
      // Let another runnable path go next, if there is one that has not yielded here.
      const auto np = static_cast<std::int32_t>(w.paths.size());
      for (std::int32_t d = 1; d < np; ++d) {
        const std::int32_t i = (mi + d) % np;
        const Path& o = w.paths[static_cast<std::size_t>(i)];
        if (is_runnable(o) && !(o.yielded && o.pc == me->pc)) {
          w.current = i;
          break;
        }
      }
    }
    k = static_cast<std::size_t>(-1);  // paths moved: look again from the start (each yields once per arrival)
  }
  return issuing_yielded;
}

void Executor::step(Cta& cta, Warp& w, StepResult& r) {
  r.yielded = false;
  step_path(cta, w, r);
  if (r.kind == StepResult::Kind::Executed) r.yielded = settle_yields(w, r.path_id);
}

void Executor::step_path(Cta& cta, Warp& w, StepResult& r) {
  r.kind = StepResult::Kind::Done;
  r.has_mem = false;
  r.async = source::kNoAsync;
  r.suspend = 0;
  r.suspend_ns = 0;
  if (!r.bulk.empty()) {
    r.bulk.clear();
    r.spans.clear();
    r.deliveries.clear();
  }
  if (w.done()) return;
  if (!select_path(w)) {
    r.kind = StepResult::Kind::Blocked;
    return;
  }
  const std::int32_t path = w.current;
  Path& p = w.paths[static_cast<std::size_t>(path)];
  const std::uint32_t pc = p.pc;
  const std::uint32_t id = p.id;
  const ir::Instr& in = L_.prog->code[pc];
  p.last = pc;
  p.yielded = false;
  r.path_id = id;
  const LaneMask active = p.mask;
  LaneMask lanes = active;
  if (in.guard != ir::kNoReg) {
    LaneMask g;
    active.for_each([&](unsigned lane) {
      if ((w.reg(in.guard, lane) != 0) != in.guard_neg) g.set(lane);
    });
    lanes = g;
  }
  r.kind = StepResult::Kind::Executed;
  r.pc = pc;
  r.active = active;
  r.executed = lanes;
  r.instr = &in;
  if (!w.wgmma.empty()) check_wgmma_registers(cta, w, in, pc);
  w.last_pc = pc;
  ++w.warp_insts;
  w.thread_insts += active.count();  // active lanes, as Nsight's thread_inst_executed (predicated-off ones too)

  using ir::Op;
  switch (in.op) {
    case Op::Bra: {
      const auto target = static_cast<std::uint32_t>(in.ops[0].imm);
      if (lanes == active) {
        std::array<std::uint32_t, kWarpSize> next;
        next.fill(target);
        advance(w, path, pc, next, active);
      } else {
        std::array<std::uint32_t, kWarpSize> next{};
        active.for_each([&](unsigned lane) { next[lane] = lanes.test(lane) ? target : pc + 1; });
        advance(w, path, pc, next, active);
      }
      return;
    }
    case Op::BrxIdx: {
      const auto& table = L_.prog->branch_tables[static_cast<std::size_t>(in.ops[1].imm)];
      InstrContext cx{L_, cta, w, in, pc};
      std::array<std::uint32_t, kWarpSize> next{};
      active.for_each([&](unsigned lane) {
        if (!lanes.test(lane)) {
          next[lane] = pc + 1;
          return;
        }
        const std::uint64_t idx = cx.read(in.ops[0], lane) & 0xffffffffu;
        if (idx >= table.size())
          cx.fault(lane, "brx.idx index {} is outside its table of {} targets", idx, table.size());
        next[lane] = table[idx];
      });
      advance(w, path, pc, next, active);
      return;
    }
    case Op::Call: do_call(cta, w, path, in, lanes); return;
    case Op::Ret: do_ret(cta, w, path, in, active, lanes); return;
    case Op::Exit: exit_lanes(cta, w, lanes); break;
    case Op::Trap:
      if (lanes.any()) {
        InstrContext cx{L_, cta, w, in, pc};
        cx.fault(static_cast<unsigned>(std::countr_zero(lanes.bits)), "trap instruction executed");
      }
      break;
    case Op::Brkpt:
      if (lanes.any()) {
        InstrContext cx{L_, cta, w, in, pc};
        cx.fault(static_cast<unsigned>(std::countr_zero(lanes.bits)), "brkpt instruction executed");
      }
      break;
    default: {
      const ir::OpInfo& op = ir::op_info(in.op);  // the rest by the opcode table's flags
      if (in.op == Op::Ldmatrix || in.op == Op::Stmatrix || in.op == Op::Movmatrix || in.op == Op::Mma) {
        exec_matrix(cta, w, in, active, lanes, r);
      } else if (in.op == Op::Wgmma) {
        if (!exec_wgmma(cta, w, path, in, active, lanes, r)) return;
      } else if (in.op == Op::Setmaxnreg) {
        if (!exec_setmaxnreg(cta, w, path, in, active, lanes)) return;
      } else if (op.barrier) {
        if (!do_barrier(cta, w, path, in, lanes)) return;
      } else if (op.warp_sync) {
        if (!do_warp_sync(cta, w, path, in, lanes)) return;
      } else if (op.async) {
        if (!exec_async(cta, w, path, in, lanes, r)) return;
      } else if (in.op == Op::Prefetch && in.sub == 1) {
        // prefetch.tensormap: the SM's TMA unit fetches the map (timed only; nothing changes functionally)
        InstrContext cx{L_, cta, w, in, pc};
        lanes.for_each([&](unsigned lane) {
          source::BulkAccess acc;
          acc.kind = source::BulkAccess::Kind::Descriptor;
          acc.tensor = true;
          acc.descriptor = cx.address(in.ops[0], lane);
          acc.first_span = static_cast<std::uint32_t>(r.spans.size());
          r.bulk.push_back(acc);
        });
      } else if (op.fence || op.hint) {
        // nothing to do: every access is at once visible to every thread, and nothing is cached or timed here
      } else if (op.memory) {
        exec_mem(cta, w, in, lanes, r);
      } else if (in.op == Op::Mapa || in.op == Op::Getctarank) {
        exec_cluster_addr(cta, w, in, lanes);
      } else {
        exec_alu(cta, w, in, lanes);
      }
      break;
    }
  }
  // Fall through to the next instruction, unless the path waits, was released (and advanced) by a
  // barrier or warp-sync it completed, or no longer exists (all its lanes exited).
  if (Path* q = w.find_path(id); q != nullptr && q->pc == pc && q->wait == Wait::None && q->children == 0) {
    q->pc = pc + 1;
    if (q->pc == q->rpc) complete_paths(w);
  }
  return;
}

}  // namespace warpsim::func
