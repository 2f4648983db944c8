// What ptxas does to a PTX instruction stream that decides its timing: the order instructions issue in and
// which PTX instructions have no SASS instruction of their own. warpsim runs PTX; the GPU runs ptxas's SASS.
// The SASS of the committed workloads (ptxas -O3 for sm_90a, read with cuobjdump on the H200 machine) shows:
// independent instructions hoisted above stalled ones (loads issued back to back before the arithmetic that
// uses them), cvta.to.* gone (a generic global address is the global address), moves absorbed by register
// allocation, and shifts and multiplies whose results are only added folded into LEA / IMAD / IMAD.WIDE.
//
// Models:
//   schedule   compiler.schedule = 1: first, in the kernel entry, a guarded branch to a `ret`/`exit` becomes a
//              guarded exit (SASS `@P EXIT`); then short guarded forward branches are if-converted: a skipped
//              block (`@p bra L; A; L:`) or an if/else (`@p bra E; A; bra J; E: B; J:`, and nvcc's inverted
//              form), each side at most compiler.if_convert_max SASS instructions of predicable operations, becomes its instructions
//              guarded by the side's condition, the branches nops; then each basic block is reordered by a list scheduler: one instruction per
//              cycle, the ready instruction with the longest latency-weighted path to the block's end first
//              (ties: PTX order). Dependences: registers (read after write with the producer's latency, write
//              after read (after a store: mem.smem_store_read_cycles / mem.global_store_read_cycles, the time the
//              store keeps its registers, store_read_cycles below), write after write), PTX order among instructions with an effect outside their
//              registers (memory, warp-synchronous and barrier operations, carry-flag arithmetic) except that
//              weak loads (no .volatile or memory-order qualifier) may pass each other and a load may move above a
//              store to another state space (not generic), or to its own when both address one base register,
//              unchanged between them, at offsets whose bytes do not overlap, and fences that nothing crosses (branches, calls, returns, clock and timer reads,
//              and the emulated operations whose SASS branches to a slow path: IEEE float division, reciprocal and
//              square root, 64-bit integer division). A read-only load (ld.global.nc) passes stores, atomics,
//              warp-synchronous operations and up to compiler.nc_load_barriers CTA barriers (not a fence or
//              griddepcontrol), and is taken before any other ready instruction: SASS of traces/j_sgemm16_256,
//              whose unrolled tile loop has the next tiles' LDG.E.CONSTANT above two or three BAR.SYNC, as early
//              as that allows (a plain ld.global stays below a barrier: another thread may have stored its data).
//              Latencies are the GPU model's (pipes, shared-memory latency, emulated operations); a global load's
//              is compiler.global_load_latency (80 on the H200: ptxas issues a loop's loads far ahead of their use,
//              all 16 of j_colsum's unrolled body before its first VIMNMX3), else mem.l1_hit_latency.
//              The reordered program computes the same values (every dependence is kept).
//   registers  compiler.register_limit = 1 and the kernel's registers per thread known (ptxas -v): the scheduler
//              keeps the 32-bit registers live at once within that count less compiler.reserved_registers. Live
//              values come from a liveness analysis of the function (a 64-bit value takes two registers; predicates,
//              warp-uniform values, folded cvta/shl/mul results, merged logic operations and a 64-bit base plus an
//              immediate that only addresses memory take none; a guarded write ends a value only when it is the
//              slot's one definition: an if-converted epilogue's values are not live above it). A ready instruction that would go beyond the count
//              waits while an instruction that frees registers is on its way; if none is, the ready one that adds
//              the fewest issues (ptxas would spill). SASS of traces/ubench_smem_wide (29 registers: eight
//              independent LDS.128 issued four at a time) and traces/j_sgemm16_256 (32: a tile's LDS interleaved
//              with its FFMA chain a few ahead of their use).
//   fold       compiler.fold = 1: cvta.to.<space>, register and immediate moves, and shl (by an immediate),
//              mul.lo and mul.wide whose every use is an integer add or subtract issue no instruction: their
//              result is ready when their sources are (the add that uses it becomes the LEA / IMAD). So do a logic
//              operation read once by another (LOP3) and a 32-bit integer min/max read once by another of its kind
//              (VIMNMX3, SASS of traces/j_colsum), one level deep; a 64-bit base plus an immediate that only
//              addresses memory ([R.64+imm]); and an earlier unrolled copy's counter step whose value only
//              addresses memory, is stepped again or compared (lower/unroll.hpp: ptxas steps once per trip).
//   vectorise  also with compiler.fold: consecutive ld.shared (or st.shared) of 4 or 8 bytes from one base
//              register at consecutive offsets inside a 16-byte chunk (the first offset a multiple of 16; the
//              base register is assumed aligned, as ptxas proves it from the array's alignment) are one
//              LDS/STS.64/.128: the first issues, the others issue nothing and their results land with it.
//              Global ones (ld/st.global, not volatile or ordered) only where ptxas can prove the alignment: the
//              base register (or one it is a move, cvta or plus-immediate of) is the address of a vector access
//              (ld/st.v2, .v4, naturally aligned by the PTX ISA) that runs whenever the access does (in its basic
//              block or one that post-dominates it), as in hgemm_mma_sync's
//              epilogue (ld.global.v2.f32 [%rd82], then st.global.f32 [%rd82] and [%rd82+4]: one STG.E.64 in its
//              SASS); 4-byte pairs or quads and 8-byte pairs (LDG/STG.64/.128), three 4-byte ones being a pair and
//              one alone. wgmma_gemm's epilogue pairs, whose address is row x N + col words with N a parameter,
//              stay two STG.E each, as in its SASS.
//   uniform    compiler.uniform_datapath = 1: integer arithmetic whose every result is warp-uniform (uniform_slots
//              below: computed only from parameters, constants, %ctaid/%ntid/%nctaid, loop counters stepped
//              uniformly) issues to the uniform pipe (UIADD3, ULOP3, USHF, UIMAD, UISETP: an issue slot, not the
//              ALU), and with compiler.fold a 32-bit add of a uniform register whose result only addresses
//              ld/st.shared issues nothing (the LDS/STS [R+UR] address). SASS of traces/ubench_smem_tput (ptxas
//              13.0 -O3 sm_90a, 2026-12-03): 18 of the loop's 55 instructions are U*, the shared base add is
//              folded into LDS [R8+UR12].
//   balance    compiler.alu_fma_balance = 1 (lower.cpp): ptxas gives a 32-bit integer add or subtract and a shl by
//              an immediate to the ALU (IADD3, SHF) or to the FMA pipe (VIADD, IMAD.IADD, IMAD.SHL), whichever
//              has had fewer instructions so far in the basic block (SASS of traces/ubench_smem_tput and
//              ubench_pipe_tput: independent adds alternate IADD3 and VIADD, shifts SHF and IMAD.SHL).
// Leaves out: register allocation itself (which value goes in which register, so write-after-read hazards between
// SASS registers; the count is the limit, moves are not coalesced), software pipelining across iterations (loop
// unrolling is lower/unroll.hpp), vectorisation of shared accesses ptxas cannot prove aligned (warpsim assumes the
// base is) and of global ones it proves aligned in other ways (known pointer arithmetic, __builtin_assume_aligned), LDC for parameters (ptxas's choice between a uniform and a vector register for a parameter
// is not modelled: a uniform value stays uniform), the uniform pipe's own latency (pipe.uniform), [R+UR] addresses
// of global accesses, ptxas's exact ALU/FMA choice (it is not a strict alternation), and anything ptxas does
// across basic blocks.
#pragma once

#include <warpsim/config/gpu_config.hpp>
#include <warpsim/ir/program.hpp>

#include <cstdint>
#include <vector>

namespace warpsim::lower {
// (Moved here from timing/: the ptxas model is the lowering layer between ir/ and timing/, lower/lowered.hpp.)

// Rewrites control flow as above, then reorders the instructions inside each basic block of every function
// (code and text move together; branches, and with them their reconvergence entries, stay where they are;
// blocks keep their pc ranges, so branch targets stay valid). If-converted instructions' text gets the new
// guard.
// `registers`: the kernel's registers per thread (ptxas -v), for compiler.register_limit; 0: not known, no limit.
void ptxas_schedule(ir::Program& prog, const config::GpuConfig& cfg, unsigned registers = 0);

// Per pc: kFolded when ptxas folds the instruction into others (see "fold" above), kMerged when it is part of
// a wider shared or global access an earlier instruction issues (see "vectorise"), else 0. With wide_bytes: per pc,
// the bytes per lane of the wide access an instruction is part of (8 or 16 for LDS/STS/LDG/STG.64/.128; 0 when it
// stays alone).
inline constexpr std::uint8_t kFolded = 1, kMerged = 2;
std::vector<std::uint8_t> ptxas_folded(const ir::Program& prog, const config::GpuConfig& cfg,
                                       std::vector<std::uint8_t>* wide_bytes = nullptr);

// Per register slot: 1 when it holds the same value in every lane of a warp, as far as ptxas can tell: written
// only from kernel parameters, constants, immediates and %ntid/%nctaid/%ctaid/%nsmid/%gridid through arithmetic
// (a guarded write too when its guard is uniform), and, when written more than once (a loop counter), never inside
// the region of a branch whose condition varies (between the branch and its immediate post-dominator). Anything
// loaded from memory (other than .param/.const), any lane index, clock, collective or atomic result varies.
// Leaves out: a value written once inside a loop whose exit varies and read after it (taken as uniform).
std::vector<std::uint8_t> uniform_slots(const ir::Program& prog);

// Latency the scheduler assumes for the instruction's result (cycles).
unsigned assumed_latency(const ir::Instr& in, const config::GpuConfig& cfg);
// A store's or atomic's hold on the registers it reads (address and data): mem.smem_store_read_cycles for shared
// memory, mem.global_store_read_cycles for global, local and generic addresses, 0 for any other instruction. An
// instruction that overwrites one of them issues no earlier (timing/sm.cpp), and the list scheduler keeps it that far
// behind (traces/ubench_tile_phases' war_sts and war_stg: STS, STS, STS, then the IMAD that overwrites the first's
// register).
unsigned store_read_cycles(const ir::Instr& in, const config::GpuConfig& cfg);

// The innermost loop around `pc`: [first, last] from the target of the nearest backward branch after `pc` (in its
// function) that jumps to `pc` or above, to that branch; false if there is none.
bool innermost_loop(const ir::Program& prog, std::uint32_t pc, std::uint32_t& first, std::uint32_t& last);
// Whether an instruction in [first, last] writes register slot `reg` (instr_regs' writes: vector elements too).
bool written_in(const ir::Program& prog, std::uint32_t first, std::uint32_t last, std::uint32_t reg);

// Whether the instruction at `pc` writes predicates that serve as guards (@p) sm.guard_predicate_cycles after its
// issue: a setp (ISETP/FSETP) or a .pred and/or/xor/not (PLOP3). Not a setp that only tests a selp of a predicate
// against 0 or 1 (`selp.u32 r, 1, 0, p; setp.eq.s32 q, r, 0`, as inline asm returns an mbarrier try_wait's result):
// ptxas uses p itself there. (A loop-invariant setp counts too: ptxas hoists some out of their loop, as
// traces/ubench_mbarrier's pingpong's warp role, LOP3.LUT P1, and keeps others in it, as ubench_mbar_lanes'
// `form == 1` after an LDC; treating all as hoisted made calibration worse, 6.90 -> 7.16 %.)
bool guard_producer(const ir::Program& prog, std::uint32_t pc);

}  // namespace warpsim::lower
