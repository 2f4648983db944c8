// Warpgroup-level matrix instructions (PTX ISA, "Asynchronous warpgroup level matrix instructions"): wgmma.mma_async
// with A from shared memory (a matrix descriptor) or registers and B from shared memory, wgmma.fence,
// wgmma.commit_group and wgmma.wait_group; and setmaxnreg, the warpgroup's register budget.
// Models:
//   warpgroup  four consecutive warps of the CTA (warps 4g .. 4g+3). Each issues the same wgmma.mma_async with all 32
//              lanes (.sync.aligned); warp r of the group computes rows 16r .. 16r+15 of the 64 x N result, so each
//              warp's part is computed when that warp issues it. warpsim faults when a warp issues it with lanes
//              missing, when the CTA's warps do not make whole warpgroups, when a warp of the group has exited, or
//              when the n-th wgmma.mma_async of one warp is not the n-th of another.
//   descriptor the 64-bit shared-memory matrix descriptor: start address (bits 0-13), leading-dimension byte offset
//              (16-29), stride-dimension byte offset (32-45), each in 16-byte units; base offset (49-51); swizzle
//              (62-63: 0 none, 1 128-byte, 2 64-byte, 3 32-byte). The canonical layouts ("Shared memory matrix
//              layout"), in bytes, for row mn of A (M) or B (N) and byte kb of its K elements (each wgmma's K spans
//              32 bytes):
//                K-major, no swizzle: core matrices of 8 rows x 16 bytes: start + (mn / 8) SBO + (mn % 8) 16 +
//                  (kb / 16) LBO + kb % 16;
//                K-major, swizzle of width W (32, 64, 128): start + (mn / 8) SBO + (mn % 8) W + kb (LBO unused);
//                MN-major (imm-trans 1, f16/bf16 only), element (mn, k) at mn byte mb: no swizzle: start +
//                  (mb / 16) SBO + (k / 8) LBO + (k % 8) 16 + mb % 16; swizzle W: start + (mb / W) LBO + (k / 8) SBO
//                  + (k % 8) W + mb % W;
//              and a swizzle permutes 16-byte chunks by shared-memory address as TMA writes them (exec_bulk.cpp):
//              address bits [4, 4 + log2(W / 16)) XOR bits [7, ...). b1 elements are bits of their K-major row,
//              least significant first.
//   registers  D as mma.m16n8k*'s C/D per 8 columns: register i of lane l holds row g + 8 ((i / 2) % 2), column
//              8 (i / 4) + 2 t + i % 2 (g = l / 4, t = l % 4; f16 D: register i holds row g + 8 (i % 2), columns
//              8 (i / 2) + 2 t and the next); A from registers as mma.m16n8kK's A (mma_numerics.hpp, a_cell).
//   numerics   scale-d 0 drops C; imm-scale -1 negates A or B; f16/bf16/tf32/fp8 products are exact and summed
//              as mma.sync's are (mma_numerics.hpp: C and the products aligned to the largest of their alignment
//              exponents, C's own and e(a) + e(b) for a product, truncated toward zero 2 bits below a 24-bit
//              significand there, summed, rounded toward zero for an f32 D, to nearest for an f16 D; e4m3/e5m2
//              (QGMMA) keep 13 fraction bits, sm.wgmma_fp8_sum_bits - 1, and truncate an f32 sum to 14 significant
//              bits), integers exactly (.satfinite clamps to s32), b1 as popc(a & b). Every word of traces/wgmma's
//              35 forms equals the H200's (test 632).
//   operands   read at each warp's issue, by 16-byte chunks (no layout splits one); B, the same for the four warps
//              of a warpgroup (and for warpgroups sharing it), is decoded once per distinct descriptor, types and
//              bytes read, and kept in the CTA (Cta::wgmma_b): a memo of a pure function, its bytes compared on every
//              use, so it changes no result.
//   async      a wgmma.mma_async joins the warp's open group; commit_group closes it; wait_group N waits until at
//              most N committed groups are unfinished. With a timing driver each wgmma.mma_async is an asynchronous
//              operation that lands when the driver says (the tensor pipe's model); without one it is done at issue.
//              Its results are written at issue; any other instruction that reads or writes its D registers (or A's)
//              before a wait_group covers it is a fault: the PTX ISA leaves it undefined.
//   setmaxnreg each warp starts with the kernel's registers per thread (Launch::regs_per_thread: ptxas or the run
//              config), the CTA's pool being its threads' registers at launch. .dec lowers the warp's count (more than
//              it has: a fault); .inc raises it (fewer: a fault) once the CTA's warps together fit the pool: until a
//              .dec elsewhere makes room, the warp waits (Wait::AsyncCopy; a pool that never frees is a deadlock,
//              reported as such). Timed as a branch-pipe instruction. Register contents are kept (undefined on the GPU
//              for the ones .inc adds).
//   analysis   with WARPSIM_WGMMA_TERMS=FILE in the environment, each floating D element's inputs are written to FILE
//              (tools/numerics/wgmma_match.py recomputes the H200's words from them under candidate rules).
// Leaves out: wgmma.mma_async.sp, the descriptor's base offset (a non-zero one is a fault: every layout here starts
// on its swizzle pattern), the requirement of a wgmma.fence between other instructions' register writes and the
// wgmma that reads them (not checked), and the order of shared-memory reads against other accesses (operands are
// read at issue).
#include "mma_numerics.hpp"
#include "race_hooks.hpp"

#include <warpsim/func/scalar.hpp>

#include <algorithm>
#include <bit>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>

namespace warpsim::func {
namespace {

using ir::MmaType;
using ir::ScalarType;
using ir::WgmmaOp;
using namespace mma;

struct Desc {
  std::uint32_t start = 0, lbo = 0, sbo = 0;
  unsigned base_offset = 0, width = 16;  // width: the swizzle's row bytes (16: none)
};

Desc decode_desc(std::uint64_t v) {
  Desc d;
  d.start = static_cast<std::uint32_t>((v & 0x3fff) << 4);
  d.lbo = static_cast<std::uint32_t>(((v >> 16) & 0x3fff) << 4);
  d.sbo = static_cast<std::uint32_t>(((v >> 32) & 0x3fff) << 4);
  d.base_offset = static_cast<unsigned>((v >> 49) & 7);
  const unsigned sw = static_cast<unsigned>(v >> 62);
  d.width = sw == 1 ? 128 : sw == 2 ? 64 : sw == 3 ? 32 : 16;
  return d;
}

std::uint32_t swizzle(std::uint32_t a, unsigned width) {
  if (width == 16) return a;
  const std::uint32_t mask = (width / 16 - 1) << 4;
  return a ^ ((a >> 3) & mask);
}

// The shared-memory byte of byte kb of row mn, K-major.
std::uint32_t k_major(const Desc& d, unsigned mn, unsigned kb) {
  const std::uint32_t a = d.width == 16 ? d.start + (mn / 8) * d.sbo + (mn % 8) * 16 + (kb / 16) * d.lbo + kb % 16
                                        : d.start + (mn / 8) * d.sbo + (mn % 8) * d.width + kb;
  return swizzle(a, d.width);
}
// The shared-memory byte of MN byte mb of K row k, MN-major.
std::uint32_t mn_major(const Desc& d, unsigned mb, unsigned k) {
  const std::uint32_t a = d.width == 16 ? d.start + (mb / 16) * d.sbo + (k / 8) * d.lbo + (k % 8) * 16 + mb % 16
                                        : d.start + (mb / d.width) * d.lbo + (k / 8) * d.sbo + (k % 8) * d.width + mb % d.width;
  return swizzle(a, d.width);
}

// C (when scale-d) and the K products a[k] b[k] (exact in a double), aligned-summed to f32: aligned_sum_f32's
// result (the products' scales as[k] bs[k], C's |c|), in one pass over the products in the common case (`finite`:
// every a[k], b[k] and c finite, the caller's check; not all zero; 2^-q a normal double), else through it (t, ts:
// room for K + 1 terms). The scales are positive powers of two (or 0), so their largest is a plain double max.
template <unsigned K>
std::uint64_t dot_f32(const double* a, const double* b, const double* as, const double* bs, bool finite, bool has_c,
                      double c, int align_bits, double* t, double* ts) {
  double m0 = has_c ? std::fabs(c) : 0.0, m1 = 0.0, m2 = 0.0, m3 = 0.0;
  for (unsigned k = 0; k < K; k += 4) {
    m0 = std::max(m0, as[k] * bs[k]);
    m1 = std::max(m1, as[k + 1] * bs[k + 1]);
    m2 = std::max(m2, as[k + 2] * bs[k + 2]);
    m3 = std::max(m3, as[k + 3] * bs[k + 3]);
  }
  const std::uint64_t top = std::bit_cast<std::uint64_t>(std::max(std::max(m0, m1), std::max(m2, m3))) >> 52;
  const int q = static_cast<int>(top) - 1023 - 23 - align_bits;
  if (!finite || top == 0 || q <= -1000 || q >= 1000) {
    std::size_t n = 0;
    if (has_c) {
      ts[n] = std::fabs(c);
      t[n++] = c;
    }
    for (unsigned k = 0; k < K; ++k) {
      ts[n] = as[k] * bs[k];
      t[n++] = a[k] * b[k];
    }
    return aligned_sum_f32(std::span<const double>(t, n), std::span<const double>(ts, n), align_bits);
  }
  const double scale = std::bit_cast<double>(static_cast<std::uint64_t>(1023 - q) << 52);  // 2^-q
  std::int64_t s0 = has_c ? static_cast<std::int64_t>(c * scale) : 0, s1 = 0, s2 = 0, s3 = 0;
  for (unsigned k = 0; k < K; k += 4) {  // the products are exact; the casts truncate toward zero
    s0 += static_cast<std::int64_t>(a[k] * b[k] * scale);
    s1 += static_cast<std::int64_t>(a[k + 1] * b[k + 1] * scale);
    s2 += static_cast<std::int64_t>(a[k + 2] * b[k + 2] * scale);
    s3 += static_cast<std::int64_t>(a[k + 3] * b[k + 3] * scale);
  }
  return sum_to_f32((s0 + s1) + (s2 + s3), q, keep_bits(align_bits));
}

// B's floating values (element (k, j) at j * K + k) and their scales, again with element (k, j) at k * N + j, the
// scales as exponents (scale_exp), for dot_row_f32; `finite`: every value finite (the exponents are then all set).
void b_row_major(unsigned K, unsigned N, const std::vector<double>& values, const std::vector<double>& scales,
                 std::vector<double>& kn, std::vector<int>& exps, bool& finite) {
  kn.resize(std::size_t{K} * N);
  exps.resize(kn.size());
  finite = true;
  for (unsigned j = 0; j < N; ++j)
    for (unsigned k = 0; k < K; ++k) {
      const double v = values[std::size_t{j} * K + k];
      finite = finite && std::isfinite(v);
      kn[std::size_t{k} * N + j] = v;
      exps[std::size_t{k} * N + j] = std::isfinite(v) ? scale_exp(scales[std::size_t{j} * K + k]) : kZeroExp;
    }
}

unsigned k_of(MmaType t) {
  switch (t) {
    case MmaType::F16:
    case MmaType::BF16: return 16;
    case MmaType::TF32: return 8;
    case MmaType::B1And: return 256;
    default: return 32;
  }
}

}  // namespace

void Executor::check_wgmma_registers(Cta& cta, Warp& w, const ir::Instr& in, std::uint32_t pc) {
  if (in.op == ir::Op::Wgmma) return;  // chained wgmma.mma_async share their accumulator; the others name none
  const ir::Program& prog = *L_.prog;
  const auto pending = [&](std::uint32_t s) {
    return s != ir::kNoReg && std::binary_search(w.wgmma_slots.begin(), w.wgmma_slots.end(), s);
  };
  const auto report = [&](std::uint32_t s, bool write) {
    std::uint32_t at = 0;
    for (const WgmmaPending& p : w.wgmma)
      if (std::find(p.regs.begin(), p.regs.end(), s) != p.regs.end()) at = p.pc;
    const InstrContext cx{L_, cta, w, in, pc};
    const LaneMask live = w.valid & ~w.exited;
    cx.fault(live.any() ? static_cast<unsigned>(std::countr_zero(live.bits)) : 0,
             "{} {} {}, a register of the wgmma.mma_async at PTX line {} that no wgmma.wait_group has covered yet "
             "(PTX ISA: accessing the accumulator or A registers of an unfinished wgmma.mma_async is undefined)",
             ir::op_name(in.op), write ? "writes" : "reads", s < prog.slot_names.size() ? prog.slot_names[s] : "?",
             prog.code[at].line);
  };
  if (pending(in.guard)) report(in.guard, false);
  for (unsigned i = 0; i < in.nops; ++i) {
    const ir::Operand& op = in.ops[i];
    const bool write = i < in.ndst && op.kind != ir::Operand::Kind::Addr;
    if ((op.kind == ir::Operand::Kind::Reg || op.kind == ir::Operand::Kind::Addr) && pending(op.reg)) report(op.reg, write);
    if (op.kind == ir::Operand::Kind::Vec)
      for (std::uint32_t e = 0; e < op.count; ++e)
        if (pending(prog.vec_slots[op.reg + e])) report(prog.vec_slots[op.reg + e], write);
  }
}

void Executor::index_wgmma_slots(Warp& w) {
  w.wgmma_slots.clear();
  for (const WgmmaPending& p : w.wgmma) w.wgmma_slots.insert(w.wgmma_slots.end(), p.regs.begin(), p.regs.end());
  std::sort(w.wgmma_slots.begin(), w.wgmma_slots.end());
  w.wgmma_slots.erase(std::unique(w.wgmma_slots.begin(), w.wgmma_slots.end()), w.wgmma_slots.end());
}

bool Executor::wgmma_wait_done(Warp& w, const ir::Instr& in) {
  const auto n = static_cast<std::uint64_t>(in.ops[0].imm);
  const std::uint64_t bound = w.wgmma_commits > n ? w.wgmma_commits - n : 0;  // groups below it must be finished
  for (const WgmmaPending& p : w.wgmma)
    if (p.group < bound && !p.landed) return false;
  if (std::erase_if(w.wgmma, [&](const WgmmaPending& p) { return p.group < bound; }) != 0) index_wgmma_slots(w);
  return true;
}

bool Executor::complete_wgmma(Cta& cta, std::uint64_t id) {
  for (Warp& w : cta.warps)
    for (WgmmaPending& p : w.wgmma)
      if (p.id == id) {
        p.landed = true;
        release_async_waits(cta);
        return true;
      }
  return false;
}

bool Executor::exec_wgmma(Cta& cta, Warp& w, std::int32_t path, const ir::Instr& in, LaneMask active, LaneMask lanes,
                          StepResult& r) {
  const std::uint32_t pc = w.paths[static_cast<std::size_t>(path)].pc;
  InstrContext cx{L_, cta, w, in, pc};
  const char* name = in.sub_op<WgmmaOp>() == WgmmaOp::MmaAsync      ? "wgmma.mma_async"
                     : in.sub_op<WgmmaOp>() == WgmmaOp::Fence       ? "wgmma.fence"
                     : in.sub_op<WgmmaOp>() == WgmmaOp::CommitGroup ? "wgmma.commit_group"
                                                                     : "wgmma.wait_group";
  require_whole_warp(cx, active, lanes, name);
  switch (in.sub_op<WgmmaOp>()) {
    case WgmmaOp::Fence: return true;  // register and shared-memory accesses are in order here
    case WgmmaOp::CommitGroup: ++w.wgmma_commits; return true;
    case WgmmaOp::WaitGroup:
      if (wgmma_wait_done(w, in)) return true;
      w.paths[static_cast<std::size_t>(path)].wait = Wait::AsyncCopy;
      return false;
    case WgmmaOp::MmaAsync: break;
  }

  // The warpgroup.
  const std::uint32_t group = w.index / 4, rank = w.index % 4;
  if (cta.warps.size() < 4 * (group + 1))
    cx.fault(0, "wgmma.mma_async needs a whole warpgroup (4 warps, 128 threads); warp {} is in warpgroup {}, of which "
                "the CTA has only {} warps ({} threads: a multiple of 128 is needed)",
             w.index, group, cta.warps.size() - 4 * group, cta.threads);
  if (cta.warpgroups.size() <= group) cta.warpgroups.resize(group + 1);
  Cta::WarpgroupSeq& seq = cta.warpgroups[group];
  const std::uint64_t nth = w.wgmma_issued;
  for (std::uint32_t i = 4 * group; i < 4 * group + 4; ++i)
    if (cta.warps[i].done() && cta.warps[i].wgmma_issued <= nth)
      cx.fault(0, "wgmma.mma_async needs all four warps of warpgroup {}; warp {} has exited after {} wgmma.mma_async, "
                  "and this is number {}", group, i, cta.warps[i].wgmma_issued, nth + 1);
  if (nth - seq.base < seq.pcs.size()) {
    const std::uint32_t other = seq.pcs[static_cast<std::size_t>(nth - seq.base)];
    if (other != pc)
      cx.fault(0, "the warps of warpgroup {} must execute the same wgmma.mma_async together: this warp's wgmma.mma_async "
                  "number {} is at PTX line {}, another warp's at PTX line {}",
               group, nth + 1, in.line, L_.prog->code[other].line);
  } else {
    seq.pcs.push_back(pc);
  }
  ++w.wgmma_issued;
  std::uint64_t low = ~std::uint64_t{0};
  for (std::uint32_t i = 4 * group; i < 4 * group + 4; ++i) low = std::min(low, cta.warps[i].wgmma_issued);
  if (low > seq.base) {
    seq.pcs.erase(seq.pcs.begin(), seq.pcs.begin() + static_cast<std::ptrdiff_t>(low - seq.base));
    seq.base = low;
  }

  // The operation.
  const MmaType at = ir::mma_atype(in), bt = ir::mma_btype(in);
  const unsigned N = in.wg_n, K = k_of(at);
  const unsigned bits = mma_bits(at);
  const unsigned eb = bits >= 8 ? bits / 8 : 0;  // bytes per element (b1: bits of a byte)
  const bool areg = (in.wg_mode & ir::kWgmmaARegs) != 0;
  const bool ta = (in.wg_mode & ir::kWgmmaTransA) != 0, tb = (in.wg_mode & ir::kWgmmaTransB) != 0;
  const ir::Operand &dop = in.ops[0], &aop = in.ops[1], &bop = in.ops[2], &sop = in.ops[3];
  const ScalarType dt = in.type;
  const bool half_d = dt == ScalarType::F16;
  const unsigned d_regs = half_d ? N / 4 : N / 2;
  const bool scale_d = cx.read(sop, 0) != 0;  // a predicate (negated with !p) or an immediate
  const std::uint64_t emask = bits >= 64 ? ~0ull : (1ull << bits) - 1;

  w.mma_flops += 2ull * 16 * N * K;  // this warp's 16 rows of the m64nNkK

  // Shared-memory reads through a descriptor, with bounds checks.
  const auto descriptor = [&](std::uint64_t value, const char* which) {
    const Desc d = decode_desc(value);
    if (d.base_offset != 0)
      cx.fault(0, "wgmma.mma_async's {} descriptor has base offset {}: warpsim models base offset 0 only (matrices that "
                  "start on their swizzle pattern)", which, d.base_offset);
    return d;
  };
  const auto load = [&](std::uint32_t addr, const char* which) -> std::uint64_t {
    const unsigned n = eb == 0 ? 1 : eb;
    if (addr + n > cta.smem.size())
      cx.fault(0, "wgmma.mma_async reads {} at shared 0x{:x}, outside the CTA's {} bytes of shared memory (its "
                  "descriptor's start, leading or stride byte offset is wrong)", which, addr, cta.smem.size());
    std::uint64_t v = 0;
    std::memcpy(&v, cta.smem.data() + addr, n);
    if (cta.touched_shared.extend(addr, n)) L_.progress = true;
    return v;
  };
  const auto element = [&](const Desc& d, bool mn_major_layout, unsigned mn, unsigned k, const char* which) {
    if (eb == 0) {  // b1: bit k % 8 of byte k / 8 of the K-major row
      const std::uint64_t byte = load(k_major(d, mn, k / 8), which);
      return (byte >> (k % 8)) & 1;
    }
    const std::uint32_t a = mn_major_layout ? mn_major(d, mn * eb, k) : k_major(d, mn, k * eb);
    return load(a, which) & emask;
  };
  // The same reads by 16-byte chunks: every layout above keeps a chunk's 16 bytes together (start and byte offsets
  // are in 16-byte units, a swizzle permutes whole chunks), and every byte of each chunk is an element's. K-major:
  // row mn0 + i's 32 bytes (its K elements) at raw[32 i]; MN-major (2-byte elements): K row k's `rows` elements at
  // raw[2 rows k]. False when a chunk is outside shared memory: the element-wise reads above then fault naming the
  // first such element. The bytes read are [lo, hi), as the elements' reads would have extended the touched range.
  const auto gather = [&](const Desc& d, bool mn_layout, unsigned mn0, unsigned rows, std::uint8_t* raw,
                          std::uint32_t& lo, std::uint32_t& hi) {
    lo = UINT32_MAX;
    hi = 0;
    const std::size_t size = cta.smem.size();
    const auto chunk = [&](std::uint32_t a, std::uint8_t* dst) {
      if (std::size_t{a} + 16 > size) return false;
      std::memcpy(dst, cta.smem.data() + a, 16);
      lo = std::min(lo, a);
      hi = std::max(hi, a + 16);
      return true;
    };
    if (!mn_layout) {
      for (unsigned i = 0; i < rows; ++i)
        for (unsigned c = 0; c < 2; ++c)
          if (!chunk(k_major(d, mn0 + i, 16 * c), raw + 32 * i + 16 * c)) return false;
      return true;
    }
    const unsigned per_k = rows * 2 / 16;
    for (unsigned k = 0; k < K; ++k)
      for (unsigned m = 0; m < per_k; ++m)
        if (!chunk(mn_major(d, 2 * mn0 + 16 * m, k), raw + 16 * (k * per_k + m))) return false;
    return true;
  };
  // Element (row i, k) of gathered bytes.
  const auto raw_element = [&](const std::uint8_t* raw, bool mn_layout, unsigned rows, unsigned i, unsigned k) {
    if (eb == 0) return static_cast<std::uint64_t>((raw[32 * i + k / 8] >> (k % 8)) & 1);
    std::uint64_t v = 0;
    std::memcpy(&v, raw + (mn_layout ? 2 * rows * k + 2 * i : 32 * i + k * eb), eb);
    return v & emask;
  };
  // Every element of `rows` gathered rows into out[k * stride_k + i * stride_i]: raw_element's values, K-major rows of
  // 1- and 2-byte elements read directly (every f16, bf16 and fp8 wgmma here), the rest through raw_element.
  const auto raw_elements = [&](const std::uint8_t* raw, bool mn_layout, unsigned rows, std::uint64_t* out,
                                std::size_t stride_i, std::size_t stride_k) {
    if (!mn_layout && eb == 2) {
      for (unsigned i = 0; i < rows; ++i)
        for (unsigned k = 0; k < K; ++k) {
          std::uint16_t v = 0;
          std::memcpy(&v, raw + 32 * i + 2 * k, 2);
          out[k * stride_k + i * stride_i] = v;
        }
    } else if (!mn_layout && eb == 1) {
      for (unsigned i = 0; i < rows; ++i)
        for (unsigned k = 0; k < K; ++k) out[k * stride_k + i * stride_i] = raw[32 * i + k];
    } else {
      for (unsigned i = 0; i < rows; ++i)
        for (unsigned k = 0; k < K; ++k) out[k * stride_k + i * stride_i] = raw_element(raw, mn_layout, rows, i, k);
    }
  };

  // Scratch reused across instructions (every element below is written before it is read).
  thread_local std::vector<std::uint64_t> A, B, C, D;
  thread_local std::vector<double> Av, Bv, As, Bs, terms, tscales;
  thread_local std::vector<std::uint8_t> raw_a, raw_b;
  thread_local std::vector<double> Bkn_scratch, c_row;
  thread_local std::vector<int> Bexp_scratch, Aexp, c_exp;
  thread_local std::vector<std::uint32_t> d_row;
  thread_local std::vector<std::uint8_t> d_slow;
  A.resize(16 * K);
  C.resize(16 * N);
  const unsigned epr = bits >= 32 ? 1 : 32 / bits;
  if (areg) {
    for (unsigned lane = 0; lane < kWarpSize; ++lane)
      for (unsigned rg = 0; rg < 4; ++rg) {
        const std::uint64_t v = cx.read_elem(aop, rg, lane);
        for (unsigned i = 0; i < epr; ++i) {
          const Cell c = a_cell(16, epr, lane, rg, i);
          A[c.row * K + c.col] = (v >> (i * bits)) & emask;
        }
      }
  } else {
    const Desc da = descriptor(cx.read(aop, 0), "A");
    const bool mn = ta && eb != 0;  // b1 is K-major whatever imm-trans-a says
    std::uint32_t lo = 0, hi = 0;
    raw_a.resize(32 * 16);
    if ((!mn || eb == 2) && gather(da, mn, 16 * rank, 16, raw_a.data(), lo, hi)) {
      if (cta.touched_shared.extend(lo, hi - lo)) L_.progress = true;
      raw_elements(raw_a.data(), mn, 16, A.data(), K, 1);
    } else {
      for (unsigned i = 0; i < 16; ++i)
        for (unsigned k = 0; k < K; ++k) A[i * K + k] = element(da, ta, 16 * rank + i, k, "A");
    }
  }
  // B: decoded once per distinct descriptor, types and bytes in the CTA's cache (Cta::wgmma_b), shared by the warps
  // of a warpgroup and by warpgroups multiplying the same B; element-wise when the chunks do not apply.
  const bool floating = dt != ScalarType::S32;
  const std::uint64_t bdesc = cx.read(bop, 0);
  const Desc db = descriptor(bdesc, "B");
  const std::uint64_t* Bbits = nullptr;  // element (k, j) at k * N + j
  const double* Bvals = nullptr;         // element (k, j) at j * K + k (floating D only)
  const double* Bscales = nullptr;       // their element_scale, the same way
  const double* Bkn = nullptr;           // the values again, element (k, j) at k * N + j
  const int* Bexp = nullptr;             // their scales' exponents (scale_exp), the same way
  bool b_finite = true;                  // every B value finite
  {
    const bool mn = tb && eb != 0;
    std::uint32_t lo = 0, hi = 0;
    const std::size_t raw_size = std::size_t{32} * N;
    raw_b.resize(raw_size);
    if ((!mn || eb == 2) && gather(db, mn, 0, N, raw_b.data(), lo, hi)) {
      if (cta.touched_shared.extend(lo, hi - lo)) L_.progress = true;
      const std::uint64_t key = static_cast<std::uint64_t>(bt) | std::uint64_t{mn} << 8 | std::uint64_t{floating} << 9 |
                                std::uint64_t{N} << 16 | std::uint64_t{K} << 32;
      WgmmaOperandCache* hit = nullptr;
      WgmmaOperandCache* victim = &cta.wgmma_b[0];
      for (WgmmaOperandCache& e : cta.wgmma_b) {
        if (e.valid && e.desc == bdesc && e.key == key && e.lo == lo && e.hi == hi &&
            std::memcmp(e.raw.data(), raw_b.data(), raw_size) == 0) {
          hit = &e;
          break;
        }
        if (!e.valid) victim = &e;
        else if (victim->valid && e.used < victim->used) victim = &e;
      }
      if (hit == nullptr) {
        hit = victim;
        hit->valid = false;
        hit->raw.assign(raw_b.begin(), raw_b.end());
        hit->bits.resize(std::size_t{K} * N);
        raw_elements(raw_b.data(), mn, N, hit->bits.data(), 1, N);
        if (floating) {
          hit->values.resize(std::size_t{K} * N);
          for (unsigned k = 0; k < K; ++k)  // transposed: column j's K values side by side for the sums below
            for (unsigned j = 0; j < N; ++j) hit->values[j * K + k] = element_value(bt, hit->bits[k * N + j]);
          hit->scales.resize(hit->values.size());
          for (std::size_t e = 0; e < hit->values.size(); ++e) hit->scales[e] = element_scale(bt, hit->values[e]);
          b_row_major(K, N, hit->values, hit->scales, hit->values_kn, hit->exps_kn, hit->finite);
        }
        hit->desc = bdesc;
        hit->key = key;
        hit->lo = lo;
        hit->hi = hi;
        hit->valid = true;
      }
      hit->used = ++cta.wgmma_b_uses;
      Bbits = hit->bits.data();
      Bvals = hit->values.data();
      Bscales = hit->scales.data();
      Bkn = hit->values_kn.data();
      Bexp = hit->exps_kn.data();
      b_finite = hit->finite;
    } else {
      B.resize(std::size_t{K} * N);
      for (unsigned k = 0; k < K; ++k)
        for (unsigned j = 0; j < N; ++j) B[k * N + j] = element(db, tb, j, k, "B");
      if (floating) {
        Bv.resize(B.size());
        for (unsigned k = 0; k < K; ++k)
          for (unsigned j = 0; j < N; ++j) Bv[j * K + k] = element_value(bt, B[k * N + j]);
        Bs.resize(Bv.size());
        for (std::size_t e = 0; e < Bv.size(); ++e) Bs[e] = element_scale(bt, Bv[e]);
        b_row_major(K, N, Bv, Bs, Bkn_scratch, Bexp_scratch, b_finite);
      }
      Bbits = B.data();
      Bvals = Bv.data();
      Bscales = Bs.data();
      Bkn = Bkn_scratch.data();
      Bexp = Bexp_scratch.data();
    }
  }
  // C: D's registers.
  const auto d_cell = [&](unsigned lane, unsigned i, unsigned half) -> Cell {
    const unsigned g = lane / 4, t = lane % 4;
    if (half_d) return {g + 8 * (i % 2), 8 * (i / 2) + 2 * t + half};
    return {g + 8 * ((i / 2) % 2), 8 * (i / 4) + 2 * t + i % 2};
  };
  for (unsigned i = 0; i < d_regs; ++i)  // register by register: each one's 32 lanes lie side by side
    for (unsigned lane = 0; lane < kWarpSize; ++lane) {
      const std::uint64_t v = cx.read_elem(dop, i, lane);
      if (half_d) {
        for (unsigned h = 0; h < 2; ++h) {
          const Cell c = d_cell(lane, i, h);
          C[c.row * N + c.col] = (v >> (16 * h)) & 0xffff;
        }
      } else {
        const Cell c = d_cell(lane, i, 0);
        C[c.row * N + c.col] = v & 0xffffffffu;
      }
    }

  // D.
  const bool neg = ((in.wg_mode & ir::kWgmmaNegA) != 0) != ((in.wg_mode & ir::kWgmmaNegB) != 0);
  D.resize(16 * N);
  terms.resize(K + 1);
  tscales.resize(K + 1);
  const bool fp8 = at == MmaType::E4M3 || at == MmaType::E5M2;
  const int f32_align = fp8 ? static_cast<int>(L_.wgmma_fp8_sum_bits) - 24 : static_cast<int>(L_.mma_align_bits);
  bool finite_ab = true;  // every A and B element finite: dot_f32's one pass applies
  if (floating) {  // the floating elements' values (A negated when the product is)
    Av.resize(A.size());
    As.resize(A.size());
    Aexp.resize(A.size());
    for (std::size_t i = 0; i < A.size(); ++i) {
      Av[i] = neg ? -element_value(at, A[i]) : element_value(at, A[i]);
      As[i] = element_scale(at, Av[i]);
      finite_ab = finite_ab && std::isfinite(Av[i]);
      if (finite_ab) Aexp[i] = scale_exp(As[i]);
    }
    finite_ab = finite_ab && b_finite;
  }
  // f32 D with every A and B element finite: a row at a time (dot_row_f32), then dot_f32 for the elements it leaves.
  const bool rows = floating && !half_d && finite_ab && f32_align <= 5 && N % 8 == 0 && (K == 8 || K == 16 || K == 32);
  if (rows) {
    c_row.resize(N);
    c_exp.resize(N);
    d_row.resize(N);
    d_slow.resize(N);
  }
  // One f32-D element (row i, column j) through dot_f32 (K 8, 16 or 32).
  const auto dot_one = [&](unsigned i, unsigned j) {
    const double cv = scale_d ? f32_value(static_cast<std::uint32_t>(C[i * N + j])) : 0.0;
    const double *a_row = &Av[i * K], *b_col = &Bvals[j * K], *as = &As[i * K], *bs = &Bscales[j * K];
    const bool fin = finite_ab && std::isfinite(cv);
    return K == 16   ? dot_f32<16>(a_row, b_col, as, bs, fin, scale_d, cv, f32_align, terms.data(), tscales.data())
           : K == 32 ? dot_f32<32>(a_row, b_col, as, bs, fin, scale_d, cv, f32_align, terms.data(), tscales.data())
                     : dot_f32<8>(a_row, b_col, as, bs, fin, scale_d, cv, f32_align, terms.data(), tscales.data());
  };
  for (unsigned i = 0; i < 16; ++i) {
    if (rows) {
      for (unsigned j = 0; j < N; ++j) {
        const double cv = scale_d ? f32_value(static_cast<std::uint32_t>(C[i * N + j])) : 0.0;
        const bool fin = std::isfinite(cv);
        c_row[j] = fin ? cv : 0.0;
        c_exp[j] = fin ? scale_exp(cv) : kZeroExp;
        d_slow[j] = static_cast<std::uint8_t>(!fin);
      }
      const double* a_row = &Av[i * K];
      const int* ea = &Aexp[i * K];
      dot_row_f32(K, a_row, ea, Bkn, Bexp, N, c_row.data(), c_exp.data(), f32_align, d_row.data(), d_slow.data());
      for (unsigned j = 0; j < N; ++j) D[i * N + j] = d_slow[j] == 0 ? d_row[j] : dot_one(i, j);
      continue;
    }
    for (unsigned j = 0; j < N; ++j) {
      const std::uint64_t c = C[i * N + j];
      std::uint64_t& d = D[i * N + j];
      if (dt == ScalarType::S32) {
        std::int64_t s = scale_d ? static_cast<std::int32_t>(c & 0xffffffffu) : 0;
        for (unsigned k = 0; k < K; ++k)
          s += at == MmaType::B1And ? static_cast<std::int64_t>(A[i * K + k] & Bbits[k * N + j])
                                    : int_value(at, A[i * K + k]) * int_value(bt, Bbits[k * N + j]);
        if (in.has(ir::kSatfinite)) s = std::clamp<std::int64_t>(s, INT32_MIN, INT32_MAX);
        d = static_cast<std::uint32_t>(s);
        continue;
      }
      if (!half_d && (K == 8 || K == 16 || K == 32)) {
        d = dot_one(i, j);
        continue;
      }
      double* t = terms.data();
      double* ts = tscales.data();
      std::size_t n = 0;
      if (scale_d) {
        t[n] = half_d ? f16_value(c) : f32_value(static_cast<std::uint32_t>(c));
        ts[n] = std::fabs(t[n]);
        ++n;
      }
      const double* a_row = &Av[i * K];
      const double* b_col = &Bvals[j * K];
      for (unsigned k = 0; k < K; ++k) {
        ts[n] = As[i * K + k] * Bscales[j * K + k];
        t[n++] = a_row[k] * b_col[k];  // exact
      }
      const std::span<const double> span(t, n);
      const std::span<const double> sspan(ts, n);
      d = half_d ? half_sum(span, sspan, f32_align) : aligned_sum_f32(span, sspan, f32_align);
    }
  }
  // WARPSIM_WGMMA_TERMS=FILE: each floating D element's inputs, for tools/numerics/wgmma_match.py (one line per
  // element: CTA, warp, lane, register (f16 D: register x 2 + half), the warp's n-th wgmma, K, scale-d, C as a
  // double's bits, D's bits, then each a_k and b_k as a double's bits). Off unless set; changes no result.
  static std::FILE* const terms_file = [] {
    const char* path = std::getenv("WARPSIM_WGMMA_TERMS");
    return path != nullptr ? std::fopen(path, "w") : nullptr;
  }();
  if (terms_file != nullptr && floating) {
    for (unsigned lane = 0; lane < kWarpSize; ++lane)
      for (unsigned i = 0; i < d_regs * (half_d ? 2 : 1); ++i) {
        const Cell c = half_d ? d_cell(lane, i / 2, i % 2) : d_cell(lane, i, 0);
        const std::uint64_t cb = C[c.row * N + c.col];
        const double cv = half_d ? f16_value(cb) : f32_value(static_cast<std::uint32_t>(cb));
        std::fprintf(terms_file, "%llu %u %u %u %llu %u %d %016llx %016llx",
                     static_cast<unsigned long long>(cta.linear), w.index, lane, i,
                     static_cast<unsigned long long>(nth), K, scale_d ? 1 : 0,
                     static_cast<unsigned long long>(std::bit_cast<std::uint64_t>(cv)),
                     static_cast<unsigned long long>(D[c.row * N + c.col]));
        for (unsigned k = 0; k < K; ++k)
          std::fprintf(terms_file, " %016llx %016llx",
                       static_cast<unsigned long long>(std::bit_cast<std::uint64_t>(Av[c.row * K + k])),
                       static_cast<unsigned long long>(std::bit_cast<std::uint64_t>(Bvals[c.col * K + k])));
        std::fputc('\n', terms_file);
      }
  }
  for (unsigned i = 0; i < d_regs; ++i)
    for (unsigned lane = 0; lane < kWarpSize; ++lane) {
      if (half_d) {
        const Cell lo = d_cell(lane, i, 0), hi = d_cell(lane, i, 1);
        cx.write_elem(dop, i, lane, (D[lo.row * N + lo.col] & 0xffff) | ((D[hi.row * N + hi.col] & 0xffff) << 16));
      } else {
        const Cell c = d_cell(lane, i, 0);
        cx.write_elem(dop, i, lane, D[c.row * N + c.col]);
      }
    }

  // Pending until a wait_group covers it.
  WgmmaPending p;
  p.group = w.wgmma_commits;
  p.pc = pc;
  p.landed = !L_.async_driven;
  if (L_.async_driven) {
    p.id = L_.next_async++;
    r.async = p.id;
  }
  const ir::Program& prog = *L_.prog;
  for (std::uint32_t i = 0; i < dop.count; ++i) p.regs.push_back(prog.vec_slots[dop.reg + i]);
  if (areg)
    for (std::uint32_t i = 0; i < aop.count; ++i) p.regs.push_back(prog.vec_slots[aop.reg + i]);
  std::erase_if(p.regs, [](std::uint32_t s) { return s == ir::kNoReg || (s & ir::Program::kVecImm) != 0; });
  std::sort(p.regs.begin(), p.regs.end());
  p.regs.erase(std::unique(p.regs.begin(), p.regs.end()), p.regs.end());
  // Add its registers to the warp's sorted set; chained wgmma.mma_async name the same accumulator, already there.
  if (!std::includes(w.wgmma_slots.begin(), w.wgmma_slots.end(), p.regs.begin(), p.regs.end())) {
    thread_local std::vector<std::uint32_t> merged;
    merged.clear();
    std::set_union(w.wgmma_slots.begin(), w.wgmma_slots.end(), p.regs.begin(), p.regs.end(), std::back_inserter(merged));
    w.wgmma_slots.swap(merged);
  }
  w.wgmma.push_back(std::move(p));
  return true;
}

bool Executor::setmaxnreg_fits(Cta& cta, const Warp& w, const ir::Instr& in) {
  const auto n = static_cast<unsigned>(in.ops[0].imm);
  std::uint64_t used = 0;
  for (std::size_t i = 0; i < cta.warp_regs.size(); ++i) used += std::uint64_t{i == w.index ? n : cta.warp_regs[i]} * kWarpSize;
  if (used > cta.reg_pool) return false;
  cta.warp_regs[w.index] = n;
  return true;
}

bool Executor::exec_setmaxnreg(Cta& cta, Warp& w, std::int32_t path, const ir::Instr& in, LaneMask active,
                               LaneMask lanes) {
  const std::uint32_t pc = w.paths[static_cast<std::size_t>(path)].pc;
  const InstrContext cx{L_, cta, w, in, pc};
  require_whole_warp(cx, active, lanes, "setmaxnreg");
  const std::uint32_t group = w.index / 4;
  if (cta.warps.size() < 4 * (group + 1))
    cx.fault(0, "setmaxnreg applies to a whole warpgroup (4 warps, 128 threads); warp {} is in warpgroup {}, of which "
                "the CTA has only {} warps", w.index, group, cta.warps.size() - 4 * group);
  if (L_.regs_per_thread == 0)
    cx.fault(0, "setmaxnreg needs the kernel's registers per thread: give them in the run config as \"registers\": N "
                "(or install ptxas)");
  if (cta.warp_regs.empty()) {
    cta.warp_regs.assign(cta.warps.size(), L_.regs_per_thread);
    cta.reg_pool = std::uint64_t{L_.regs_per_thread} * kWarpSize * cta.warps.size();
  }
  const auto n = static_cast<unsigned>(in.ops[0].imm);
  const unsigned cur = cta.warp_regs[w.index];
  const bool dec = in.sub == 1;
  if (dec && n > cur)
    cx.fault(0, "setmaxnreg.dec to {} registers per thread, more than the warp's {} (PTX ISA: undefined)", n, cur);
  if (!dec && n < cur)
    cx.fault(0, "setmaxnreg.inc to {} registers per thread, fewer than the warp's {} (PTX ISA: undefined)", n, cur);
  if (dec) {
    cta.warp_regs[w.index] = n;
    release_async_waits(cta);  // a warp waiting in setmaxnreg.inc may fit now
    return true;
  }
  if (setmaxnreg_fits(cta, w, in)) return true;
  w.paths[static_cast<std::size_t>(path)].wait = Wait::AsyncCopy;  // until a .dec makes room
  return false;
}

}  // namespace warpsim::func
