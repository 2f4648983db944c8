// The program loader: chooses the functions a kernel needs, lays out every state space, assigns register
// slots and program counters, then decodes each instruction and computes reconvergence points, where ptxas puts a
// YIELD and which divergent regions it reunites with a __syncwarp()'s WARPSYNC.
// Leaves out: per-opcode decoding (decode_instr.cpp) and module-variable initialisers (module_vars.cpp).
#include "decoder.hpp"

#include <warpsim/common/error.hpp>
#include <warpsim/ir/opcodes.hpp>

#include <fmt/format.h>

#include <deque>
#include <functional>
#include <set>

namespace warpsim::ir {
namespace {

using detail::FunctionScope;
using detail::ModuleScope;
using detail::RegInfo;
using detail::SymbolRef;

std::uint64_t align_up(std::uint64_t v, std::uint64_t a) { return a <= 1 ? v : (v + a - 1) / a * a; }

std::uint32_t var_elem_size(const ptx::Variable& v) {
  auto t = parse_type(v.type);
  if (!t) fail(ErrorKind::Ptx, "line {}: unknown type .{} of {}", v.pos.line, v.type, v.name);
  return size_of(*t) * v.vec;
}

// Bytes of a variable; saturates at 2^62 (the callers' limits are far below) instead of wrapping around.
std::uint64_t var_size(const ptx::Variable& v) {
  constexpr std::uint64_t kSaturated = std::uint64_t{1} << 62;
  std::uint64_t n = var_elem_size(v);
  for (auto d : v.dims) {
    if (d != 0 && n > kSaturated / d) return kSaturated;
    n *= d;
  }
  return n;
}

// CUDA's limits on what one kernel may declare, as ptxas reports them: 512 KiB of local memory per thread; static
// shared memory is limited by the GPU model at launch (sim/), but must at least fit the 32-bit offsets here.
constexpr std::uint64_t kMaxLocalPerThread = 0x80000;
constexpr std::uint64_t kMaxSharedOffset = 0xffff'ffffu;

void check_var_limits(const ptx::Module& module, const ptx::Variable& v, std::uint64_t local, std::uint64_t smem) {
  if (local > kMaxLocalPerThread)
    fail(ErrorKind::Ptx, "{}:{}: {} makes the kernel use too much local data ({:#x} bytes per thread, {:#x} max)",
         module.path, v.pos.line, v.name, local, kMaxLocalPerThread);
  if (smem > kMaxSharedOffset)
    fail(ErrorKind::Ptx, "{}:{}: {} makes the kernel use too much shared data ({:#x} bytes, {:#x} max)",
         module.path, v.pos.line, v.name, smem, kMaxSharedOffset);
}

std::uint32_t var_align(const ptx::Variable& v) { return v.align ? *v.align : var_elem_size(v); }

void for_each_name(const ptx::Operand& op, const std::function<void(const std::string&)>& f) {
  if (!op.name.empty()) f(op.name);
  for (const auto& e : op.elems) for_each_name(e, f);
}

const ptx::Function* find_function(const ptx::Module& m, const std::string& name) {
  const ptx::Function* proto = nullptr;
  for (const auto& fn : m.functions) {
    if (fn.name != name) continue;
    if (fn.has_body) return &fn;
    proto = &fn;
  }
  return proto;
}

}  // namespace

std::string Program::where(std::uint32_t pc) const {
  if (pc >= code.size()) return fmt::format("{}:?", module_path);
  const Instr& in = code[pc];
  std::string s = fmt::format("{}:{}", module_path, in.line);
  if (in.src_line != 0 && in.src_file < files.size() && !files[in.src_file].empty())
    s += fmt::format(" ({}:{})", files[in.src_file], in.src_line);
  return s;
}

namespace {

// Execution must never run past a function's last instruction: a reachable block whose last instruction is
// the function's last and may fall through (no ret, exit, trap or unconditional branch) is an error.
void check_no_fall_off(const Program& prog, const FunctionInfo& info, const std::vector<FlowInfo>& flow,
                       const Cfg& cfg) {
  if (flow.empty())
    fail(ErrorKind::Ptx, "{}:{}: control reaches the end of {} without ret/exit (the body has no instructions)",
         prog.module_path, info.ptx_line, info.name);
  const FlowInfo& last = flow.back();
  if (last.kind != FlowInfo::Kind::Next && !last.conditional) return;
  std::vector<bool> seen(cfg.blocks.size(), false);
  std::vector<std::uint32_t> todo{0};
  seen[0] = true;
  while (!todo.empty()) {
    const std::uint32_t b = todo.back();
    todo.pop_back();
    for (const std::uint32_t s : cfg.blocks[b].succs)
      if (s != Cfg::kExitBlock && !seen[s]) {
        seen[s] = true;
        todo.push_back(s);
      }
  }
  if (seen[cfg.block_of.back()])
    fail(ErrorKind::Ptx, "{}: control reaches the end of {} without ret/exit", prog.where(info.end_pc - 1), info.name);
}

// ptxas's spin-loop YIELD (SASS of the committed workloads, 2026-12-05): a loop that polls an mbarrier
// (try_wait / test_wait) has a YIELD before its SYNCS.PHASECHK. Where the loop is one arm of a branch whose other
// arm is also a wait loop and one of the two polls with test_wait (ubench_mbar_lanes, ubench_tma_ring: the PTX's
// `@p bra B; A: try_wait loop; bra.uni J; B: test_wait loop`), ptxas kept both loops inline and every try runs the
// YIELD; two try_wait arms (ubench_tma's tma_ring: .cluster and .cta scope) and a lone wait loop (ubench_mbarrier,
// ws_gemm, flash_fwd, tma_pipeline) get their first try inline and the retry loop, with the YIELD, out of line (the
// source pages: no YIELD runs where the first try succeeds). Marks each wait loop's first instruction.
// Leaves out: the rule ptxas really follows (not documented), YIELDs in other spin loops (atom.cas, volatile loads).
void mark_yield_points(Program& prog) {
  struct Loop {
    std::uint32_t head, branch;
    bool test = false;  // polls with test_wait
  };
  std::vector<Loop> loops;
  const std::size_t n = prog.code.size();
  prog.yield_at.clear();
  for (std::uint32_t b = 0; b < n; ++b) {
    const Instr& br = prog.code[b];
    if (br.op != Op::Bra || br.guard == kNoReg || br.ops[0].imm < 0) continue;
    const auto h = static_cast<std::uint32_t>(br.ops[0].imm);
    if (h > b) continue;
    bool wait = false, test = false, single_block = true;
    for (std::uint32_t pc = h; pc < b; ++pc) {
      const Instr& in = prog.code[pc];
      if (op_info(in.op).control) single_block = false;
      if (in.op == Op::Mbarrier &&
          (in.sub_op<MbarOp>() == MbarOp::TryWait || in.sub_op<MbarOp>() == MbarOp::TestWait)) {
        wait = true;
        test = test || in.sub_op<MbarOp>() == MbarOp::TestWait;
      }
    }
    if (wait && single_block) loops.push_back({h, b, test});
  }
  if (loops.empty()) return;  // no wait loop: yield_at stays empty (the functional model then skips the check)
  prog.yield_at.assign(n, 0);
  const auto uncond_bra = [&](std::uint32_t pc) {
    return pc < n && prog.code[pc].op == Op::Bra && prog.code[pc].guard == kNoReg;
  };
  // a, bra.uni, b: loop b's arm starts right after loop a's exit branch (its first instructions, before the loop's
  // head, are straight-line code: `mov.u32 %r, 0` of the try counter in ubench_tma_ring).
  const auto follows = [&](const Loop& a, const Loop& b) {
    if (!uncond_bra(a.branch + 1) || b.head < a.branch + 2) return false;
    for (std::uint32_t pc = a.branch + 2; pc < b.head; ++pc)
      if (op_info(prog.code[pc].op).control) return false;
    return true;
  };
  for (const Loop& l : loops) {
    bool paired = false;
    for (const Loop& o : loops) {
      if (&o == &l) continue;
      // l, bra.uni, o  or  o, bra.uni, l: the two arms of one branch, side by side, one of them a test_wait loop.
      if ((follows(l, o) || follows(o, l)) && (l.test || o.test)) paired = true;
    }
    prog.yield_at[l.head] = paired ? kYieldEveryTry : kYieldOnRetry;
  }
}

// Which divergent regions ptxas reunites with a __syncwarp()'s WARPSYNC (Program::warpsync_reunion). In
// ubench_mbar_lanes and ubench_branch_lat, `if (lane < n) { wait loop }; __syncwarp();` has no BSSY: the WARPSYNC.ALL
// reunites the warp (the wait loops inside reconverge at the region's end, past one straight-line add). In
// ubench_tma_ring, lane 0's region holds wait loops and branches with code after them, each with its own BSSY; the
// region gets BSSY B2 / BSYNC B2 and the __syncwarp() after it becomes ptxas's divergence check (BRA.DIV) with an
// out-of-line WARPSYNC.COLLECTIVE.
// Leaves out: uniform branches (ptxas puts no BSSY around a branch on a warp-uniform predicate; here every branch
// of the region counts).
void mark_warpsync_reunions(Program& prog) {
  const std::size_t n = prog.code.size();
  prog.warpsync_reunion.assign(n, 0);
  for (std::uint32_t f = 0; f < prog.functions.size() && f < prog.cfgs.size(); ++f) {
    const FunctionInfo& info = prog.functions[f];
    const Cfg& cfg = prog.cfgs[f];
    const std::uint32_t base = info.begin_pc;
    const auto block_of = [&](std::uint32_t pc) { return cfg.block_of[pc - base]; };
    // A bar.warp.sync in the basic block that starts at `r` (ptxas's and warpsim's schedulers may put the block's
    // independent instructions above it).
    const auto syncs_at = [&](std::uint32_t r) {
      for (std::uint32_t pc = r; pc < info.end_pc && block_of(pc) == block_of(r); ++pc) {
        if (prog.code[pc].op == Op::BarWarpSync) return true;
        if (op_info(prog.code[pc].op).control) break;
      }
      return false;
    };
    for (std::uint32_t b = info.begin_pc; b < info.end_pc; ++b) {
      const Instr& br = prog.code[b];
      if (br.guard == kNoReg || !op_info(br.op).control) continue;
      const std::uint32_t r = prog.reconverge[b];
      if (r == kNoPc || !syncs_at(r)) continue;
      // The region: the blocks reachable from the branch's successors without passing the reconvergence point.
      std::vector<char> seen(cfg.blocks.size(), 0);
      std::vector<std::uint32_t> todo;
      for (const std::uint32_t s : cfg.blocks[block_of(b)].succs)
        if (s != Cfg::kExitBlock && s != block_of(r) && !seen[s]) {
          seen[s] = 1;
          todo.push_back(s);
        }
      bool ok = true;
      while (ok && !todo.empty()) {
        const std::uint32_t k = todo.back();
        todo.pop_back();
        const std::uint32_t last = base + cfg.blocks[k].last;
        const Instr& in = prog.code[last];
        if (in.guard != kNoReg && op_info(in.op).control && prog.reconverge[last] != r) {
          // A branch inside the region reconverges elsewhere: only straight-line code (and unconditional branches)
          // may lie between there and r.
          std::uint32_t pc = prog.reconverge[last];
          for (std::size_t steps = 0; ok && pc != r; ++steps) {
            if (pc == kNoPc || pc < info.begin_pc || pc >= info.end_pc || steps > n) {
              ok = false;
            } else if (prog.code[pc].op == Op::Bra && prog.code[pc].guard == kNoReg) {
              pc = static_cast<std::uint32_t>(prog.code[pc].ops[0].imm);
            } else {
              ok = !op_info(prog.code[pc].op).control;
              ++pc;
            }
          }
        }
        for (const std::uint32_t s : cfg.blocks[k].succs)
          if (s != Cfg::kExitBlock && s != block_of(r) && !seen[s]) {
            seen[s] = 1;
            todo.push_back(s);
          }
      }
      prog.warpsync_reunion[b] = ok ? 1 : 0;
    }
  }
}

}  // namespace

// Also throws ErrorKind::Ptx ("FILE:LINE: control reaches the end of NAME without ret/exit") when a reachable
// path can run past a function's last instruction.
void compute_control_flow(Program& prog) {
  prog.reconverge.assign(prog.code.size(), kNoPc);
  prog.cfgs.clear();
  for (auto& info : prog.functions) {
    std::vector<FlowInfo> flow;
    for (std::uint32_t p = info.begin_pc; p < info.end_pc; ++p) {
      FlowInfo f = detail::flow_of(prog, prog.code[p]);
      for (auto& t : f.targets) {
        if (t < info.begin_pc || t >= info.end_pc)
          fail(ErrorKind::Ptx, "{}: branch leaves function {}", prog.where(p), info.name);
        t -= info.begin_pc;
      }
      flow.push_back(std::move(f));
    }
    Cfg cfg = build_cfg(flow);
    check_no_fall_off(prog, info, flow, cfg);
    for (std::uint32_t b = 0; b < cfg.blocks.size(); ++b) {
      const auto r = cfg.reconvergence_of_block(b);
      prog.reconverge[info.begin_pc + cfg.blocks[b].last] =
          r < 0 ? kNoPc : info.begin_pc + static_cast<std::uint32_t>(r);
    }
    prog.cfgs.push_back(std::move(cfg));
  }
  mark_yield_points(prog);
  mark_warpsync_reunions(prog);
}

Program load_program(const ptx::Module& module, const std::string& entry, std::uint64_t module_base) {
  Program prog;
  prog.module_path = module.path;
  prog.target = module.target;
  prog.entry = entry;
  for (const auto& f : module.files) {
    if (prog.files.size() <= f.index) prog.files.resize(f.index + 1);
    prog.files[f.index] = f.path;
  }

  const ptx::Function* entry_fn = find_function(module, entry);
  if (entry_fn == nullptr || !entry_fn->is_entry || !entry_fn->has_body) {
    std::string names;
    for (const auto& fn : module.functions)
      if (fn.is_entry) names += (names.empty() ? "" : ", ") + fn.name;
    fail(ErrorKind::Launch, "{}: no kernel (.entry) named '{}' (kernels in this module: {})", module.path, entry,
         names.empty() ? "none" : names);
  }

  // ---- which functions: the entry and everything it names, breadth first ----
  std::vector<const ptx::Function*> funcs{entry_fn};
  std::unordered_map<std::string, std::uint32_t> func_index{{entry, 0}};
  std::set<std::string> used_names;
  for (std::size_t i = 0; i < funcs.size(); ++i) {
    for (const auto& st : funcs[i]->body) {
      if (st.kind != ptx::Statement::Kind::Instruction) continue;
      for (const auto& op : st.instr.operands)
        for_each_name(op, [&](const std::string& n) {
          used_names.insert(n);
          if (func_index.count(n)) return;
          const ptx::Function* f = find_function(module, n);
          if (f == nullptr || f->is_entry) return;
          if (!f->has_body && n != "vprintf" && n != "__assertfail")
            fail(ErrorKind::Ptx,
                 "{}:{}: call to external function '{}', which has no body in this module and "
                 "is not a simulator builtin (vprintf, __assertfail)",
                 module.path, st.instr.pos.line, n);
          if (!f->has_body) return;
          func_index[n] = static_cast<std::uint32_t>(funcs.size());
          funcs.push_back(f);
        });
    }
  }

  // ---- module scope: variables and functions ----
  ModuleScope ms;
  prog.module_vars = layout_module_vars(module, &prog.const_size, module_base);
  for (const auto& mv : prog.module_vars)
    ms.symbols[mv.name] = SymbolRef{SymbolRef::Kind::Var, mv.space, mv.address, static_cast<std::uint32_t>(mv.size), 0};
  std::uint64_t smem = 0;
  std::uint32_t dyn_align = 16;
  std::vector<std::string> extern_shared;
  for (const auto& v : module.globals) {
    if (v.space != "shared") continue;
    if (v.is_extern || (!v.dims.empty() && v.dims.back() == 0)) {
      dyn_align = std::max(dyn_align, var_align(v));
      extern_shared.push_back(v.name);
      continue;
    }
    if (!used_names.count(v.name)) continue;
    smem = align_up(smem, var_align(v));
    ms.symbols[v.name] =
        SymbolRef{SymbolRef::Kind::Var, Space::Shared, smem, static_cast<std::uint32_t>(var_size(v)), 0};
    smem += var_size(v);
    check_var_limits(module, v, 0, smem);
  }
  for (const auto& [name, idx] : func_index)
    ms.symbols[name] = SymbolRef{SymbolRef::Kind::Func, Space::None, 0, 0, idx};
  for (const auto& fn : module.functions)
    if (!fn.has_body && !ms.symbols.count(fn.name))
      ms.symbols[fn.name] = SymbolRef{SymbolRef::Kind::Func, Space::None, 0, 0, 0xffffffffu};

  // ---- function scopes: parameters, registers, locals, labels ----
  std::vector<FunctionScope> scopes(funcs.size());
  prog.functions.resize(funcs.size());
  std::uint64_t param_func = 0, local = 0;
  std::uint32_t pc = 0;
  for (std::size_t fi = 0; fi < funcs.size(); ++fi) {
    const ptx::Function& fn = *funcs[fi];
    FunctionScope& fs = scopes[fi];
    FunctionInfo& info = prog.functions[fi];
    fs.func = static_cast<std::uint32_t>(fi);
    info.name = fn.name;
    info.is_entry = fn.is_entry;
    info.ptx_line = fn.pos.line;
    auto place_param = [&](const ptx::Variable& v, std::uint64_t& cursor, Space space) {
      const std::uint32_t size = static_cast<std::uint32_t>(var_size(v));
      const std::uint32_t align = std::max<std::uint32_t>(var_align(v), 1);
      cursor = align_up(cursor, align);
      ParamInfo p{v.name, size, align, static_cast<std::uint32_t>(cursor)};
      fs.symbols[v.name] = SymbolRef{SymbolRef::Kind::Var, space, cursor, size, 0};
      cursor += size;
      return p;
    };
    std::uint64_t kparam = 0;
    for (const auto& v : fn.params)
      info.params.push_back(fn.is_entry ? place_param(v, kparam, Space::ParamKernel)
                                        : place_param(v, param_func, Space::ParamFunc));
    for (const auto& v : fn.returns) info.returns.push_back(place_param(v, param_func, Space::ParamFunc));
    if (fn.is_entry) prog.param_kernel_size = static_cast<std::uint32_t>(kparam);

    info.begin_pc = pc;
    for (const auto& st : fn.body) {
      switch (st.kind) {
        case ptx::Statement::Kind::Variable: {
          const ptx::Variable& v = st.var;
          if (v.space == "reg") {
            auto t = parse_type(v.type);
            if (!t)
              fail(ErrorKind::Ptx, "{}:{}:{}: unknown register type .{}", module.path, v.pos.line, v.pos.col, v.type);
            if (!v.dims.empty())
              fail(ErrorKind::Ptx, "{}:{}: register arrays are not supported", module.path, v.pos.line);
            const unsigned nslots = (*t == ScalarType::B128 ? 2u : 1u) * v.vec;
            fs.regs[v.name] = RegInfo{prog.num_slots, *t};
            const unsigned words = *t == ScalarType::Pred ? 0u : (size_of(*t) >= 8 ? 2u : 1u);
            for (unsigned k = 0; k < nslots; ++k) {
              prog.slot_names.push_back(fmt::format("{}:{}", fn.name, v.name));
              prog.slot_words.push_back(static_cast<std::uint8_t>(words));
            }
            prog.num_slots += nslots;
          } else if (v.space == "param") {
            place_param(v, param_func, Space::ParamFunc);
          } else if (v.space == "local") {
            local = align_up(local, var_align(v));
            fs.symbols[v.name] =
                SymbolRef{SymbolRef::Kind::Var, Space::Local, local, static_cast<std::uint32_t>(var_size(v)), 0};
            local += var_size(v);
            check_var_limits(module, v, local, smem);
          } else if (v.space == "shared") {
            smem = align_up(smem, var_align(v));
            fs.symbols[v.name] =
                SymbolRef{SymbolRef::Kind::Var, Space::Shared, smem, static_cast<std::uint32_t>(var_size(v)), 0};
            smem += var_size(v);
            check_var_limits(module, v, local, smem);
          } else {
            fail(ErrorKind::Ptx, "{}:{}: .{} variables inside a function body are not supported", module.path,
                 v.pos.line, v.space);
          }
          break;
        }
        case ptx::Statement::Kind::Label:
          fs.symbols[st.label.name] = SymbolRef{SymbolRef::Kind::Label, Space::None, 0, 0, pc};
          break;
        case ptx::Statement::Kind::CallPrototype:
          fs.symbols[st.label.name] = SymbolRef{SymbolRef::Kind::Proto, Space::None, 0, 0, 0};
          break;
        case ptx::Statement::Kind::Instruction: ++pc; break;
        default: break;
      }
    }
    info.end_pc = pc;
    // Branch tables need every label of the function.
    for (const auto& st : fn.body) {
      if (st.kind != ptx::Statement::Kind::BranchTargets) continue;
      std::vector<std::uint32_t> targets;
      for (const auto& t : st.targets) {
        auto it = fs.symbols.find(t);
        if (it == fs.symbols.end() || it->second.kind != SymbolRef::Kind::Label)
          fail(ErrorKind::Ptx, "{}:{}: .branchtargets names unknown label '{}'", module.path, st.label.pos.line, t);
        targets.push_back(it->second.index);
      }
      fs.symbols[st.label.name] =
          SymbolRef{SymbolRef::Kind::Table, Space::None, 0, 0, static_cast<std::uint32_t>(prog.branch_tables.size())};
      prog.branch_tables.push_back(std::move(targets));
    }
  }
  prog.cc_slot = prog.num_slots++;
  prog.slot_names.push_back("carry flag");
  prog.slot_words.push_back(0);
  prog.param_func_size = static_cast<std::uint32_t>(param_func);
  prog.local_size = static_cast<std::uint32_t>(align_up(local, 16));
  prog.static_smem = static_cast<std::uint32_t>(smem);
  prog.dynamic_smem_offset = static_cast<std::uint32_t>(align_up(smem, dyn_align));
  for (const auto& name : extern_shared)
    ms.symbols[name] = SymbolRef{SymbolRef::Kind::Var, Space::Shared, prog.dynamic_smem_offset, 0, 0};

  // ---- decode ----
  prog.code.reserve(pc);
  for (std::size_t fi = 0; fi < funcs.size(); ++fi) {
    detail::DecodeContext cx{prog, module, ms, scopes[fi], func_index};
    std::uint32_t src_file = 0, src_line = 0;
    bool nounroll = false;
    for (const auto& st : funcs[fi]->body) {
      if (st.kind == ptx::Statement::Kind::Loc) {
        src_file = st.loc_file;
        src_line = st.loc_line;
      }
      if (st.kind == ptx::Statement::Kind::Pragma && st.pragma == "nounroll") nounroll = true;
      if (st.kind != ptx::Statement::Kind::Instruction) continue;
      Instr in = detail::decode_instruction(cx, st.instr);
      if (nounroll) in.flags |= kNoUnroll;
      nounroll = false;
      in.line = st.instr.pos.line;
      in.src_file = src_file;
      in.src_line = src_line;
      in.func = static_cast<std::uint32_t>(fi);
      prog.code.push_back(in);
      prog.text.push_back(st.instr.text);
    }
  }

  compute_control_flow(prog);

  // Entry directives.
  prog.reqntid = entry_fn->reqntid;
  prog.maxntid = entry_fn->maxntid;
  prog.reqnctapercluster = entry_fn->reqnctapercluster;
  prog.maxnreg = entry_fn->maxnreg.value_or(0);
  prog.minnctapersm = entry_fn->minnctapersm.value_or(0);
  prog.explicitcluster = entry_fn->explicitcluster;
  prog.maxclusterrank = entry_fn->maxclusterrank.value_or(0);
  return prog;
}

}  // namespace warpsim::ir
