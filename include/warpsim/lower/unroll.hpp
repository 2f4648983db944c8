// ptxas's loop unrolling as the timing model sees it: which PTX loops ptxas unrolls, and the code it makes of
// them. warpsim runs PTX; the GPU runs ptxas's SASS, and where ptxas unrolls a loop by four more, a warp has four
// times the loads of one PTX iteration in flight before it stalls.
//
// The SASS of the committed workloads (ptxas -O3 for sm_90a, nvcc 13, cuobjdump on the H200 machine, 2026-12-02;
// every loop of the 65 workloads compared with its PTX) shows: a loop of one basic block (the block ends with the
// conditional branch back to its own first instruction) whose trip count ptxas can compute (a counter stepped by
// an immediate and compared with a value the loop does not change), with a memory access inside and a body of at
// most compiler.unroll_max_body SASS instructions, is unrolled by four, whether or not nvcc unrolled it already
// (nvcc's unrolled-by-4 loops become 16 PTX iterations per SASS iteration), barriers included. Not unrolled are
// loops marked `.pragma "nounroll"` (nvcc's remainder loops and `#pragma unroll 1`), loops whose step is a
// register (grid-stride loops), loops of several blocks, loops holding an operation ptxas expands into a
// subroutine (IEEE division, square root, integer division: the emul.* operations), the five arithmetic-only loops
// of the workloads (lane_loop, nested_divergence, csr_row_ptr of j_spmv_csr) and bodies of 76 SASS instructions or
// more (ubench_smem_chase, ubench_l1_throughput, ubench_l2_partition); the largest body unrolled has 58 (j_trsv).
//
// Models: compiler.unroll = U > 1 rewrites each such loop L (continue while cmp(c + k, X), k an immediate) as
//     G:  q = "at least U more iterations run from here" (from c, X and k; an exact test, no overflow); e = true
//         @!q bra J
//     M:  U copies of L's body without their branches, each copy's registers renamed to fresh slots so that
//         the copies are independent (the last copy writes the original registers; the compare of the earlier
//         copies is dropped when only the branch read it)
//         q = the same test; @q bra M
//         e = the last copy's own condition to go on
//     J:  @!e bra after L (every path of G meets here, so lanes that skipped M reconverge with the others before
//         the remainder, as after ptxas's main loop)
//     L:  the original loop, which runs the remaining iterations one at a time.
// The rewritten program computes exactly what the original does (every iteration runs, in order, with the same
// values; tests check buffers on every workload). The list scheduler (ptxas_model.hpp) then hoists the copies'
// loads above the arithmetic that waits for them, as ptxas does.
// The copies' texts (listings, reports) keep the PTX's register names with "// ptxas unroll: copy i of U"; their
// register slots are the renamed ones (named NAME'uI in messages).
// Leaves out: ptxas's remainder code (it peels the remainder in blocks of two and one iteration; warpsim's
// remainder is the PTX loop), full unrolling of loops with a constant trip count, register pressure limiting the
// factor, and unrolling of multi-block loops. A counter step by an immediate in an earlier copy (add/sub r, r, k) is
// marked ir::kUnrollStep: ptxas steps once per trip and uses offsets, and with compiler.fold such a step issues
// nothing when its value only addresses memory, is stepped again or compared (ptxas_model.hpp, "fold").
#pragma once

#include <warpsim/config/gpu_config.hpp>
#include <warpsim/ir/program.hpp>

#include <cstdint>

namespace warpsim::lower {

// Unrolls every loop described above by cfg.compiler_unroll (no change when it is 0 or 1) and recomputes the
// control flow. Returns how many loops were unrolled.
unsigned ptxas_unroll(ir::Program& prog, const config::GpuConfig& cfg);

}  // namespace warpsim::lower
