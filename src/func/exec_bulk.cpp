// Hopper's bulk and tensor asynchronous copies (the TMA's instructions), per lane in increasing lane order.
//
// Models (PTX ISA 9.x, "cp.async.bulk", "cp.reduce.async.bulk", "cp.async.bulk.tensor", "cp.reduce.async.bulk.tensor",
// "cp.async.bulk.prefetch(.tensor)", "cp.async.bulk.commit_group/wait_group", "Tensor" and its swizzling modes):
//   bulk      [dst], [src], size: size a multiple of 16, both addresses 16-byte aligned. global -> shared and
//             shared::cta -> shared::cluster complete `size` transaction bytes on an mbarrier ([mbar], which must hold
//             an initialized mbarrier when the copy issues); shared::cta -> global (copy or reduction) belongs to the
//             issuing thread's current bulk-async group.
//   tensor    tile mode, rank 1-5: the 128-byte tensor map (config/tensor_map.hpp: warpsim's encoding, read from param,
//             const or global memory at a 64-byte-aligned address) and the box's first coordinates (s32, innermost
//             first). Along dimension i the box holds ceil(box[i] / elementStrides[i]) elements, the k-th at
//             coordinate c[i] + k * elementStrides[i]; in shared memory (128-byte aligned) they are rows of the
//             innermost dimension, packed without a swizzle; with a swizzle of span S bytes (32, 64, 128) each row
//             starts a new span (a narrower row leaves the rest of its span untouched, as on the H200) and 16-byte
//             chunks are permuted by shared-memory address, bits [4, 4 + log2(S/16)) XORed with bits
//             [7, 7 + log2(S/16)) (the pattern repeats every 8 * S bytes). A load fills elements outside the tensor
//             with zero, or, when the map's oob_fill is nan and its type is a float type, with the launch's
//             tma_nan_fill_pattern (sm.tma_nan_fill_pattern) repeated over the element; it completes the box's bytes
//             (elements x size, not the footprint of its rows) in transaction bytes. A store or reduction reads the
//             same layout and writes only elements inside the tensor.
//             A load, store or reduction whose box does not start 16-byte aligned in global memory is a fault (the
//             PTX ISA's bounding-box alignment); a prefetch is not checked.
//   asynchrony  each copy's source is read when it issues; its destination is written when it completes: with a
//             driver (Launch::async_driven, the timing model) when the driver calls complete_copy with the
//             warp-instruction's AsyncId (its TMA unit says when); without one (--functional) at the first wait that
//             covers it: an mbarrier test_wait/try_wait on its mbarrier (also when a suspended try_wait times out),
//             the issuing thread's cp.async.bulk.wait_group, or the thread's exit. Either way a read of the
//             destination before that sees the old bytes. complete_tx on the mbarrier follows the bytes.
//   groups    per thread: commit_group closes the bulk-async group, wait_group N waits until at most N committed
//             groups have copies not completed (.read: until their sources have been read; sources are read at
//             issue here, but the wait still waits for completion, which is later: conservative).
//   prefetch  cp.async.bulk.prefetch(.tensor) changes no memory (the timing model's TMA unit fetches into L2).
//   racecheck with Launch::race set, each copy's shared source and destination ranges (a multicast's destination in
//             every CTA it writes), its landing and the bulk group waits go to race_hooks.hpp (func/racecheck.hpp).
//   multicast global -> shared::cluster loads (bulk and tensor) with .multicast::cluster and a 16-bit ctaMask: the
//             source is read once, and every CTA of the cluster whose rank the mask names receives the bytes at the
//             same CTA-relative shared-memory offset as [dst] and its complete_tx on the mbarrier at the same
//             CTA-relative offset as [mbar] (each must hold an initialized mbarrier when the copy issues; the issuing
//             CTA's own only if the mask names it). A mask bit outside the cluster, a destination CTA that has exited
//             and an empty mask are faults. Each destination's copy lands on its own (a BulkOp in that CTA's list,
//             `incoming` when another CTA issued it; with a driver, an Issued::deliveries entry with its AsyncId);
//             without one at the destination's first wait on that mbarrier. A copy into a CTA that exits before it
//             lands is dropped (on the GPU the memory may belong to another CTA by then).
// Leaves out: clusters beyond multicast (a non-multicast .shared::cluster destination or mbarrier must be the
// executing CTA's own shared memory), .cta_group and the im2col and gather4/scatter4 modes (rejected at load),
// interleaved tensor maps (a fault when a copy reads one), memory ordering between the async and generic proxies
// (every access is visible at once when it happens) and the L2 cache hints.
#include "race_hooks.hpp"

#include <warpsim/config/tensor_map.hpp>
#include <warpsim/func/cluster.hpp>
#include <warpsim/func/scalar.hpp>

#include <algorithm>
#include <bit>
#include <cstring>

namespace warpsim::func {
namespace {

using config::TensorMap;
using ir::CpAsyncOp;
using ir::ScalarType;
namespace S = scalar;

constexpr std::uint64_t kMaxPrefetchBytes = std::uint64_t{1} << 20;

std::string_view bulk_name(const ir::Instr& in) {
  const bool tensor =
      in.sub_op<CpAsyncOp>() == CpAsyncOp::BulkTensor || in.sub_op<CpAsyncOp>() == CpAsyncOp::BulkPrefetchTensor;
  if (in.sub2 != 0) return tensor ? "cp.reduce.async.bulk.tensor" : "cp.reduce.async.bulk";
  return tensor ? "cp.async.bulk.tensor" : "cp.async.bulk";
}

// The CTA's shared-memory offset of `bytes` bytes at the .shared::cta or .shared::cluster address `a`. Without
// clusters a .shared::cluster address must name the executing CTA's own shared memory, which has the same offsets
// as .shared::cta (the CTA's window in the cluster's); other CTAs' windows and multicast translate here later.
std::uint32_t shared_offset(const InstrContext& cx, Addr a, std::uint64_t bytes, unsigned lane, std::string_view what) {
  if (a > cx.cta.smem.size() || bytes > cx.cta.smem.size() - a)
    cx.fault(lane,
             "{}'s {} [0x{:x}, 0x{:x}) is not in this CTA's {} bytes of shared memory (another CTA's shared memory "
             "in the cluster needs clusters, which are not supported yet)",
             bulk_name(cx.in), what, a, a + bytes, cx.cta.smem.size());
  if (cx.cta.touched_shared.extend(a, bytes)) cx.L.progress = true;
  return static_cast<std::uint32_t>(a);
}

// `bytes` bytes of global memory at `a` (bounds checked; counted as touched for the watchdog).
std::uint8_t* global_bytes(const InstrContext& cx, Addr a, std::uint64_t bytes, unsigned lane, bool write) {
  ir::Space rs = ir::Space::None;
  Addr off = 0;
  std::uint8_t* p = cx.translate(ir::Space::Global, a, bytes, lane, write, &rs, &off);
  if (cx.cta.touched_global[cx.L.global->last_region()].extend(off, bytes)) cx.L.progress = true;
  return p;
}

// The mbarrier operand's shared offset: an initialized mbarrier of this CTA.
std::uint32_t mbarrier_operand(const InstrContext& cx, const ir::Operand& op, unsigned lane) {
  const Addr a = cx.address(op, lane);
  if (a % 8 != 0) cx.fault(lane, "{}'s mbarrier address 0x{:x} is not 8-byte aligned", bulk_name(cx.in), a);
  const std::uint32_t off = shared_offset(cx, a, 8, lane, "mbarrier");
  if (!cx.cta.async.mbarriers.contains(off))
    cx.fault(lane, "{}'s mbarrier at shared 0x{:x} is not an initialized mbarrier (used before mbarrier.init, or "
                   "after mbarrier.inval)",
             bulk_name(cx.in), off);
  return off;
}

std::uint32_t cluster_ctas(const Cta& cta) {
  return cta.cluster != nullptr ? static_cast<std::uint32_t>(cta.cluster->ctas.size()) : 1;
}

// A multicast's [dst] or [mbar] (a shared::cluster address, func/cluster.hpp's encoding): its CTA-relative offset,
// which every destination CTA uses.
Addr cta_relative(const InstrContext& cx, Addr a, unsigned lane, std::string_view what) {
  const DsmemTarget t = resolve_dsmem(cx.cta.cluster, cx.cta, cx.cta.rank, a);
  if (t.status == DsmemTarget::Status::BadRank)
    cx.fault(lane, "{}'s {} address 0x{:x} names CTA rank {}, outside the cluster of {} CTAs", bulk_name(cx.in), what, a,
             t.rank, cluster_ctas(cx.cta));
  return t.offset;  // an exited CTA's address still names the offset (only the mask's CTAs are written)
}

// The CTAs a multicast's ctaMask names, by rank (at most 16): each of the cluster, not exited, holding an initialized
// mbarrier at `mbar`.
std::vector<Cta*> multicast_targets(const InstrContext& cx, unsigned lane, std::uint32_t mbar) {
  const std::uint64_t mask = cx.read(cx.in.ops[4], lane) & 0xffffu;
  const std::uint32_t n = cluster_ctas(cx.cta);
  if (mask == 0) cx.fault(lane, "{}.multicast::cluster's ctaMask is 0: it names no destination CTA", bulk_name(cx.in));
  std::vector<Cta*> out;
  for (std::uint32_t r = 0; r < 16; ++r) {
    if ((mask >> r & 1u) == 0) continue;
    if (r >= n)
      cx.fault(lane, "{}.multicast::cluster's ctaMask 0x{:04x} names CTA rank {}, outside the cluster of {} CTAs",
               bulk_name(cx.in), mask, r, n);
    Cta* t = r == cx.cta.rank ? &cx.cta : cx.cta.cluster->ctas[r];
    if (t != &cx.cta && (t == nullptr || cx.cta.cluster->gone[r] != 0 || t->done()))
      cx.fault(lane,
               "{}.multicast::cluster's ctaMask 0x{:04x} names CTA rank {} of the cluster, which has exited: its shared "
               "memory is gone (keep a CTA alive with barrier.cluster until the copies it receives have landed)",
               bulk_name(cx.in), mask, r);
    if (!t->async.mbarriers.contains(mbar))
      cx.fault(lane, "{}.multicast::cluster's mbarrier at shared 0x{:x} of CTA rank {} is not an initialized mbarrier "
                     "(used before mbarrier.init, or after mbarrier.inval)",
               bulk_name(cx.in), mbar, r);
    out.push_back(t);
  }
  return out;
}

// The offset of a multicast's mbarrier (8-byte aligned, in shared memory; each destination checks it holds one).
std::uint32_t multicast_mbarrier(const InstrContext& cx, const ir::Operand& op, unsigned lane) {
  const Addr a = cx.address(op, lane);
  if (a % 8 != 0) cx.fault(lane, "{}'s mbarrier address 0x{:x} is not 8-byte aligned", bulk_name(cx.in), a);
  return shared_offset(cx, cta_relative(cx, a, lane, "mbarrier"), 8, lane, "mbarrier");
}

// Whether a path of the CTA is suspended in a try_wait on its mbarrier at shared offset `off`.
bool suspended_on(const Cta& cta, const Launch& L, std::uint32_t off) {
  for (const Warp& w : cta.warps)
    for (const Path& p : w.paths)
      if (p.wait == Wait::Mbarrier && p.mask.any() &&
          mbarrier_offset_of(L, w, L.prog->code[p.pc], static_cast<unsigned>(std::countr_zero(p.mask.bits))) == off)
        return true;
  return false;
}

// The tensor map a tensor operand names, decoded (a fault saying why if the bytes are not one).
TensorMap read_map(const InstrContext& cx, const ir::Operand& op, unsigned lane, Addr* where) {
  const Addr a = cx.address(op, lane);
  *where = a;
  if (a % config::kTensorMapAlign != 0)
    cx.fault(lane, "{}'s tensor map address 0x{:x} is not {}-byte aligned", bulk_name(cx.in), a,
             config::kTensorMapAlign);
  ir::Space rs = ir::Space::None;
  const ir::Space space = op.space != ir::Space::None ? op.space : ir::Space::Generic;
  const std::uint8_t* p = cx.translate(space, a, config::kTensorMapBytes, lane, false, &rs);
  if (rs != ir::Space::Global && rs != ir::Space::ParamKernel && rs != ir::Space::Const)
    cx.fault(lane, "{}'s tensor map at 0x{:x} is not in param, const or global memory", bulk_name(cx.in), a);
  try {
    return config::decode_tensor_map(reinterpret_cast<const std::byte*>(p));
  } catch (const Error& e) {
    cx.fault(lane, "{}: the tensor map at 0x{:x}: {}", bulk_name(cx.in), a, e.what());
  }
}

ScalarType element_type(config::TensorMapDtype t) {
  using D = config::TensorMapDtype;
  switch (t) {
    case D::Uint8: return ScalarType::U8;
    case D::Uint16: return ScalarType::U16;
    case D::Uint32: return ScalarType::U32;
    case D::Int32: return ScalarType::S32;
    case D::Uint64: return ScalarType::U64;
    case D::Int64: return ScalarType::S64;
    case D::Float16: return ScalarType::F16;
    case D::Bfloat16: return ScalarType::BF16;
    case D::Float64: return ScalarType::F64;
    case D::Float32:
    case D::Float32Ftz:
    case D::Tfloat32:
    case D::Tfloat32Ftz: return ScalarType::F32;
  }
  return ScalarType::U8;
}

// The box of a tensor copy: its geometry in shared memory and where each element is in the tensor.
struct Box {
  const TensorMap& m;
  std::array<std::int64_t, 5> c{};  // first coordinates
  std::array<std::uint64_t, 5> n{};  // elements per dimension (1 beyond the rank)
  unsigned esize = 1;
  // The box's bytes, its elements times their size: what a load's complete_tx counts, not the shared-memory
  // footprint (a narrow swizzled box's rows leave gaps): traces/tma_swizzle's 16 x 16 float box under 128B swizzle
  // completes an mbarrier expecting 1,024 bytes on the H200, where the rows span 2,048.
  std::uint64_t bytes = 0;
  std::uint64_t row_bytes = 0;  // bytes of one row of the box (its innermost dimension)
  std::uint64_t pitch = 0;      // bytes from one row's start to the next's in shared memory
  std::uint64_t footprint = 0;  // shared-memory bytes from the box's start to the end of its last row
  unsigned span = 0;            // swizzle span (0: none)

  Box(const TensorMap& map, const InstrContext& cx, const ir::Operand& coords, unsigned lane) : m(map) {
    esize = config::dtype_size(m.dtype);
    span = config::swizzle_span(m.swizzle);
    bytes = esize;
    for (unsigned i = 0; i < 5; ++i) {
      n[i] = i < m.rank ? (m.box[i] + m.element_strides[i] - 1) / m.element_strides[i] : 1;
      c[i] = i < m.rank ? static_cast<std::int32_t>(cx.read_elem(coords, i, lane) & 0xffffffffu) : 0;
      bytes *= n[i];
    }
    row_bytes = n[0] * esize;
    // Without a swizzle the rows are packed. With one, each row starts a new span: the H200 puts the rows of a
    // 64-byte inner box under the 128-byte swizzle 128 bytes apart (traces/tma_swizzle). cuTensorMapEncodeTiled
    // keeps a swizzled row within the span, so the pitch is the span; a wider row would take whole spans.
    pitch = span == 0 ? row_bytes : (row_bytes + span - 1) / span * span;
    footprint = bytes / row_bytes * pitch;
  }
  // The shared-memory byte, relative to the box's 128-byte-aligned start `base`, of byte `lin` of the dense box
  // (rows of row_bytes bytes, innermost dimension first): its row at `pitch`, then the swizzle's permutation of
  // 16-byte chunks by address, address bits [4, 4 + log2(span/16)) XOR bits [7, ...). A chunk stays within its
  // span, so every byte lies in [0, footprint).
  std::uint64_t place(std::uint64_t base, std::uint64_t lin) const {
    if (span == 0) return lin;
    const std::uint64_t a = base + lin / row_bytes * pitch + lin % row_bytes;
    const std::uint64_t mask = (std::uint64_t{span} / 16 - 1) << 4;
    return (a ^ ((a >> 3) & mask)) - base;
  }
  // Whether the box's first element, at the copy's coordinates, is 16-byte aligned in global memory (the PTX ISA's
  // "Bounding Box": its address must be aligned to 16 bytes). The map's address and strides are multiples of 16
  // (cuTensorMapEncodeTiled), so only the inner coordinate matters; coordinates outside the tensor count as well.
  bool aligned() const { return (static_cast<std::uint64_t>(c[0]) * esize) % 16 == 0; }
  // Visits every row (one index per dimension 1..4): the row's linear byte in the dense box, whether it lies in
  // the tensor along dimensions 1..4, and its global address at inner coordinate 0.
  // At most `max_rows` rows.
  template <class F>
  void rows(F&& f, std::uint64_t max_rows = ~std::uint64_t{0}) const {
    std::uint64_t lin = 0, visited = 0;
    const std::uint64_t row = n[0] * esize;
    for (std::uint64_t k4 = 0; k4 < n[4]; ++k4)
      for (std::uint64_t k3 = 0; k3 < n[3]; ++k3)
        for (std::uint64_t k2 = 0; k2 < n[2]; ++k2)
          for (std::uint64_t k1 = 0; k1 < n[1]; ++k1, lin += row) {
            if (visited++ == max_rows) return;
            const std::array<std::uint64_t, 5> k{0, k1, k2, k3, k4};
            bool in = true;
            Addr a = m.global_address;
            for (unsigned i = 1; i < m.rank; ++i) {
              const std::int64_t g = c[i] + static_cast<std::int64_t>(k[i] * m.element_strides[i]);
              in = in && g >= 0 && static_cast<std::uint64_t>(g) < m.dims[i];
              a += static_cast<Addr>(g) * m.strides[i - 1];
            }
            f(lin, in, a);
          }
  }
  // Inner coordinate of the k-th element of a row, and whether it lies in the tensor.
  std::int64_t inner(std::uint64_t k) const { return c[0] + static_cast<std::int64_t>(k * m.element_strides[0]); }
  bool inner_in(std::uint64_t k) const { return inner(k) >= 0 && static_cast<std::uint64_t>(inner(k)) < m.dims[0]; }
};

// One element of a reduction: `old` (op) `v` in type t.
std::uint64_t reduce(ir::AtomOp op, ScalarType t, std::uint64_t old, std::uint64_t v) {
  const unsigned w = ir::size_of(t) * 8;
  const std::uint64_t m = w >= 64 ? ~0ull : ((1ull << w) - 1);
  const bool sg = ir::is_signed(t);
  switch (op) {
    case ir::AtomOp::Add:
      if (t == ScalarType::F32) return S::fadd(t, old, v, ir::Rnd::RN, true, false);
      if (ir::is_float(t)) return S::fadd(t, old, v, ir::Rnd::RN, false, false);
      return (old + v) & m;
    case ir::AtomOp::Min: return ir::is_float(t) ? S::fmin(t, old, v, false, false, false) : S::imin(old & m, v & m, w, sg, false);
    case ir::AtomOp::Max: return ir::is_float(t) ? S::fmax(t, old, v, false, false, false) : S::imax(old & m, v & m, w, sg, false);
    case ir::AtomOp::Inc: return (old & m) >= (v & m) ? 0 : ((old + 1) & m);
    case ir::AtomOp::Dec: return ((old & m) == 0 || (old & m) > (v & m)) ? (v & m) : ((old - 1) & m);
    case ir::AtomOp::And: return old & v & m;
    case ir::AtomOp::Or: return (old | v) & m;
    case ir::AtomOp::Xor: return (old ^ v) & m;
    default: return old;
  }
}

// Whether the PTX ISA defines cp.reduce.async.bulk.tensor's operation `op` for element type t.
bool tensor_reduction_defined(ir::AtomOp op, ScalarType t) {
  switch (op) {
    case ir::AtomOp::Add:
      return t == ScalarType::U32 || t == ScalarType::S32 || t == ScalarType::U64 || t == ScalarType::F32 ||
             t == ScalarType::F16 || t == ScalarType::BF16;
    case ir::AtomOp::Min:
    case ir::AtomOp::Max:
      return t == ScalarType::U32 || t == ScalarType::S32 || t == ScalarType::S64 || t == ScalarType::F16 ||
             t == ScalarType::BF16;
    case ir::AtomOp::Inc:
    case ir::AtomOp::Dec: return t == ScalarType::U32;
    case ir::AtomOp::And:
    case ir::AtomOp::Or:
    case ir::AtomOp::Xor: return t == ScalarType::U32 || t == ScalarType::S32 || t == ScalarType::U64 || t == ScalarType::S64;
    default: return false;
  }
}

void write_le(std::uint8_t* p, std::uint64_t v, unsigned n) { std::memcpy(p, &v, n); }
std::uint64_t read_le(const std::uint8_t* p, unsigned n) {
  std::uint64_t v = 0;
  std::memcpy(&v, p, n);
  return v;
}

// Adds a piece of destination, merging it into the previous one when they are contiguous in both.
void add_piece(BulkOp& op, Addr at, std::uint32_t offset, std::uint32_t bytes) {
  if (bytes == 0) return;
  if (!op.pieces.empty()) {
    BulkOp::Piece& p = op.pieces.back();
    if (p.at + p.bytes == at && p.offset + p.bytes == offset) {
      p.bytes += bytes;
      return;
    }
  }
  op.pieces.push_back({at, offset, bytes});
}

void add_span(StepResult& r, Addr at, std::uint64_t bytes) {
  if (bytes == 0) return;
  if (!r.spans.empty() && r.spans.back().at + r.spans.back().bytes == at) {
    r.spans.back().bytes += static_cast<std::uint32_t>(bytes);
    return;
  }
  r.spans.push_back({at, static_cast<std::uint32_t>(bytes)});
}

}  // namespace

bool Executor::exec_bulk(Cta& cta, Warp& w, std::int32_t path, const ir::Instr& in, LaneMask lanes, StepResult& r) {
  Path& p = w.paths[static_cast<std::size_t>(path)];
  const InstrContext cx{L_, cta, w, in, p.pc};
  CtaAsync& as = cta.async;
  if (as.bulk_commits.empty()) as.bulk_commits.resize(cta.warps.size() * kWarpSize);
  const auto thread = [&](unsigned lane) { return w.index * kWarpSize + lane; };
  const CpAsyncOp sub = in.sub_op<CpAsyncOp>();
  switch (sub) {
    case CpAsyncOp::BulkCommitGroup: lanes.for_each([&](unsigned lane) { ++as.bulk_commits[thread(lane)]; }); return true;
    case CpAsyncOp::BulkWaitGroup: {
      bool done = true;
      lanes.for_each([&](unsigned lane) {
        const std::uint64_t bound = bulk_wait_bound(cta, in, thread(lane));
        if (!L_.async_driven) land_bulk_of_thread(cta, thread(lane), bound);
        done = done && bulk_done(cta, thread(lane), bound);
      });
      if (done) {
        if (L_.race != nullptr)
          lanes.for_each([&](unsigned lane) {
            race::waited_group(cta, thread(lane), AsyncRange::Via::BulkGroup, bulk_wait_bound(cta, in, thread(lane)));
          });
        return true;
      }
      p.wait = Wait::AsyncCopy;
      return false;
    }
    default: break;
  }
  // The warp-instruction's AsyncId (its copies into this CTA); a multicast's copies into other CTAs take the next ones.
  const std::uint64_t id = L_.next_async++;
  const bool multicast = in.has(ir::kMulticast);
  bool issued = false;
  lanes.for_each([&](unsigned lane) {
    source::BulkAccess acc;
    acc.multicast = multicast;
    acc.destinations = multicast ? 0 : 1;  // a multicast's: counted below
    acc.first_span = static_cast<std::uint32_t>(r.spans.size());
    BulkOp op;
    op.id = id;
    op.thread = thread(lane);
    op.pc = p.pc;
    op.red = in.sub2;
    op.red_type = static_cast<std::uint8_t>(in.type);
    const bool to_global = in.space == ir::Space::Global;
    std::uint32_t src_lo = 0, src_hi = 0;  // a shared source's range ([0, 0): none)
    if (sub == CpAsyncOp::BulkPrefetch) {
      const Addr a = cx.address(in.ops[0], lane);
      const std::uint64_t size = cx.read(in.ops[1], lane) & 0xffffffffu;
      if (a % 16 != 0 || size % 16 != 0)
        cx.fault(lane, "cp.async.bulk.prefetch needs a 16-byte-aligned address and a multiple of 16 bytes, not 0x{:x} "
                       "and {}",
                 a, size);
      acc.kind = source::BulkAccess::Kind::Prefetch;
      add_span(r, a, std::min(size, kMaxPrefetchBytes));  // the TMA unit is told at most kMaxPrefetchBytes
    } else if (sub == CpAsyncOp::Bulk) {
      const Addr da = cx.address(in.ops[0], lane), sa = cx.address(in.ops[1], lane);
      const std::uint64_t size = cx.read(in.ops[2], lane) & 0xffffffffu;
      if (size % 16 != 0) cx.fault(lane, "{}'s size {} is not a multiple of 16", bulk_name(in), size);
      if (da % 16 != 0 || sa % 16 != 0)
        cx.fault(lane, "{}'s {} address 0x{:x} is not 16-byte aligned", bulk_name(in), da % 16 != 0 ? "destination" : "source",
                 da % 16 != 0 ? da : sa);
      // The shared side first: it bounds the size by the CTA's shared memory before anything is read or allocated.
      const std::uint32_t doff =
          to_global ? 0 : shared_offset(cx, multicast ? cta_relative(cx, da, lane, "destination") : da, size, lane,
                                        "destination");
      const std::uint32_t soff = in.has(ir::kBulkSharedSrc) ? shared_offset(cx, sa, size, lane, "source") : 0;
      if (in.has(ir::kBulkSharedSrc)) src_lo = soff, src_hi = soff + static_cast<std::uint32_t>(size);
      op.data.resize(size);
      if (in.has(ir::kBulkSharedSrc)) {
        std::memcpy(op.data.data(), cta.smem.data() + soff, size);
      } else {
        std::memcpy(op.data.data(), global_bytes(cx, sa, size, lane, false), size);
        add_span(r, sa, size);
      }
      if (to_global) {
        global_bytes(cx, da, size, lane, true);
        add_span(r, da, size);
        op.to_global = true;
        add_piece(op, da, 0, static_cast<std::uint32_t>(size));
      } else {
        add_piece(op, doff, 0, static_cast<std::uint32_t>(size));
        op.mbarrier = multicast ? multicast_mbarrier(cx, in.ops[3], lane) : mbarrier_operand(cx, in.ops[3], lane);
        op.tx = static_cast<std::uint32_t>(size);
      }
      acc.shared_bytes = static_cast<std::uint32_t>(size);
      acc.kind = in.sub2 != 0                     ? source::BulkAccess::Kind::Reduce
                 : to_global                      ? source::BulkAccess::Kind::Store
                 : in.has(ir::kBulkSharedSrc)     ? source::BulkAccess::Kind::SharedCopy
                                                  : source::BulkAccess::Kind::Load;
    } else {
      // Tensor forms: load [dst], [map, {c}], [mbar]; store/reduce [map, {c}], [src]; prefetch [map, {c}].
      const bool load = sub == CpAsyncOp::BulkTensor && !to_global;
      const unsigned mo = load ? 1 : 0;
      Addr where = 0;
      const TensorMap m = read_map(cx, in.ops[mo], lane, &where);
      acc.tensor = true;
      acc.descriptor = where;
      if (in.ops[mo + 1].count != m.rank)
        cx.fault(lane, "{} gives {} coordinates for a rank-{} tensor map", bulk_name(in), in.ops[mo + 1].count, m.rank);
      if (m.interleave != config::TensorMapInterleave::None)
        cx.fault(lane, "{}: interleaved tensor maps ({}) are not supported yet", bulk_name(in),
                 config::tensor_map_name(m.interleave));
      const Box box(m, cx, in.ops[mo + 1], lane);
      acc.half_sector_start = (m.global_address + static_cast<std::uint64_t>(box.c[0]) * box.esize) % 32 == 16;
      const ScalarType et = element_type(m.dtype);
      if (in.sub2 != 0 && !tensor_reduction_defined(static_cast<ir::AtomOp>(in.sub2 - 1), et))
        cx.fault(lane, "{}: the PTX ISA defines no such reduction on a {} tensor", bulk_name(in),
                 config::tensor_map_name(m.dtype));
      op.red_type = static_cast<std::uint8_t>(et);
      if (sub != CpAsyncOp::BulkPrefetchTensor && !box.aligned()) {
        std::string at;
        for (unsigned i = 0; i < m.rank; ++i) at += fmt::format("{}{}", i == 0 ? "" : ", ", box.c[i]);
        cx.fault(lane,
                 "{}'s box at ({}) is not 16-byte aligned in global memory: inner coordinate {} of a {} map is byte {} "
                 "of a 16-byte block (the PTX ISA requires a bounding box's address to be 16-byte aligned; the H200 "
                 "raises an illegal instruction)",
                 bulk_name(in), at, box.c[0], config::tensor_map_name(m.dtype),
                 static_cast<std::uint64_t>(box.c[0] * box.esize) % 16);
      }
      if (in.sub2 != 0) {
        // A tensor reduction whose box starts before the tensor in any dimension: the H200 raises an illegal
        // instruction (traces/tma_store/probe: .add and .min at x or y -4/-8, with and without swizzle), while loads
        // fill such boxes and stores skip the elements past the tensor's end.
        for (unsigned i = 0; i < m.rank; ++i)
          if (box.c[i] < 0) {
            std::string at;
            for (unsigned k = 0; k < m.rank; ++k) at += fmt::format("{}{}", k == 0 ? "" : ", ", box.c[k]);
            cx.fault(lane,
                     "{}'s box at ({}) starts before the tensor (coordinate {} is {}): a tensor reduction's box must "
                     "start inside the tensor (the H200 raises an illegal instruction)",
                     bulk_name(in), at, i, box.c[i]);
          }
      }
      if (sub == CpAsyncOp::BulkPrefetchTensor) {
        // A prefetch changes no memory; the TMA unit is told at most kMaxPrefetchBytes of its box (the rows after
        // that are not timed), which bounds the work a huge box costs.
        acc.kind = source::BulkAccess::Kind::Prefetch;
        box.rows([&](std::uint64_t, bool in_rows, Addr a) {
          if (!in_rows) return;
          std::uint64_t lo = box.n[0], hi = 0;
          for (std::uint64_t k = 0; k < box.n[0]; ++k)
            if (box.inner_in(k)) lo = std::min(lo, k), hi = k + 1;
          if (lo < hi) add_span(r, a + static_cast<Addr>(box.inner(lo)) * box.esize,
                                static_cast<std::uint64_t>(box.inner(hi - 1) - box.inner(lo) + 1) * box.esize);
        }, kMaxPrefetchBytes / (box.n[0] * box.esize) + 1);
      } else {
        const Addr sa = cx.address(in.ops[load ? 0 : 2], lane);
        if (sa % 128 != 0)
          cx.fault(lane, "{}'s shared-memory address 0x{:x} is not 128-byte aligned (the PTX ISA requires it of tensor "
                         "copies)",
                   bulk_name(in), sa);
        const std::uint32_t base = shared_offset(cx, multicast ? cta_relative(cx, sa, lane, "destination") : sa,
                                                 box.footprint, lane, load ? "destination box" : "source box");
        if (!load) src_lo = base, src_hi = static_cast<std::uint32_t>(base + box.footprint);
        if (load) {
          op.data.assign(box.bytes, 0);
          std::uint64_t fill = 0;
          if (m.oob_fill == config::TensorMapOobFill::Nan && config::dtype_is_float(m.dtype))
            for (unsigned b = 0; b < box.esize; b += 2) fill |= std::uint64_t{L_.tma_nan_fill_pattern} << (8 * b);
          box.rows([&](std::uint64_t lin, bool in_rows, Addr a) {
            // A row of consecutive elements (element stride 1) inside one region: its in-tensor elements in one
            // read, the same bytes, fill, touched range and span as element by element below (which also names
            // the element a fault is about).
            if (in_rows && m.element_strides[0] == 1) {
              const std::int64_t c0 = box.c[0], n0 = static_cast<std::int64_t>(box.n[0]);
              const std::int64_t k_lo = std::clamp<std::int64_t>(-c0, 0, n0);
              const std::int64_t k_hi = std::clamp<std::int64_t>(static_cast<std::int64_t>(m.dims[0]) - c0, k_lo, n0);
              const Addr e0 = a + static_cast<Addr>(c0 + k_lo) * box.esize;
              const auto bytes = static_cast<std::uint64_t>(k_hi - k_lo) * box.esize;
              std::uint8_t* src = bytes != 0 && e0 % box.esize == 0 ? L_.global->find(e0, bytes) : nullptr;
              if (src != nullptr || bytes == 0) {
                std::uint8_t* row = op.data.data() + lin;
                for (std::int64_t k = 0; k < k_lo; ++k) write_le(row + k * box.esize, fill, box.esize);
                for (std::int64_t k = k_hi; k < n0; ++k) write_le(row + k * box.esize, fill, box.esize);
                if (bytes != 0) {
                  std::memcpy(row + k_lo * box.esize, src, bytes);
                  if (cta.touched_global[L_.global->last_region()].extend(e0, bytes)) L_.progress = true;
                  add_span(r, e0, bytes);
                }
                return;
              }
            }
            std::uint64_t lo = box.n[0], hi = 0;
            for (std::uint64_t k = 0; k < box.n[0]; ++k) {
              std::uint8_t* d = op.data.data() + lin + k * box.esize;
              if (!in_rows || !box.inner_in(k)) {
                write_le(d, fill, box.esize);
                continue;
              }
              const Addr e = a + static_cast<Addr>(box.inner(k)) * box.esize;
              std::memcpy(d, global_bytes(cx, e, box.esize, lane, false), box.esize);
              if (k < lo) lo = k;
              hi = k + 1;
            }
            if (lo < hi) add_span(r, a + static_cast<Addr>(box.inner(lo)) * box.esize,
                                  static_cast<std::uint64_t>(box.inner(hi - 1) - box.inner(lo) + 1) * box.esize);
          });
          // Destination pieces: each row's 16-byte chunks where the row pitch and the swizzle put them.
          if (box.span == 0) add_piece(op, base, 0, static_cast<std::uint32_t>(box.bytes));
          else
            for (std::uint64_t row = 0; row < box.bytes; row += box.row_bytes)
              for (std::uint64_t lin = row; lin < row + box.row_bytes; lin += 16)
                add_piece(op, base + box.place(base, lin), static_cast<std::uint32_t>(lin),
                          static_cast<std::uint32_t>(std::min<std::uint64_t>(16, row + box.row_bytes - lin)));
          op.mbarrier = multicast ? multicast_mbarrier(cx, in.ops[3], lane) : mbarrier_operand(cx, in.ops[3], lane);
          op.tx = static_cast<std::uint32_t>(box.bytes);
          acc.kind = source::BulkAccess::Kind::Load;
        } else {
          // Store or reduce: the in-tensor elements of the (swizzled) shared box go to their global addresses.
          op.to_global = true;
          box.rows([&](std::uint64_t lin, bool in_rows, Addr a) {
            if (!in_rows) return;
            for (std::uint64_t k = 0; k < box.n[0]; ++k) {
              if (!box.inner_in(k)) continue;
              const std::uint64_t l = lin + k * box.esize;
              const std::uint64_t at = box.place(base, l);
              const Addr e = a + static_cast<Addr>(box.inner(k)) * box.esize;
              global_bytes(cx, e, box.esize, lane, true);
              const auto off = static_cast<std::uint32_t>(op.data.size());
              op.data.insert(op.data.end(), cta.smem.data() + base + at, cta.smem.data() + base + at + box.esize);
              add_piece(op, e, off, box.esize);
              add_span(r, e, box.esize);
            }
          });
          acc.kind = in.sub2 != 0 ? source::BulkAccess::Kind::Reduce : source::BulkAccess::Kind::Store;
        }
        acc.shared_bytes = static_cast<std::uint32_t>(box.bytes);
      }
    }
    acc.spans = static_cast<std::uint32_t>(r.spans.size()) - acc.first_span;
    r.bulk.push_back(acc);
    if (acc.kind == source::BulkAccess::Kind::Prefetch) return;
    op.bulk_group = op.to_global;
    if (op.bulk_group) op.group = as.bulk_commits[op.thread];
    if (multicast) {
      bool self = false;
      for (Cta* t : multicast_targets(cx, lane, op.mbarrier)) {
        ++r.bulk.back().destinations;
        if (t == &cta) {
          self = true;
          continue;
        }
        BulkOp copy = op;
        copy.id = L_.next_async++;
        copy.incoming = true;
        copy.from = cta.id;
        for (const BulkOp::Piece& piece : op.pieces)
          if (cta.touched_dsmem.extend(encode_dsmem(t->rank, piece.at), piece.bytes)) L_.progress = true;
        if (L_.async_driven)
          r.deliveries.push_back(source::Delivery{t->slot, t->sm, copy.id, static_cast<std::uint32_t>(r.bulk.size() - 1)});
        if (L_.race != nullptr) watch_ranges(*t, copy, 0, 0, &cta);
        t->async.bulk.push_back(std::move(copy));
        ++t->async.epoch;
        // --functional: a destination already suspended in a try_wait on the mbarrier takes the copy now (its own
        // wait would land it, but it waits, and may wait for its peers' copies alone).
        if (!L_.async_driven && suspended_on(*t, L_, op.mbarrier)) land_bulk_on_mbarrier(*t, op.mbarrier);
      }
      if (!self) return;
    }
    if (L_.race != nullptr) watch_ranges(cta, op, src_lo, src_hi);
    as.bulk.push_back(std::move(op));
    issued = true;
  });
  if (issued) {
    ++as.epoch;
    if (L_.async_driven) r.async = id;
  }
  return true;
}

void Executor::watch_ranges(Cta& cta, const BulkOp& op, std::uint32_t src_lo, std::uint32_t src_hi,
                            const Cta* from) {
  const auto range = [&](std::uint32_t lo, std::uint32_t hi, bool writes) {
    race::watch(L_, cta,
                AsyncRange{.lo = lo, .hi = hi, .writes = writes,
                           .via = op.bulk_group ? AsyncRange::Via::BulkGroup : AsyncRange::Via::Mbarrier, .id = op.id,
                           .thread = op.thread, .pc = op.pc, .group = op.group, .completed = false, .bound = false,
                           .mbarrier = op.mbarrier, .phase = 0, .released = 0, .observers = {}, .from = {}},
                from);
  };
  if (src_hi > src_lo) range(src_lo, src_hi, false);
  if (op.to_global || op.pieces.empty()) return;
  std::uint32_t lo = ~std::uint32_t{0}, hi = 0;  // the destination's hull (a swizzled box's pieces)
  for (const BulkOp::Piece& p : op.pieces) {
    lo = std::min(lo, static_cast<std::uint32_t>(p.at));
    hi = std::max(hi, static_cast<std::uint32_t>(p.at + p.bytes));
  }
  range(lo, hi, true);
}

std::uint64_t Executor::bulk_wait_bound(const Cta& cta, const ir::Instr& in, std::uint32_t thread) {
  const std::uint64_t commits = cta.async.bulk_commits[thread];
  const auto n = static_cast<std::uint64_t>(in.ops[0].imm);
  return commits > n ? commits - n : 0;
}

bool Executor::bulk_done(const Cta& cta, std::uint32_t thread, std::uint64_t bound) {
  return std::none_of(cta.async.bulk.begin(), cta.async.bulk.end(), [&](const BulkOp& o) {
    return o.thread == thread && o.bulk_group && o.group < bound;
  });
}

void Executor::land_bulk(Cta& cta, std::size_t index) {
  CtaAsync& as = cta.async;
  BulkOp op = std::move(as.bulk[index]);
  as.bulk.erase(as.bulk.begin() + static_cast<std::ptrdiff_t>(index));
  // The context names the issuing thread; an incoming multicast copy's faults name it in its own CTA (below).
  Warp& w = cta.warps[op.thread / kWarpSize];
  const unsigned lane = op.thread % kWarpSize;
  const InstrContext cx{L_, cta, w, L_.prog->code[op.pc], op.pc};
  const auto type = static_cast<ScalarType>(op.red_type);
  const unsigned es = op.red != 0 ? ir::size_of(type) : 1;
  for (const BulkOp::Piece& p : op.pieces) {
    std::uint8_t* d = op.to_global ? L_.global->find(p.at, p.bytes) : cta.smem.data() + p.at;
    if (d == nullptr) cx.fault(lane, "{}'s destination 0x{:x} is no longer mapped", bulk_name(cx.in), p.at);
    const std::uint8_t* s = op.data.data() + p.offset;
    if (op.red == 0) {
      if (std::memcmp(d, s, p.bytes) != 0) {
        std::memcpy(d, s, p.bytes);
        L_.wrote = true;
      }
      continue;
    }
    for (std::uint32_t i = 0; i + es <= p.bytes; i += es)
      write_le(d + i, reduce(static_cast<ir::AtomOp>(op.red - 1), type, read_le(d + i, es), read_le(s + i, es)), es);
    L_.wrote = true;
  }
  if (op.incoming) {
    const auto fault = [&](const std::string& what) {
      throw Error(ErrorKind::Execution, fmt::format("{}: {}\n  in: {}", thread_name(L_, op.from, op.thread, op.pc), what,
                                                    L_.prog->text[op.pc]));
    };
    if (!as.mbarriers.contains(op.mbarrier))
      fault(fmt::format("the complete_tx of {}.multicast::cluster finds no initialized mbarrier at shared 0x{:x} of CTA "
                        "rank {} (it was invalidated before the copy completed)",
                        bulk_name(cx.in), op.mbarrier, cta.rank));
    if (!mbarrier_tx_fits(cta, op.mbarrier, -static_cast<std::int64_t>(op.tx)))
      fault(fmt::format("the complete_tx of {}.multicast::cluster takes the tx-count of the mbarrier at shared 0x{:x} "
                        "of CTA rank {} below -(2^20-1), the PTX ISA's range",
                        bulk_name(cx.in), op.mbarrier, cta.rank));
  }
  if (L_.race != nullptr) race::landed(cta, op.id, op.thread);
  if (!op.bulk_group) {
    if (!as.mbarriers.contains(op.mbarrier))
      cx.fault(lane, "the complete_tx of {} finds no initialized mbarrier at shared 0x{:x} (it was invalidated before "
                     "the copy completed)",
               bulk_name(cx.in), op.mbarrier);
    mbarrier_add_tx(cx, lane, op.mbarrier, -static_cast<std::int64_t>(op.tx));
  }
  if (L_.async_driven || as.phase_completed) release_async_waits(cta);
}

void Executor::land_bulk_on_mbarrier(Cta& cta, std::uint32_t mbarrier) {
  for (std::size_t i = 0; i < cta.async.bulk.size();) {
    const BulkOp& o = cta.async.bulk[i];
    if (!o.bulk_group && o.mbarrier == mbarrier) land_bulk(cta, i);
    else ++i;
  }
}

void Executor::land_bulk_of_thread(Cta& cta, std::uint32_t thread, std::uint64_t group_bound) {
  for (std::size_t i = 0; i < cta.async.bulk.size();) {
    const BulkOp& o = cta.async.bulk[i];
    const bool all = group_bound == ~std::uint64_t{0};  // the thread exits: everything it issued lands
    if (!o.incoming && o.thread == thread && (all || (o.bulk_group && o.group < group_bound))) land_bulk(cta, i);
    else ++i;
  }
}

bool Executor::complete_bulk(Cta& cta, std::uint64_t id) {
  bool any = false;
  if (cta.warps.empty()) return false;  // a multicast copy into a CTA that finished before it landed: dropped
  for (std::size_t i = 0; i < cta.async.bulk.size();) {
    if (cta.async.bulk[i].id == id) {
      land_bulk(cta, i);
      any = true;
    } else {
      ++i;
    }
  }
  return any;
}

}  // namespace warpsim::func
