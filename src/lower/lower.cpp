// Lowering a program for the timing model (see lower/lowered.hpp).
#include <warpsim/lower/lowered.hpp>

#include <warpsim/ir/opcodes.hpp>
#include <warpsim/lower/ptxas_model.hpp>
#include <warpsim/lower/unroll.hpp>

namespace warpsim::lower {

Program annotate(ir::Program prog, const config::GpuConfig& cfg) {
  Program out;
  const std::size_t n = prog.code.size();
  const std::vector<std::uint8_t> folded =
      cfg.compiler_fold != 0 ? ptxas_folded(prog, cfg) : std::vector<std::uint8_t>(n, 0);
  out.instrs.resize(n);
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
    t.printf_call = in.op == ir::Op::Call &&
                    prog.calls[static_cast<std::size_t>(in.ops[0].imm)].builtin == ir::CallSite::Builtin::Vprintf;
    if (t.printf_call) t.sass = cfg.printf_instructions;
    t.branch = in.op == ir::Op::Bra || in.op == ir::Op::BrxIdx;
    const ir::OpInfo& info = ir::op_info(in.op);
    // bar.sync and bar.red wait for the others; bar.arrive only arrives (its warp goes on at once).
    t.barrier_wait = info.barrier && in.sub_op<ir::BarOp>() != ir::BarOp::Arrive;
    // A barrier, or threads leaving (fewer to wait for), can make other warps of the CTA runnable.
    t.may_release = info.barrier || in.op == ir::Op::Exit || in.op == ir::Op::Ret || in.op == ir::Op::Trap;
    t.cas = in.op == ir::Op::Atom && in.sub == static_cast<std::uint8_t>(ir::AtomOp::Cas);
    t.l1_bypass = in.has(ir::kL1Bypass);
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
