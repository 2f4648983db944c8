// Loads, stores and atomics in every state space, per lane, with bounds checks.
// Models: every state space including distributed shared memory (.shared::cluster, or a generic address in the
// shared window naming another CTA of the cluster: func/cluster.hpp); ld/ldu/st with .v2/.v4/.v8 vectors and sub-word sign/zero extension, b128; atom/red with every
// operation on 16/32/64-bit integers and f16/bf16/f32/f64 adds, performed lane by lane in increasing lane
// order (a deterministic serialisation of the warp's atomics). Records each lane's address for the timing
// model.
// Leaves out: memory ordering (every access is immediately visible: the functional model is sequentially
// consistent) and caching.
#include "race_hooks.hpp"

#include <warpsim/func/scalar.hpp>

#include <cstring>

namespace warpsim::func {
namespace {

using ir::Op;
using ir::ScalarType;
namespace S = scalar;

std::uint64_t load_le(const std::uint8_t* p, unsigned n) {
  switch (n) {
    case 1: return *p;
    case 2: {
      std::uint16_t v;
      std::memcpy(&v, p, 2);
      return v;
    }
    case 4: {
      std::uint32_t v;
      std::memcpy(&v, p, 4);
      return v;
    }
    default: {
      std::uint64_t v;
      std::memcpy(&v, p, 8);
      return v;
    }
  }
}

std::uint64_t sext(std::uint64_t v, unsigned bits) {
  if (bits >= 64) return v;
  const std::uint64_t m = 1ull << (bits - 1);
  v &= (1ull << bits) - 1;
  return (v ^ m) - m;
}

std::uint64_t atomic_op(const ir::Instr& in, std::uint64_t old, std::uint64_t b, std::uint64_t c) {
  const ScalarType t = in.type;
  const unsigned w = ir::size_of(t) * 8;
  const std::uint64_t m = w >= 64 ? ~0ull : ((1ull << w) - 1);
  const bool sg = ir::is_signed(t);
  switch (in.sub_op<ir::AtomOp>()) {
    case ir::AtomOp::Add:
      if (t == ScalarType::F32) return S::fadd(t, old, b, ir::Rnd::RN, true, false);
      if (t == ScalarType::F64 || t == ScalarType::F16 || t == ScalarType::BF16)
        return S::fadd(t, old, b, ir::Rnd::RN, false, false);
      if (t == ScalarType::F16x2 || t == ScalarType::BF16x2) {
        const ScalarType h = t == ScalarType::F16x2 ? ScalarType::F16 : ScalarType::BF16;
        return (S::fadd(h, old & 0xffff, b & 0xffff, ir::Rnd::RN, false, false) & 0xffff) |
               ((S::fadd(h, (old >> 16) & 0xffff, (b >> 16) & 0xffff, ir::Rnd::RN, false, false) & 0xffff) << 16);
      }
      return (old + b) & m;
    case ir::AtomOp::Min:
      if (ir::is_float(t)) return S::fmin(t, old, b, false, false, false);
      return S::imin(old & m, b & m, w, sg, false);
    case ir::AtomOp::Max:
      if (ir::is_float(t)) return S::fmax(t, old, b, false, false, false);
      return S::imax(old & m, b & m, w, sg, false);
    case ir::AtomOp::Inc: return (old & m) >= (b & m) ? 0 : ((old + 1) & m);
    case ir::AtomOp::Dec: return ((old & m) == 0 || (old & m) > (b & m)) ? (b & m) : ((old - 1) & m);
    case ir::AtomOp::And: return old & b & m;
    case ir::AtomOp::Or: return (old | b) & m;
    case ir::AtomOp::Xor: return (old ^ b) & m;
    case ir::AtomOp::Exch: return b & m;
    case ir::AtomOp::Cas: return (old & m) == (b & m) ? (c & m) : (old & m);
  }
  return old;
}

}  // namespace

void Executor::race_access(Cta& cta, Warp& w, std::uint32_t pc, unsigned lane, ir::Space resolved, Addr off,
                           unsigned bytes, bool write) {
  if (resolved == ir::Space::Shared) {
    race::access(L_, cta, w, pc, lane, cta, off, bytes, write);
  } else if (resolved == ir::Space::SharedCluster) {
    const DsmemTarget t = resolve_dsmem(cta.cluster, cta, cta.rank, off);
    if (t.status == DsmemTarget::Status::Ok) race::access(L_, cta, w, pc, lane, *t.cta, t.offset, bytes, write);
  }
}

void Executor::exec_mem(Cta& cta, Warp& w, const ir::Instr& in, LaneMask lanes, StepResult& r) {
  InstrContext cx{L_, cta, w, in, w.paths[static_cast<std::size_t>(w.current)].pc};
  const ScalarType t = in.type;
  const bool wide128 = t == ScalarType::B128;
  const unsigned esize = ir::size_of(t);
  const unsigned n = in.vec;
  const unsigned bytes = esize * n;
  const bool is_store = in.op == Op::St;
  const bool is_atomic = in.op == Op::Atom || in.op == Op::Red;
  const ir::Operand& aop = in.ops[in.op == Op::Ld || in.op == Op::Ldu || in.op == Op::Atom ? 1 : 0];
  const ir::Space space = cx.space_of(aop);
  r.has_mem = true;
  r.mem.store = is_store || is_atomic;
  r.mem.atomic = is_atomic;
  r.mem.bytes = bytes;
  r.mem.lanes = lanes;
  r.mem.space = space;
  bool first = true;
  lanes.for_each([&](unsigned lane) {
    const Addr a = cx.address(aop, lane);
    ir::Space resolved;
    Addr off;
    std::uint8_t* p = cx.translate(space, a, bytes, lane, is_store || is_atomic, &resolved, &off);
    r.mem.addr[lane] = off;
    if (first || resolved == ir::Space::SharedCluster) r.mem.space = resolved;  // any remote lane: DSMEM
    first = false;
    // The watchdog: memory this CTA had not touched is progress.
    TouchedRange* touched = resolved == ir::Space::Global   ? &cta.touched_global[L_.global->last_region()]
                            : resolved == ir::Space::Shared ? &cta.touched_shared
                            : resolved == ir::Space::Local  ? &cta.touched_local
                            : resolved == ir::Space::SharedCluster ? &cta.touched_dsmem
                                                            : nullptr;
    if (touched != nullptr && touched->extend(off, bytes)) L_.progress = true;
    if (L_.race != nullptr) race_access(cta, w, cx.pc, lane, resolved, off, bytes, is_store || is_atomic);
    if (in.op == Op::Ld || in.op == Op::Ldu) {
      const ir::Operand& d = in.ops[0];
      if (wide128) {
        for (unsigned i = 0; i < n; ++i) {
          const std::uint32_t s = d.kind == ir::Operand::Kind::Vec ? L_.prog->vec_slots[d.reg + i] : d.reg;
          if (s == ir::kNoReg) continue;
          w.reg(s, lane) = load_le(p + 16 * i, 8);
          w.reg(s + 1, lane) = load_le(p + 16 * i + 8, 8);
        }
        return;
      }
      for (unsigned i = 0; i < n; ++i) {
        std::uint64_t v = load_le(p + i * esize, esize);
        if (ir::is_signed(t)) v = sext(v, esize * 8);
        cx.write_elem(d, i, lane, v);
      }
    } else if (is_store) {
      const ir::Operand& s = in.ops[1];
      std::uint8_t buf[64];
      if (wide128) {
        for (unsigned i = 0; i < n; ++i) {
          const std::uint32_t slot = s.kind == ir::Operand::Kind::Vec ? L_.prog->vec_slots[s.reg + i] : s.reg;
          const std::uint64_t lo = slot == ir::kNoReg ? 0 : w.reg(slot, lane),
                              hi = slot == ir::kNoReg ? 0 : w.reg(slot + 1, lane);
          std::memcpy(buf + 16 * i, &lo, 8);
          std::memcpy(buf + 16 * i + 8, &hi, 8);
        }
      } else {
        for (unsigned i = 0; i < n; ++i) {
          const std::uint64_t v = cx.read_elem(s, i, lane);
          std::memcpy(buf + i * esize, &v, esize);
        }
      }
      if (std::memcmp(p, buf, bytes) != 0) {
        std::memcpy(p, buf, bytes);
        L_.wrote = true;
      }
    } else {  // atom / red
      const unsigned b_at = in.op == Op::Atom ? 2 : 1;
      const std::uint64_t b = cx.read(in.ops[b_at], lane);
      const std::uint64_t c = in.sub_op<ir::AtomOp>() == ir::AtomOp::Cas ? cx.read(in.ops[b_at + 1], lane) : 0;
      const std::uint64_t old = load_le(p, esize);
      const std::uint64_t nv = atomic_op(in, old, b, c);
      if (nv != old) {
        std::memcpy(p, &nv, esize);
        L_.wrote = true;
      }
      if (in.op == Op::Atom) cx.write(in.ops[0], lane, ir::is_signed(t) ? sext(old, esize * 8) : old);
    }
  });
}

}  // namespace warpsim::func
