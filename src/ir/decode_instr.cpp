// Decoding one PTX instruction into an ir::Instr: opcode, types, modifiers, operands.
// Models: the instruction forms nvcc emits for ordinary CUDA C++ (integer, floating point, conversions,
// memory, atomics, control flow, barriers, warp-level primitives, printf), mbarriers on .shared::cta (or generic
// addresses) and their remote .shared::cluster arrive/expect_tx/complete_tx forms, Ampere's cp.async with its
// groups, Hopper's bulk and tensor copies (cp.async.bulk*, cp.reduce.async.bulk*, tile mode, global -> shared::cluster
// loads also .multicast::cluster with their ctaMask operand: decode_bulk), proxy fences, elect.sync and
// griddepcontrol, the cluster instructions barrier.cluster, mapa, getctarank, and the warp-level matrix
// instructions ldmatrix/stmatrix (.m8n8 .b16), movmatrix, mma.sync (every dense form of sm_90a, mma.m8n8k4 .f16 with
// any .row/.col layouts) and the sparse mma.sp / mma.sp::ordered_metadata forms of sm_90a with their sparsity selector
// checked per shape (decode_matrix, decode_mma), and the warpgroup-level wgmma.mma_async with
// wgmma.fence/commit_group/wait_group (decode_wgmma), and setmaxnreg (decode_setmaxnreg).
// Leaves out: mma .kind/.block_scale (sm_120a), wgmma.mma_async.sp, the sm_100a matrix shapes, tcgen05, .cta_group and im2col/gather4/scatter4 tensor copies,
// tensormap.replace, texture and surface instructions: they parse, and loading a kernel that uses one fails here
// with the instruction and its line.
#include "decoder.hpp"

#include <warpsim/common/error.hpp>
#include <warpsim/ir/opcodes.hpp>

#include <fmt/format.h>

#include <cstdio>
#include <cstring>
#include <unordered_map>

namespace warpsim::ir::detail {
namespace {

using PK = ptx::Operand::Kind;

struct SpecialRow {
  std::string_view name;
  Special id;
};
constexpr SpecialRow kSpecials[] = {
    {"%tid", Special::Tid},
    {"%ntid", Special::Ntid},
    {"%ctaid", Special::Ctaid},
    {"%nctaid", Special::Nctaid},
    {"%laneid", Special::Laneid},
    {"%warpid", Special::Warpid},
    {"%nwarpid", Special::Nwarpid},
    {"%smid", Special::Smid},
    {"%nsmid", Special::Nsmid},
    {"%gridid", Special::Gridid},
    {"%lanemask_eq", Special::LanemaskEq},
    {"%lanemask_le", Special::LanemaskLe},
    {"%lanemask_lt", Special::LanemaskLt},
    {"%lanemask_ge", Special::LanemaskGe},
    {"%lanemask_gt", Special::LanemaskGt},
    {"%clock", Special::Clock},
    {"%clock64", Special::Clock64},
    {"%globaltimer", Special::Globaltimer},
    {"%globaltimer_lo", Special::GlobaltimerLo},
    {"%globaltimer_hi", Special::GlobaltimerHi},
    {"%clusterid", Special::Clusterid},
    {"%nclusterid", Special::Nclusterid},
    {"%cluster_ctaid", Special::ClusterCtaid},
    {"%cluster_nctaid", Special::ClusterNctaid},
    {"%cluster_ctarank", Special::ClusterCtarank},
    {"%cluster_nctarank", Special::ClusterNctarank},
    {"%is_explicit_cluster", Special::IsExplicitCluster},
    {"%dynamic_smem_size", Special::DynamicSmemSize},
    {"%total_smem_size", Special::TotalSmemSize},
    {"%aggr_smem_size", Special::AggrSmemSize},
    {"%reserved_smem_offset_begin", Special::ReservedSmemOffsetBegin},
    {"%reserved_smem_offset_end", Special::ReservedSmemOffsetEnd},
    {"%reserved_smem_offset_cap", Special::ReservedSmemOffsetCap},
    {"%current_graph_exec", Special::CurrentGraphExec},
};

std::optional<Operand> special_operand(const ptx::Operand& o) {
  for (const auto& r : kSpecials) {
    if (o.name != r.name) continue;
    Operand op;
    op.kind = Operand::Kind::Special;
    op.special = r.id;
    if (o.component == "y") op.component = 1;
    if (o.component == "z") op.component = 2;
    return op;
  }
  // %envreg0..31, %pm0..7 and %pm0_64..%pm7_64 (the parser reports other numbers at their column).
  auto numbered = [&](std::string_view prefix, Special id, unsigned count,
                      std::string_view suffix = {}) -> std::optional<Operand> {
    std::string_view rest(o.name);
    if (!rest.starts_with(prefix)) return std::nullopt;
    rest.remove_prefix(prefix.size());
    if (!suffix.empty()) {
      if (!rest.ends_with(suffix)) return std::nullopt;
      rest.remove_suffix(suffix.size());
    }
    if (rest.empty() || rest.size() > 2 || (rest.size() == 2 && rest[0] == '0') ||
        rest.find_first_not_of("0123456789") != std::string_view::npos)
      return std::nullopt;
    const unsigned n =
        rest.size() == 1 ? unsigned(rest[0] - '0') : unsigned(rest[0] - '0') * 10 + unsigned(rest[1] - '0');
    if (n >= count) return std::nullopt;
    Operand op;
    op.kind = Operand::Kind::Special;
    op.special = id;
    op.component = static_cast<std::uint8_t>(n);
    return op;
  };
  if (auto e = numbered("%envreg", Special::Envreg, 32)) return e;
  if (auto p = numbered("%pm", Special::Pm, 8)) return p;
  if (auto p = numbered("%pm", Special::Pm, 8, "_64")) return p;
  return std::nullopt;
}

std::uint64_t fimm_bits(const ptx::Operand& o, ScalarType t) {
  const bool want_double = t == ScalarType::F64;
  if (want_double == o.is_double) return o.fbits;
  if (want_double) {
    float f;
    const auto b = static_cast<std::uint32_t>(o.fbits);
    std::memcpy(&f, &b, 4);
    double d = f;
    std::uint64_t r;
    std::memcpy(&r, &d, 8);
    return r;
  }
  double d;
  std::memcpy(&d, &o.fbits, 8);
  float f = static_cast<float>(d);
  std::uint32_t r;
  std::memcpy(&r, &f, 4);
  return r;
}

class Decoder {
 public:
  Decoder(const DecodeContext& cx, const ptx::Instruction& in) : cx_(cx), in_(in), m_(classify(in.modifiers)) {}

  Instr run();

 private:
  [[noreturn]] void error(const std::string& what) const { decode_error(cx_, in_, what); }

  const SymbolRef* lookup(const std::string& name) const {
    if (auto it = cx_.fscope.symbols.find(name); it != cx_.fscope.symbols.end()) return &it->second;
    if (auto it = cx_.mscope.symbols.find(name); it != cx_.mscope.symbols.end()) return &it->second;
    return nullptr;
  }

  Operand symbol_value(const ptx::Operand& o) const {
    const SymbolRef* s = lookup(o.name);
    if (s == nullptr) error(fmt::format("unknown symbol '{}'", o.name));
    Operand op;
    switch (s->kind) {
      case SymbolRef::Kind::Var:
        op.kind = Operand::Kind::Imm;
        op.space = s->space;
        op.imm = static_cast<std::int64_t>(s->address) + o.ival;
        return op;
      case SymbolRef::Kind::Func:
        if (s->index == 0xffffffffu) error(fmt::format("'{}' has no body in this module", o.name));
        op.kind = Operand::Kind::Func;
        op.imm = s->index;
        return op;
      case SymbolRef::Kind::Label:
        op.kind = Operand::Kind::Label;
        op.imm = s->index;
        return op;
      case SymbolRef::Kind::Table:
        op.kind = Operand::Kind::Imm;
        op.imm = s->index;
        return op;
      case SymbolRef::Kind::Proto: op.kind = Operand::Kind::Imm; return op;
    }
    error("bad symbol");
  }

  std::uint32_t vec_element(const ptx::Operand& e, ScalarType t) const {
    switch (e.kind) {
      case PK::Sink: return kNoReg;
      case PK::Register:
      case PK::Symbol: {
        auto it = cx_.fscope.regs.find(e.name);
        if (it == cx_.fscope.regs.end()) error(fmt::format("unknown register '{}' in vector", e.name));
        return it->second.slot;
      }
      case PK::Immediate:
        cx_.prog.vec_imms.push_back(static_cast<std::uint64_t>(e.ival));
        return Program::kVecImm | static_cast<std::uint32_t>(cx_.prog.vec_imms.size() - 1);
      case PK::FloatImm:
        cx_.prog.vec_imms.push_back(fimm_bits(e, t));
        return Program::kVecImm | static_cast<std::uint32_t>(cx_.prog.vec_imms.size() - 1);
      default: error("unsupported vector element");
    }
  }

  Operand operand(const ptx::Operand& o, ScalarType t) const {
    Operand op;
    op.neg = o.negated;
    switch (o.kind) {
      case PK::Register:
      case PK::Symbol: {
        if (o.kind == PK::Register)
          if (auto sp = special_operand(o)) return *sp;
        if (auto it = cx_.fscope.regs.find(o.name); it != cx_.fscope.regs.end()) {
          op.kind = Operand::Kind::Reg;
          op.reg = it->second.slot;
          if (!o.component.empty()) error(fmt::format("vector register component .{} is not supported", o.component));
          return op;
        }
        Operand s = symbol_value(o);
        s.neg = o.negated;
        return s;
      }
      case PK::Immediate:
        op.kind = Operand::Kind::Imm;
        op.imm = o.ival;
        return op;
      case PK::FloatImm:
        op.kind = Operand::Kind::Imm;
        op.imm = static_cast<std::int64_t>(fimm_bits(o, t));
        return op;
      case PK::Address: {
        op.kind = Operand::Kind::Addr;
        op.imm = o.ival;
        if (!o.elems.empty()) error("texture-style addresses are not supported");
        if (o.name.empty()) return op;
        if (auto it = cx_.fscope.regs.find(o.name); it != cx_.fscope.regs.end()) {
          op.reg = it->second.slot;
          return op;
        }
        const SymbolRef* s = lookup(o.name);
        if (s == nullptr || s->kind != SymbolRef::Kind::Var) error(fmt::format("unknown address base '{}'", o.name));
        op.space = s->space;
        op.imm += static_cast<std::int64_t>(s->address);
        return op;
      }
      case PK::Vector: {
        op.kind = Operand::Kind::Vec;
        op.reg = static_cast<std::uint32_t>(cx_.prog.vec_slots.size());
        op.count = static_cast<std::uint32_t>(o.elems.size());
        for (const auto& e : o.elems) cx_.prog.vec_slots.push_back(vec_element(e, t));
        return op;
      }
      case PK::Sink: op.kind = Operand::Kind::Sink; return op;
      case PK::Pipe: error("unexpected '|' operand");
    }
    error("bad operand");
  }

  ScalarType type(unsigned i = 0) const {
    if (i >= m_.types.size()) error("missing type modifier");
    return m_.types[i];
  }
  void words_done() const {
    if (auto w = m_.leftover(); !w.empty()) error(fmt::format("modifier .{} is not supported", w));
  }
  // Decodes all operands: the first `ndst` are destinations (a Pipe operand counts as two).
  void operands(Instr& I, unsigned ndst, ScalarType t) {
    unsigned k = 0;
    for (std::size_t i = 0; i < in_.operands.size(); ++i) {
      const ptx::Operand& o = in_.operands[i];
      if (o.kind == PK::Pipe && i == 0 && ndst > 0) {
        if (k + 2 > I.ops.size()) error("too many operands");
        I.ops[k++] = operand(o.elems.at(0), t);
        I.ops[k++] = operand(o.elems.at(1), t);
        ndst = 2;
        continue;
      }
      if (k >= I.ops.size()) error("too many operands");
      I.ops[k++] = operand(o, t);
    }
    I.nops = static_cast<std::uint8_t>(k);
    I.ndst = static_cast<std::uint8_t>(std::min<unsigned>(ndst, k));
  }
  // The common tail of a decoder: the instruction has a type, every modifier word was understood, and its
  // operands follow with `ndst` destinations.
  void typed(Instr& I, unsigned ndst, ScalarType t) {
    type();
    words_done();
    operands(I, ndst, t);
  }
  void expect_ops(const Instr& I, unsigned lo, unsigned hi) const {
    if (I.nops < lo || I.nops > hi)
      error(fmt::format("expected {} operands, found {}",
                        lo == hi ? fmt::format("{}", lo) : fmt::format("{} to {}", lo, hi), I.nops));
  }
  std::uint8_t sub_word(std::initializer_list<std::string_view> names) {
    std::uint8_t i = 0;
    for (auto n : names) {
      if (m_.take(n)) return i;
      ++i;
    }
    error(fmt::format("missing mode modifier (one of {})", fmt::join(names, ", ")));
  }
  void memory_space(Instr& I, const Operand& addr) {
    I.space = m_.space == Space::None ? Space::Generic : m_.space;
    if ((I.space == Space::ParamKernel || I.space == Space::ParamFunc) && addr.space != Space::None)
      I.space = addr.space;
    if (addr.kind == Operand::Kind::Addr && addr.space != Space::None && addr.space != I.space &&
        !(I.space == Space::Generic) && !(I.space == Space::SharedCluster && addr.space == Space::Shared))
      error(fmt::format("address names a variable in another state space"));
  }

  Instr decode_call();
  Instr decode_mbarrier();
  Instr decode_cp_async();
  Instr decode_bulk();
  Instr decode_matrix();
  Instr decode_mma();
  Instr decode_wgmma();
  Instr decode_setmaxnreg();
  void bulk_operands(Instr& I);
  bool is_pred_reg(const ptx::Operand& o) const {
    if (o.kind != PK::Register && o.kind != PK::Symbol) return false;
    const auto it = cx_.fscope.regs.find(o.name);
    return it != cx_.fscope.regs.end() && it->second.type == ScalarType::Pred;
  }

  const DecodeContext& cx_;
  const ptx::Instruction& in_;
  Mods m_;
};

Instr Decoder::decode_call() {
  Instr I;
  I.op = Op::Call;
  if (m_.has("uni")) m_.take("uni");
  words_done();
  // Operands: [(rets)] func [, (args)] [, prototype]
  const auto& ops = in_.operands;
  std::size_t fi = 0;
  if (!ops.empty() && ops[0].kind == PK::Vector) fi = 1;
  if (fi >= ops.size()) error("call without a target");
  const ptx::Operand& target = ops[fi];
  std::vector<const ptx::Operand*> rets, args;
  if (fi == 1)
    for (const auto& e : ops[0].elems) rets.push_back(&e);
  if (fi + 1 < ops.size() && ops[fi + 1].kind == PK::Vector)
    for (const auto& e : ops[fi + 1].elems) args.push_back(&e);
  auto param_offset = [&](const ptx::Operand* o) -> std::pair<std::uint32_t, std::uint32_t> {
    const SymbolRef* s = lookup(o->name);
    if (s == nullptr || s->kind != SymbolRef::Kind::Var || s->space != Space::ParamFunc)
      error(fmt::format("call argument '{}' is not a .param variable", o->name));
    return {static_cast<std::uint32_t>(s->address), s->size};
  };
  CallSite site;
  if (target.kind == PK::Register) {
    error("indirect calls are not supported yet");
  }
  const SymbolRef* s = lookup(target.name);
  if (s == nullptr || s->kind != SymbolRef::Kind::Func)
    error(fmt::format("call of unknown function '{}'", target.name));
  if (s->index == 0xffffffffu) {
    if (target.name == "vprintf") site.builtin = CallSite::Builtin::Vprintf;
    else if (target.name == "__assertfail") site.builtin = CallSite::Builtin::Assertfail;
    else error(fmt::format("'{}' has no body in this module", target.name));
    for (auto* a : args) {
      auto [off, size] = param_offset(a);
      site.args.push_back({off, 0, size});
    }
    for (auto* r : rets) {
      auto [off, size] = param_offset(r);
      site.rets.push_back({0, off, size});
    }
  } else {
    site.callee = s->index;
    const FunctionInfo& callee = cx_.prog.functions.at(s->index);
    if (args.size() != callee.params.size())
      error(fmt::format("call passes {} arguments, {} takes {}", args.size(), callee.name, callee.params.size()));
    if (rets.size() > callee.returns.size())
      error(fmt::format("call expects {} return values, {} has {}", rets.size(), callee.name, callee.returns.size()));
    for (std::size_t i = 0; i < args.size(); ++i) {
      auto [off, size] = param_offset(args[i]);
      site.args.push_back({off, callee.params[i].offset, std::min(size, callee.params[i].size)});
    }
    for (std::size_t i = 0; i < rets.size(); ++i) {
      auto [off, size] = param_offset(rets[i]);
      site.rets.push_back({callee.returns[i].offset, off, std::min(size, callee.returns[i].size)});
    }
  }
  I.ops[0].kind = Operand::Kind::Func;
  I.ops[0].imm = static_cast<std::int64_t>(cx_.prog.calls.size());
  I.nops = 1;
  cx_.prog.calls.push_back(std::move(site));
  return I;
}

// mbarrier.<op>: the operation word picks ir::MbarOp; the operands stay in PTX order (see exec_async.cpp).
Instr Decoder::decode_mbarrier() {
  Instr I;
  I.op = Op::Mbarrier;
  I.flags = m_.flags;
  using M = MbarOp;
  M op{};
  unsigned ndst = 0, lo = 0, hi = 0;  // destinations, operand counts
  if (m_.take("init")) op = M::Init, lo = hi = 2;
  else if (m_.take("inval")) op = M::Inval, lo = hi = 1;
  else if (m_.take("arrive")) op = M::Arrive, ndst = 1, lo = 2, hi = 3;
  else if (m_.take("arrive_drop")) op = M::ArriveDrop, ndst = 1, lo = 2, hi = 3;
  else if (m_.take("expect_tx")) op = M::ExpectTx, lo = hi = 2;
  else if (m_.take("complete_tx")) op = M::CompleteTx, lo = hi = 2;
  else if (m_.take("test_wait")) op = M::TestWait, ndst = 1, lo = hi = 3;
  else if (m_.take("try_wait")) op = M::TryWait, ndst = 1, lo = 3, hi = 4;
  else if (m_.take("pending_count")) op = M::PendingCount, ndst = 1, lo = hi = 2;
  else error("mbarrier needs an operation (init, inval, arrive, arrive_drop, expect_tx, complete_tx, test_wait, "
             "try_wait or pending_count)");
  if (op == M::Arrive || op == M::ArriveDrop) {
    if (m_.take("expect_tx")) I.flags |= kExpectTx, lo = hi = 3;
    if (m_.take("noComplete")) I.flags |= kNoComplete, lo = hi = 3;
  }
  if ((op == M::TestWait || op == M::TryWait) && m_.take("parity")) I.flags |= kParity;
  // sub2 1: an arrive with release semantics at cluster scope (.release.cluster; .release is the default
  // semantics), which ptxas precedes with MEMBAR.ALL.CTA, MEMBAR.ALL.GPU, ERRBAR and CGAERRBAR (SASS of
  // ptxas 13.0 for sm_90a; the .cta and .relaxed forms are a bare SYNCS.ARRIVE): see
  // lower::InstrTiming::cluster_release.
  if ((op == M::Arrive || op == M::ArriveDrop) && m_.has("cluster") && !m_.has("relaxed")) I.sub2 = 1;
  // .shared::cluster: a remote arrive on a peer CTA's mbarrier (arrive, arrive_drop, with .expect_tx too) and
  // expect_tx/complete_tx; the waits and init/inval/pending_count act on the CTA's own mbarriers only.
  if (m_.space == Space::SharedCluster && op != M::Arrive && op != M::ArriveDrop && op != M::ExpectTx &&
      op != M::CompleteTx)
    error("only mbarrier.arrive, arrive_drop, expect_tx and complete_tx take .shared::cluster (the PTX ISA's remote "
          "forms); init, inval, test_wait, try_wait and pending_count act on the CTA's own .shared::cta mbarriers");
  if (m_.space == Space::SharedCluster && (op == M::Arrive || op == M::ArriveDrop) && in_.operands.size() > 0 &&
      in_.operands[0].kind != PK::Sink)
    error("a .shared::cluster mbarrier arrive returns no state: its destination must be the sink _");
  if (m_.space != Space::None && m_.space != Space::Shared && m_.space != Space::SharedCluster)
    error("an mbarrier lives in shared memory: use .shared, .shared::cta, .shared::cluster or a generic address");
  if (m_.types.size() != 1 || m_.types[0] != ScalarType::B64) error("mbarrier needs .b64");
  I.type = ScalarType::B64;
  I.sub = static_cast<std::uint8_t>(op);
  words_done();
  operands(I, ndst, ScalarType::B64);
  expect_ops(I, lo, hi);
  if (op == M::PendingCount) return I;
  const unsigned a = ndst;  // the address operand
  if (I.ops[a].kind != Operand::Kind::Addr) error("the mbarrier operand must be an address [addr]");
  memory_space(I, I.ops[a]);
  if (I.ops[a].space != Space::None && I.ops[a].space != Space::Shared)
    error("the mbarrier operand names a variable outside shared memory");
  if (m_.space == Space::SharedCluster) I.space = Space::SharedCluster;
  return I;
}

// cp.async (Ampere, global -> shared::cta), its groups and cp.async.mbarrier.arrive. The bulk and tensor forms
// come with TMA.
Instr Decoder::decode_cp_async() {
  Instr I;
  I.op = Op::CpAsync;
  I.flags = m_.flags;
  m_.take("async");
  if (m_.has("bulk")) return decode_bulk();
  using C = CpAsyncOp;
  if (m_.take("commit_group")) {
    I.sub = static_cast<std::uint8_t>(C::CommitGroup);
    words_done();
    operands(I, 0, ScalarType::U32);
    expect_ops(I, 0, 0);
    return I;
  }
  if (m_.take("wait_group")) {
    I.sub = static_cast<std::uint8_t>(C::WaitGroup);
    words_done();
    operands(I, 0, ScalarType::U32);
    expect_ops(I, 1, 1);
    if (I.ops[0].kind != Operand::Kind::Imm || I.ops[0].imm < 0) error("cp.async.wait_group needs an integer constant");
    return I;
  }
  if (m_.take("wait_all")) {
    I.sub = static_cast<std::uint8_t>(C::WaitAll);
    words_done();
    operands(I, 0, ScalarType::U32);
    expect_ops(I, 0, 0);
    return I;
  }
  if (m_.take("mbarrier")) {
    if (!m_.take("arrive")) error("cp.async.mbarrier needs .arrive");
    if (m_.take("noinc")) I.flags |= kNoInc;
    if (m_.space == Space::SharedCluster) error("cp.async.mbarrier.arrive takes .shared or .shared::cta (the PTX ISA has no .shared::cluster form)");
    if (m_.space != Space::None && m_.space != Space::Shared) error("an mbarrier lives in shared memory");
    if (m_.types.size() != 1 || m_.types[0] != ScalarType::B64) error("cp.async.mbarrier.arrive needs .b64");
    I.type = ScalarType::B64;
    I.sub = static_cast<std::uint8_t>(C::MbarrierArrive);
    words_done();
    operands(I, 0, ScalarType::B64);
    expect_ops(I, 1, 1);
    if (I.ops[0].kind != Operand::Kind::Addr) error("the mbarrier operand must be an address [addr]");
    memory_space(I, I.ops[0]);
    return I;
  }
  // The copy: cp.async.{ca,cg}.shared{::cta}.global{.L2::cache_hint}{.L2::64B|128B|256B}
  //   [dst], [src], cp-size{, src-size | ignore-src}{, cache-policy}
  bool shared = false, global = false, cluster = false;
  for (const auto& w : in_.modifiers) {
    shared = shared || w == "shared" || w == "shared::cta";
    cluster = cluster || w == "shared::cluster";
    global = global || w == "global";
  }
  if (cluster) error("cp.async copies to .shared or .shared::cta (the PTX ISA has no .shared::cluster form of the non-bulk copy)");
  if (!shared || !global) error("cp.async copies .global to .shared (or .shared::cta)");
  const bool ca = m_.take("ca"), cg = m_.take("cg");
  if (ca == cg) error("cp.async needs .ca or .cg");
  if (m_.take("L2::cache_hint")) I.flags |= kCachePolicy;
  for (auto w : m_.words)
    if (w == "L2::64B" || w == "L2::128B" || w == "L2::256B") m_.take(w);
  words_done();
  I.sub = static_cast<std::uint8_t>(C::Copy);
  I.space = Space::Shared;
  operands(I, 0, ScalarType::U32);
  const unsigned policy = I.has(kCachePolicy) ? 1 : 0;
  expect_ops(I, 3 + policy, 4 + policy);
  if (I.ops[0].kind != Operand::Kind::Addr || I.ops[1].kind != Operand::Kind::Addr)
    error("cp.async needs [dst] and [src] addresses");
  if (I.ops[0].space != Space::None && I.ops[0].space != Space::Shared)
    error("cp.async's destination names a variable outside shared memory");
  if (I.ops[1].space != Space::None && I.ops[1].space != Space::Global)
    error("cp.async's source names a variable outside global memory");
  if (I.ops[2].kind != Operand::Kind::Imm) error("cp.async's cp-size must be an integer constant");
  const std::int64_t size = I.ops[2].imm;
  if (size != 4 && size != 8 && size != 16) error(fmt::format("cp.async's cp-size must be 4, 8 or 16, not {}", size));
  if (cg && size != 16) error("cp.async.cg copies 16 bytes only");
  if (I.nops == 4 + policy && is_pred_reg(in_.operands[3])) I.flags |= kIgnoreSrc;
  if (I.nops == 4 + policy && !I.has(kIgnoreSrc) && I.ops[3].kind == Operand::Kind::Imm &&
      (I.ops[3].imm < 0 || I.ops[3].imm > size))
    error(fmt::format("cp.async's src-size {} is larger than its cp-size {}", I.ops[3].imm, size));
  return I;
}

// Operands of a bulk copy: a tensor operand [tmap, {c0, ...}] becomes two, the map's address and the coordinates.
void Decoder::bulk_operands(Instr& I) {
  unsigned k = 0;
  for (const ptx::Operand& o : in_.operands) {
    if (k + 2 > I.ops.size()) error("too many operands");
    if (o.kind == PK::Address && !o.elems.empty()) {
      if (o.elems.size() != 1 || o.elems[0].kind != PK::Vector)
        error("a tensor operand is [tensorMap, {coordinates}]");
      ptx::Operand base = o;
      base.elems.clear();
      I.ops[k++] = operand(base, ScalarType::U64);
      I.ops[k++] = operand(o.elems[0], ScalarType::S32);
      continue;
    }
    I.ops[k++] = operand(o, ScalarType::U32);
  }
  I.nops = static_cast<std::uint8_t>(k);
  I.ndst = 0;
}

// cp.async.bulk* and cp.reduce.async.bulk* (PTX ISA "Data Movement: cp.async.bulk, cp.reduce.async.bulk,
// cp.async.bulk.tensor, cp.reduce.async.bulk.tensor, cp.async.bulk.prefetch(.tensor), commit_group, wait_group").
Instr Decoder::decode_bulk() {
  Instr I;
  I.op = Op::CpAsync;
  I.flags = m_.flags;
  using C = CpAsyncOp;
  const std::string text = fmt::format("cp.{}", fmt::join(in_.modifiers, "."));
  m_.take("async");
  m_.take("bulk");
  const bool reduce = m_.take("reduce");
  if (m_.take("commit_group") || m_.take("wait_group")) {
    const bool wait = m_.has("wait_group");
    if (reduce) error(fmt::format("{} is not an instruction", text));
    I.sub = static_cast<std::uint8_t>(wait ? C::BulkWaitGroup : C::BulkCommitGroup);
    if (wait && m_.take("read")) I.flags |= kBulkRead;
    words_done();
    operands(I, 0, ScalarType::U32);
    expect_ops(I, wait ? 1 : 0, wait ? 1 : 0);
    if (wait && (I.ops[0].kind != Operand::Kind::Imm || I.ops[0].imm < 0 || I.ops[0].imm > 63))
      error("cp.async.bulk.wait_group needs an integer constant from 0 to 63");
    return I;
  }
  for (std::string_view w : {"im2col", "im2col::w", "im2col::w::128", "im2col_no_offs", "tile::gather4",
                             "tile::scatter4"})
    if (m_.has(w))
      error(fmt::format("{}: .{} tensor copies are not supported (tile mode only); the run config cannot describe "
                        "im2col tensor maps either",
                        text, w));
  const bool multicast = m_.take("multicast::cluster");
  if (m_.has("cta_group::1") || m_.has("cta_group::2"))
    error(fmt::format("{}: .cta_group (Blackwell's CTA pairs) is not supported", text));
  const bool tensor = m_.take("tensor");
  unsigned rank = 0;
  constexpr std::string_view kDims[] = {"1d", "2d", "3d", "4d", "5d"};
  for (unsigned d = 0; d < 5; ++d)
    if (m_.take(kDims[d])) rank = d + 1;
  if (tensor && rank == 0) error(fmt::format("{} needs a dimension (.1d to .5d)", text));
  m_.take("tile");
  if (m_.take("L2::cache_hint")) I.flags |= kCachePolicy;
  const unsigned policy = I.has(kCachePolicy) ? 1 : 0;
  // State spaces in the order written: destination first (prefetch: the source alone).
  std::vector<Space> spaces;
  for (const auto& w : in_.modifiers) {
    if (w == "global") spaces.push_back(Space::Global);
    else if (w == "shared" || w == "shared::cta") spaces.push_back(Space::Shared);
    else if (w == "shared::cluster") spaces.push_back(Space::SharedCluster);
  }
  if (m_.take("prefetch")) {
    if (reduce) error(fmt::format("{} is not an instruction", text));
    m_.take("L2");
    m_.take("global");
    if (spaces.size() != 1 || spaces[0] != Space::Global) error("cp.async.bulk.prefetch reads .global memory");
    if (multicast) error(fmt::format("{}: a prefetch has no .multicast::cluster form", text));
    words_done();
    I.sub = static_cast<std::uint8_t>(tensor ? C::BulkPrefetchTensor : C::BulkPrefetch);
    I.space = Space::Global;
    bulk_operands(I);
    expect_ops(I, 2 + policy, 2 + policy);
    if (I.ops[0].kind != Operand::Kind::Addr) error("cp.async.bulk.prefetch needs an address [src]");
    if (tensor && (I.ops[1].kind != Operand::Kind::Vec || I.ops[1].count != rank))
      error(fmt::format("cp.async.bulk.prefetch.tensor.{}d needs {} coordinates", rank, rank));
    return I;
  }
  for (const char* w : {"global", "shared", "shared::cta", "shared::cluster"}) m_.take(w);
  if (spaces.size() != 2) error(fmt::format("{} needs a destination and a source state space", text));
  const Space dst = spaces[0], src = spaces[1];
  const bool to_global = dst == Space::Global;
  if (to_global && src != Space::Shared)
    error(fmt::format("{}: a copy to .global reads .shared::cta", text));
  if (!to_global && dst != Space::SharedCluster && !(dst == Space::Shared && src == Space::Global))
    error(fmt::format("{}: the destination must be .global, .shared::cluster or (from .global) .shared::cta", text));
  if (!to_global && src != Space::Global && src != Space::Shared)
    error(fmt::format("{}: the source must be .global or .shared::cta", text));
  if (tensor && !to_global && src != Space::Global)
    error(fmt::format("{}: a tensor copy into shared memory reads .global", text));
  // .multicast::cluster (PTX ISA: global -> shared::cluster loads only): a ctaMask operand after [mbar].
  if (multicast && (reduce || dst != Space::SharedCluster || src != Space::Global))
    error(fmt::format("{}: .multicast::cluster is defined only for loads from .global into .shared::cluster", text));
  if (multicast) I.flags |= kMulticast;
  const unsigned mask = multicast ? 1 : 0;
  const bool mbar = m_.take("mbarrier::complete_tx::bytes");
  const bool group = m_.take("bulk_group");
  if (to_global ? !group || mbar : !mbar || group)
    error(fmt::format("{}: a copy to .global completes with .bulk_group, one to shared memory with "
                      ".mbarrier::complete_tx::bytes",
                      text));
  if (reduce) {
    const std::uint8_t r = sub_word({"add", "min", "max", "inc", "dec", "and", "or", "xor"});
    I.sub2 = static_cast<std::uint8_t>(1 + r);
    m_.take("noftz");
    if (!tensor) {
      const ScalarType t = type();
      const auto op = static_cast<AtomOp>(r);
      const bool ok = [&] {
        switch (t) {
          case ScalarType::B32: case ScalarType::B64: return op == AtomOp::And || op == AtomOp::Or || op == AtomOp::Xor;
          case ScalarType::U32: return op == AtomOp::Add || op == AtomOp::Min || op == AtomOp::Max || op == AtomOp::Inc || op == AtomOp::Dec;
          case ScalarType::S32: case ScalarType::U64: return op == AtomOp::Add || op == AtomOp::Min || op == AtomOp::Max;
          case ScalarType::S64: return op == AtomOp::Min || op == AtomOp::Max;
          case ScalarType::F32: case ScalarType::F64: return op == AtomOp::Add;
          case ScalarType::F16: case ScalarType::BF16: return op == AtomOp::Add || op == AtomOp::Min || op == AtomOp::Max;
          default: return false;
        }
      }();
      if (!ok) error(fmt::format("{}: the PTX ISA defines no such reduction (operation and type)", text));
      I.type = t;
    }
  } else if (!m_.types.empty()) {
    error(fmt::format("{}: a copy takes no type", text));
  }
  words_done();
  I.sub = static_cast<std::uint8_t>(tensor ? C::BulkTensor : C::Bulk);
  I.space = to_global ? Space::Global : Space::Shared;
  if (!tensor && src == Space::Shared) I.flags |= kBulkSharedSrc;
  bulk_operands(I);
  const auto is_addr = [&](unsigned i) { return I.ops[i].kind == Operand::Kind::Addr; };
  const bool mask_ok = !multicast || (I.ops[4].kind == Operand::Kind::Reg || I.ops[4].kind == Operand::Kind::Imm);
  if (!tensor) {
    expect_ops(I, (to_global ? 3 : 4) + mask + policy, (to_global ? 3 : 4) + mask + policy);
    if (!is_addr(0) || !is_addr(1) || (!to_global && !is_addr(3)) || !mask_ok)
      error(fmt::format("{} needs [dst], [src], size{}", text, to_global ? "" : multicast ? ", [mbar], ctaMask" : ", [mbar]"));
    return I;
  }
  expect_ops(I, (to_global ? 3 : 4) + mask + policy, (to_global ? 3 : 4) + mask + policy);
  const unsigned map = to_global ? 0 : 1;
  if (!is_addr(map) || I.ops[map + 1].kind != Operand::Kind::Vec || !is_addr(to_global ? 2 : 0) ||
      (!to_global && !is_addr(3)) || !mask_ok)
    error(fmt::format("{} needs {}", text,
                      to_global   ? "[tensorMap, {coordinates}], [src]"
                      : multicast ? "[dst], [tensorMap, {coordinates}], [mbar], ctaMask"
                                  : "[dst], [tensorMap, {coordinates}], [mbar]"));
  if (I.ops[map + 1].count != rank)
    error(fmt::format("{}: a .{}d copy needs {} coordinates, not {}", text, rank, rank, I.ops[map + 1].count));
  return I;
}

// ldmatrix.sync.aligned.m8n8.num{.trans}{.shared{::cta}}.b16 {d...}, [p]; stmatrix.sync.aligned.m8n8.num{.trans}
// {.shared{::cta}}.b16 [p], {r...}; movmatrix.sync.aligned.m8n8.trans.b16 d, a (PTX ISA, "Warp-level matrix load/
// store/transpose instructions").
Instr Decoder::decode_matrix() {
  const std::string& opc = in_.opcode;
  Instr I;
  I.op = opc == "ldmatrix" ? Op::Ldmatrix : opc == "stmatrix" ? Op::Stmatrix : Op::Movmatrix;
  I.flags = m_.flags;
  if (!m_.take("sync") || ((m_.flags & kAligned) == 0 && !m_.take("aligned")))
    error(fmt::format("{} needs .sync.aligned", opc));
  if (m_.has("m16n16") || m_.has("m8n16") || m_.has("m16n8"))
    error(fmt::format("{} with an 8-bit, 6-bit or 4-bit shape (.m16n16, .m8n16, .m16n8) is sm_100a's; only .m8n8.b16 is "
                      "implemented",
                      opc));
  if (!m_.take("m8n8")) error(fmt::format("{} needs .m8n8", opc));
  if (m_.types.size() != 1 || m_.types[0] != ScalarType::B16) error(fmt::format("{} needs .b16", opc));
  I.type = ScalarType::B16;
  I.sub = m_.take("trans") ? 1 : 0;
  if (I.op == Op::Movmatrix) {
    if (I.sub != 1) error("movmatrix needs .trans");
    words_done();
    operands(I, 1, ScalarType::B32);
    expect_ops(I, 2, 2);
    if (I.ops[0].kind != Operand::Kind::Reg || I.ops[1].kind != Operand::Kind::Reg)
      error("movmatrix takes two 32-bit registers: d, a");
    return I;
  }
  I.vec = m_.take("x1") ? 1 : m_.take("x2") ? 2 : m_.take("x4") ? 4 : 0;
  if (I.vec == 0) error(fmt::format("{} needs .x1, .x2 or .x4", opc));
  words_done();
  if (m_.space != Space::None && m_.space != Space::Shared)
    error(fmt::format("{} takes .shared or .shared::cta (or a generic address), not another state space", opc));
  const bool load = I.op == Op::Ldmatrix;
  operands(I, load ? 1 : 0, ScalarType::B32);
  expect_ops(I, 2, 2);
  const Operand& regs = I.ops[load ? 0 : 1];
  const Operand& addr = I.ops[load ? 1 : 0];
  if (addr.kind != Operand::Kind::Addr) error(fmt::format("{} needs an address [p]", opc));
  if (regs.kind != Operand::Kind::Vec || regs.count != I.vec)
    error(fmt::format("{}.x{} needs a vector of {} 32-bit registers", opc, unsigned(I.vec), unsigned(I.vec)));
  memory_space(I, addr);
  return I;
}

// mma.sync.aligned.shape.row.col{.satfinite}.dtype.atype.btype.ctype d, a, b, c, the .b1 forms with
// .xor.popc / .and.popc, mma.m8n8k4 .f16 with any of .row/.col for A and B (PTX ISA, "Warp-level matrix
// multiply-accumulate instructions: mma"), and the sparse mma.sp{::ordered_metadata}.sync.aligned ... d, a, b, c, e, f
// ("Multiply-and-Accumulate Instruction: mma.sp / mma.sp::ordered_metadata").
Instr Decoder::decode_mma() {
  Instr I;
  I.op = Op::Mma;
  I.flags = m_.flags;
  const bool sp_ordered = m_.take("sp::ordered_metadata");
  const bool sp_plain = m_.take("sp");
  if (sp_ordered && sp_plain) error("mma takes one of .sp and .sp::ordered_metadata, not both");
  const unsigned sparse = sp_ordered ? 2u : sp_plain ? 1u : 0u;
  const char* const mname = sparse == 2 ? "mma.sp::ordered_metadata" : sparse == 1 ? "mma.sp" : "mma";
  if (!m_.take("sync") || ((m_.flags & kAligned) == 0 && !m_.take("aligned")))
    error(fmt::format("{} needs .sync.aligned", mname));
  if (m_.has("block_scale") || m_.has("kind::f8f6f4") || m_.has("kind::mxf4") || m_.has("kind::mxf4nvf4") ||
      m_.has("kind::mxf8f6f4"))
    error("mma with .kind or .block_scale is sm_120a's; not implemented");
  static constexpr std::pair<std::string_view, MmaShape> kShapes[] = {
      {"m8n8k4", MmaShape::M8N8K4},       {"m8n8k16", MmaShape::M8N8K16},     {"m8n8k32", MmaShape::M8N8K32},
      {"m8n8k128", MmaShape::M8N8K128},   {"m16n8k4", MmaShape::M16N8K4},     {"m16n8k8", MmaShape::M16N8K8},
      {"m16n8k16", MmaShape::M16N8K16},   {"m16n8k32", MmaShape::M16N8K32},   {"m16n8k64", MmaShape::M16N8K64},
      {"m16n8k128", MmaShape::M16N8K128}, {"m16n8k256", MmaShape::M16N8K256},
  };
  bool shape_found = false;
  MmaShape shape{};
  for (const auto& [name, s] : kShapes)
    if (m_.take(name)) {
      shape = s;
      shape_found = true;
    }
  if (!shape_found) error(fmt::format("{} needs a shape (.m16n8k16, ...)", mname));
  const std::string_view shape_name = [&] {
    for (const auto& [name, s] : kShapes)
      if (s == shape) return name;
    return std::string_view("?");
  }();
  // The layouts of A and B in order, and the four types in order d, a, b, c. s4/u4/b1/e4m3/e5m2 are not scalar types
  // of warpsim: they stay words.
  std::vector<std::string_view> tw, layouts;
  for (const std::string& mod : in_.modifiers) {
    std::string_view w(mod);
    if (!w.empty() && w[0] == '.') w.remove_prefix(1);
    if (w == "f16" || w == "bf16" || w == "tf32" || w == "f32" || w == "f64" || w == "s32" || w == "s8" || w == "u8" ||
        w == "s4" || w == "u4" || w == "b1" || w == "e4m3" || w == "e5m2")
      tw.push_back(w);
    if (w == "row" || w == "col") layouts.push_back(w);
  }
  m_.take_all("row");
  m_.take_all("col");
  if (layouts.size() != 2) error(fmt::format("{} needs two layouts, A's then B's (.row.col)", mname));
  for (auto w : {"s4", "u4", "b1", "e4m3", "e5m2"}) m_.take_all(w);  // not warpsim scalar types: they stay words
  const bool xor_popc = m_.take("xor"), and_popc = m_.take("and");
  const bool popc = m_.take("popc");
  I.flags |= m_.take("satfinite") ? kSatfinite : std::uint64_t{0};
  words_done();
  if (tw.size() != 4) error(fmt::format("{} needs four types: .dtype.atype.btype.ctype", mname));
  auto mtype = [&](std::string_view w) -> MmaType {
    if (w == "f16") return MmaType::F16;
    if (w == "bf16") return MmaType::BF16;
    if (w == "tf32") return MmaType::TF32;
    if (w == "f64") return MmaType::F64;
    if (w == "s8") return MmaType::S8;
    if (w == "u8") return MmaType::U8;
    if (w == "s4") return MmaType::S4;
    if (w == "u4") return MmaType::U4;
    if (w == "e4m3") return MmaType::E4M3;
    if (w == "e5m2") return MmaType::E5M2;
    if (w == "b1") {
      if (!popc || xor_popc == and_popc) error("mma with .b1 needs .xor.popc or .and.popc");
      return xor_popc ? MmaType::B1Xor : MmaType::B1And;
    }
    error(fmt::format("{}: .{} is not an A/B type", mname, w));
  };
  auto acc = [&](std::string_view w) -> ScalarType {
    if (w == "f16") return ScalarType::F16;
    if (w == "f32") return ScalarType::F32;
    if (w == "f64") return ScalarType::F64;
    if (w == "s32") return ScalarType::S32;
    error(fmt::format("{}: .{} is not a C/D type", mname, w));
  };
  const MmaType a = mtype(tw[1]), b = mtype(tw[2]);
  I.type = acc(tw[0]);
  I.type2 = acc(tw[3]);
  I.sub = static_cast<std::uint8_t>(shape);
  I.sub2 = static_cast<std::uint8_t>(static_cast<unsigned>(a) | (static_cast<unsigned>(b) << 4));
  const bool a_col = layouts[0] == "col", b_row = layouts[1] == "row";
  I.vec = static_cast<std::uint8_t>(1u | (sparse << 1) | (a_col ? 8u : 0u) | (b_row ? 16u : 0u));
  // The combinations the PTX ISA allows on sm_90a.
  using T = MmaType;
  using Sh = MmaShape;
  const auto int8 = [](T t) { return t == T::S8 || t == T::U8; };
  const auto int4 = [](T t) { return t == T::S4 || t == T::U4; };
  const auto fp8 = [](T t) { return t == T::E4M3 || t == T::E5M2; };
  const ScalarType d = I.type, c = I.type2;
  const bool f32_acc = d == ScalarType::F32 && c == ScalarType::F32, s32_acc = d == ScalarType::S32 && c == ScalarType::S32;
  bool ok = false;
  if (sparse != 0) {
    if (a == T::F16 && b == T::F16)
      ok = (shape == Sh::M16N8K16 || shape == Sh::M16N8K32) && d == c && (d == ScalarType::F16 || d == ScalarType::F32);
    else if (a == T::BF16 && b == T::BF16)
      ok = (shape == Sh::M16N8K16 || shape == Sh::M16N8K32) && f32_acc;
    else if (a == T::TF32 && b == T::TF32)
      ok = (shape == Sh::M16N8K8 || shape == Sh::M16N8K16) && f32_acc;
    else if (int8(a) && int8(b))
      ok = (shape == Sh::M16N8K32 || shape == Sh::M16N8K64) && s32_acc;
    else if (int4(a) && int4(b))
      ok = (shape == Sh::M16N8K64 || shape == Sh::M16N8K128) && s32_acc;
    else if (fp8(a) && fp8(b))
      ok = shape == Sh::M16N8K64 && f32_acc;
  } else if (a == T::F16 && b == T::F16) {
    ok = (shape == Sh::M8N8K4 || shape == Sh::M16N8K8 || shape == Sh::M16N8K16) &&
         (d == ScalarType::F16 || d == ScalarType::F32) && (c == ScalarType::F16 || c == ScalarType::F32) &&
         (shape == Sh::M8N8K4 || d == c);  // ptxas: .dtype must equal .ctype for m16n8k8/k16
  } else if ((a == T::BF16 && b == T::BF16)) {
    ok = (shape == Sh::M16N8K8 || shape == Sh::M16N8K16) && f32_acc;
  } else if (a == T::TF32 && b == T::TF32) {
    ok = (shape == Sh::M16N8K4 || shape == Sh::M16N8K8) && f32_acc;
  } else if (a == T::F64 && b == T::F64) {
    ok = (shape == Sh::M8N8K4 || shape == Sh::M16N8K4 || shape == Sh::M16N8K8 || shape == Sh::M16N8K16) &&
         d == ScalarType::F64 && c == ScalarType::F64;
  } else if (int8(a) && int8(b)) {
    ok = (shape == Sh::M8N8K16 || shape == Sh::M16N8K16 || shape == Sh::M16N8K32) && s32_acc;
  } else if (int4(a) && int4(b)) {
    ok = (shape == Sh::M8N8K32 || shape == Sh::M16N8K32 || shape == Sh::M16N8K64) && s32_acc;
  } else if ((a == T::B1And || a == T::B1Xor) && a == b) {
    ok = (shape == Sh::M8N8K128 || shape == Sh::M16N8K128 || shape == Sh::M16N8K256) && s32_acc;
  } else if (fp8(a) && fp8(b)) {
    ok = shape == Sh::M16N8K32 && (d == ScalarType::F16 || d == ScalarType::F32) &&
         (c == ScalarType::F16 || c == ScalarType::F32);
  }
  if (!ok)
    error(fmt::format("{}.{}.{}.{}.{}.{} is not a {}shape and type combination of the PTX ISA for sm_90a", mname,
                      shape_name, tw[0], tw[1], tw[2], tw[3], sparse != 0 ? "sparse " : ""));
  if (I.has(kSatfinite) && d != ScalarType::S32)
    error(fmt::format("{} .satfinite applies to integer (s32) results only", mname));
  const bool quad_pair = shape == Sh::M8N8K4 && a == T::F16;
  if ((a_col || b_row) && !quad_pair)
    error(fmt::format("{}.{}.{}.{} takes .row.col only (A row-major, B column-major); other layouts are "
                      "mma.m8n8k4 .f16's",
                      mname, shape_name, layouts[0], layouts[1]));
  if (quad_pair && d == ScalarType::F16 && c == ScalarType::F32)
    error("mma.m8n8k4 with .f16 inputs: .dtype must be .f32 when .ctype is .f32 (ptxas)");
  operands(I, 1, ScalarType::B32);
  const unsigned nops = sparse != 0 ? 6 : 4;
  expect_ops(I, nops, nops);
  for (unsigned i = 0; i < 4; ++i)
    if (I.ops[i].kind != Operand::Kind::Vec)
      error(fmt::format("{}'s operands d, a, b and c are vectors {{...}} of registers", mname));
  if (sparse != 0) {
    if (I.ops[4].kind != Operand::Kind::Reg && I.ops[4].kind != Operand::Kind::Imm)
      error(fmt::format("{}'s metadata operand e is a 32-bit register or constant", mname));
    if (I.ops[5].kind != Operand::Kind::Imm)
      error(fmt::format("{}'s sparsity selector f must be an integer constant (0..3)", mname));
    const std::int64_t f = I.ops[5].imm;
    const unsigned meta_threads = mma_sparse_meta_threads(shape, a);
    const std::int64_t max_sel = meta_threads == 1 ? 3 : meta_threads == 2 ? 1 : 0;
    if (f < 0 || f > max_sel)
      error(fmt::format("{}.{} with .{}: the sparsity selector f is {}, but must be {} (PTX ISA, \"Sparse matrix "
                        "storage\": any other value is undefined)",
                        mname, shape_name, tw[1], f,
                        meta_threads == 1   ? "0, 1, 2 or 3 (the one thread of each group of four holding metadata)"
                        : meta_threads == 2 ? "0 (threads T0, T1 of each group of four) or 1 (T2, T3)"
                                            : "0 (all four threads of each group hold metadata)"));
  }
  return I;
}

// wgmma.fence / commit_group / wait_group N .sync.aligned, and
// wgmma.mma_async.sync.aligned.m64nNkK{.satfinite}.dtype.atype.btype{.and.popc} d, a-desc|{a}, b-desc, scale-d
// {, imm-scale-a, imm-scale-b{, imm-trans-a}, imm-trans-b} (PTX ISA, "Asynchronous warpgroup level matrix multiply-
// accumulate": the immediates f16/bf16 take; tf32 and fp8 take the two scales; integer and b1 forms none).
Instr Decoder::decode_wgmma() {
  Instr I;
  I.op = Op::Wgmma;
  I.flags = m_.flags;
  if (!m_.take("sync") || ((m_.flags & kAligned) == 0 && !m_.take("aligned"))) error("wgmma needs .sync.aligned");
  if (m_.take("fence") || m_.take("commit_group")) {
    I.sub = static_cast<std::uint8_t>(m_.has("fence") ? WgmmaOp::Fence : WgmmaOp::CommitGroup);
    words_done();
    operands(I, 0, ScalarType::B32);
    expect_ops(I, 0, 0);
    return I;
  }
  if (m_.take("wait_group")) {
    I.sub = static_cast<std::uint8_t>(WgmmaOp::WaitGroup);
    words_done();
    operands(I, 0, ScalarType::B32);
    expect_ops(I, 1, 1);
    if (I.ops[0].kind != Operand::Kind::Imm || I.ops[0].imm < 0) error("wgmma.wait_group takes an immediate N >= 0");
    return I;
  }
  if (m_.has("sp")) error("sparse wgmma (wgmma.mma_async.sp) is not implemented");
  if (!m_.take("mma_async")) error("wgmma needs .mma_async, .fence, .commit_group or .wait_group");
  I.sub = static_cast<std::uint8_t>(WgmmaOp::MmaAsync);
  // The shape word m64nNkK.
  unsigned n = 0, k = 0;
  for (std::string_view w : m_.words) {
    unsigned nn = 0, kk = 0;
    int used = 0;
    const std::string word(w);
    if (std::sscanf(word.c_str(), "m64n%uk%u%n", &nn, &kk, &used) == 2 && used == static_cast<int>(word.size())) {
      n = nn;
      k = kk;
      m_.take(w);
    }
  }
  if (n == 0) error("wgmma.mma_async needs a shape .m64nNkK");
  std::vector<std::string_view> tw;
  for (const std::string& mod : in_.modifiers) {
    std::string_view w(mod);
    if (!w.empty() && w[0] == '.') w.remove_prefix(1);
    if (w == "f16" || w == "bf16" || w == "tf32" || w == "f32" || w == "s32" || w == "s8" || w == "u8" || w == "b1" ||
        w == "e4m3" || w == "e5m2")
      tw.push_back(w);
  }
  for (auto w : {"b1", "e4m3", "e5m2", "tf32"}) m_.take_all(w);
  const bool and_popc = m_.take("and") && m_.take("popc");
  I.flags |= m_.take("satfinite") ? kSatfinite : std::uint64_t{0};
  words_done();
  if (tw.size() != 3) error("wgmma.mma_async needs three types: .dtype.atype.btype");
  auto mtype = [&](std::string_view w) -> MmaType {
    if (w == "f16") return MmaType::F16;
    if (w == "bf16") return MmaType::BF16;
    if (w == "tf32") return MmaType::TF32;
    if (w == "s8") return MmaType::S8;
    if (w == "u8") return MmaType::U8;
    if (w == "e4m3") return MmaType::E4M3;
    if (w == "e5m2") return MmaType::E5M2;
    if (w == "b1") {
      if (!and_popc) error("wgmma.mma_async with .b1 needs .and.popc");
      return MmaType::B1And;
    }
    error(fmt::format("wgmma.mma_async: .{} is not an A/B type", w));
  };
  const MmaType a = mtype(tw[1]), b = mtype(tw[2]);
  const ScalarType d = tw[0] == "f16" ? ScalarType::F16 : tw[0] == "f32" ? ScalarType::F32 : tw[0] == "s32" ? ScalarType::S32 : ScalarType::None;
  if (d == ScalarType::None) error(fmt::format("wgmma.mma_async: .{} is not a D type", tw[0]));
  I.type = d;
  I.sub2 = static_cast<std::uint8_t>(static_cast<unsigned>(a) | (static_cast<unsigned>(b) << 4));
  using T = MmaType;
  const auto int8 = [](T t) { return t == T::S8 || t == T::U8; };
  const auto fp8 = [](T t) { return t == T::E4M3 || t == T::E5M2; };
  unsigned want_k = 0;
  bool ok = false, integer = false;
  if ((a == T::F16 || a == T::BF16) && a == b) {
    want_k = 16;
    ok = d == ScalarType::F32 || (d == ScalarType::F16 && a == T::F16);
  } else if (a == T::TF32 && b == T::TF32) {
    want_k = 8;
    ok = d == ScalarType::F32;
  } else if (fp8(a) && fp8(b)) {
    want_k = 32;
    ok = d == ScalarType::F32 || d == ScalarType::F16;
  } else if (int8(a) && int8(b)) {
    want_k = 32;
    ok = d == ScalarType::S32;
    integer = true;
  } else if (a == T::B1And && b == T::B1And) {
    want_k = 256;
    ok = d == ScalarType::S32;
    integer = true;
  }
  if (!ok) error(fmt::format("wgmma.mma_async.{}.{}.{} is not a type combination of the PTX ISA", tw[0], tw[1], tw[2]));
  if (k != want_k) error(fmt::format("wgmma.mma_async with .{} takes K = {}, not .m64n{}k{}", tw[1], want_k, n, k));
  // N: multiples of 8 up to 256; the integer and b1 forms 8, 16, 24 and multiples of 16 up to 256.
  const bool n_ok = n >= 8 && n <= 256 && n % 8 == 0 && (!integer || n <= 24 || n % 16 == 0);
  if (!n_ok)
    error(fmt::format("wgmma.mma_async: N = {} is not a shape of the PTX ISA for these types (N is 8 to 256 in steps of "
                      "8{})", n, integer ? "; 8, 16, 24 and then steps of 16 for integer and b1 types" : ""));
  if (I.has(kSatfinite) && !int8(a)) error("wgmma.mma_async .satfinite applies to the s8/u8 forms only");
  I.wg_n = static_cast<std::uint16_t>(n);
  // Operands: d, a, b, scale-d, then the immediates.
  const auto& os = in_.operands;
  if (os.size() < 4) error(fmt::format("wgmma.mma_async needs at least 4 operands (d, a, b, scale-d), found {}", os.size()));
  const bool areg = os[1].kind == PK::Vector;
  const bool halfs = a == T::F16 || a == T::BF16;
  const std::size_t imms = halfs ? (areg ? 3 : 4) : integer ? 0 : 2;
  if (os.size() != 4 + imms)
    error(fmt::format("wgmma.mma_async with .{} and A from {} takes {} operands (d, a, b, scale-d{}), found {}", tw[1],
                      areg ? "registers" : "a descriptor", 4 + imms,
                      halfs ? (areg ? ", imm-scale-a, imm-scale-b, imm-trans-b" : ", imm-scale-a, imm-scale-b, imm-trans-a, imm-trans-b")
                            : integer ? "" : ", imm-scale-a, imm-scale-b",
                      os.size()));
  I.ops[0] = operand(os[0], d == ScalarType::F16 ? ScalarType::B32 : d);
  I.ops[1] = operand(os[1], ScalarType::B32);
  I.ops[2] = operand(os[2], ScalarType::B64);
  I.ops[3] = operand(os[3], ScalarType::Pred);
  I.nops = 4;
  I.ndst = 1;
  const unsigned d_regs = d == ScalarType::F16 ? n / 4 : n / 2;
  if (I.ops[0].kind != Operand::Kind::Vec || I.ops[0].count != d_regs)
    error(fmt::format("wgmma.mma_async.m64n{}k{}.{} takes d as a vector of {} registers", n, k, tw[0], d_regs));
  if (areg) {
    if (I.ops[1].count != 4) error("wgmma.mma_async takes A from registers as a vector of 4 registers");
    I.wg_mode |= kWgmmaARegs;
  } else if (I.ops[1].kind != Operand::Kind::Reg) {
    error("wgmma.mma_async's a is a 64-bit descriptor register or a vector of 4 registers");
  }
  if (I.ops[2].kind != Operand::Kind::Reg) error("wgmma.mma_async's b is a 64-bit descriptor register");
  if (I.ops[3].kind != Operand::Kind::Reg && I.ops[3].kind != Operand::Kind::Imm)
    error("wgmma.mma_async's scale-d is a predicate or an immediate 0 or 1");
  const auto imm = [&](std::size_t i, std::string_view name, bool scale) -> bool {
    if (os[i].kind != PK::Immediate) error(fmt::format("wgmma.mma_async's {} must be an immediate", name));
    const std::int64_t v = os[i].ival;
    if (scale && v != 1 && v != -1) error(fmt::format("wgmma.mma_async's {} must be 1 or -1, not {}", name, v));
    if (!scale && v != 0 && v != 1) error(fmt::format("wgmma.mma_async's {} must be 0 or 1, not {}", name, v));
    return scale ? v == -1 : v == 1;
  };
  if (imms >= 2) {
    if (imm(4, "imm-scale-a", true)) I.wg_mode |= kWgmmaNegA;
    if (imm(5, "imm-scale-b", true)) I.wg_mode |= kWgmmaNegB;
  }
  if (halfs) {
    if (!areg && imm(6, "imm-trans-a", false)) I.wg_mode |= kWgmmaTransA;
    if (imm(areg ? 6 : 7, "imm-trans-b", false)) I.wg_mode |= kWgmmaTransB;
  }
  return I;
}

// setmaxnreg.inc/.dec.sync.aligned.u32 N (PTX ISA, "setmaxnreg"): Instr::sub 0 for .inc, 1 for .dec; ops[0] is N,
// an immediate in [24, 256], a multiple of 8.
Instr Decoder::decode_setmaxnreg() {
  Instr I;
  I.op = Op::Setmaxnreg;
  I.flags = m_.flags;
  const bool inc = m_.take("inc"), dec = m_.take("dec");
  if (inc == dec) error("setmaxnreg needs .inc or .dec");
  I.sub = dec ? 1 : 0;
  if (!m_.take("sync") || ((m_.flags & kAligned) == 0 && !m_.take("aligned"))) error("setmaxnreg needs .sync.aligned");
  if (m_.types.size() != 1 || m_.types[0] != ScalarType::U32) error("setmaxnreg needs .u32");
  words_done();
  operands(I, 0, ScalarType::U32);
  expect_ops(I, 1, 1);
  if (I.ops[0].kind != Operand::Kind::Imm) error("setmaxnreg takes an immediate register count");
  const std::int64_t n = I.ops[0].imm;
  if (n < 24 || n > 256 || n % 8 != 0)
    error(fmt::format("setmaxnreg's register count must be a multiple of 8 in [24, 256], not {}", n));
  return I;
}

Instr Decoder::run() {
  const std::string& opc = in_.opcode;
  Instr I;
  // Opcodes whose mnemonic spans a modifier.
  if (opc == "bar" && m_.has("warp")) {
    m_.take("warp");
    m_.take("sync");
    words_done();
    I.op = Op::BarWarpSync;
    operands(I, 0, ScalarType::B32);
    expect_ops(I, 1, 1);
    return I;
  }
  if (opc == "brx") {
    if (!m_.take("idx")) error("brx needs .idx");
    words_done();
    I.op = Op::BrxIdx;
    operands(I, 0, ScalarType::U32);
    expect_ops(I, 2, 2);
    return I;
  }
  if (opc == "call") return decode_call();
  if (opc == "mbarrier") return decode_mbarrier();
  if (opc == "cp" && m_.has("async")) return decode_cp_async();
  if (opc == "cp" && m_.has("reduce")) return decode_bulk();
  if (opc == "mma") return decode_mma();
  if (opc == "wgmma") return decode_wgmma();
  if (opc == "setmaxnreg") return decode_setmaxnreg();
  if (opc == "ldmatrix" || opc == "stmatrix" || opc == "movmatrix") return decode_matrix();
  if (opc == "tensormap")
    error("tensormap.replace (rewriting a tensor map in memory) is not supported: warpsim's tensor maps are its own "
          "encoding, written by the run config's tensor_map arguments");
  if (opc == "barrier" && m_.has("cluster")) {
    // barrier.cluster.arrive{.release|.relaxed}{.aligned} / barrier.cluster.wait{.acquire}{.aligned}
    m_.take("cluster");
    I.op = Op::Bar;
    I.flags = m_.flags;
    if (m_.take("arrive")) {
      I.sub = static_cast<std::uint8_t>(BarOp::ClusterArrive);
      if (m_.has("acquire")) error("barrier.cluster.arrive takes .release or .relaxed, not .acquire");
    } else if (m_.take("wait")) {
      I.sub = static_cast<std::uint8_t>(BarOp::ClusterWait);
      if (m_.has("release") || m_.has("relaxed")) error("barrier.cluster.wait takes .acquire only");
    } else {
      error("barrier.cluster needs .arrive or .wait");
    }
    words_done();
    operands(I, 0, ScalarType::U32);
    expect_ops(I, 0, 0);
    return I;
  }
  if (opc == "mapa" || opc == "getctarank") {
    // mapa{.shared::cluster}.type d, a, rank; getctarank{.shared::cluster}.type d, a (type u32 or u64)
    I.op = opc == "mapa" ? Op::Mapa : Op::Getctarank;
    I.flags = m_.flags;
    if (m_.space != Space::None && m_.space != Space::SharedCluster)
      error(fmt::format("{} takes .shared::cluster or no state space (generic addresses)", opc));
    I.space = m_.space == Space::None ? Space::Generic : Space::SharedCluster;
    if (m_.types.size() != 1 || (m_.types[0] != ScalarType::U32 && m_.types[0] != ScalarType::U64))
      error(fmt::format("{} needs .u32 or .u64", opc));
    I.type = m_.types[0];
    words_done();
    operands(I, 1, I.type);
    if (I.op == Op::Mapa) {
      expect_ops(I, 3, 3);
      I.ops[2] = operand(in_.operands[2], ScalarType::U32);
    } else {
      expect_ops(I, 2, 2);
    }
    if (I.ops[1].kind == Operand::Kind::Addr) error(fmt::format("{}'s address operand is a register or a variable, not [addr]", opc));
    return I;
  }
  std::optional<Op> found;
  for (std::size_t i = 0; i < static_cast<std::size_t>(Op::Count_); ++i)
    if (op_info(static_cast<Op>(i)).mnemonic == opc) found = static_cast<Op>(i);
  if (opc == "barrier") found = Op::Bar;
  if (found && (*found == Op::Mapa || *found == Op::Getctarank)) found.reset();
  if (!found || *found == Op::BrxIdx || *found == Op::BarWarpSync)
    error(fmt::format("instruction '{}' is not implemented by the simulator", opc));
  I.op = *found;
  I.rnd = m_.rnd;
  I.vec = static_cast<std::uint8_t>(m_.vec);
  I.flags = m_.flags;
  const ScalarType t0 = m_.types.empty() ? ScalarType::None : m_.types[0];
  I.type = t0;

  switch (I.op) {
    case Op::Add:
    case Op::Sub:
    case Op::Mul:
    case Op::Mad:
    case Op::Mul24:
    case Op::Mad24:
    case Op::Div:
    case Op::Rem:
    case Op::Abs:
    case Op::Neg:
    case Op::Min:
    case Op::Max:
    case Op::Addc:
    case Op::Subc:
    case Op::Madc:
    case Op::Fma:
    case Op::Rcp:
    case Op::Sqrt:
    case Op::Rsqrt:
    case Op::Ex2:
    case Op::Lg2:
    case Op::Sin:
    case Op::Cos:
    case Op::Tanh:
    case Op::Copysign:
    case Op::Sad:
    case Op::Popc:
    case Op::Clz:
    case Op::Brev:
    case Op::Bfe:
    case Op::Bfi:
    case Op::Fns:
    case Op::Shl:
    case Op::Shr:
    case Op::And:
    case Op::Or:
    case Op::Xor:
    case Op::Not:
    case Op::Cnot:
    case Op::Bmsk:
    case Op::Selp: {
      if (m_.take("hi")) I.flags |= kHi;
      if (m_.take("lo")) I.flags |= kLo;
      if (m_.take("wide")) I.flags |= kWide;
      if (m_.take("xorsign")) {
        if (!m_.take("abs")) error(".xorsign needs .abs");
        I.flags |= kXorsignAbs;
      }
      if (m_.take("clamp")) I.flags |= kClamp;
      m_.take("wrap");
      typed(I, 1, t0);
      break;
    }
    case Op::Bfind:
      if (m_.take("shiftamt")) I.flags |= kShiftAmt;
      typed(I, 1, t0);
      break;
    case Op::Szext:
      if (m_.take("clamp")) I.flags |= kClamp;
      m_.take("wrap");
      typed(I, 1, t0);
      break;
    case Op::Dp4a:
    case Op::Dp2a:
      if (m_.take("hi")) I.flags |= kHi;
      m_.take("lo");
      I.type2 = type(1);
      words_done();
      operands(I, 1, t0);
      break;
    case Op::Prmt:
      I.sub = 0;
      {
        const char* modes[] = {"f4e", "b4e", "rc8", "ecl", "ecr", "rc16"};
        for (unsigned k = 0; k < 6; ++k)
          if (m_.take(modes[k])) I.sub = static_cast<std::uint8_t>(k + 1);
      }
      typed(I, 1, t0);
      break;
    case Op::Shf:
      if (m_.take("l")) I.flags |= kLeft;
      else if (!m_.take("r")) error("shf needs .l or .r");
      if (m_.take("clamp")) I.flags |= kClamp;
      else if (!m_.take("wrap")) error("shf needs .wrap or .clamp");
      typed(I, 1, t0);
      break;
    case Op::Lop3:
      typed(I, 1, t0);
      expect_ops(I, 5, 5);
      break;
    case Op::Testp:
      I.sub = sub_word({"finite", "infinite", "number", "notanumber", "normal", "subnormal"});
      typed(I, 1, t0);
      break;
    case Op::Setp:
    case Op::Set: {
      std::optional<Cmp> cmp;
      for (auto w : m_.words)
        if (auto c = parse_cmp(w)) {
          cmp = c;
          m_.take(w);
          break;
        }
      if (!cmp) error("missing comparison operator");
      I.cmp = *cmp;
      if (m_.take("and")) I.boolop = BoolOp::And;
      else if (m_.take("or")) I.boolop = BoolOp::Or;
      else if (m_.take("xor")) I.boolop = BoolOp::Xor;
      words_done();
      if (I.op == Op::Set) {
        I.type = type(0);
        I.type2 = type(1);
      } else {
        I.type2 = I.type = type(0);
      }
      operands(I, 1, I.type2);
      break;
    }
    case Op::Slct:
      I.type2 = type(1);
      words_done();
      operands(I, 1, t0);
      break;
    case Op::Mov:
      typed(I, 1, t0);
      expect_ops(I, 2, 2);
      break;
    case Op::Cvt:
      if (m_.take("pack")) error("cvt.pack is not implemented");
      I.type = type(0);
      I.type2 = type(1);
      words_done();
      operands(I, 1, I.type2);
      break;
    case Op::Cvta:
      if (m_.take("to")) I.flags |= kToSpace;
      I.space = m_.space;
      if (I.space == Space::None) error("cvta needs a state space");
      typed(I, 1, t0);
      break;
    case Op::Isspacep:
      I.space = m_.space;
      words_done();
      operands(I, 1, ScalarType::U64);
      break;
    case Op::Ld:
    case Op::Ldu:
      typed(I, 1, t0);
      expect_ops(I, 2, 3);
      memory_space(I, I.ops[1]);
      break;
    case Op::St:
      typed(I, 0, t0);
      expect_ops(I, 2, 3);
      memory_space(I, I.ops[0]);
      break;
    case Op::Prefetch:
    case Op::Prefetchu:
      // prefetch.tensormap (sub 1) brings a tensor map into the TMA unit's descriptor cache (timed only); prefetch
      // levels change nothing functionally
      if (in_.opcode == "prefetch" && m_.has("tensormap")) I.sub = 1;
      for (auto w : m_.words) m_.take(w);
      operands(I, 0, ScalarType::U64);
      I.space = m_.space == Space::None ? Space::Generic : m_.space;
      break;
    case Op::Atom:
    case Op::Red:
      I.sub = sub_word({"add", "min", "max", "inc", "dec", "and", "or", "xor", "exch", "cas"});
      if (m_.vec != 1) error("vector atomics are not implemented");
      typed(I, I.op == Op::Atom ? 1 : 0, t0);
      memory_space(I, I.ops[I.op == Op::Atom ? 1 : 0]);
      break;
    case Op::Bra:
      words_done();
      operands(I, 0, ScalarType::None);
      expect_ops(I, 1, 1);
      if (I.ops[0].kind != Operand::Kind::Label) error("branch target is not a label");
      break;
    case Op::Ret:
    case Op::Exit:
    case Op::Trap:
    case Op::Brkpt:
    case Op::Nop: words_done(); break;
    case Op::Bar: {
      // bar{.cta}.sync / bar{.cta}.arrive / bar{.cta}.red.op / barrier{.cta}.sync{.aligned} ...
      BarOp kind = BarOp::Sync;
      if (m_.take("arrive")) {
        kind = BarOp::Arrive;
      } else if (m_.take("red")) {
        kind = BarOp::Red;
        if (m_.take("popc")) I.boolop = BoolOp::None;
        else if (m_.take("and")) I.boolop = BoolOp::And;
        else if (m_.take("or")) I.boolop = BoolOp::Or;
        else error("bar.red needs .popc, .and or .or");
      } else {
        m_.take("sync");  // plain `bar 0` is bar.sync
      }
      I.sub = static_cast<std::uint8_t>(kind);
      words_done();
      operands(I, kind == BarOp::Red ? 1 : 0, ScalarType::U32);
      break;
    }
    case Op::Membar:
    case Op::Fence: {
      // Ordering only for the functional model (every access is immediately visible here); the timing model needs
      // the scope: sub 1 for a fence wider than the cluster (membar.gl/.sys, fence.{sc,acq_rel}.{gpu,sys}),
      // which waits for the warp's stores to be acknowledged (lower::InstrTiming::fence_gpu). fence.proxy and
      // fence.mbarrier_init forms name no such scope and stay 0.
      // The proxy fences (fence.proxy.async{.space}, fence.proxy.tensormap::generic.release/acquire.scope [addr],
      // size) order one proxy's accesses against another's, not this warp's stores against other SMs: no wait here.
      bool wide = false, proxy = false;
      for (auto w : m_.words) {
        if (w == "gl" || w == "sys" || w == "gpu") wide = true;
        if (w == "proxy") proxy = true;
        m_.take(w);
      }
      I.sub = wide && !proxy ? 1 : 0;
      operands(I, 0, ScalarType::U64);
      break;
    }
    case Op::Shfl:
      if (!m_.take("sync")) error("shfl without .sync is not supported on sm_70 and later");
      I.sub = sub_word({"up", "down", "bfly", "idx"});
      typed(I, 1, t0);
      expect_ops(I, 5, 6);
      break;
    case Op::Vote:
      if (m_.take("sync")) I.flags |= kAligned;  // .sync form: last operand is the member mask
      I.sub = sub_word({"all", "any", "uni", "ballot"});
      words_done();
      operands(I, 1, t0);
      break;
    case Op::Match:
      if (!m_.take("sync")) error("match needs .sync");
      I.sub = sub_word({"any", "all"});  // MatchMode
      typed(I, 1, t0);
      break;
    case Op::Redux:
      if (!m_.take("sync")) error("redux needs .sync");
      I.sub = sub_word({"add", "min", "max", "and", "or", "xor"});
      if (m_.take("abs")) error("redux .abs is not implemented");
      typed(I, 1, t0);
      break;
    case Op::Activemask:
      words_done();
      operands(I, 1, t0);
      break;
    case Op::Elect:
      if (!m_.take("sync")) error("elect needs .sync");
      words_done();
      operands(I, 1, ScalarType::B32);
      break;
    case Op::Nanosleep:
    case Op::Pmevent:
      for (auto w : m_.words) m_.take(w);
      operands(I, 0, ScalarType::U32);
      break;
    case Op::Griddepcontrol:
      if (!m_.take("wait") && !m_.take("launch_dependents")) error("griddepcontrol needs .wait or .launch_dependents");
      words_done();
      break;
    default: error(fmt::format("instruction '{}' is not implemented by the simulator", opc));
  }
  return I;
}

}  // namespace

void decode_error(const DecodeContext& cx, const ptx::Instruction& in, const std::string& what) {
  fail(ErrorKind::Ptx, "{}:{}:{}: {}: {}", cx.module.path, in.pos.line, in.pos.col, what, in.text);
}

Instr decode_instruction(const DecodeContext& cx, const ptx::Instruction& in) {
  Instr I = Decoder(cx, in).run();
  if (in.guard) {
    auto it = cx.fscope.regs.find(*in.guard);
    if (it == cx.fscope.regs.end()) decode_error(cx, in, fmt::format("unknown guard predicate '{}'", *in.guard));
    I.guard = it->second.slot;
    I.guard_neg = in.guard_negated;
  }
  return I;
}

FlowInfo flow_of(const Program& prog, const Instr& in) {
  FlowInfo f;
  f.conditional = in.guard != kNoReg;
  switch (in.op) {
    case Op::Bra:
      f.kind = FlowInfo::Kind::Branch;
      f.targets.push_back(static_cast<std::uint32_t>(in.ops[0].imm));
      break;
    case Op::BrxIdx:
      f.kind = FlowInfo::Kind::Branch;
      f.targets = prog.branch_tables.at(static_cast<std::size_t>(in.ops[1].imm));
      break;
    case Op::Ret:
    case Op::Exit:
    case Op::Trap: f.kind = FlowInfo::Kind::Exit; break;
    default: f.conditional = false; break;
  }
  return f;
}

}  // namespace warpsim::ir::detail
