// Lowering a program for the timing model (see lower/lowered.hpp).
#include <warpsim/lower/lowered.hpp>

#include <warpsim/ir/opcodes.hpp>
#include <warpsim/lower/ptxas_model.hpp>
#include <warpsim/lower/unroll.hpp>

#include <algorithm>
#include <cmath>

namespace warpsim::lower {

namespace {

// Which register slots hold the same value in every lane of a warp, as far as ptxas can tell from the code:
// written only from kernel parameters, constants, immediates and %ntid/%nctaid/%ctaid/%nsmid/%gridid through
// arithmetic, by one definition (a guarded one too: its users are the lanes that wrote it). Anything loaded from
// memory (other than .param/.const), any lane index, clock, collective or atomic result, anything written twice is
// taken as varying
// (conservative: ptxas proves more, e.g. registers redefined in uniform loops).
std::vector<std::uint8_t> uniform_slots(const ir::Program& prog) {
  std::vector<std::uint32_t> defs;
  std::vector<std::uint8_t> varying;
  auto grow = [&](std::uint32_t s) {
    if (s >= defs.size()) {
      defs.resize(s + 1, 0);
      varying.resize(s + 1, 0);
    }
  };
  std::vector<InstrRegs> regs;
  regs.reserve(prog.code.size());
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
    if (info.memory && !(in.op == ir::Op::Ld && (in.space == ir::Space::ParamKernel || in.space == ir::Space::Const)))
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
  for (std::size_t pc = 0; pc < prog.code.size(); ++pc)
    if (source_varies(prog.code[pc]))
      for (const std::uint32_t w : regs[pc].writes) varying[w] = 1;
  for (std::size_t s = 0; s < defs.size(); ++s)
    if (defs[s] > 1) varying[s] = 1;
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t pc = 0; pc < prog.code.size(); ++pc) {
      bool v = false;
      for (const std::uint32_t r : regs[pc].reads) v = v || varying[r] != 0;
      if (!v) continue;
      for (const std::uint32_t w : regs[pc].writes)
        if (varying[w] == 0) varying[w] = 1, changed = true;
    }
  }
  for (auto& x : varying) x = x != 0 ? 0 : 1;  // now: uniform
  return varying;
}

// ptxas's warp aggregation (SASS of traces/j_bfs_step, traces/atomics_global): a global integer atom/red .add
// whose address is uniform across the warp becomes VOTEU.ANY + UFLO + POPC (or REDUX.SUM for a register
// value) and one lane's RED/ATOM.
bool warp_aggregated(const ir::Instr& in, const std::vector<std::uint8_t>& uniform) {
  if ((in.op != ir::Op::Atom && in.op != ir::Op::Red) || in.space != ir::Space::Global) return false;
  if (in.sub_op<ir::AtomOp>() != ir::AtomOp::Add) return false;
  const bool word = in.type == ir::ScalarType::U32 || in.type == ir::ScalarType::S32;
  const bool dword = in.type == ir::ScalarType::U64 || in.type == ir::ScalarType::S64;
  if (!word && !dword) return false;
  const ir::Operand& addr = in.src(0);
  if (addr.kind != ir::Operand::Kind::Addr) return false;
  if (addr.reg != ir::kNoReg && (addr.reg >= uniform.size() || uniform[addr.reg] == 0)) return false;
  const ir::Operand& value = in.src(1);
  return value.kind == ir::Operand::Kind::Imm || (word && value.kind == ir::Operand::Kind::Reg);
}

}  // namespace

Program annotate(ir::Program prog, const config::GpuConfig& cfg) {
  Program out;
  const std::size_t n = prog.code.size();
  const std::vector<std::uint8_t> folded =
      cfg.compiler_fold != 0 ? ptxas_folded(prog, cfg) : std::vector<std::uint8_t>(n, 0);
  out.instrs.resize(n);
  const std::vector<std::uint8_t> uniform = cfg.compiler_schedule != 0 ? uniform_slots(prog) : std::vector<std::uint8_t>{};
  for (std::size_t pc = 0; pc < n; ++pc) {
    const ir::Instr& in = prog.code[pc];
    InstrTiming& t = out.instrs[pc];
    t.pipe = op_class(in);
    t.issue = folded[pc] == kMerged ? Issue::Merged : folded[pc] != 0 ? Issue::Folded : Issue::Sass;
    const InstrRegs regs = instr_regs(prog, in);
    t.reads_at = static_cast<std::uint32_t>(out.slots.size());
    t.nreads = static_cast<std::uint32_t>(regs.reads.size());
    out.slots.insert(out.slots.end(), regs.reads.begin(), regs.reads.end());
    t.writes_at = static_cast<std::uint32_t>(out.slots.size());
    t.nwrites = static_cast<std::uint32_t>(regs.writes.size());
    out.slots.insert(out.slots.end(), regs.writes.begin(), regs.writes.end());
    if (const config::EmulatedOp* e = emulated_op(in, cfg)) {
      t.expanded = true;
      t.sass = e->instructions;
      t.latency = e->latency;
    }
    if (in.op == ir::Op::Mma) {
      const ir::MmaDims d = ir::mma_dims(in.sub_op<ir::MmaShape>());
      const ir::MmaType a = ir::mma_atype(in);
      // fp8 on sm_90: ptxas's F2FP unpacks and two HMMA.16816 (one after the other: twice the latency).
      const bool fp8 = a == ir::MmaType::E4M3 || a == ir::MmaType::E5M2;
      const double rate = a == ir::MmaType::F16 || a == ir::MmaType::BF16 || fp8 ? 1.0
                          : a == ir::MmaType::TF32                               ? cfg.tensor_tf32_rate
                          : a == ir::MmaType::F64                                ? cfg.tensor_f64_rate
                                                                                 : cfg.tensor_int8_rate;
      const double macs = static_cast<double>(d.m) * d.n * d.k;
      const double hold = cfg.tensor_issue_cycles + cfg.pipe_tensor.interval * (macs / 2048.0) / rate;
      t.tensor_hold = std::max(1.0, fp8 ? 2 * (cfg.tensor_issue_cycles + cfg.pipe_tensor.interval) : hold);
      if (fp8) t.latency = 2 * cfg.pipe_tensor.latency;
    }
    t.printf_call = in.op == ir::Op::Call &&
                    prog.calls[static_cast<std::size_t>(in.ops[0].imm)].builtin == ir::CallSite::Builtin::Vprintf;
    if (t.printf_call) t.sass = cfg.printf_instructions;
    t.branch = in.op == ir::Op::Bra || in.op == ir::Op::BrxIdx;
    const ir::OpInfo& info = ir::op_info(in.op);
    // bar.sync and bar.red wait for the others; bar.arrive only arrives (its warp goes on at once).
    t.cluster_barrier = info.barrier && (in.sub_op<ir::BarOp>() == ir::BarOp::ClusterArrive ||
                                         in.sub_op<ir::BarOp>() == ir::BarOp::ClusterWait);
    t.cluster_wait = info.barrier && in.sub_op<ir::BarOp>() == ir::BarOp::ClusterWait;
    t.barrier_wait = info.barrier && in.sub_op<ir::BarOp>() != ir::BarOp::Arrive && !t.cluster_barrier;
    // A barrier, or threads leaving (fewer to wait for), can make other warps of the CTA runnable.
    t.may_release =
        info.barrier || info.async || in.op == ir::Op::Exit || in.op == ir::Op::Ret || in.op == ir::Op::Trap;
    t.mbarrier = in.op == ir::Op::Mbarrier ||
                 (in.op == ir::Op::CpAsync && in.sub_op<ir::CpAsyncOp>() == ir::CpAsyncOp::MbarrierArrive);
    t.async_copy = in.op == ir::Op::CpAsync && in.sub_op<ir::CpAsyncOp>() == ir::CpAsyncOp::Copy;
    t.cas = in.op == ir::Op::Atom && in.sub == static_cast<std::uint8_t>(ir::AtomOp::Cas);
    t.cluster_release = in.op == ir::Op::Mbarrier && in.sub2 == 1;
    t.fence_gpu = (in.op == ir::Op::Membar || in.op == ir::Op::Fence) && in.sub == 1;
    t.l1_bypass = in.has(ir::kL1Bypass);
    t.smem = info.memory && (in.space == ir::Space::Shared || in.space == ir::Space::SharedCluster);
    if (cfg.compiler_schedule != 0 && warp_aggregated(in, uniform)) {
      t.warp_aggregate = true;
      t.sass += kAggregateSass;
    }
  }
  out.code = std::move(prog);
  return out;
}

Program lower(ir::Program prog, const config::GpuConfig& cfg) {
  if (cfg.compiler_schedule != 0) {
    ptxas_unroll(prog, cfg);
    ptxas_schedule(prog, cfg);
  }
  return annotate(std::move(prog), cfg);
}

}  // namespace warpsim::lower
