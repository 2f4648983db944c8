// Decoded instructions: the compact form the simulator executes, with no string work left.
//
// Models: one PTX instruction as an opcode enum, its types and modifiers as enums and flags, and its
// operands resolved to register slots, immediates, special registers, addresses (base slot + offset, with
// symbols resolved to their state space and offset) and branch/call targets (program counters).
// Leaves out: semantics (func/) and what holds for every instruction of an opcode (its pipeline class and
// flags: the opcode table, ir/opcodes.hpp).
#pragma once

#include <warpsim/ir/types.hpp>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace warpsim::ir {

enum class Op : std::uint16_t {
#define WARPSIM_OP(name, text, pipe, flags) name,
#include <warpsim/ir/opcodes.def>
#undef WARPSIM_OP
  Count_
};

// State spaces. ParamKernel is the kernel parameter buffer; ParamFunc is a per-thread area holding .func
// parameters, return values and call-site .param variables; SharedCluster is shared::cluster.
enum class Space : std::uint8_t {
  None,
  Generic,
  Reg,
  Global,
  Shared,
  SharedCluster,
  Local,
  Const,
  ParamKernel,
  ParamFunc
};

enum class Special : std::uint8_t {
  Tid,
  Ntid,
  Ctaid,
  Nctaid,
  Laneid,
  Warpid,
  Nwarpid,
  Smid,
  Nsmid,
  Gridid,
  LanemaskEq,
  LanemaskLe,
  LanemaskLt,
  LanemaskGe,
  LanemaskGt,
  Clock,
  Clock64,
  Globaltimer,
  GlobaltimerLo,
  GlobaltimerHi,
  Clusterid,
  Nclusterid,
  ClusterCtaid,
  ClusterNctaid,
  ClusterCtarank,
  ClusterNctarank,
  IsExplicitCluster,
  DynamicSmemSize,
  TotalSmemSize,
  AggrSmemSize,
  Envreg,
  Pm,
  ReservedSmemOffsetBegin,
  ReservedSmemOffsetEnd,
  ReservedSmemOffsetCap,
  CurrentGraphExec,
};

inline constexpr std::uint32_t kNoReg = 0xffffffffu;
inline constexpr std::uint32_t kNoPc = 0xffffffffu;

struct Operand {
  enum class Kind : std::uint8_t { None, Reg, Imm, Special, Addr, Vec, Sink, Label, Func };
  Kind kind = Kind::None;
  bool neg = false;            // !%p
  Special special{};           // Kind::Special
  std::uint8_t component = 0;  // Kind::Special: 0=x 1=y 2=z (or the index of %envregN / %pmN)
  Space space = Space::None;   // Kind::Addr: the space of a symbol base (None when the base is a register)
  std::uint32_t reg = kNoReg;  // Kind::Reg: slot; Kind::Addr: base register slot or kNoReg;
                               // Kind::Vec: index of the first slot in Program::vec_slots
  std::uint32_t count = 0;     // Kind::Vec: number of elements
  std::int64_t imm = 0;        // Kind::Imm: bits; Kind::Addr: offset (symbol offset included);
                               // Kind::Label: target pc; Kind::Func: function index
};

// Modifier flags (one bit each).
enum Flag : std::uint64_t {
  kFtz = 1u << 0,
  kSat = 1u << 1,
  kApprox = 1u << 2,
  kFull = 1u << 3,
  kHi = 1u << 4,
  kLo = 1u << 5,
  kWide = 1u << 6,
  kCC = 1u << 7,
  kUni = 1u << 8,
  kNaN = 1u << 9,
  kXorsignAbs = 1u << 10,
  kRelu = 1u << 11,
  kSatfinite = 1u << 12,
  kShiftAmt = 1u << 13,
  kClamp = 1u << 14,
  kLeft = 1u << 15,
  kAligned = 1u << 16,
  kVolatile = 1u << 17,
  kNoFtz = 1u << 18,
  kToSpace = 1u << 19 /* cvta.to */,
  kMemOrder = 1u << 21 /* .relaxed/.acquire/.release/.acq_rel/.sc/.mmio: not a weak access */,
  kNoUnroll = 1u << 20 /* first instruction after `.pragma "nounroll"` (a loop header ptxas must not unroll) */,
  kL1Bypass = 1u << 22 /* .cg/.cv, .volatile, or .relaxed/.acquire wider than .cta: the load is served by L2 */,
  kParity = 1u << 23 /* mbarrier.test_wait/try_wait.parity: the last source is a phase parity, not a state */,
  kExpectTx = 1u << 24 /* mbarrier.arrive.expect_tx / arrive_drop.expect_tx: the count operand is a tx-count */,
  kNoComplete = 1u << 25 /* mbarrier.arrive(_drop).noComplete: the arrival must not complete the phase */,
  kNoInc = 1u << 26 /* cp.async.mbarrier.arrive.noinc */,
  kIgnoreSrc = 1u << 27 /* cp.async: the fourth operand is the ignore-src predicate, not src-size */,
  kCachePolicy = 1u << 28 /* .L2::cache_hint: the last operand is a 64-bit cache policy */,
  kBulkSharedSrc = 1u << 29 /* cp.async.bulk (non-tensor) with a .shared::cta source (else .global) */,
  kBulkRead = 1u << 30 /* cp.async.bulk.wait_group.read: waits only until the sources have been read */,
  kMulticast = 1u << 31 /* cp.async.bulk(.tensor) .multicast::cluster: a ctaMask operand follows [mbar] */,
  kNc = 1ull << 32 /* ld.global.nc: the data is read-only while the kernel runs (PTX ISA, ld.global.nc) */,
  kUnrollStep = 1ull << 33 /* ptxas unroll: an earlier copy's counter step, merged into the trip's last one */,
};

// Sub-operations for instructions with a mode modifier.
enum class AtomOp : std::uint8_t { Add, Min, Max, Inc, Dec, And, Or, Xor, Exch, Cas };
enum class ShflMode : std::uint8_t { Up, Down, Bfly, Idx };
// mma.sync.aligned shapes (Instr::sub of Op::Mma) and operand types (Instr::sub2: A's type in the low 4 bits, B's in
// the high 4; Instr::type is D's type and Instr::type2 C's: S32, F16, F32 or F64). B1And/B1Xor are .b1 with
// .and.popc / .xor.popc. Instr::vec of Op::Mma: bit 0 always set, bits 1-2 the sparsity (0 dense mma.sync, 1 mma.sp,
// 2 mma.sp::ordered_metadata; the sparse forms' operands are d, a, b, c, e (metadata), f (selector, an immediate)),
// bit 3 A column-major, bit 4 B row-major (only mma.m8n8k4 .f16 takes other layouts than .row.col). ldmatrix/stmatrix: Instr::vec is .num (1, 2, 4), Instr::sub 1 with .trans; movmatrix has
// .trans always. Executed by src/func/exec_matrix.cpp.
enum class MmaShape : std::uint8_t {
  M8N8K4,
  M8N8K16,
  M8N8K32,
  M8N8K128,
  M16N8K4,
  M16N8K8,
  M16N8K16,
  M16N8K32,
  M16N8K64,
  M16N8K128,
  M16N8K256,
};
enum class MmaType : std::uint8_t { F16, BF16, TF32, F64, S8, U8, S4, U4, B1And, B1Xor, E4M3, E5M2 };
struct MmaDims {
  unsigned m, n, k;
};
MmaDims mma_dims(MmaShape s);
// Bits of one element of the type (b1: 1, s4/u4: 4, s8/u8/e4m3/e5m2: 8, f16/bf16: 16, tf32: 32, f64: 64).
unsigned mma_bits(MmaType t);
// wgmma.<op> (Instr::sub; PTX ISA "Asynchronous warpgroup level matrix instructions", src/func/exec_wgmma.cpp).
// MmaAsync: Instr::sub2 A's and B's types (as mma's), Instr::type D's type, Instr::wg_n N (M is 64; K follows from
// the types), Instr::wg_mode the WgmmaMode bits; operands d {vector}, a (a 64-bit descriptor register, or {vector}
// with kWgmmaARegs), b (descriptor), scale-d (a predicate or an immediate). WaitGroup: ops[0] is the immediate N.
enum class WgmmaOp : std::uint8_t { MmaAsync, Fence, CommitGroup, WaitGroup };
enum WgmmaMode : std::uint8_t {
  kWgmmaARegs = 1,  // A from registers
  kWgmmaNegA = 2,   // imm-scale-a -1
  kWgmmaNegB = 4,   // imm-scale-b -1
  kWgmmaTransA = 8,   // imm-trans-a 1: A is M-major in shared memory
  kWgmmaTransB = 16,  // imm-trans-b 1: B is N-major
};
// Sparse mma.sp: the elements of one metadata chunk of a row of A (4 for 2:4; tf32's 1:2 chunks are 2 wide, s4/u4's
// pair-wise 4:8 chunks 8), and the threads of each group of four that hold metadata (each 4 chunks of row g in its
// low 16 bits, the same of row g + 8 in its high 16 bits): 1, 2 or 4 (PTX ISA, "Sparse matrix storage").
unsigned mma_sparse_chunk(MmaType a);
unsigned mma_sparse_meta_threads(MmaShape s, MmaType a);
enum class VoteMode : std::uint8_t { All, Any, Uni, Ballot };
enum class ReduxOp : std::uint8_t { Add, Min, Max, And, Or, Xor };
// bar.sync (and plain bar), bar.arrive, bar.red; barrier.*; barrier.cluster.arrive and barrier.cluster.wait.
enum class BarOp : std::uint8_t { Sync, Arrive, Red, ClusterArrive, ClusterWait };
enum class MatchMode : std::uint8_t { Any, All };
// mbarrier.<op> (PTX ISA "Parallel Synchronization and Communication Instructions: mbarrier").
enum class MbarOp : std::uint8_t {
  Init,
  Inval,
  Arrive,      // mbarrier.arrive (kExpectTx: arrive.expect_tx)
  ArriveDrop,  // mbarrier.arrive_drop (kExpectTx: arrive_drop.expect_tx)
  ExpectTx,
  CompleteTx,
  TestWait,  // kParity: .parity
  TryWait,   // kParity: .parity
  PendingCount,
};
// cp.async.<op>: Ampere's non-bulk asynchronous copy (global -> shared::cta) with its groups, and Hopper's bulk and
// tensor copies (src/func/exec_bulk.cpp). Instr::space of Bulk/BulkTensor is the destination's (Shared or Global),
// Instr::sub2 is 0 for a copy and 1 + ir::AtomOp for cp.reduce.async.bulk(.tensor), Instr::type the reduction's type.
// Operands: Bulk [dst], [src], size{, [mbar]{, ctaMask}}; BulkTensor load [dst], [tmap], {coords}, [mbar]{, ctaMask};
// store/reduce [tmap], {coords}, [src]; BulkPrefetch [src], size; BulkPrefetchTensor [tmap], {coords}; each
// {, cache-policy}. ctaMask (kMulticast) is a 16-bit mask of the cluster's CTA ranks.
enum class CpAsyncOp : std::uint8_t {
  Copy,
  CommitGroup,
  WaitGroup,
  WaitAll,
  MbarrierArrive,
  Bulk,                // cp.async.bulk / cp.reduce.async.bulk
  BulkTensor,          // cp.async.bulk.tensor / cp.reduce.async.bulk.tensor (tile mode)
  BulkCommitGroup,     // cp.async.bulk.commit_group
  BulkWaitGroup,       // cp.async.bulk.wait_group(.read) N
  BulkPrefetch,        // cp.async.bulk.prefetch.L2.global
  BulkPrefetchTensor,  // cp.async.bulk.prefetch.tensor.Nd.L2.global(.tile)
};

struct Instr {
  Op op = Op::Nop;
  ScalarType type = ScalarType::None;   // the instruction's main type (.s32, .f32, ...)
  ScalarType type2 = ScalarType::None;  // second type: cvt source, setp/set source, mul.wide source, ...
  Rnd rnd = Rnd::None;
  Cmp cmp = Cmp::EQ;
  BoolOp boolop = BoolOp::None;
  Space space = Space::None;  // ld/st/atom/cvta/...
  std::uint8_t vec = 1;       // .v2/.v4/.v8
  std::uint8_t sub = 0;       // AtomOp, ShflMode, VoteMode, ReduxOp, BarOp, MatchMode, prmt mode, ...
  std::uint8_t sub2 = 0;      // cp(.reduce).async.bulk: 0 copy, else 1 + AtomOp (see CpAsyncOp)
  std::uint8_t wg_mode = 0;   // wgmma.mma_async: WgmmaMode bits
  std::uint16_t wg_n = 0;     // wgmma.mma_async: N
  std::uint8_t nops = 0;      // operands in use
  std::uint8_t ndst = 0;      // the first ndst operands are destinations
  bool guard_neg = false;
  std::uint32_t guard = kNoReg;  // predicate slot of @p / @!p
  std::uint64_t flags = 0;
  std::array<Operand, 6> ops{};
  std::uint32_t line = 0;                    // PTX line
  std::uint32_t src_file = 0, src_line = 0;  // from the last .loc, 0 if none
  std::uint32_t func = 0;                    // index of the function holding it

  bool has(Flag f) const { return (flags & f) != 0; }
  template <class SubOp>
  SubOp sub_op() const {
    return static_cast<SubOp>(sub);
  }  // sub as its enum
  const Operand& dst(unsigned i = 0) const { return ops[i]; }
  const Operand& src(unsigned i) const { return ops[ndst + i]; }
  unsigned nsrc() const { return nops - ndst; }
};

inline MmaType mma_atype(const Instr& in) { return static_cast<MmaType>(in.sub2 & 0xf); }
inline MmaType mma_btype(const Instr& in) { return static_cast<MmaType>(in.sub2 >> 4); }
// 0 dense, 1 mma.sp, 2 mma.sp::ordered_metadata (see MmaShape's comment).
inline unsigned mma_sparse(const Instr& in) { return (in.vec >> 1) & 3u; }
inline bool mma_a_col(const Instr& in) { return (in.vec & 8u) != 0; }
inline bool mma_b_row(const Instr& in) { return (in.vec & 16u) != 0; }

std::string_view op_name(Op op);

}  // namespace warpsim::ir
