// ptxas's loop unrolling (see lower/unroll.hpp): finds the loops ptxas unrolls and rewrites each as a guarded
// block of renamed copies in front of the original loop.
#include <warpsim/lower/unroll.hpp>

#include <warpsim/ir/opcodes.hpp>
#include <warpsim/lower/op_class.hpp>
#include <warpsim/lower/ptxas_model.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <unordered_map>
#include <unordered_set>

namespace warpsim::lower {
namespace {

using ir::Cmp;
using ir::Op;
using ir::Operand;

// One loop to unroll: [first, last], `last` the conditional branch back to `first`.
struct Loop {
  std::uint32_t first = 0, last = 0;
  std::uint32_t add_pc = 0, setp_pc = 0;  // the counter's `add c, c, k` and the compare the branch reads
  std::uint32_t counter = ir::kNoReg;     // c
  Operand bound;                          // X: an immediate or a register the loop does not write
  bool counter_left = true;               // setp c, X (else setp X, c)
  std::int64_t step = 0;                  // k
  Cmp cont = Cmp::NE;                     // the loop goes on while cont(c + k, X)
  unsigned width = 32;                    // bits of the counter and the compare
  bool drop_setp = false;                 // only the branch reads the compare: the earlier copies skip it
};

std::int64_t sign_extend(std::int64_t v, unsigned width) {
  if (width >= 64) return v;
  const auto u = static_cast<std::uint64_t>(v) << (64 - width);
  return static_cast<std::int64_t>(u) >> (64 - width);
}

// cmp(a, b) == mirror(cmp)(b, a)
std::optional<Cmp> mirror(Cmp c) {
  switch (c) {
    case Cmp::EQ: return Cmp::EQ;
    case Cmp::NE: return Cmp::NE;
    case Cmp::LT: return Cmp::GT;
    case Cmp::LE: return Cmp::GE;
    case Cmp::GT: return Cmp::LT;
    case Cmp::GE: return Cmp::LE;
    case Cmp::LO: return Cmp::HI;
    case Cmp::LS: return Cmp::HS;
    case Cmp::HI: return Cmp::LO;
    case Cmp::HS: return Cmp::LS;
    default: return std::nullopt;  // float-only comparisons
  }
}

// !cmp(a, b) == negate(cmp)(a, b) (integers)
std::optional<Cmp> negate(Cmp c) {
  switch (c) {
    case Cmp::EQ: return Cmp::NE;
    case Cmp::NE: return Cmp::EQ;
    case Cmp::LT: return Cmp::GE;
    case Cmp::LE: return Cmp::GT;
    case Cmp::GT: return Cmp::LE;
    case Cmp::GE: return Cmp::LT;
    case Cmp::LO: return Cmp::HS;
    case Cmp::LS: return Cmp::HI;
    case Cmp::HI: return Cmp::LS;
    case Cmp::HS: return Cmp::LO;
    default: return std::nullopt;
  }
}

bool int_type(ir::ScalarType t) {
  return (ir::is_signed(t) || ir::is_unsigned(t) || ir::is_bits(t)) && t != ir::ScalarType::B128 && ir::size_of(t) >= 4;
}

void for_each_read(const ir::Program& prog, const ir::Instr& in, auto&& f) {
  if (in.guard != ir::kNoReg) f(in.guard);
  for (unsigned i = 0; i < in.nops; ++i) {
    const Operand& o = in.ops[i];
    const bool dst = i < in.ndst;
    if (o.kind == Operand::Kind::Addr && o.reg != ir::kNoReg) f(o.reg);
    if (dst) continue;
    if (o.kind == Operand::Kind::Reg) f(o.reg);
    if (o.kind == Operand::Kind::Vec)
      for (std::uint32_t k = 0; k < o.count; ++k) {
        const std::uint32_t s = prog.vec_slots[o.reg + k];
        if ((s & ir::Program::kVecImm) == 0 && s != ir::kNoReg) f(s);
      }
  }
}

void for_each_write(const ir::Program& prog, const ir::Instr& in, auto&& f) {
  for (unsigned i = 0; i < in.ndst; ++i) {
    const Operand& o = in.ops[i];
    if (o.kind == Operand::Kind::Reg) f(o.reg);
    if (o.kind == Operand::Kind::Vec)
      for (std::uint32_t k = 0; k < o.count; ++k) {
        const std::uint32_t s = prog.vec_slots[o.reg + k];
        if ((s & ir::Program::kVecImm) == 0 && s != ir::kNoReg) f(s);
      }
  }
}

// The loop ending at `last` if ptxas unrolls it (see unroll.hpp), with its counter and exit test.
std::optional<Loop> find_loop(const ir::Program& prog, const config::GpuConfig& cfg, const ir::FunctionInfo& fi,
                              std::uint32_t last, const std::vector<bool>& target,
                              const std::vector<std::uint8_t>& folded, unsigned factor) {
  const ir::Instr& br = prog.code[last];
  if (br.op != Op::Bra || br.guard == ir::kNoReg || br.ops[0].kind != Operand::Kind::Label) return std::nullopt;
  const auto first = static_cast<std::uint32_t>(br.ops[0].imm);
  if (first < fi.begin_pc || first >= last || prog.code[first].has(ir::kNoUnroll)) return std::nullopt;
  bool memory = false;
  unsigned sass = 0;
  for (std::uint32_t pc = first; pc < last; ++pc) {
    const ir::Instr& in = prog.code[pc];
    const ir::OpInfo& info = ir::op_info(in.op);
    memory = memory || (info.memory && in.space != ir::Space::ParamKernel && in.space != ir::Space::Const);
    sass += folded[pc] == 0 ? 1 : 0;
    if (ir::op_info(in.op).control || emulated_op(in, cfg) != nullptr || in.has(ir::kCC) || in.op == Op::Addc ||
        in.op == Op::Subc || in.op == Op::Madc)
      return std::nullopt;
    if (target[pc + 1]) return std::nullopt;  // another block starts inside
  }
  if (!memory || sass + 1 > cfg.compiler_unroll_max_body) return std::nullopt;
  Loop L;
  L.first = first;
  L.last = last;
  // The compare the branch reads: the body's last write of the guard.
  std::optional<std::uint32_t> setp;
  for (std::uint32_t pc = first; pc < last; ++pc)
    for_each_write(prog, prog.code[pc], [&](std::uint32_t s) {
      if (s == br.guard) setp = pc;
    });
  if (!setp) return std::nullopt;
  const ir::Instr& cmp = prog.code[*setp];
  if (cmp.op != Op::Setp || cmp.ndst != 1 || cmp.nops != 3 || cmp.guard != ir::kNoReg || !int_type(cmp.type2))
    return std::nullopt;
  L.setp_pc = *setp;
  L.width = 8 * ir::size_of(cmp.type2);
  // Which operand is the counter: a register the body writes once, with `add c, c, imm` (or sub) before the compare.
  auto counter_add = [&](const Operand& o) -> std::optional<std::uint32_t> {
    if (o.kind != Operand::Kind::Reg) return std::nullopt;
    std::optional<std::uint32_t> def;
    unsigned defs = 0;
    for (std::uint32_t pc = first; pc < last; ++pc)
      for_each_write(prog, prog.code[pc], [&](std::uint32_t s) {
        if (s == o.reg) {
          ++defs;
          def = pc;
        }
      });
    if (defs != 1 || *def > *setp) return std::nullopt;
    const ir::Instr& a = prog.code[*def];
    if ((a.op != Op::Add && a.op != Op::Sub) || a.guard != ir::kNoReg || a.ndst != 1 || a.nops != 3 ||
        a.has(ir::kSat) || !int_type(a.type) || 8 * ir::size_of(a.type) != L.width)
      return std::nullopt;
    if (a.ops[1].kind != Operand::Kind::Reg || a.ops[1].reg != o.reg || a.ops[2].kind != Operand::Kind::Imm)
      return std::nullopt;
    return def;
  };
  auto invariant = [&](const Operand& o) {
    if (o.kind == Operand::Kind::Imm) return true;
    if (o.kind != Operand::Kind::Reg) return false;
    bool written = false;
    for (std::uint32_t pc = first; pc < last; ++pc)
      for_each_write(prog, prog.code[pc], [&](std::uint32_t s) { written = written || s == o.reg; });
    return !written;
  };
  const Operand &a = cmp.ops[1], &b = cmp.ops[2];
  std::optional<Cmp> cont = cmp.cmp;
  if (auto d = counter_add(a); d && invariant(b)) {
    L.add_pc = *d;
    L.counter = a.reg;
    L.bound = b;
  } else if (auto d2 = counter_add(b); d2 && invariant(a)) {
    L.add_pc = *d2;
    L.counter = b.reg;
    L.bound = a;
    L.counter_left = false;
    cont = mirror(cmp.cmp);
  } else {
    return std::nullopt;
  }
  if (cont && br.guard_neg) cont = negate(*cont);
  if (!cont) return std::nullopt;
  L.cont = *cont;
  const ir::Instr& add = prog.code[L.add_pc];
  L.step = sign_extend(add.ops[2].imm, L.width);
  if (add.op == Op::Sub) L.step = -L.step;
  if (L.step == 0) return std::nullopt;
  const bool up = L.step > 0;
  switch (L.cont) {
    case Cmp::NE: break;
    case Cmp::LT:
    case Cmp::LE:
    case Cmp::LO:
    case Cmp::LS:
      if (!up) return std::nullopt;
      break;
    case Cmp::GT:
    case Cmp::GE:
    case Cmp::HI:
    case Cmp::HS:
      if (up) return std::nullopt;
      break;
    default: return std::nullopt;
  }
  // (U - 1) |k| must be a positive signed value of the counter's width.
  const std::uint64_t mag = up ? static_cast<std::uint64_t>(L.step) : static_cast<std::uint64_t>(-L.step);
  if (mag > (std::uint64_t{1} << (L.width - 2)) / factor) return std::nullopt;
  // The earlier copies may skip the compare when nothing but the branch reads it.
  L.drop_setp = true;
  for (std::uint32_t pc = first; pc < last; ++pc)
    for_each_read(prog, prog.code[pc], [&](std::uint32_t s) { L.drop_setp = L.drop_setp && s != br.guard; });
  return L;
}

class Rewriter {
 public:
  Rewriter(ir::Program& prog, unsigned factor) : prog_(prog), factor_(factor) {}

  unsigned run(const std::vector<std::optional<Loop>>& loop_at) {
    const std::size_t n = prog_.code.size();
    std::vector<std::uint32_t> placed(n + 1), entry(n + 1);
    std::vector<std::uint32_t> origin;        // per new pc: the old pc (kNoPc for a generated instruction)
    std::vector<std::uint32_t> loop_last_of;  // per new pc of an original back branch: its loop's first (old)
    unsigned count = 0;
    for (ir::FunctionInfo& fi : prog_.functions) {
      const auto begin = static_cast<std::uint32_t>(code_.size());
      for (std::uint32_t pc = fi.begin_pc; pc < fi.end_pc; ++pc) {
        entry[pc] = static_cast<std::uint32_t>(code_.size());
        if (loop_at[pc]) {
          emit_unrolled(*loop_at[pc], origin);
          ++count;
        }
        placed[pc] = static_cast<std::uint32_t>(code_.size());
        code_.push_back(prog_.code[pc]);
        text_.push_back(prog_.text[pc]);
        origin.push_back(pc);
      }
      entry[fi.end_pc] = placed[fi.end_pc] = static_cast<std::uint32_t>(code_.size());
      fi.begin_pc = begin;
      fi.end_pc = static_cast<std::uint32_t>(code_.size());
    }
    // Branch targets: an original back branch goes to its own loop; every other branch into a rewritten loop goes
    // to the unrolled part in front of it. Generated branches are patched through their old targets below.
    for (std::size_t npc = 0; npc < code_.size(); ++npc) {
      ir::Instr& in = code_[npc];
      for (unsigned i = 0; i < in.nops; ++i) {
        Operand& o = in.ops[i];
        if (o.kind != Operand::Kind::Label) continue;
        if (origin[npc] == kGenerated) {
          o.imm = generated_target(o.imm, placed, entry);
        } else {
          const auto old = static_cast<std::uint32_t>(o.imm);
          const bool back_edge = loop_at[old] && loop_at[old]->last == origin[npc];
          o.imm = back_edge ? placed[old] : entry[old];
        }
      }
    }
    for (auto& table : prog_.branch_tables)
      for (std::uint32_t& t : table) t = entry[t];
    prog_.code = std::move(code_);
    prog_.text = std::move(text_);
    return count;
  }

  static constexpr std::uint32_t kGenerated = 0xffffffffu;

 private:
  // Generated branches carry an encoded target: kToLoop | old first pc (the original loop), kToEntry | old pc
  // (fall-through after the loop), or a new pc (the unrolled block's own start).
  static constexpr std::int64_t kToLoop = std::int64_t{1} << 40, kToEntry = std::int64_t{1} << 41;

  static std::int64_t generated_target(std::int64_t enc, const std::vector<std::uint32_t>& placed,
                                       const std::vector<std::uint32_t>& entry) {
    if ((enc & kToLoop) != 0) return placed[static_cast<std::size_t>(enc & ~kToLoop)];
    if ((enc & kToEntry) != 0) return entry[static_cast<std::size_t>(enc & ~kToEntry)];
    return enc;
  }

  std::uint32_t fresh(std::uint32_t like, const std::string& tag) {
    const std::uint32_t s = prog_.num_slots++;
    prog_.slot_names.push_back(like == ir::kNoReg ? tag : fmt::format("{}'{}", prog_.slot_names[like], tag));
    if (prog_.slot_words.size() + 1 == prog_.num_slots)
      prog_.slot_words.push_back(like != ir::kNoReg && like < prog_.slot_words.size() ? prog_.slot_words[like] : 1);
    return s;
  }

  void push(const ir::Instr& in, std::string text, std::vector<std::uint32_t>& origin) {
    code_.push_back(in);
    text_.push_back(std::move(text));
    origin.push_back(kGenerated);
  }

  bool renamable(std::uint32_t s) const {
    if (s == prog_.cc_slot || s >= prog_.slot_names.size()) return false;
    // a register of several slots (b128, vector registers) keeps its slots together
    if (s > 0 && prog_.slot_names[s - 1] == prog_.slot_names[s]) return false;
    if (s + 1 < prog_.slot_names.size() && prog_.slot_names[s + 1] == prog_.slot_names[s]) return false;
    return !guarded_write_.contains(s);
  }

  std::uint32_t mapped(std::uint32_t s) const {
    auto it = cur_.find(s);
    return it == cur_.end() ? s : it->second;
  }

  std::uint32_t remap_vec(std::uint32_t at, std::uint32_t count, auto&& f) {
    const auto out = static_cast<std::uint32_t>(prog_.vec_slots.size());
    for (std::uint32_t k = 0; k < count; ++k) {
      const std::uint32_t s = prog_.vec_slots[at + k];
      prog_.vec_slots.push_back((s & ir::Program::kVecImm) != 0 || s == ir::kNoReg ? s : f(s));
    }
    return out;
  }

  // One copy of the body: reads through the current names, writes to fresh slots (the last copy to the originals).
  void emit_copy(const Loop& L, unsigned copy, std::vector<std::uint32_t>& origin) {
    const bool last = copy + 1 == factor_;
    for (std::uint32_t pc = L.first; pc < L.last; ++pc) {
      if (pc == L.setp_pc && !last && L.drop_setp) continue;
      ir::Instr in = prog_.code[pc];
      // A counter stepped by an immediate (add/sub r, r, k): ptxas steps it once per trip, by U k, and the copies
      // use it at offsets (SASS of traces/j_colsum: one VIADD R4, R4, -0x10 per 16 elements; j_sgemm16_256: its
      // A pointer's loads at [R18.64+0x40], +0x80, +0xc0). The earlier copies' steps issue nothing.
      if (!last && (in.op == ir::Op::Add || in.op == ir::Op::Sub) && !ir::is_float(in.type) && !in.has(ir::kCC) &&
          !in.has(ir::kSat) && in.guard == ir::kNoReg && in.ndst == 1 && in.ops[0].kind == Operand::Kind::Reg &&
          in.src(0).kind == Operand::Kind::Reg && in.src(0).reg == in.ops[0].reg &&
          in.src(1).kind == Operand::Kind::Imm)
        in.flags |= ir::kUnrollStep;
      if (in.guard != ir::kNoReg) in.guard = mapped(in.guard);
      for (unsigned i = 0; i < in.nops; ++i) {
        Operand& o = in.ops[i];
        const bool dst = i < in.ndst;
        if (o.kind == Operand::Kind::Addr && o.reg != ir::kNoReg) o.reg = mapped(o.reg);
        if (dst) continue;
        if (o.kind == Operand::Kind::Reg) o.reg = mapped(o.reg);
        if (o.kind == Operand::Kind::Vec) o.reg = remap_vec(o.reg, o.count, [&](std::uint32_t s) { return mapped(s); });
      }
      auto def = [&](std::uint32_t s) {
        if (!renamable(s)) return s;
        const std::uint32_t to = last ? s : fresh(s, fmt::format("u{}", copy + 1));
        if (to == s) cur_.erase(s);
        else cur_[s] = to;
        return to;
      };
      for (unsigned i = 0; i < in.ndst; ++i) {
        Operand& o = in.ops[i];
        if (o.kind == Operand::Kind::Reg) o.reg = def(o.reg);
        if (o.kind == Operand::Kind::Vec) o.reg = remap_vec(o.reg, o.count, def);
      }
      push(in, fmt::format("{} // ptxas unroll: copy {} of {}", prog_.text[pc], copy + 1, factor_), origin);
    }
  }

  static Operand reg(std::uint32_t slot) {
    Operand o{};
    o.kind = Operand::Kind::Reg;
    o.reg = slot;
    return o;
  }

  // A compare shaped like the loop's own setp: dst = cmp.t(a, b) [and [!]c], unguarded, no modifiers.
  ir::Instr setp(const Loop& L, std::uint32_t dst, Operand a, Operand b, Cmp cmp, ir::ScalarType t,
                 std::optional<Operand> c = std::nullopt) const {
    ir::Instr in = prog_.code[L.setp_pc];
    in.flags = 0;
    in.guard = ir::kNoReg;
    in.ndst = 1;
    in.type2 = t;
    in.cmp = cmp;
    in.ops[0] = reg(dst);
    in.ops[1] = a;
    in.ops[2] = b;
    in.nops = 3;
    in.boolop = ir::BoolOp::None;
    if (c) {
      in.ops[3] = *c;
      in.nops = 4;
      in.boolop = ir::BoolOp::And;
    }
    return in;
  }

  // go_ = at least factor_ more iterations run from the top of this one (see unroll.hpp), through dist_ (and
  // inside_ for an ordered compare).
  void emit_guard(const Loop& L, std::vector<std::uint32_t>& origin) {
    const bool up = L.step > 0;
    const std::uint64_t mag = up ? static_cast<std::uint64_t>(L.step) : static_cast<std::uint64_t>(-L.step);
    Operand K{};
    K.kind = Operand::Kind::Imm;
    K.imm = static_cast<std::int64_t>(mag * (factor_ - 1));
    const Operand c = reg(L.counter), X = L.bound;
    const std::string cname = prog_.slot_names[L.counter];
    // d = the distance still to go: X - c counting up, c - X counting down
    ir::Instr sub = prog_.code[L.add_pc];
    sub.op = Op::Sub;
    sub.flags = 0;
    sub.guard = ir::kNoReg;
    sub.ops[0] = reg(dist_);
    sub.ops[1] = up ? X : c;
    sub.ops[2] = up ? c : X;
    push(sub, fmt::format("sub // ptxas unroll: distance of {} to its bound", cname), origin);
    using T = ir::ScalarType;
    const bool wide = L.width == 64;
    const std::string what = fmt::format("{} more iterations of {} at least", factor_, cname);
    if (L.cont == Cmp::NE) {
      // d >s K: then d - j|k| stays positive (no wrap) for j < U, so c never meets X inside the block
      push(setp(L, go_, reg(dist_), K, Cmp::GT, wide ? T::S64 : T::S32), "setp.gt // ptxas unroll: " + what, origin);
      return;
    }
    // ordered: the counter is on the right side of its bound now (inside_), and far enough from it (d >u K, or
    // >=u K for a non-strict bound)
    push(setp(L, inside_, c, X, L.cont, prog_.code[L.setp_pc].type2),
         fmt::format("setp // ptxas unroll: {} inside its bound", cname), origin);
    const bool strict = L.cont == Cmp::LT || L.cont == Cmp::LO || L.cont == Cmp::GT || L.cont == Cmp::HI;
    push(setp(L, go_, reg(dist_), K, strict ? Cmp::GT : Cmp::GE, wide ? T::U64 : T::U32, reg(inside_)),
         "setp.and // ptxas unroll: " + what, origin);
  }

  // enter_ = (d == d) and [!]p: always true, or the last copy's own continue condition when `p` is given.
  void emit_enter(const Loop& L, std::optional<std::uint32_t> p, bool neg, const char* why,
                  std::vector<std::uint32_t>& origin) {
    std::optional<Operand> c;
    if (p) {
      c = reg(*p);
      c->neg = neg;
    }
    push(setp(L, enter_, reg(dist_), reg(dist_), Cmp::EQ, ir::ScalarType::U32, c),
         fmt::format("setp // ptxas unroll: {}", why), origin);
  }

  ir::Instr branch(const Loop& L, std::uint32_t guard, bool neg, std::int64_t target) const {
    ir::Instr b = prog_.code[L.last];
    b.guard = guard;
    b.guard_neg = neg;
    b.flags = 0;
    b.ops[0].imm = target;
    return b;
  }

  void emit_unrolled(const Loop& L, std::vector<std::uint32_t>& origin) {
    guarded_write_.clear();
    cur_.clear();
    for (std::uint32_t pc = L.first; pc < L.last; ++pc)
      if (prog_.code[pc].guard != ir::kNoReg)
        for_each_write(prog_, prog_.code[pc], [&](std::uint32_t s) { guarded_write_.insert(s); });
    const ir::Instr& br = prog_.code[L.last];
    dist_ = fresh(ir::kNoReg, "unroll.distance");
    go_ = fresh(ir::kNoReg, "unroll.go");
    inside_ = fresh(ir::kNoReg, "unroll.inside");
    enter_ = fresh(ir::kNoReg, "unroll.enter");
    // G: too few iterations left: straight to J, which enters the loop (its first iteration runs regardless)
    emit_guard(L, origin);
    emit_enter(L, std::nullopt, false, "enter the loop", origin);
    const std::size_t to_join = code_.size();
    push(branch(L, go_, true, 0), "@!go bra // ptxas unroll: too few iterations left", origin);
    // M: the copies while enough iterations remain
    const auto top = static_cast<std::int64_t>(code_.size());
    for (unsigned copy = 0; copy < factor_; ++copy) emit_copy(L, copy, origin);
    emit_guard(L, origin);
    push(branch(L, go_, false, top), fmt::format("@go bra // ptxas unroll: {} more iterations", factor_), origin);
    emit_enter(L, br.guard, br.guard_neg, "enter the loop if it goes on", origin);
    // J: every path meets here (the branch at G reconverges here, not after the loop)
    code_[to_join].ops[0].imm = static_cast<std::int64_t>(code_.size());
    push(branch(L, enter_, true, kToEntry | (L.last + 1)), "@!enter bra // ptxas unroll: the loop is done", origin);
  }

  ir::Program& prog_;
  unsigned factor_;
  std::vector<ir::Instr> code_;
  std::vector<std::string> text_;
  std::unordered_map<std::uint32_t, std::uint32_t> cur_;
  std::uint32_t dist_ = ir::kNoReg, go_ = ir::kNoReg, inside_ = ir::kNoReg, enter_ = ir::kNoReg;
  std::unordered_set<std::uint32_t> guarded_write_;
};

}  // namespace

unsigned ptxas_unroll(ir::Program& prog, const config::GpuConfig& cfg) {
  const unsigned factor = cfg.compiler_unroll;
  if (factor <= 1 || prog.code.empty()) return 0;
  const std::size_t n = prog.code.size();
  std::vector<bool> target(n + 1, false);
  for (const ir::Instr& in : prog.code)
    for (unsigned i = 0; i < in.nops; ++i)
      if (in.ops[i].kind == Operand::Kind::Label) target[static_cast<std::size_t>(in.ops[i].imm)] = true;
  for (const auto& table : prog.branch_tables)
    for (std::uint32_t t : table) target[t] = true;
  std::vector<std::optional<Loop>> loop_at(n + 1);
  const std::vector<std::uint8_t> folded =
      cfg.compiler_fold != 0 ? ptxas_folded(prog, cfg) : std::vector<std::uint8_t>(n, 0);
  bool any = false;
  for (const ir::FunctionInfo& fi : prog.functions)
    for (std::uint32_t pc = fi.begin_pc; pc < fi.end_pc; ++pc)
      if (auto L = find_loop(prog, cfg, fi, pc, target, folded, factor); L && !loop_at[L->first]) {
        loop_at[L->first] = L;
        any = true;
      }
  if (!any) return 0;
  const unsigned count = Rewriter(prog, factor).run(loop_at);
  ir::compute_control_flow(prog);
  return count;
}

}  // namespace warpsim::lower
