// Lowering a program for the timing model (see lower/lowered.hpp).
#include <warpsim/lower/lowered.hpp>

#include <warpsim/ir/opcodes.hpp>
#include <warpsim/lower/op_class.hpp>
#include <warpsim/lower/ptxas_model.hpp>
#include <warpsim/lower/unroll.hpp>

#include <algorithm>
#include <cmath>

namespace warpsim::lower {

namespace {

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

// The uniform datapath (compiler.uniform_datapath; see lower/ptxas_model.hpp): an integer ALU or multiply
// instruction (not memory, control, collective, a comparison or an emulated sequence) all of whose results are
// warp-uniform (its sources then are too) is a U* instruction of the uniform pipe: it takes an issue slot but not
// the ALU or the FMA pipe (SASS of traces/ubench_smem_tput: the loop's UIADD3/ULOP3 beside LOP3/IMAD; of ubench_pipe_tput:
// the loop counter's UIADD3).
bool on_uniform_datapath(const ir::Instr& in, const InstrRegs& regs, const std::vector<std::uint8_t>& uniform,
                         const config::GpuConfig& cfg) {
  const OpClass c = op_class(in);
  if (c != OpClass::Int && c != OpClass::Imad) return false;
  const ir::OpInfo& info = ir::op_info(in.op);
  if (info.memory || info.control || info.collective || info.barrier || info.atomic || info.async) return false;
  if (emulated_op(in, cfg) != nullptr || regs.writes.empty()) return false;
  // A comparison stays a vector ISETP: both SASS compare the uniform loop counter with the bound in a vector register
  // (ISETP.LE.AND P0, PT, R2, UR4), as ptxas loads the parameter with LDC.
  if (in.op == ir::Op::Setp) return false;
  for (const std::uint32_t w : regs.writes)
    if (w >= uniform.size() || uniform[w] == 0) return false;
  return true;
}

// Whether the div/rem at `pc` divides by a register that the innermost loop around it never writes: ptxas computes an
// unsigned divisor's reciprocal (I2F.U32.RP, MUFU.RCP, F2I, IMAD) once before such a loop and issues only IMAD.HI,
// the correction steps and their predicated adds inside it (SASS of traces/ubench_branch_lat, mode 6/7: `i / d`). The
// loop: the nearest backward branch after `pc` (in the same function) whose target is at or before it.
bool loop_invariant_divisor(const ir::Program& prog, std::uint32_t pc) {
  const ir::Instr& in = prog.code[pc];
  if (in.nsrc() != 2 || in.src(1).kind != ir::Operand::Kind::Reg) return false;
  std::uint32_t first = 0, last = 0;
  // not in a loop: nothing to hoist it out of
  return innermost_loop(prog, pc, first, last) && !written_in(prog, first, last, in.src(1).reg);
}

// ptxas's sharing of integer adds and shifts between the ALU and the FMA pipe (compiler.alu_fma_balance; see
// lower/ptxas_model.hpp). In each basic block, a 32-bit add/subtract (IADD3, or VIADD on the FMA pipe) or shl by an
// immediate (SHF.L, or IMAD.SHL) goes, in issue order, to the FMA pipe's integer side (OpClass::Imad) while that
// pipe has no more of the block's instructions than the ALU, else to the ALU; the block's other ALU and FMA-pipe
// instructions count from the start (an FP32 instruction counts half: it may take either FMA unit). Folded
// instructions and the uniform pipe's do not count. SASS of traces/ubench_pipe_tput's pipe_iadd (ptxas 13.0.88,
// 2026-12-03): the loop's eight independent adds and its ISETP are 5 VIADD, 3 IADD3 + ISETP, as this gives.
void balance_alu_fma(const ir::Program& prog, std::vector<InstrTiming>& instrs) {
  const auto flexible = [&](std::size_t pc) {
    const ir::Instr& in = prog.code[pc];
    const InstrTiming& t = instrs[pc];
    if (t.issue != Issue::Sass || t.pipe != OpClass::Int || t.expanded || ir::size_of(in.type) != 4) return false;
    const bool add = (in.op == ir::Op::Add || in.op == ir::Op::Sub) && !ir::is_float(in.type) && !in.has(ir::kCC) &&
                     !in.has(ir::kSat);
    const bool shl = in.op == ir::Op::Shl && in.nsrc() == 2 && in.src(1).kind == ir::Operand::Kind::Imm;
    return add || shl;
  };
  for (std::size_t f = 0; f < prog.functions.size() && f < prog.cfgs.size(); ++f) {
    const std::uint32_t base = prog.functions[f].begin_pc;
    for (const ir::Block& b : prog.cfgs[f].blocks) {
      std::uint64_t alu = 0, fma = 0;  // in half instructions
      for (std::uint32_t pc = base + b.first; pc <= base + b.last; ++pc) {
        const InstrTiming& t = instrs[pc];
        if (t.issue != Issue::Sass || flexible(pc)) continue;
        if (t.pipe == OpClass::Int) alu += 2;
        else if (t.pipe == OpClass::Imad) fma += 2;
        else if (t.pipe == OpClass::Fp32) fma += 1;
      }
      for (std::uint32_t pc = base + b.first; pc <= base + b.last; ++pc) {
        if (!flexible(pc)) continue;
        if (fma <= alu) {
          instrs[pc].pipe = OpClass::Imad;
          fma += 2;
        } else {
          alu += 2;
        }
      }
    }
  }
}

}  // namespace

Program annotate(ir::Program prog, const config::GpuConfig& cfg) {
  Program out;
  const std::size_t n = prog.code.size();
  std::vector<std::uint8_t> wide(n, 0);
  const std::vector<std::uint8_t> folded =
      cfg.compiler_fold != 0 ? ptxas_folded(prog, cfg, &wide) : std::vector<std::uint8_t>(n, 0);
  out.instrs.resize(n);
  const std::vector<std::uint8_t> uniform = cfg.compiler_schedule != 0 || cfg.compiler_uniform_datapath != 0
                                                ? uniform_slots(prog)
                                                : std::vector<std::uint8_t>{};
  std::vector<InstrRegs> all_regs(n);
  for (std::size_t pc = 0; pc < n; ++pc) all_regs[pc] = instr_regs(prog, prog.code[pc]);
  // With compiler.fold: the register slots some instruction reads (sources, address bases, guards).
  std::vector<std::uint8_t> read;
  if (cfg.compiler_fold != 0) {
    read.assign(prog.num_slots, 0);
    for (const InstrRegs& r : all_regs)
      for (const std::uint32_t s : r.reads)
        if (s < read.size()) read[s] = 1;
  }
  // With compiler.fold: the slots written by a multiply ptxas folds into the add that uses it (IMAD.WIDE).
  std::vector<std::uint8_t> folded_mul;
  if (cfg.compiler_fold != 0) {
    folded_mul.assign(prog.num_slots, 0);
    for (std::size_t pc = 0; pc < n; ++pc)
      if (folded[pc] == kFolded && prog.code[pc].op == ir::Op::Mul)
        for (const std::uint32_t w : all_regs[pc].writes) folded_mul[w] = 1;
  }
  for (std::size_t pc = 0; pc < n; ++pc) {
    const ir::Instr& in = prog.code[pc];
    InstrTiming& t = out.instrs[pc];
    t.pipe = op_class(in);
    t.issue = folded[pc] == kMerged ? Issue::Merged : folded[pc] != 0 ? Issue::Folded : Issue::Sass;
    // With compiler.fold, a 64-bit integer add or subtract is two SASS instructions, IADD3 and IADD3.X with the
    // carry (SASS of traces/j_colsum, j_gemv_t, ubench_cp_async's address chains), unless it takes a folded
    // multiply (IMAD.WIDE): the warp issues twice, the result lands one cycle after the pipe's latency.
    if (cfg.compiler_fold != 0 && t.issue == Issue::Sass && (in.op == ir::Op::Add || in.op == ir::Op::Sub) &&
        !ir::is_float(in.type) && ir::size_of(in.type) == 8 && !in.has(ir::kCC)) {
      bool imad_wide = false;
      for (const std::uint32_t r : all_regs[pc].reads)
        imad_wide = imad_wide || (r < folded_mul.size() && folded_mul[r] != 0);
      if (!imad_wide) {
        t.expanded = true;
        t.sass = 2;
        t.latency = pipe_timing(cfg, t.pipe).latency + 1;
      }
    }
    if (wide[pc] == 8 || wide[pc] == 16) t.wide_bytes = wide[pc];
    InstrRegs regs = std::move(all_regs[pc]);
    if (in.op == ir::Op::Wgmma && in.sub_op<ir::WgmmaOp>() == ir::WgmmaOp::MmaAsync) {
      // D lands asynchronously (wgmma.wait_group waits for it, not the scoreboard) and is read as C: chained
      // wgmma.mma_async on one accumulator issue back to back.
      regs.reads.insert(regs.reads.end(), regs.writes.begin(), regs.writes.end());
      regs.writes.clear();
    }
    // An atom whose result no instruction reads is ptxas's RED (global) or an ATOMS into RZ (shared), with
    // compiler.fold: the warp does not wait for it (SASS of traces/ubench_atomic_line, j_scatter: REDG.E.ADD).
    const auto is_read = [&](std::uint32_t s) { return s < read.size() && read[s]; };
    if (in.op == ir::Op::Atom && !read.empty() && !regs.writes.empty() &&
        std::none_of(regs.writes.begin(), regs.writes.end(), is_read)) {
      regs.writes.clear();
      t.red = true;
    }
    if (in.op == ir::Op::Red) t.red = true;
    if (cfg.compiler_uniform_datapath != 0 && on_uniform_datapath(in, regs, uniform, cfg)) t.pipe = OpClass::Uniform;
    t.guard = in.guard;
    t.sets_guard = guard_producer(prog, static_cast<std::uint32_t>(pc));
    t.reads_at = static_cast<std::uint32_t>(out.slots.size());
    t.nreads = static_cast<std::uint32_t>(regs.reads.size());
    out.slots.insert(out.slots.end(), regs.reads.begin(), regs.reads.end());
    t.writes_at = static_cast<std::uint32_t>(out.slots.size());
    t.nwrites = static_cast<std::uint32_t>(regs.writes.size());
    out.slots.insert(out.slots.end(), regs.writes.begin(), regs.writes.end());
    if (const config::EmulatedOp* e = emulated_op(in, cfg)) {
      if (e == &cfg.emul_div_u32 && cfg.emul_div_u32_invariant.latency != 0 &&
          loop_invariant_divisor(prog, static_cast<std::uint32_t>(pc)))
        e = &cfg.emul_div_u32_invariant;
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
      // mma.sp multiplies only A's K/2 stored columns: its SASS (traces/mma_sparse) is one HMMA.SP/IMMA.SP of the
      // dense instruction's issue cost at K/2 (HMMA.SP.16832 for m16n8k32 f16, IMMA.SP.16864 for m16n8k64 s8), s4/u4 two
      // IMMA.SP over unpacked int8 and e4m3/e5m2 two HMMA.SP.16832 (the same doubling as the dense forms). mma.m8n8k4
      // .f16 is four 8x8x4 MMAs (ptxas emulates them with SHFL/HADD2/FFMA on sm_90, ~125 instructions; charged here as
      // tensor work until an emulated-op cost is measured).
      const bool quad_pair = d.m == 8 && d.k == 4 && a == ir::MmaType::F16;
      const double macs = static_cast<double>(d.m) * d.n * d.k * (quad_pair ? 4.0 : 1.0) /
                          (ir::mma_sparse(in) != 0 ? 2.0 : 1.0);
      const double hold = cfg.tensor_issue_cycles + cfg.pipe_tensor.interval * (macs / 2048.0) / rate;
      t.tensor_hold = std::max(1.0, fp8 ? 2 * (cfg.tensor_issue_cycles + cfg.pipe_tensor.interval) : hold);
      if (fp8) t.latency = 2 * cfg.pipe_tensor.latency;
      if (fp8 && cfg.tensor_fp8_unpack_cycles > 0) {
        t.fp8_unpack = true;
        t.sass = 1 + cfg.tensor_fp8_unpack_instructions;
      }
      t.tensor_op = a == ir::MmaType::F64 ? 3 : fp8 || a == ir::MmaType::F16 || a == ir::MmaType::BF16 || a == ir::MmaType::TF32 ? 1 : 2;
      // traces/mma_sync's SASS: s4/u4 as two IMMA over int8, b1 .xor.popc as two BMMA .AND.POPC, fp8 two HMMA.
      t.tensor_sass = fp8 || a == ir::MmaType::S4 || a == ir::MmaType::U4 || a == ir::MmaType::B1Xor ? 2 : 1;
    }
    if (in.op == ir::Op::Wgmma && in.sub_op<ir::WgmmaOp>() == ir::WgmmaOp::MmaAsync) {
      // traces/ubench_wgmma: every type holds the pipe N/2 cycles per warp (K is what changes with the rate); the
      // operands it reads from shared memory are A's 16 rows of this warp and a quarter of B's N rows, 32 bytes each.
      const ir::MmaType a = ir::mma_atype(in);
      t.wgmma = true;
      t.tensor_hold = cfg.wgmma_issue_cycles + cfg.wgmma_cycles_per_n * in.wg_n;
      t.tensor_active = static_cast<std::uint32_t>(cfg.wgmma_cycles_per_n * in.wg_n);
      t.latency = cfg.wgmma_latency;
      t.wgmma_a_bytes = (in.wg_mode & ir::kWgmmaARegs) != 0 ? 0u : 16u * 32u;
      t.wgmma_smem_bytes = t.wgmma_a_bytes + 8u * in.wg_n;
      t.tensor_op = a == ir::MmaType::S8 || a == ir::MmaType::U8 || a == ir::MmaType::B1And ? 2 : 1;
      t.tensor_sass = 1;
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
        info.barrier || info.async || in.op == ir::Op::Exit || in.op == ir::Op::Ret || in.op == ir::Op::Trap ||
        in.op == ir::Op::Setmaxnreg;  // a .dec can let a waiting .inc go on
    t.mbarrier = in.op == ir::Op::Mbarrier ||
                 (in.op == ir::Op::CpAsync && in.sub_op<ir::CpAsyncOp>() == ir::CpAsyncOp::MbarrierArrive);
    t.async_copy = in.op == ir::Op::CpAsync && in.sub_op<ir::CpAsyncOp>() == ir::CpAsyncOp::Copy;
    t.cas = in.op == ir::Op::Atom && in.sub == static_cast<std::uint8_t>(ir::AtomOp::Cas);
    t.cluster_release = in.op == ir::Op::Mbarrier && in.sub2 == 1;
    t.fence_gpu = (in.op == ir::Op::Membar || in.op == ir::Op::Fence) && in.sub == 1;
    t.l1_bypass = in.has(ir::kL1Bypass);
    t.mio = info.memory && (in.space == ir::Space::Shared || in.space == ir::Space::SharedCluster ||
                            in.space == ir::Space::Global || in.space == ir::Space::Local ||
                            in.space == ir::Space::Generic);
    t.read_hold = store_read_cycles(in, cfg);
    if (cfg.compiler_schedule != 0 && warp_aggregated(in, uniform)) {
      t.warp_aggregate = true;
      t.sass += kAggregateSass;
    }
  }
  if (cfg.compiler_alu_fma_balance != 0) balance_alu_fma(prog, out.instrs);
  out.code = std::move(prog);
  return out;
}

Program lower(ir::Program prog, const config::GpuConfig& cfg, unsigned registers) {
  if (cfg.compiler_schedule != 0) {
    ptxas_unroll(prog, cfg);
    ptxas_schedule(prog, cfg, registers);
  }
  return annotate(std::move(prog), cfg);
}

}  // namespace warpsim::lower
