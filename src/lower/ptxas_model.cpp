// ptxas's list scheduling, folding and uniform-register analysis as the timing model sees them (see
// lower/ptxas_model.hpp).
#include <warpsim/lower/ptxas_model.hpp>

#include <warpsim/lower/op_class.hpp>

#include <algorithm>
#include <bit>
#include <map>

namespace warpsim::lower {
namespace {

using ir::Op;

enum class Kind : std::uint8_t { Pure, Ordered, Fence };

bool volatile_special(const ir::Instr& in) {
  for (unsigned i = 0; i < in.nops; ++i) {
    const ir::Operand& o = in.ops[i];
    if (o.kind != ir::Operand::Kind::Special) continue;
    switch (o.special) {
      case ir::Special::Clock:
      case ir::Special::Clock64:
      case ir::Special::Globaltimer:
      case ir::Special::GlobaltimerLo:
      case ir::Special::GlobaltimerHi:
      case ir::Special::Pm:
      case ir::Special::Envreg: return true;
      default: break;
    }
  }
  return false;
}

Kind kind_of(const ir::Instr& in) {
  const ir::OpInfo& op = ir::op_info(in.op);
  if (op.control) return Kind::Fence;
  // kernel parameters and the constant bank are read-only while the kernel runs
  if (op.load && (in.space == ir::Space::ParamKernel || in.space == ir::Space::Const)) return Kind::Pure;
  if (op.ordered || in.has(ir::kCC)) return Kind::Ordered;  // the hidden carry flag is not a register slot
  return volatile_special(in) ? Kind::Fence : Kind::Pure;
}

bool memory_op(const ir::Instr& in) { return ir::op_info(in.op).memory; }

// The instruction's memory address operand ([reg + offset] or [symbol + offset]), or null.
const ir::Operand* address_of(const ir::Instr& in) {
  for (unsigned i = 0; i < in.nops; ++i)
    if (in.ops[i].kind == ir::Operand::Kind::Addr) return &in.ops[i];
  return nullptr;
}

// ld.global.nc: a load of data that is read-only while the kernel runs.
bool read_only_load(const ir::Instr& x) {
  const ir::OpInfo& o = ir::op_info(x.op);
  return o.load && !o.store && x.space == ir::Space::Global && x.has(ir::kNc);
}

// Whether ordered instruction b (later) must stay after a (earlier). The reorderings allowed: two weak loads (no
// .volatile, .relaxed, .acquire, .sc or .mmio) in either order, and a load above an earlier store to another
// state space (neither generic), which no memory-order qualifier forbids (a release store orders what comes
// before it). Stores never move above a read.
// (schedule_region also lets a load pass a store of its own space at other bytes of the same base register.)
bool must_order(const ir::Instr& a, const ir::Instr& b) {
  // ld.global.nc reads data that is read-only while the kernel runs (PTX ISA, "ld.global.nc"): no store, atomic or
  // barrier of the kernel changes it, so it moves across them, as ptxas moves LDG.E.CONSTANT above BAR.SYNC (SASS of
  // traces/j_sgemm16_256, in the loop unrolled by four: the next tiles' LDGs issue before the current tile's barrier
  // and multiply-adds). A fence and the hints (griddepcontrol.wait: the previous grid's writes) still order it.
  if (read_only_load(a) || read_only_load(b)) {
    const ir::OpInfo& other = ir::op_info((read_only_load(a) ? b : a).op);
    return other.fence || other.hint;
  }
  if (!memory_op(a) || !memory_op(b)) return true;
  // Two weak loads commute (no store between them is crossed: stores stay ordered with both), as ptxas issues
  // a loop's loads ahead of the loads that depend on them.
  const auto weak_load = [](const ir::Instr& x) {
    const ir::OpInfo& o = ir::op_info(x.op);
    return o.load && !o.store && !o.atomic && !x.has(ir::kVolatile) && !x.has(ir::kMemOrder);
  };
  if (weak_load(a) && weak_load(b)) return false;
  if (!ir::op_info(a.op).store || !ir::op_info(b.op).load || b.has(ir::kVolatile)) return true;
  const auto generic = [](ir::Space s) { return s == ir::Space::Generic || s == ir::Space::None; };
  if (generic(a.space) || generic(b.space)) return true;
  const auto shared = [](ir::Space s) { return s == ir::Space::Shared || s == ir::Space::SharedCluster; };
  if (shared(a.space) && shared(b.space)) return true;
  return a.space == b.space;
}

bool int_add(const ir::Instr& in) {
  return (in.op == Op::Add || in.op == Op::Sub) && !ir::is_float(in.type) && !in.has(ir::kCC) && !in.has(ir::kSat);
}

// A 64-bit integer add of an immediate to another register, unguarded: ptxas's [R.64+imm] when its value only
// addresses memory (SASS of traces/ubench_lsu_issue and ubench_cp_async: LDG [R8.64+0x80] ... for the PTX's add.s64
// of 128 ...). Not a pointer stepped in place (add r, r, k), which stays in its register.
bool base_plus_imm(const ir::Instr& in) {
  return in.op == Op::Add && int_add(in) && ir::size_of(in.type) == 8 && in.guard == ir::kNoReg && in.ndst == 1 &&
         in.ops[0].kind == ir::Operand::Kind::Reg && in.nsrc() == 2 && in.src(0).kind == ir::Operand::Kind::Reg &&
         in.src(1).kind == ir::Operand::Kind::Imm && in.src(0).reg != in.ops[0].reg;
}

// and, or, xor, not on integer registers (not predicates): what ptxas merges into one three-input LOP3.
bool int_logic(const ir::Instr& in) {
  return (in.op == Op::And || in.op == Op::Or || in.op == Op::Xor || in.op == Op::Not) && in.type != ir::ScalarType::Pred &&
         in.ndst == 1 && in.ops[0].kind == ir::Operand::Kind::Reg;
}

}  // namespace

unsigned assumed_latency(const ir::Instr& in, const config::GpuConfig& cfg) {
  if (const config::EmulatedOp* e = emulated_op(in, cfg)) return e->latency;
  if (in.op == ir::Op::Mbarrier) return cfg.mbarrier_latency;
  if (ir::op_info(in.op).memory && in.ndst != 0) {  // a load or atom: its result comes from memory
    if (in.space == ir::Space::Shared || in.space == ir::Space::SharedCluster) return cfg.smem_latency;
    if (in.space == ir::Space::ParamKernel || in.space == ir::Space::Const) return cfg.const_latency;
    return cfg.compiler_global_load_latency != 0 ? cfg.compiler_global_load_latency : cfg.l1_hit_latency;
  }
  return pipe_timing(cfg, op_class(in)).latency;
}

unsigned store_read_cycles(const ir::Instr& in, const config::GpuConfig& cfg) {
  const ir::OpInfo& info = ir::op_info(in.op);
  if (!info.memory || !(info.store || info.atomic)) return 0;
  switch (in.space) {
    case ir::Space::Shared: return cfg.smem_store_read_cycles;
    case ir::Space::Global:
    case ir::Space::Local:
    case ir::Space::Generic: return cfg.global_store_read_cycles;
    default: return 0;
  }
}

bool innermost_loop(const ir::Program& prog, std::uint32_t pc, std::uint32_t& first, std::uint32_t& last) {
  const std::uint32_t end = prog.functions[prog.code[pc].func].end_pc;
  for (std::uint32_t b = pc; b < end; ++b) {
    const ir::Instr& br = prog.code[b];
    if (br.op != Op::Bra || br.ops[0].imm < 0 || static_cast<std::uint32_t>(br.ops[0].imm) > pc) continue;
    first = static_cast<std::uint32_t>(br.ops[0].imm);
    last = b;
    return true;
  }
  return false;
}

bool written_in(const ir::Program& prog, std::uint32_t first, std::uint32_t last, std::uint32_t reg) {
  for (std::uint32_t k = first; k <= last; ++k) {
    const std::vector<std::uint32_t> writes = instr_regs(prog, prog.code[k]).writes;  // vector elements included
    if (std::find(writes.begin(), writes.end(), reg) != writes.end()) return true;
  }
  return false;
}

bool guard_producer(const ir::Program& prog, std::uint32_t pc) {
  const ir::Instr& in = prog.code[pc];
  if (in.type == ir::ScalarType::Pred && (in.op == Op::And || in.op == Op::Or || in.op == Op::Xor || in.op == Op::Not))
    return true;  // PLOP3
  if (in.op != Op::Setp) return false;
  // setp r, 0|1 (either order) with r the last write of a selp between two immediates a few instructions above.
  std::uint32_t r = ir::kNoReg;
  bool bool_imm = false;
  for (unsigned i = 0; i < in.nsrc(); ++i) {
    const ir::Operand& o = in.src(i);
    if (o.kind == ir::Operand::Kind::Reg) r = o.reg;
    else if (o.kind == ir::Operand::Kind::Imm && (o.imm == 0 || o.imm == 1)) bool_imm = true;
  }
  if (r == ir::kNoReg || !bool_imm || in.nsrc() != 2) return true;
  for (std::uint32_t k = 1; k <= 8 && k <= pc; ++k) {
    const ir::Instr& w = prog.code[pc - k];
    if (ir::op_info(w.op).control) break;
    if (!written_in(prog, pc - k, pc - k, r)) continue;
    return !(w.op == Op::Selp && w.nsrc() == 3 && w.src(0).kind == ir::Operand::Kind::Imm &&
             w.src(1).kind == ir::Operand::Kind::Imm);
  }
  return true;
}

namespace {

// Whether `in` may be predicated instead of branched around: its opcode is Predicable (no control flow, no
// warp-collective or barrier operation whose participating lanes would change: ir/opcodes.def), it has no guard
// of its own and reads no clock.
bool predicable(const ir::Instr& in) {
  // A .release.cluster mbarrier arrive (sub2 == 1) comes with ptxas's fence sequence (MEMBAR.ALL.GPU among it, see
  // timing/sm.cpp): ptxas keeps it behind a branch. Other mbarrier operations it predicates (@!P0 SYNCS.ARRIVE).
  if (in.op == Op::Mbarrier && in.sub2 == 1) return false;
  return in.guard == ir::kNoReg && kind_of(in) != Kind::Fence && ir::op_info(in.op).predicable;
}

// An instruction `op` without operands in place of `from`: its PTX and source lines, and its guard if `guarded`.
ir::Instr replacement(const ir::Instr& from, Op op, bool guarded) {
  ir::Instr in{};
  in.op = op;
  if (guarded) {
    in.guard = from.guard;
    in.guard_neg = from.guard_neg;
  }
  in.line = from.line;
  in.src_file = from.src_file;
  in.src_line = from.src_line;
  in.func = from.func;
  return in;
}

// In the kernel entry, `@p bra L` where L holds `ret` or `exit` becomes `@p exit` (the SASS's `@P0 EXIT`: those
// lanes leave at once instead of being carried, predicated off, to the end). Returns whether anything changed.
bool exit_early(ir::Program& prog) {
  if (prog.functions.empty()) return false;
  const auto& fi = prog.functions[0];
  bool changed = false;
  for (std::uint32_t pc = fi.begin_pc; pc < fi.end_pc; ++pc) {
    ir::Instr& br = prog.code[pc];
    if (br.op != Op::Bra || br.guard == ir::kNoReg || br.ops[0].kind != ir::Operand::Kind::Label) continue;
    const auto to = static_cast<std::size_t>(br.ops[0].imm);
    if (to >= fi.end_pc) continue;
    const ir::Instr& at = prog.code[to];
    if ((at.op != Op::Ret && at.op != Op::Exit) || at.guard != ir::kNoReg) continue;
    br = replacement(br, Op::Exit, true);
    prog.text[pc] = "exit; // was: " + prog.text[pc];
    changed = true;
  }
  return changed;
}

// If-conversion, as ptxas does for short guarded blocks (at most compiler.if_convert_max SASS instructions on each side, an
// emulated operation counting as its emul.*.instructions):
//   `@p bra L; A; L:`                                   A guarded by !p
//   `@p bra E; A; bra J; E: B; J:`                       A guarded by !p, B by p   (if/else)
//   `@p bra T; bra E; T: A; E:`  or  `...; T: A; bra J; E: B; J:`   A guarded by p, B by !p
// The branches become nops. Nothing else may branch into A or B, their instructions must be predicable, and none
// may write p. Returns whether anything changed.
bool if_convert(ir::Program& prog, const config::GpuConfig& cfg) {
  const std::uint32_t kMax = cfg.compiler_if_convert_max;
  bool changed = false;
  const auto label_of = [](const ir::Instr& in) -> std::int64_t {
    return in.op == Op::Bra && in.ops[0].kind == ir::Operand::Kind::Label ? in.ops[0].imm : -1;
  };
  for (const auto& fi : prog.functions) {
    std::vector<unsigned> targets(prog.code.size() + 1, 0);  // branches to each pc
    bool tables = false;
    for (std::uint32_t pc = fi.begin_pc; pc < fi.end_pc; ++pc) {
      if (const auto t = label_of(prog.code[pc]); t >= 0) ++targets[static_cast<std::size_t>(t)];
      tables = tables || prog.code[pc].op == Op::BrxIdx;
    }
    if (tables) continue;                                           // brx.idx tables: leave the function alone
    const auto plain_bra = [&](std::uint32_t pc) -> std::int64_t {  // target of an unguarded bra at pc, or -1
      return pc < fi.end_pc && prog.code[pc].guard == ir::kNoReg ? label_of(prog.code[pc]) : -1;
    };
    for (std::uint32_t pc = fi.begin_pc; pc < fi.end_pc; ++pc) {
      ir::Instr& br = prog.code[pc];
      const std::int64_t to = br.guard == ir::kNoReg ? -1 : label_of(br);
      if (to <= pc + 1 || to > fi.end_pc) continue;
      const auto x = static_cast<std::uint32_t>(to);
      // A side [from, to) may be predicated: short, predicable, no branch into it but at `from` (counted
      // `entries` times), and it keeps the guard's value.
      const auto side = [&](std::uint32_t from, std::uint32_t end, unsigned entries) {
        if (end < from || end - from > kMax || targets[from] > entries) return false;
        std::uint32_t sass = 0;
        for (std::uint32_t k = from; k < end; ++k) {
          const ir::Instr& in = prog.code[k];
          const config::EmulatedOp* e = emulated_op(in, cfg);
          sass += e != nullptr ? e->instructions : 1;
          if ((k > from && targets[k] != 0) || !predicable(in) || sass > kMax) return false;
          for (auto w : instr_regs(prog, in).writes)
            if (w == br.guard) return false;
        }
        return true;
      };
      struct Side {
        std::uint32_t from, end;
        bool when_taken;  // runs when the guarded branch would have been taken
      };
      std::vector<Side> sides;
      std::vector<std::uint32_t> nops{pc};
      const std::int64_t y = plain_bra(pc + 1);
      if (x == pc + 2 && y > x && targets[x] == 1) {
        // `@p bra T; bra E; T: A; [bra J; E: B; J:]`
        const auto e = static_cast<std::uint32_t>(y);
        const std::int64_t j = plain_bra(e - 1);
        if (j > e && targets[e] == 1 && side(x, e - 1, 1) && side(e, static_cast<std::uint32_t>(j), 1)) {
          sides = {{x, e - 1, true}, {e, static_cast<std::uint32_t>(j), false}};
          nops = {pc, pc + 1, e - 1};
        } else if (side(x, e, 1)) {
          sides = {{x, e, true}};
          nops = {pc, pc + 1};
        }
      } else {
        const std::int64_t j = plain_bra(x - 1);
        if (j > x && targets[x] == 1 && side(pc + 1, x - 1, 0) && side(x, static_cast<std::uint32_t>(j), 1)) {
          // `@p bra E; A; bra J; E: B; J:`
          sides = {{pc + 1, x - 1, false}, {x, static_cast<std::uint32_t>(j), true}};
          nops = {pc, x - 1};
        } else if (side(pc + 1, x, 0)) {
          sides = {{pc + 1, x, false}};  // `@p bra L; A; L:`
        }
      }
      if (sides.empty()) continue;
      // slot names are "function:register"; the text shows the register as written
      std::string name = br.guard < prog.slot_names.size() ? prog.slot_names[br.guard] : std::string("%p");
      name = name.substr(name.rfind(':') == std::string::npos ? 0 : name.rfind(':') + 1);
      const std::uint32_t guard = br.guard;
      const bool neg = br.guard_neg;
      for (const Side& sd : sides) {
        const bool run_neg = sd.when_taken ? neg : !neg;
        for (std::uint32_t k = sd.from; k < sd.end; ++k) {
          prog.code[k].guard = guard;
          prog.code[k].guard_neg = run_neg;
          prog.text[k] = (run_neg ? "@!" : "@") + name + " " + prog.text[k];
        }
      }
      for (const std::uint32_t k : nops) {
        if (const std::int64_t t = label_of(prog.code[k]); t >= 0) --targets[static_cast<std::size_t>(t)];
        prog.code[k] = replacement(prog.code[k], Op::Nop, false);
        prog.text[k] = "nop; // if-converted: " + prog.text[k];
      }
      changed = true;
    }
  }
  return changed;
}

}  // namespace

namespace {

// Register pressure for the list scheduler (compiler.register_limit): the registers a value takes, the budget, and
// the slots live at the region's start and after its end.
struct RegLimit {
  unsigned budget = 0;                               // 32-bit registers; 0: no limit
  const std::vector<std::uint8_t>* words = nullptr;  // per slot
  std::vector<std::uint8_t> live_in;                 // per slot: live at the region's first instruction
  std::vector<std::uint8_t> live_out;                // per slot: live after its last one
};

// List-schedules the n instructions from `start`, a region of one basic block with no fence inside.
void schedule_region(ir::Program& prog, const config::GpuConfig& cfg, std::uint32_t start, std::uint32_t n,
                     const RegLimit* limit) {
  // Dependence graph over [start, start + n).
  std::vector<InstrRegs> regs(n);
  std::vector<unsigned> lat(n);
  std::vector<std::uint8_t> guards(n, 0);  // writes predicates that serve as guards late (guard_producer)
  std::vector<unsigned> hold(n);            // store_read_cycles
  for (std::uint32_t i = 0; i < n; ++i) {
    regs[i] = instr_regs(prog, prog.code[start + i]);
    lat[i] = assumed_latency(prog.code[start + i], cfg);
    hold[i] = store_read_cycles(prog.code[start + i], cfg);
    guards[i] = guard_producer(prog, start + i) ? 1 : 0;
  }
  // The branch that ends the region, if its guard is written here: ptxas issues that setp early, as its predicate
  // reaches the branch sm.guard_predicate_cycles later (traces/ubench_pipe_tput's SASS: the loop's ISETP sits four
  // instructions above the BRA).
  const std::uint32_t term_guard =
      start + n < prog.code.size() && prog.code[start + n].op == Op::Bra ? prog.code[start + n].guard : ir::kNoReg;
  std::vector<std::vector<std::pair<std::uint32_t, unsigned>>> succ(n);  // (node, delay)
  std::vector<unsigned> npred(n, 0);
  auto edge = [&](std::uint32_t a, std::uint32_t c, unsigned d) {
    for (auto& [x, dx] : succ[a])
      if (x == c) {
        dx = std::max(dx, d);
        return;
      }
    succ[a].emplace_back(c, d);
    ++npred[c];
  };
  auto has = [](const std::vector<std::uint32_t>& v, std::uint32_t s) {
    return std::find(v.begin(), v.end(), s) != v.end();
  };
  // A weak load after a weak store of the same state space that provably touches other bytes: both address one base
  // register, unchanged between them, at offsets whose byte ranges do not overlap. ptxas moves such a load above the
  // store (SASS of traces/wgmma_gemm's epilogue, `C = alpha A B + beta C` per element: the PTX's ld [r], st [r],
  // ld [r+4], st [r+4] is LDG [R], LDG [R+0x4], ..., STG [R], STG [R+0x4]); a load from another base register, which
  // may alias, stays below the store.
  const auto disjoint = [&](std::uint32_t i, std::uint32_t j) {
    const ir::Instr &a = prog.code[start + i], &b = prog.code[start + j];
    const ir::OpInfo &oa = ir::op_info(a.op), &ob = ir::op_info(b.op);
    if (!oa.store || oa.load || oa.atomic || !ob.load || ob.store || ob.atomic || a.space != b.space) return false;
    if (a.has(ir::kVolatile) || a.has(ir::kMemOrder) || b.has(ir::kVolatile) || b.has(ir::kMemOrder)) return false;
    const ir::Operand *pa = address_of(a), *pb = address_of(b);
    if (pa == nullptr || pb == nullptr || pa->reg == ir::kNoReg || pa->reg != pb->reg) return false;
    for (std::uint32_t k = i; k < j; ++k)
      if (has(regs[k].writes, pa->reg)) return false;
    const std::int64_t na = static_cast<std::int64_t>(ir::size_of(a.type)) * a.vec,
                       nb = static_cast<std::int64_t>(ir::size_of(b.type)) * b.vec;
    return na > 0 && nb > 0 && (pa->imm + na <= pb->imm || pb->imm + nb <= pa->imm);
  };
  std::vector<std::uint32_t> ordered;
  for (std::uint32_t j = 0; j < n; ++j) {
    for (std::uint32_t i = 0; i < j; ++i) {
      unsigned d = 0;
      bool dep = false;
      for (auto w : regs[i].writes) {
        if (has(regs[j].reads, w)) dep = true, d = std::max(d, lat[i]);  // read after write
        if (prog.code[start + j].guard == w && guards[i] != 0) d = std::max(d, cfg.guard_predicate_cycles);
        if (has(regs[j].writes, w)) dep = true, d = std::max(d, 1u);     // write after write
      }
      for (auto r : regs[i].reads)  // write after read: after a store has read its registers
        if (has(regs[j].writes, r)) dep = true, d = std::max(d, hold[i]);
      if (dep) edge(i, j, d);
    }
    if (kind_of(prog.code[start + j]) == Kind::Ordered) {
      for (auto i : ordered)
        if (must_order(prog.code[start + i], prog.code[start + j]) && !disjoint(i, j)) edge(i, j, 0);
      // A read-only load moves above at most compiler.nc_load_barriers CTA barriers (see must_order).
      if (read_only_load(prog.code[start + j])) {
        unsigned bars = 0;
        for (auto it = ordered.rbegin(); it != ordered.rend(); ++it)
          if (ir::op_info(prog.code[start + *it].op).barrier && ++bars > cfg.compiler_nc_load_barriers) {
            edge(*it, j, 0);
            break;
          }
      }
      ordered.push_back(j);
    }
  }
  // Priority: the longest latency-weighted path to the region's end.
  std::vector<std::uint64_t> height(n, 0);
  for (std::uint32_t i = n; i-- > 0;) {
    height[i] = lat[i];
    if (term_guard != ir::kNoReg && guards[i] != 0 && has(regs[i].writes, term_guard))
      height[i] = std::max<std::uint64_t>(height[i], cfg.guard_predicate_cycles);
    for (const auto& [c, d] : succ[i]) height[i] = std::max(height[i], d + height[c]);
  }
  // Read-only loads go first among the ready instructions (ptxas issues them as early as their operands allow).
  std::vector<std::uint8_t> ahead(n, 0);
  for (std::uint32_t i = 0; i < n; ++i) ahead[i] = read_only_load(prog.code[start + i]) ? 1 : 0;
  std::vector<std::uint64_t> earliest(n, 0);
  std::vector<std::uint8_t> done(n, 0);
  std::vector<std::uint32_t> order;
  order.reserve(n);
  // Register pressure (compiler.register_limit): the registers live now, each slot's unscheduled readers here.
  const bool limited = limit != nullptr && limit->budget != 0;
  std::int64_t live_words = 0;
  std::vector<std::uint8_t> live;
  std::vector<std::uint32_t> readers;
  std::vector<InstrRegs> uregs;  // regs without repeats
  if (limited) {
    live = limit->live_in;
    readers.assign(live.size(), 0);
    for (std::size_t k = 0; k < live.size(); ++k)
      if (live[k] != 0) live_words += (*limit->words)[k];
    uregs = regs;
    for (auto& u : uregs)
      for (auto* v : {&u.reads, &u.writes}) {
        std::sort(v->begin(), v->end());
        v->erase(std::unique(v->begin(), v->end()), v->end());
      }
    for (std::uint32_t i = 0; i < n; ++i)
      for (auto r : uregs[i].reads) ++readers[r];
  }
  // Registers instruction i adds (negative: frees) if it issues now: a value it writes becomes live if it is read
  // later; a value it reads for the last time here dies.
  const auto live_after = [&](std::uint32_t i, std::uint32_t slot) -> std::uint8_t {
    const std::uint32_t later = readers[slot] - (has(uregs[i].reads, slot) ? 1 : 0);
    const bool needed = later != 0 || limit->live_out[slot] != 0;
    if (has(uregs[i].writes, slot)) return needed ? 1 : 0;
    return live[slot] != 0 && needed ? 1 : 0;
  };
  const auto delta = [&](std::uint32_t i) {
    std::int64_t d = 0;
    for (auto r : uregs[i].reads)
      if (!has(uregs[i].writes, r)) d += (std::int64_t{live_after(i, r)} - live[r]) * (*limit->words)[r];
    for (auto w : uregs[i].writes) d += (std::int64_t{live_after(i, w)} - live[w]) * (*limit->words)[w];
    return d;
  };
  const auto fits = [&](std::uint32_t i) {
    if (!limited) return true;
    const std::int64_t d = delta(i);
    return d <= 0 || live_words + d <= static_cast<std::int64_t>(limit->budget);
  };
  std::uint64_t t = 0;
  while (order.size() < n) {
    std::int64_t pick = -1, forced = -1;
    std::uint64_t soonest = ~std::uint64_t{0}, soonest_freeing = ~std::uint64_t{0};
    for (std::uint32_t i = 0; i < n; ++i) {
      if (done[i] != 0 || npred[i] != 0) continue;
      soonest = std::min(soonest, earliest[i]);
      if (earliest[i] > t) {
        if (limited && delta(i) < 0) soonest_freeing = std::min(soonest_freeing, earliest[i]);
        continue;
      }
      const bool room = fits(i);
      const auto better = [&](std::int64_t q) {
        const auto c = static_cast<std::size_t>(q);
        return q < 0 || std::pair(ahead[i], height[i]) > std::pair(ahead[c], height[c]);
      };
      if (room) {
        if (better(pick)) pick = i;
      } else if (forced < 0 || delta(i) < delta(static_cast<std::uint32_t>(forced)) ||
                 (delta(i) == delta(static_cast<std::uint32_t>(forced)) && better(forced))) {
        forced = i;
      }
    }
    // Nothing ready fits in the registers: wait for an instruction that frees some, or, if none is coming, take the
    // ready one that adds the fewest (ptxas would spill or use more registers).
    if (pick < 0 && forced >= 0) {
      if (soonest_freeing != ~std::uint64_t{0}) {
        t = soonest_freeing;
        continue;
      }
      pick = forced;
    }
    if (pick < 0) {
      t = soonest;
      continue;
    }
    const auto p = static_cast<std::uint32_t>(pick);
    if (limited) {
      live_words += delta(p);
      std::vector<std::pair<std::uint32_t, std::uint8_t>> next;
      for (auto r : uregs[p].reads) next.emplace_back(r, live_after(p, r));
      for (auto w : uregs[p].writes) next.emplace_back(w, live_after(p, w));
      for (const auto& [slot, v] : next) live[slot] = v;
      for (auto r : uregs[p].reads) --readers[r];
    }
    done[p] = 1;
    order.push_back(p);
    for (const auto& [c, d] : succ[p]) {
      --npred[c];
      earliest[c] = std::max(earliest[c], t + d);
    }
    ++t;
  }
  // (Reconvergence entries belong to branches, which are fences and never move.)
  std::vector<ir::Instr> code(n);
  std::vector<std::string> text(n);
  for (std::uint32_t k = 0; k < n; ++k) {
    code[k] = prog.code[start + order[k]];
    text[k] = std::move(prog.text[start + order[k]]);
  }
  std::move(code.begin(), code.end(), prog.code.begin() + start);
  std::move(text.begin(), text.end(), prog.text.begin() + start);
}

// An emulated operation whose SASS branches to a slow path: the IEEE float division, reciprocal and square root
// (`@!P0 BRA` around a CALL.REL.NOINC for the operands the fast path cannot take) and the 64-bit integer divisions
// (a CALL.REL.NOINC unless both operands fit in 32 bits). SASS of traces/ubench_emulated_ops (cuobjdump on the H200
// machine, 2026-12-02); the 32-bit integer divisions are straight-line code. ptxas schedules nothing across the
// branch (SASS of traces/j_adi_sweep: each LDG of the loop stays after the division before it), so for the list
// scheduler such an operation is a fence.
bool slow_path(const ir::Instr& in, const config::GpuConfig& cfg) {
  if (emulated_op(in, cfg) == nullptr) return false;
  return ir::is_float(in.type) || ir::size_of(in.type) == 8;
}

}  // namespace

namespace {

// Per slot of function f: whether it is written exactly once there. A guarded write of such a slot ends its value for
// liveness as an unguarded one does: nothing defined reaches above it (an if-converted `if (tid == 0) { ... }` after
// a loop must not make its values live through the loop).
std::vector<std::uint8_t> single_def_slots(const ir::Program& prog, std::size_t f) {
  std::vector<std::uint32_t> defs(prog.num_slots, 0);
  for (std::uint32_t pc = prog.functions[f].begin_pc; pc < prog.functions[f].end_pc; ++pc)
    for (auto w : instr_regs(prog, prog.code[pc]).writes) ++defs[w];
  std::vector<std::uint8_t> one(prog.num_slots, 0);
  for (std::uint32_t k = 0; k < prog.num_slots; ++k) one[k] = defs[k] == 1 ? 1 : 0;
  return one;
}

// Per block of function f: the slots live at its end (backward dataflow over the control-flow graph; an unguarded
// write ends a value, a guarded one only when it is the slot's one definition: single_def_slots).
std::vector<std::vector<std::uint8_t>> block_live_out(const ir::Program& prog, std::size_t f,
                                                      const std::vector<std::uint8_t>& single) {
  const ir::Cfg& g = prog.cfgs[f];
  const std::uint32_t base = prog.functions[f].begin_pc;
  const std::size_t nb = g.blocks.size();
  std::vector<std::vector<std::uint32_t>> use(nb), kill(nb);  // upward-exposed reads, writes that end a value
  for (std::size_t b = 0; b < nb; ++b) {
    std::vector<std::uint8_t> written(prog.num_slots, 0);
    for (std::uint32_t pc = base + g.blocks[b].first; pc <= base + g.blocks[b].last; ++pc) {
      const InstrRegs r = instr_regs(prog, prog.code[pc]);
      for (auto x : r.reads)
        if (written[x] == 0) use[b].push_back(x);
      const bool guarded = prog.code[pc].guard != ir::kNoReg;
      for (auto w : r.writes)
        if (written[w] == 0 && (!guarded || single[w] != 0)) written[w] = 1, kill[b].push_back(w);
    }
  }
  std::vector<std::vector<std::uint8_t>> in(nb, std::vector<std::uint8_t>(prog.num_slots, 0)), out = in;
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t b = nb; b-- > 0;) {
      for (auto s : g.blocks[b].succs)
        if (s != ir::Cfg::kExitBlock)
          for (std::uint32_t k = 0; k < prog.num_slots; ++k)
            if (in[s][k] != 0 && out[b][k] == 0) out[b][k] = 1, changed = true;
      std::vector<std::uint8_t> next = out[b];
      for (auto w : kill[b]) next[w] = 0;
      for (auto x : use[b]) next[x] = 1;
      if (next != in[b]) in[b] = std::move(next), changed = true;
    }
  }
  return out;
}

// The 32-bit registers each slot's value takes in SASS, for the register limit: a predicate, a warp-uniform value
// (a uniform register) and the result of a cvta.to, a shl or mul folded into an add, or a logic operation merged into
// another (ptxas_folded) none.
std::vector<std::uint8_t> slot_register_words(const ir::Program& prog, const config::GpuConfig& cfg) {
  std::vector<std::uint8_t> words(prog.num_slots, 1);
  for (std::size_t k = 0; k < words.size() && k < prog.slot_words.size(); ++k) words[k] = prog.slot_words[k];
  if (prog.cc_slot < words.size()) words[prog.cc_slot] = 0;
  if (cfg.compiler_uniform_datapath != 0) {
    const std::vector<std::uint8_t> uniform = uniform_slots(prog);
    for (std::size_t k = 0; k < words.size() && k < uniform.size(); ++k)
      if (uniform[k] != 0) words[k] = 0;
  }
  if (cfg.compiler_fold != 0) {
    const std::vector<std::uint8_t> folded = ptxas_folded(prog, cfg);
    std::vector<std::uint8_t> kept(prog.num_slots, 0);  // written by an instruction that stays
    std::vector<std::uint8_t> gone(prog.num_slots, 0);  // written by a folded one that leaves no register
    for (std::size_t pc = 0; pc < prog.code.size(); ++pc) {
      const ir::Instr& in = prog.code[pc];
      const bool vanishes = folded[pc] == kFolded && in.op != Op::Mov && in.op != Op::Nop;
      for (auto w : instr_regs(prog, in).writes) (vanishes ? gone : kept)[w] = 1;
    }
    for (std::size_t k = 0; k < words.size(); ++k)
      if (gone[k] != 0 && kept[k] == 0) words[k] = 0;
  }
  // A 64-bit base plus an immediate that only addresses memory (base_plus_imm, written once) takes no register: the
  // [R.64+imm] of its loads and stores (with compiler.fold ptxas_folded has folded it already).
  std::vector<std::uint8_t> other_use(prog.num_slots, 0), offset_add(prog.num_slots, 0);
  std::vector<std::uint32_t> defs(prog.num_slots, 0);
  const auto mark = [&](std::uint32_t slot) {
    if (slot < other_use.size()) other_use[slot] = 1;
  };
  for (const ir::Instr& in : prog.code) {
    for (auto w : instr_regs(prog, in).writes) ++defs[w];
    for (unsigned i = in.ndst; i < in.nops; ++i) {
      const ir::Operand& o = in.ops[i];
      if (o.kind == ir::Operand::Kind::Reg) mark(o.reg);
      if (o.kind == ir::Operand::Kind::Vec)
        for (std::uint32_t e = 0; e < o.count; ++e) mark(prog.vec_slots[o.reg + e]);
    }
    mark(in.guard);
    if (base_plus_imm(in)) offset_add[in.ops[0].reg] = 1;
  }
  for (std::size_t k = 0; k < words.size(); ++k)
    if (offset_add[k] != 0 && other_use[k] == 0 && defs[k] == 1) words[k] = 0;
  return words;
}

}  // namespace

void ptxas_schedule(ir::Program& prog, const config::GpuConfig& cfg, unsigned registers) {
  const bool exits = exit_early(prog);
  if (if_convert(prog, cfg) || exits) ir::compute_control_flow(prog);
  const bool limited = cfg.compiler_register_limit != 0 && registers > cfg.compiler_reserved_registers;
  const unsigned budget = limited ? registers - cfg.compiler_reserved_registers : 0;
  const std::vector<std::uint8_t> words = limited ? slot_register_words(prog, cfg) : std::vector<std::uint8_t>{};
  for (std::size_t f = 0; f < prog.functions.size() && f < prog.cfgs.size(); ++f) {
    const std::uint32_t base = prog.functions[f].begin_pc;
    const std::vector<std::uint8_t> single = limited ? single_def_slots(prog, f) : std::vector<std::uint8_t>{};
    const auto live_out = limited ? block_live_out(prog, f, single) : std::vector<std::vector<std::uint8_t>>{};
    for (std::size_t bi = 0; bi < prog.cfgs[f].blocks.size(); ++bi) {
      const ir::Block& b = prog.cfgs[f].blocks[bi];
      // Regions between fences; a fence keeps its place.
      std::vector<std::pair<std::uint32_t, std::uint32_t>> regions;  // (start, length)
      const std::uint32_t end = base + b.last + 1;
      std::uint32_t start = base + b.first;
      for (std::uint32_t pc = start; pc <= end; ++pc) {
        if (pc < end && kind_of(prog.code[pc]) != Kind::Fence && !slow_path(prog.code[pc], cfg)) continue;
        if (pc - start >= cfg.compiler_min_region) regions.emplace_back(start, pc - start);
        start = pc + 1;
      }
      // The slots live at each region's start and after its end (a backward walk from the block's end).
      std::vector<RegLimit> limits(limited ? regions.size() : 0);
      if (limited && !regions.empty()) {
        std::vector<std::uint8_t> live = live_out[bi];
        std::size_t r = regions.size();
        for (std::uint32_t pc = end; pc-- > base + b.first && r > 0;) {
          if (pc + 1 == regions[r - 1].first + regions[r - 1].second) limits[r - 1].live_out = live;
          const InstrRegs x = instr_regs(prog, prog.code[pc]);
          for (auto w : x.writes)
            if (prog.code[pc].guard == ir::kNoReg || single[w] != 0) live[w] = 0;
          for (auto y : x.reads) live[y] = 1;
          if (pc == regions[r - 1].first) {
            limits[r - 1].live_in = live;
            limits[r - 1].budget = budget;
            limits[r - 1].words = &words;
            --r;
          }
        }
      }
      for (std::size_t r = 0; r < regions.size(); ++r)
        schedule_region(prog, cfg, regions[r].first, regions[r].second, limited ? &limits[r] : nullptr);
    }
  }
}

namespace {

// What ptxas knows of a global base register's alignment: its value is residue modulo modulus (a power of two, 8 or
// 16; 0: nothing known beyond the access's own size). The proof ptxas has is an access of the PTX ISA's vector forms
// (ld/st.v2, .v4 must be naturally aligned) from the same register, or from one it is a move, a cvta or a plus an
// immediate of, each written once in the function, that runs whenever the access in question does (in its basic
// block or one that post-dominates it): hgemm_mma_sync's epilogue reads C with ld.global.v2.f32 [%rd82] and writes
// its first pair with st.global.f32 [%rd82] and [%rd82+4] in the same block, which ptxas fuses into one STG.E.64
// (its SASS: 64 STG.E.64 for 48 st.global.v2 and 16 such pairs), while wgmma_gemm's epilogue, whose C address is
// row * N + col words (N a parameter, so only 4-byte aligned), keeps its pairs of LDG.E and STG.E.
struct Alignment {
  unsigned modulus = 0;
  std::uint32_t residue = 0;
};
struct AlignmentProof {
  std::uint32_t block = 0;  // where the vector access is (relative to the function's blocks)
  Alignment a;
};
class GlobalAlignment {
 public:
  GlobalAlignment(const ir::Program& prog, std::size_t f) : cfg_(prog.cfgs[f]), proofs_(prog.num_slots) {
    const auto& fi = prog.functions[f];
    const std::vector<std::uint8_t> single = single_def_slots(prog, f);
    const auto once = [&](std::uint32_t r) { return r < single.size() && single[r] != 0; };
    // Vector accesses.
    for (std::uint32_t pc = fi.begin_pc; pc < fi.end_pc; ++pc) {
      const ir::Instr& in = prog.code[pc];
      const ir::OpInfo& op = ir::op_info(in.op);
      const ir::Operand* addr = address_of(in);
      if (!op.memory || (!op.load && !op.store) || in.vec < 2 || addr == nullptr || addr->reg == ir::kNoReg) continue;
      const unsigned bytes = in.vec * ir::size_of(in.type);
      if (once(addr->reg) && std::has_single_bit(bytes) && bytes >= 8)
        add(addr->reg, cfg_.block_of[pc - fi.begin_pc], std::min(bytes, 16u), -addr->imm);
    }
    // Moves, cvta and adds of an immediate carry a proof both ways (the values differ by a constant), until nothing
    // changes (each register gets at most one proof per block and modulus).
    for (bool changed = true; changed;) {
      changed = false;
      for (std::uint32_t pc = fi.begin_pc; pc < fi.end_pc; ++pc) {
        const ir::Instr& in = prog.code[pc];
        if (in.ndst != 1 || in.ops[0].kind != ir::Operand::Kind::Reg || in.guard != ir::kNoReg || in.nsrc() < 1 ||
            in.src(0).kind != ir::Operand::Kind::Reg)
          continue;
        std::int64_t delta = 0;
        if (in.op == Op::Cvta && in.has(ir::kToSpace) && in.nsrc() == 1) delta = 0;
        else if (in.op == Op::Mov && in.nsrc() == 1) delta = 0;
        else if (base_plus_imm(in)) delta = in.src(1).imm;
        else continue;
        const std::uint32_t d = in.ops[0].reg, s = in.src(0).reg;
        if (!once(d) || !once(s)) continue;
        for (std::size_t i = 0; i < proofs_[s].size(); ++i) {
          const AlignmentProof p = proofs_[s][i];
          changed = add(d, p.block, p.a.modulus, static_cast<std::int64_t>(p.a.residue) + delta) || changed;
        }
        for (std::size_t i = 0; i < proofs_[d].size(); ++i) {
          const AlignmentProof p = proofs_[d][i];
          changed = add(s, p.block, p.a.modulus, static_cast<std::int64_t>(p.a.residue) - delta) || changed;
        }
      }
    }
  }
  // What is known of register r's value at an access in block b (relative to the function).
  Alignment at(std::uint32_t r, std::uint32_t b) const {
    Alignment best;
    if (r >= proofs_.size()) return best;
    for (const AlignmentProof& p : proofs_[r])
      if (p.a.modulus > best.modulus && runs_with(p.block, b)) best = p.a;
    return best;
  }

 private:
  // Whether block `proof` runs whenever block b does: it is b or post-dominates it.
  bool runs_with(std::uint32_t proof, std::uint32_t b) const {
    for (std::int32_t x = static_cast<std::int32_t>(b); x >= 0; x = cfg_.blocks[static_cast<std::size_t>(x)].ipdom)
      if (static_cast<std::uint32_t>(x) == proof) return true;
    return false;
  }
  bool add(std::uint32_t r, std::uint32_t block, unsigned modulus, std::int64_t residue) {
    const auto res = static_cast<std::uint32_t>(((residue % modulus) + modulus) % modulus);
    for (const AlignmentProof& p : proofs_[r])
      if (p.block == block && p.a.modulus == modulus) return false;  // known (a second, different one is a program
                                                                     // that would fault: the first is kept)
    proofs_[r].push_back({block, {modulus, res}});
    return true;
  }
  const ir::Cfg& cfg_;
  std::vector<std::vector<AlignmentProof>> proofs_;  // per register slot
};

}  // namespace

std::vector<std::uint8_t> ptxas_folded(const ir::Program& prog, const config::GpuConfig& cfg,
                                       std::vector<std::uint8_t>* wide_bytes) {
  const std::int64_t chunk = cfg.compiler_vector_chunk;
  const std::size_t n = prog.code.size();
  std::vector<std::uint8_t> folded(n, 0);
  if (wide_bytes != nullptr) wide_bytes->assign(n, 0);
  std::vector<InstrRegs> regs(n);
  for (std::size_t pc = 0; pc < n; ++pc) regs[pc] = instr_regs(prog, prog.code[pc]);
  const std::vector<std::uint8_t> uniform =
      cfg.compiler_uniform_datapath != 0 ? uniform_slots(prog) : std::vector<std::uint8_t>{};
  for (std::size_t f = 0; f < prog.functions.size(); ++f) {
    const auto& fi = prog.functions[f];
    // Per register slot in this function: how many instructions write it, how many reads it has and the last
    // instruction reading it, whether every reader is an integer add or subtract, and whether it is the result of a
    // logic operation merged into its reader (LOP3).
    std::vector<std::uint32_t> defs(prog.num_slots, 0), reads(prog.num_slots, 0), reader(prog.num_slots, 0);
    std::vector<std::uint32_t> smem_address_reads(prog.num_slots, 0);  // reads as the base of ld/st.shared [r]
    std::vector<std::uint32_t> address_reads(prog.num_slots, 0);       // reads as the base of any [r] address
    std::vector<std::uint32_t> step_or_compare_reads(prog.num_slots, 0);  // by a counter step or a setp
    std::vector<std::uint32_t> def_pc(prog.num_slots, 0);              // the (last) instruction writing it
    std::vector<std::uint8_t> only_adds(prog.num_slots, 1), logic_folded(prog.num_slots, 0);
    for (std::uint32_t pc = fi.begin_pc; pc < fi.end_pc; ++pc) {
      for (auto w : regs[pc].writes) ++defs[w], def_pc[w] = pc;
      for (auto r : regs[pc].reads) {
        ++reads[r];
        reader[r] = pc;
        if (!int_add(prog.code[pc])) only_adds[r] = 0;
      }
      const ir::Instr& in = prog.code[pc];
      const ir::OpInfo& op = ir::op_info(in.op);
      for (unsigned i = 0; i < in.nops; ++i)
        if (in.ops[i].kind == ir::Operand::Kind::Addr && in.ops[i].reg != ir::kNoReg) ++address_reads[in.ops[i].reg];
      if (in.op == Op::Setp || in.has(ir::kUnrollStep) ||
          (int_add(in) && in.nsrc() == 2 && in.src(1).kind == ir::Operand::Kind::Imm))
        for (unsigned i = in.ndst; i < in.nops; ++i)
          if (in.ops[i].kind == ir::Operand::Kind::Reg) ++step_or_compare_reads[in.ops[i].reg];
      if (op.memory && !op.atomic && (op.load || op.store) && in.space == ir::Space::Shared)
        for (unsigned i = 0; i < in.nops; ++i)
          if (in.ops[i].kind == ir::Operand::Kind::Addr && in.ops[i].reg != ir::kNoReg)
            ++smem_address_reads[in.ops[i].reg];
    }
    for (std::uint32_t pc = fi.begin_pc; pc < fi.end_pc; ++pc) {
      const ir::Instr& in = prog.code[pc];
      if (in.op == Op::Nop) {  // an if-converted branch
        folded[pc] = kFolded;
        continue;
      }
      // An earlier unrolled copy's counter step (lower/unroll.hpp) whose value only addresses memory, steps the
      // counter again or is compared: ptxas steps once per trip and uses offsets ([R+imm]); a step whose value
      // feeds other arithmetic stays (SASS of traces/mma_sync's ldst_matrix: an IADD3 per copy's index).
      if (in.has(ir::kUnrollStep) && in.ndst == 1 && in.ops[0].kind == ir::Operand::Kind::Reg) {
        const std::uint32_t d = in.ops[0].reg;
        if (defs[d] == 1 && step_or_compare_reads[d] + address_reads[d] == reads[d]) {
          folded[pc] = kFolded;
          continue;
        }
      }
      if (in.ndst != 1 || in.ops[0].kind != ir::Operand::Kind::Reg) continue;
      const std::uint32_t d = in.ops[0].reg;
      const bool feeds_only_adds = defs[d] == 1 && reads[d] != 0 && only_adds[d] != 0;
      bool fold = false;
      switch (in.op) {
        case Op::Cvta: fold = in.has(ir::kToSpace); break;
        case Op::Mov: {
          const auto k = in.src(0).kind;
          fold = in.nsrc() == 1 &&
                 (k == ir::Operand::Kind::Reg || k == ir::Operand::Kind::Imm || k == ir::Operand::Kind::Addr);
          break;
        }
        case Op::Shl: fold = in.src(1).kind == ir::Operand::Kind::Imm && feeds_only_adds; break;
        case Op::Mul: fold = !ir::is_float(in.type) && !in.has(ir::kHi) && feeds_only_adds; break;
        case Op::Add:
        case Op::Sub: {
          // A 64-bit base plus an immediate that only addresses memory is the [R.64+imm] of its accesses.
          if (in.op == Op::Add && base_plus_imm(in) && defs[d] == 1 && reads[d] != 0 &&
              address_reads[d] == reads[d]) {
            fold = true;
            break;
          }
          // An add that a folded shl or mul went into is the LEA / IMAD itself and stays (SASS of
          // traces/ubench_bank_conflict: LEA R2, R11, UR5, 0x2 before each LDS [R2]).
          const auto absorbs = [&](std::uint32_t r) {
            const Op o = prog.code[def_pc[r]].op;
            return defs[r] == 1 && folded[def_pc[r]] != 0 && (o == Op::Shl || o == Op::Mul);
          };
          // The uniform datapath (compiler.uniform_datapath): a 32-bit add of a warp-uniform register (the shared
          // array's address, a uniform offset) whose result only addresses ld/st.shared is the LDS/STS's
          // [R+UR] address (SASS of traces/ubench_smem_tput: LDS R17, [R8+UR12]).
          const auto uniform_address = [&] {
            if (in.op != Op::Add || uniform.empty() || !int_add(in) || ir::size_of(in.type) != 4 ||
                in.guard != ir::kNoReg)
              return false;
            if (defs[d] != 1 || reads[d] == 0 || smem_address_reads[d] != reads[d]) return false;
            const ir::Operand &a = in.src(0), &b = in.src(1);
            if (a.kind != ir::Operand::Kind::Reg || b.kind != ir::Operand::Kind::Reg) return false;
            if (absorbs(a.reg) || absorbs(b.reg)) return false;
            return (a.reg < uniform.size() && uniform[a.reg] != 0) || (b.reg < uniform.size() && uniform[b.reg] != 0);
          };
          fold = uniform_address();
          break;
        }
        case Op::And:
        case Op::Or:
        case Op::Xor:
        case Op::Not: {
          // LOP3: a logic operation read once, by another one, merges into it when the two take at most three
          // inputs together, one level deep (the user of a merged one is not merged further).
          if (!int_logic(in) || in.guard != ir::kNoReg || defs[d] != 1 || reads[d] != 1) break;
          const ir::Instr& user = prog.code[reader[d]];
          if (reader[d] <= pc || !int_logic(user) || user.guard != ir::kNoReg) break;
          bool leaf = true;
          for (auto r : regs[pc].reads) leaf = leaf && logic_folded[r] == 0;
          if (leaf && in.nsrc() + user.nsrc() - 1 <= 3) {
            fold = true;
            logic_folded[d] = 1;
          }
          break;
        }
        case Op::Min:
        case Op::Max: {
          // VIMNMX3: a 32-bit integer min (max) read once, by another min (max) of the same type, merges into it as
          // the three-input form, one level deep as LOP3 (SASS of traces/j_colsum's colmax_u32: its 16 unrolled
          // max.u32 are 8 VIMNMX3.U32).
          const auto mnmx = [&](const ir::Instr& x) {
            return x.op == in.op && x.type == in.type && !ir::is_float(x.type) && ir::size_of(x.type) == 4 &&
                   x.flags == 0 && x.guard == ir::kNoReg && x.ndst == 1 && x.ops[0].kind == ir::Operand::Kind::Reg &&
                   x.nsrc() == 2;
          };
          if (!mnmx(in) || defs[d] != 1 || reads[d] != 1 || reader[d] <= pc || !mnmx(prog.code[reader[d]])) break;
          bool leaf = true;
          for (auto r : regs[pc].reads) leaf = leaf && logic_folded[r] == 0;
          if (leaf) {
            fold = true;
            logic_folded[d] = 1;
          }
          break;
        }
        default: break;
      }
      folded[pc] = fold ? kFolded : 0;
    }
  }
  // Vectorisation: consecutive shared loads (or stores) of 4 or 8 bytes from one base register at offsets
  // o, o + w, ... inside one compiler.vector_chunk-byte-aligned chunk (16: LDS/STS.128) become one LDS/STS.64/.128 (ptxas proves the alignment from
  // the array's; warpsim assumes it from o). The first issues; the others are marked kMerged. Global ones
  // (LDG/STG.64/.128) only where the base register's alignment is proven (global_alignment below): 4-byte pairs
  // and quads, 8-byte pairs, a group of three 4-byte accesses being an LDG/STG.64 and one left alone.
  struct Group {
    std::int64_t first_offset = 0, next_offset = 0, chunk_end = 0;
    std::vector<std::uint32_t> members;  // the leader (the first, which issues) and the merged instructions
    bool global = false;
  };
  // Each instruction of a group of two or more: the wide access's bytes per lane.
  const auto close = [&](Group& g) {
    if (g.global && g.members.size() == 3) {  // 12 bytes: no such access; the third stays alone
      folded[g.members.back()] = 0;
      g.members.pop_back();
      g.next_offset -= (g.next_offset - g.first_offset) / 3;
    }
    if (wide_bytes == nullptr || g.members.size() < 2) return;
    const auto bytes = static_cast<std::uint8_t>(g.next_offset - g.first_offset);
    for (const std::uint32_t m : g.members) (*wide_bytes)[m] = bytes;
  };
  for (std::size_t f = 0; f < prog.functions.size() && f < prog.cfgs.size(); ++f) {
    const std::uint32_t base_pc = prog.functions[f].begin_pc;
    const GlobalAlignment proven(prog, f);
    for (std::uint32_t b_index = 0; b_index < prog.cfgs[f].blocks.size(); ++b_index) {
      const ir::Block& b = prog.cfgs[f].blocks[b_index];
      std::map<std::uint32_t, Group> groups;  // by base register: the open group of accesses from it
      for (std::uint32_t pc = base_pc + b.first; pc <= base_pc + b.last; ++pc) {
        const ir::Instr& in = prog.code[pc];
        const ir::Operand* addr = address_of(in);
        const ir::OpInfo& op = ir::op_info(in.op);
        const bool plain = op.memory && !op.atomic && in.vec == 1 && addr != nullptr && addr->reg != ir::kNoReg &&
                           !in.has(ir::kVolatile) && !in.has(ir::kMemOrder) &&
                           (ir::size_of(in.type) == 4 || ir::size_of(in.type) == 8);
        const bool plain_global = plain && in.space == ir::Space::Global;
        const Alignment aligned = plain_global ? proven.at(addr->reg, b_index) : Alignment{};
        const bool global = plain_global && aligned.modulus >= 2 * ir::size_of(in.type);
        const bool candidate = (plain && in.space == ir::Space::Shared) || global;
        if (candidate) {
          const auto it = groups.find(addr->reg);
          if (it != groups.end()) {
            Group& g = it->second;
            const ir::Instr& ld = prog.code[g.members.front()];
            if (ld.op == in.op && ld.space == in.space && ld.flags == in.flags &&
                ir::size_of(ld.type) == ir::size_of(in.type) && ld.guard == in.guard &&
                ld.guard_neg == in.guard_neg && addr->imm == g.next_offset &&
                g.next_offset + static_cast<std::int64_t>(ir::size_of(in.type)) <= g.chunk_end) {
              folded[pc] = kMerged;
              g.next_offset += ir::size_of(in.type);
              g.members.push_back(pc);
              continue;
            }
          }
        }
        // Another memory or ordered instruction ends the open groups; a load ends only the groups of stores.
        if (memory_op(in) || kind_of(in) != Kind::Pure) {
          const bool load = op.load && !in.has(ir::kVolatile);
          for (auto it = groups.begin(); it != groups.end();) {
            if (!load || !ir::op_info(prog.code[it->second.members.front()].op).load) {
              close(it->second);
              it = groups.erase(it);
            } else {
              ++it;
            }
          }
        }
        // A write to a group's base register ends that group.
        for (auto w : regs[pc].writes)
          if (const auto it = groups.find(w); it != groups.end()) {
            close(it->second);
            groups.erase(it);
          }
        // A group starts where the address is aligned to the widest access it can become: a multiple of
        // compiler.vector_chunk from the (assumed aligned) shared base; for a global base, of the alignment proven.
        std::int64_t width = 0;
        if (candidate && !global && addr->imm % chunk == 0) width = chunk;
        if (global) {
          for (std::int64_t w = std::min<std::int64_t>(aligned.modulus, chunk);
               w >= 2 * static_cast<std::int64_t>(ir::size_of(in.type)) && width == 0; w /= 2)
            if ((static_cast<std::int64_t>(aligned.residue) + addr->imm) % w == 0) width = w;
        }
        if (width != 0) {
          if (const auto it = groups.find(addr->reg); it != groups.end()) close(it->second);
          groups[addr->reg] = Group{addr->imm, addr->imm + static_cast<std::int64_t>(ir::size_of(in.type)),
                                    addr->imm + width, {pc}, global};
        }
      }
      for (auto& [reg, g] : groups) close(g);
    }
  }
  return folded;
}

std::vector<std::uint8_t> uniform_slots(const ir::Program& prog) {
  const std::size_t n = prog.code.size();
  std::vector<std::uint32_t> defs(prog.num_slots, 0);
  std::vector<std::uint8_t> varying(prog.num_slots, 0);
  auto grow = [&](std::uint32_t s) {
    if (s >= defs.size()) {
      defs.resize(s + 1, 0);
      varying.resize(s + 1, 0);
    }
  };
  std::vector<InstrRegs> regs;
  regs.reserve(n);
  for (const ir::Instr& in : prog.code) {
    regs.push_back(instr_regs(prog, in));
    for (const std::uint32_t w : regs.back().writes) {
      grow(w);
      ++defs[w];
    }
    for (const std::uint32_t r : regs.back().reads) grow(r);
  }
  auto source_varies = [](const ir::Instr& in) {
    const ir::OpInfo& info = ir::op_info(in.op);
    if (info.memory && !(in.op == Op::Ld && (in.space == ir::Space::ParamKernel || in.space == ir::Space::Const)))
      return true;
    if (info.collective || info.atomic || info.async) return true;
    for (unsigned i = 0; i < in.nops; ++i) {
      const ir::Operand& o = in.ops[i];
      if (o.kind != ir::Operand::Kind::Special) continue;
      using S = ir::Special;
      if (o.special != S::Ntid && o.special != S::Nctaid && o.special != S::Ctaid && o.special != S::Nsmid &&
          o.special != S::Gridid)
        return true;
    }
    return false;
  };
  for (std::size_t pc = 0; pc < n; ++pc)
    if (source_varies(prog.code[pc]))
      for (const std::uint32_t w : regs[pc].writes) varying[w] = 1;
  // Per pc: inside the region of a branch whose condition varies (its lanes may run different paths there).
  std::vector<std::uint8_t> divergent(n, 0);
  const bool cfgs = prog.cfgs.size() >= prog.functions.size();
  for (bool changed = true; changed;) {
    changed = false;
    // Data dependence: anything computed from a varying slot (its guard included) varies.
    for (bool more = true; more;) {
      more = false;
      for (std::size_t pc = 0; pc < n; ++pc) {
        bool v = false;
        for (const std::uint32_t r : regs[pc].reads) v = v || varying[r] != 0;
        if (!v) continue;
        for (const std::uint32_t w : regs[pc].writes)
          if (varying[w] == 0) varying[w] = 1, more = true;
      }
    }
    // Control dependence: the blocks between a varying branch and its reconvergence (its immediate post-dominator).
    for (std::size_t f = 0; cfgs && f < prog.functions.size(); ++f) {
      const std::uint32_t base = prog.functions[f].begin_pc;
      const ir::Cfg& cfg = prog.cfgs[f];
      for (std::uint32_t b = 0; b < cfg.blocks.size(); ++b) {
        const ir::Instr& br = prog.code[base + cfg.blocks[b].last];
        if ((br.op != Op::Bra && br.op != Op::BrxIdx) || cfg.blocks[b].succs.size() < 2) continue;
        bool v = false;
        for (const std::uint32_t r : regs[base + cfg.blocks[b].last].reads) v = v || varying[r] != 0;
        if (!v) continue;
        const std::int32_t stop = cfg.blocks[b].ipdom;
        std::vector<std::uint8_t> seen(cfg.blocks.size(), 0);
        std::vector<std::uint32_t> work;
        for (const std::uint32_t s : cfg.blocks[b].succs)
          if (s != ir::Cfg::kExitBlock && static_cast<std::int32_t>(s) != stop) work.push_back(s);
        while (!work.empty()) {
          const std::uint32_t k = work.back();
          work.pop_back();
          if (seen[k] != 0) continue;
          seen[k] = 1;
          for (std::uint32_t pc = base + cfg.blocks[k].first; pc <= base + cfg.blocks[k].last; ++pc) divergent[pc] = 1;
          for (const std::uint32_t s : cfg.blocks[k].succs)
            if (s != ir::Cfg::kExitBlock && static_cast<std::int32_t>(s) != stop && seen[s] == 0) work.push_back(s);
        }
      }
    }
    // A register written more than once holds one value per warp only if no write is in a divergent region (there,
    // some lanes write and others keep the old value). Without control-flow graphs: any such register varies.
    for (std::size_t pc = 0; pc < n; ++pc)
      if (!cfgs || divergent[pc] != 0)
        for (const std::uint32_t w : regs[pc].writes)
          if (defs[w] > 1 && varying[w] == 0) varying[w] = 1, changed = true;
  }
  for (auto& x : varying) x = x != 0 ? 0 : 1;  // now: uniform
  return varying;
}

}  // namespace warpsim::lower
