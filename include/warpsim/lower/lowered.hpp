// The lowered program: a PTX kernel as the GPU would run it after ptxas, plus what the timing model needs to know
// about each instruction. This is the layer between ir/ and timing/: the ptxas model (lower/ptxas_model.hpp)
// rewrites the program, then every instruction is annotated once, so the timing model has no compiler special
// cases of its own.
//
// Models, per instruction (pc):
//   issue      how it reaches the hardware: as its own SASS instruction(s) (Sass), folded into the instructions
//              that use it (Folded: no issue slot, its result is ready when its sources are: LEA/IMAD, register
//              allocation), or merged into a wider shared-memory access an earlier instruction issued (Merged:
//              no issue slot, its data still passes the shared-memory unit).
//   sass       how many SASS instructions it becomes: 1, an emulated operation's emul.<op>.instructions,
//              sm.printf_instructions for a printf call, or with compiler.fold 2 for a 64-bit integer add or
//              subtract (IADD3 + IADD3.X; 1 when it takes a folded mul.wide: IMAD.WIDE), whose result lands one
//              cycle after the integer pipe's latency. The timing model keeps the warp for that many issue
//              slots (printf: for sm.printf_cycles instead) and counts them in smsp__inst_executed.
//   latency    an emulated operation's measured latency (emul.<op>.latency); 0 = the pipe's.
//   tensor_hold  an mma's hold on the tensor pipe (fractional: the sub-partition carries the remainder):
//              pipe.tensor.issue_cycles + pipe.tensor.interval x its multiply-adds / 2,048 / its input type's rate
//              (pipe.tensor.*_rate). fp8 (e4m3/e5m2) runs as ptxas emulates it on sm_90, two HMMA.16816: twice an
//              m16n8k16's hold, and `latency` twice the pipe's. Where pipe.tensor.fp8_unpack_cycles is set, its
//              F2FP unpacks come first (fp8_unpack; timing/sm.cpp), `sass` 1 + pipe.tensor.fp8_unpack_instructions.
//   pipe       the pipeline class it issues to (lower/op_class.hpp; with compiler.uniform_datapath warp-uniform
//              integer arithmetic goes to the uniform pipe, with compiler.alu_fma_balance some integer adds and
//              shifts to the FMA pipe: lower/ptxas_model.hpp), and the register slots it reads and writes
//              (the scoreboard's view: guard, sources, address bases, vector elements; destinations). With
//              compiler.fold an atom whose result no instruction of the program reads writes none: ptxas emits RED
//              (global) or ATOMS into RZ (shared), which the warp does not wait for (it drains after EXIT).
//   role       what the timing model does besides the pipe: a branch (taken-branch fetch cost), a barrier that
//              waits (bar.sync/bar.red: the release delay) or only arrives, an instruction that can release other
//              warps of its CTA (barriers; exit/ret/trap, which leave fewer threads to wait for; mbarrier and cp.async
//              instructions, which may complete a phase or a wait), a CAS, an mbarrier instruction, a cp.async copy.
// Leaves out: anything ptxas does across basic blocks (see lower/ptxas_model.hpp), and dynamic facts (which
// lanes ran, which addresses they touched): those come from the instruction source at issue.
#pragma once

#include <warpsim/config/gpu_config.hpp>
#include <warpsim/ir/program.hpp>
#include <warpsim/lower/op_class.hpp>

#include <cstdint>
#include <span>
#include <vector>

namespace warpsim::lower {

enum class Issue : std::uint8_t { Sass, Folded, Merged };

struct InstrTiming {
  OpClass pipe = OpClass::Int;
  Issue issue = Issue::Sass;
  bool expanded = false;      // an emulated operation: `sass` instructions issued one after another, `latency`
  bool printf_call = false;   // call vprintf: busy for sm.printf_cycles (+ per extra lane), `sass` instructions
  bool branch = false;        // bra / brx.idx: a taken one costs sm.branch_taken_cycles of fetch
  bool barrier_wait = false;  // bar.sync / bar.red: its warp waits for the others (release delay applies)
  bool may_release = false;   // bar.*, exit, ret, trap: other warps of the CTA may become runnable
  bool cas = false;           // atom.cas: one more round trip (mem.atomic_cas_latency)
  bool mbarrier = false;      // mbarrier.* and cp.async.mbarrier.arrive: its result after sm.mbarrier_latency; warps
                              // whose try_wait a phase it completes ends issue sm.mbarrier_wake_cycles later
  bool cluster_barrier = false;  // barrier.cluster.arrive/.wait: a phase it completes releases the cluster's waiting
                                // warps cluster.barrier_cycles later (its own included)
  bool cluster_wait = false;    // barrier.cluster.wait: issues after its cluster's last barrier release
  bool async_copy = false;    // cp.async: an LDGSTS, its global load through the LSU, its bytes land when it returns
  bool fence_gpu = false;     // membar.gl/.sys, fence.*.gpu/.sys: waits for the warp's stores' acknowledgements, then
                              // sm.fence_gpu_cycles (MEMBAR.SC.GPU and the barriers ptxas puts after it)
  bool cluster_release = false;  // mbarrier.arrive(_drop)(.expect_tx).release.cluster, local or remote: ptxas puts
                                 // MEMBAR.ALL.CTA, MEMBAR.ALL.GPU, ERRBAR, CGAERRBAR before its SYNCS.ARRIVE, so the
                                 // warp reaches it sm.mbarrier_cluster_release_cycles after its stores' (and
                                 // copies') acknowledgements
  bool red = false;           // red, or an atom whose result no instruction reads (ptxas's RED; with compiler.fold)
  bool l1_bypass = false;     // a global load served by L2 (ir::kL1Bypass: .cg, .cv, strong wider than .cta)
  // The guard predicate's register slot (@p; kNoGuard: none), and whether this is a setp or a predicate and/or/xor/not
  // (ISETP, PLOP3), whose predicates serve as guards sm.guard_predicate_cycles after its issue (later than as data:
  // traces/ubench_branch_lat).
  std::uint32_t guard = ir::kNoReg;
  bool sets_guard = false;
  std::uint8_t wide_bytes = 0;  // part of an LDS/STS/LDG/STG.64/.128 (Issue::Merged above): its bytes per lane, 8 or
                                // 16; the leader passes the banks (or the LSU) as that one wide access, the merged
                                // ones take its time
  bool mio = false;           // an instruction of the MIO queue: ld/st/atom/red on .shared (its space written out),
                              // .global, .local or a generic address (LDS/STS, LDG/STG, ATOM/RED, LD/ST): held while its sub-partition's
                              // port to the shared-memory banks replays a conflicting access (Nsight's mio_throttle)
  std::uint32_t read_hold = 0;  // a store or atomic: cycles from its issue until it has read its registers
                                // (store_read_cycles in lower/ptxas_model.hpp)
  bool warp_aggregate = false;  // with compiler.schedule: an integer atom/red.add on a warp-uniform address, which
                                // ptxas turns into one lane's atomic of the warp's sum (kAggregateSass more SASS)
  std::uint32_t sass = 1;
  std::uint32_t latency = 0;
  std::uint8_t tensor_op = 0;      // mma: 1 HMMA, 2 IMMA/BMMA, 3 DMMA (timing/stats.hpp, TensorStats)
  std::uint8_t tensor_sass = 0;    // mma: how many of them ptxas issues for it (2: fp8, s4/u4, b1 .xor)
  bool fp8_unpack = false;  // fp8 mma.sync that ptxas emulates (pipe.tensor.fp8_unpack_*): F2FP unpacks first
  double tensor_hold = 0;  // mma: the tensor pipe's time for its shape and types (see `interval` above), in cycles
  bool wgmma = false;      // wgmma.mma_async: lands asynchronously (timing/sm.cpp), `latency` after its pipe and reads
  std::uint32_t wgmma_smem_bytes = 0;  // wgmma.mma_async: this warp's operand bytes from shared memory
  std::uint32_t wgmma_a_bytes = 0;     // wgmma.mma_async: of those, A's (0 with A from registers)
  std::uint32_t tensor_active = 0;     // wgmma.mma_async: Nsight's tensor-pipe active cycles (N / 2)
  std::uint32_t reads_at = 0, nreads = 0, writes_at = 0, nwrites = 0;  // ranges of Program::slots
};

// The SASS ptxas adds for a warp-aggregated atomic: VOTEU.ANY, UFLO, POPC or REDUX, and the leader's ISETP
// (traces/j_bfs_step's SASS).
inline constexpr std::uint32_t kAggregateSass = 4;
inline constexpr std::uint32_t kNoGuard = ir::kNoReg;  // InstrTiming::guard: ir::Instr::guard's own "none"

struct Program {
  ir::Program code;                  // what the functional model executes (ptxas's order when compiler.schedule)
  std::vector<InstrTiming> instrs;   // per pc
  std::vector<std::uint32_t> slots;  // the register slots InstrTiming's ranges refer to

  std::span<const std::uint32_t> reads(std::uint32_t pc) const {
    const InstrTiming& t = instrs[pc];
    return {slots.data() + t.reads_at, t.nreads};
  }
  std::span<const std::uint32_t> writes(std::uint32_t pc) const {
    const InstrTiming& t = instrs[pc];
    return {slots.data() + t.writes_at, t.nwrites};
  }
};

// Rewrites `prog` as ptxas would (compiler.schedule) and annotates every instruction (folding and merging with
// compiler.fold). With both at 0 the program runs as written and every instruction issues. `registers`: the
// kernel's registers per thread (ptxas -v) for compiler.register_limit (0: not known, no limit).
Program lower(ir::Program prog, const config::GpuConfig& cfg, unsigned registers = 0);
// Annotates `prog` as it is (no rewriting): for programs a caller has already scheduled or wants run as written.
Program annotate(ir::Program prog, const config::GpuConfig& cfg);

}  // namespace warpsim::lower
