// Arithmetic, logic, comparison, selection, data movement and conversion instructions, per lane.
// Models: the PTX ISA semantics, through the pure functions of func/scalar.hpp; packed f16x2/bf16x2 apply
// the half-precision function to each half; .cc instructions keep a per-thread carry flag.
// Leaves out: memory, control flow and warp-level instructions (other exec_*.cpp files).
#include "context.hpp"

#include <warpsim/func/scalar.hpp>

namespace warpsim::func {
namespace {

using ir::Op;
using ir::ScalarType;
namespace S = scalar;

unsigned bits_of(ScalarType t) { return ir::size_of(t) * 8; }
std::uint64_t trunc(std::uint64_t v, unsigned w) { return w >= 64 ? v : (v & ((1ull << w) - 1)); }

bool is_half2(ScalarType t) { return t == ScalarType::F16x2 || t == ScalarType::BF16x2; }
ScalarType half_of(ScalarType t) { return t == ScalarType::F16x2 ? ScalarType::F16 : ScalarType::BF16; }

// Applies a scalar float function to each 16-bit half of packed operands.
template <typename F>
std::uint64_t per_half(ScalarType t, std::uint64_t a, std::uint64_t b, std::uint64_t c, F&& f) {
  const ScalarType h = half_of(t);
  const std::uint64_t lo = f(h, a & 0xffff, b & 0xffff, c & 0xffff) & 0xffff;
  const std::uint64_t hi = f(h, (a >> 16) & 0xffff, (b >> 16) & 0xffff, (c >> 16) & 0xffff) & 0xffff;
  return lo | (hi << 16);
}

}  // namespace

void Executor::exec_alu(Cta& cta, Warp& w, const ir::Instr& in, LaneMask lanes) {
  InstrContext cx{L_, cta, w, in, w.paths[static_cast<std::size_t>(w.current)].pc};
  const ScalarType t = in.type;
  const unsigned wd = bits_of(t);
  const bool fl = ir::is_float(t);
  const bool sg = ir::is_signed(t);
  const bool ftz = in.has(ir::kFtz), sat = in.has(ir::kSat);
  const std::uint32_t cc = L_.prog->cc_slot;
  auto src = [&](unsigned i, unsigned lane) { return cx.read(in.src(i), lane); };
  auto dst = [&](unsigned lane, std::uint64_t v) { cx.write(in.ops[0], lane, v); };

  // Binary and ternary float operations, packed or not.
  auto float_op = [&](auto&& f) {
    lanes.for_each([&](unsigned lane) {
      const std::uint64_t a = src(0, lane);
      const std::uint64_t b = in.nsrc() > 1 ? src(1, lane) : 0;
      const std::uint64_t c = in.nsrc() > 2 ? src(2, lane) : 0;
      dst(lane, is_half2(t) ? per_half(t, a, b, c, f) : f(t, a, b, c));
    });
  };

  switch (in.op) {
    case Op::Add:
    case Op::Sub:
      if (fl) {
        const bool add = in.op == Op::Add;
        float_op([&](ScalarType ft, std::uint64_t a, std::uint64_t b, std::uint64_t) {
          return add ? S::fadd(ft, a, b, in.rnd, ftz, sat) : S::fsub(ft, a, b, in.rnd, ftz, sat);
        });
      } else {
        const bool add = in.op == Op::Add;
        lanes.for_each([&](unsigned lane) {
          const std::uint64_t a = trunc(src(0, lane), wd), b = trunc(src(1, lane), wd);
          std::uint64_t d;
          if (sat && t == ScalarType::S32) d = add ? S::add_sat_s32(a, b) : S::sub_sat_s32(a, b);
          else d = trunc(add ? a + b : a - b, wd);
          if (in.has(ir::kCC)) w.reg(cc, lane) = add ? (d < a ? 1 : 0) : (a < b ? 1 : 0);
          dst(lane, d);
        });
      }
      break;
    case Op::Addc:
    case Op::Subc:
      lanes.for_each([&](unsigned lane) {
        const std::uint64_t a = trunc(src(0, lane), wd), b = trunc(src(1, lane), wd), cf = w.reg(cc, lane) & 1;
        std::uint64_t d, out;
        if (in.op == Op::Addc) {
          const unsigned __int128 s = static_cast<unsigned __int128>(a) + b + cf;
          d = trunc(static_cast<std::uint64_t>(s), wd);
          out = static_cast<std::uint64_t>(s >> wd) & 1;
        } else {
          const unsigned __int128 s = static_cast<unsigned __int128>(b) + cf;
          d = trunc(a - b - cf, wd);
          out = static_cast<unsigned __int128>(a) < s ? 1 : 0;
        }
        if (in.has(ir::kCC)) w.reg(cc, lane) = out;
        dst(lane, d);
      });
      break;
    case Op::Mul:
      if (fl) {
        float_op([&](ScalarType ft, std::uint64_t a, std::uint64_t b, std::uint64_t) {
          return S::fmul(ft, a, b, in.rnd, ftz, sat);
        });
      } else {
        lanes.for_each([&](unsigned lane) {
          const std::uint64_t a = trunc(src(0, lane), wd), b = trunc(src(1, lane), wd);
          if (in.has(ir::kWide)) dst(lane, S::mul_wide(a, b, wd, sg));
          else if (in.has(ir::kHi)) dst(lane, S::mul_hi(a, b, wd, sg));
          else dst(lane, trunc(a * b, wd));
        });
      }
      break;
    case Op::Mad:
    case Op::Madc:
      if (fl) {
        float_op([&](ScalarType ft, std::uint64_t a, std::uint64_t b, std::uint64_t c) {
          return S::ffma(ft, a, b, c, in.rnd, ftz, sat);
        });
      } else {
        lanes.for_each([&](unsigned lane) {
          const std::uint64_t a = trunc(src(0, lane), wd), b = trunc(src(1, lane), wd);
          const unsigned rw = in.has(ir::kWide) ? 2 * wd : wd;
          const std::uint64_t c = trunc(src(2, lane), rw);
          std::uint64_t prod;
          if (in.has(ir::kWide)) prod = S::mul_wide(a, b, wd, sg);
          else if (in.has(ir::kHi)) prod = S::mul_hi(a, b, wd, sg);
          else prod = trunc(a * b, wd);
          const std::uint64_t cin = in.op == Op::Madc ? (w.reg(cc, lane) & 1) : 0;
          const unsigned __int128 s = static_cast<unsigned __int128>(prod) + c + cin;
          std::uint64_t d = trunc(static_cast<std::uint64_t>(s), rw);
          if (sat && t == ScalarType::S32 && in.has(ir::kHi)) d = S::add_sat_s32(prod, c);
          if (in.has(ir::kCC)) w.reg(cc, lane) = static_cast<std::uint64_t>(s >> rw) & 1;
          dst(lane, d);
        });
      }
      break;
    case Op::Fma:
      float_op([&](ScalarType ft, std::uint64_t a, std::uint64_t b, std::uint64_t c) {
        std::uint64_t r = S::ffma(ft, a, b, c, in.rnd, ftz, sat);
        if (in.has(ir::kRelu) && (r >> (ir::size_of(ft) * 8 - 1)) & 1) r = 0;  // negative (and -0, NaN sign) -> +0
        return r;
      });
      break;
    case Op::Mul24:
    case Op::Mad24:
      lanes.for_each([&](unsigned lane) {
        const std::uint64_t a = src(0, lane), b = src(1, lane);
        const std::int64_t a24 =
            sg ? (static_cast<std::int64_t>(a << 40) >> 40) : static_cast<std::int64_t>(a & 0xffffff);
        const std::int64_t b24 =
            sg ? (static_cast<std::int64_t>(b << 40) >> 40) : static_cast<std::int64_t>(b & 0xffffff);
        const auto p = static_cast<std::uint64_t>(a24 * b24);
        std::uint64_t d = in.has(ir::kHi) ? ((p >> 16) & 0xffffffffu) : (p & 0xffffffffu);
        if (in.op == Op::Mad24) d = (d + src(2, lane)) & 0xffffffffu;
        dst(lane, d);
      });
      break;
    case Op::Sad:
      lanes.for_each([&](unsigned lane) { dst(lane, S::sad(src(0, lane), src(1, lane), src(2, lane), wd, sg)); });
      break;
    case Op::Div:
      if (fl) {
        lanes.for_each([&](unsigned lane) {
          dst(lane, S::fdiv(t, src(0, lane), src(1, lane), in.rnd, in.has(ir::kApprox), in.has(ir::kFull), ftz));
        });
      } else {
        lanes.for_each(
            [&](unsigned lane) { dst(lane, S::idiv(trunc(src(0, lane), wd), trunc(src(1, lane), wd), wd, sg)); });
      }
      break;
    case Op::Rem:
      lanes.for_each(
          [&](unsigned lane) { dst(lane, S::irem(trunc(src(0, lane), wd), trunc(src(1, lane), wd), wd, sg)); });
      break;
    case Op::Abs:
    case Op::Neg:
      if (fl) {
        const bool abs = in.op == Op::Abs;
        float_op([&](ScalarType ft, std::uint64_t a, std::uint64_t, std::uint64_t) {
          return abs ? S::fabs_(ft, a, ftz) : S::fneg(ft, a, ftz);
        });
      } else {
        lanes.for_each([&](unsigned lane) {
          const std::uint64_t a = trunc(src(0, lane), wd);
          dst(lane, in.op == Op::Abs ? S::iabs(a, wd) : trunc(0 - a, wd));
        });
      }
      break;
    case Op::Min:
    case Op::Max:
      if (fl) {
        const bool mn = in.op == Op::Min;
        const bool nan = in.has(ir::kNaN), xs = in.has(ir::kXorsignAbs);
        float_op([&](ScalarType ft, std::uint64_t a, std::uint64_t b, std::uint64_t) {
          std::uint64_t r = mn ? S::fmin(ft, a, b, ftz, nan, xs) : S::fmax(ft, a, b, ftz, nan, xs);
          if (in.has(ir::kRelu) && (r >> (ir::size_of(ft) * 8 - 1)) & 1) r = 0;
          return r;
        });
      } else {
        const bool relu = in.has(ir::kRelu);
        lanes.for_each([&](unsigned lane) {
          const std::uint64_t a = trunc(src(0, lane), wd), b = trunc(src(1, lane), wd);
          dst(lane, in.op == Op::Min ? S::imin(a, b, wd, sg, relu) : S::imax(a, b, wd, sg, relu));
        });
      }
      break;
    case Op::Popc: lanes.for_each([&](unsigned lane) { dst(lane, S::popc(src(0, lane), wd)); }); break;
    case Op::Clz: lanes.for_each([&](unsigned lane) { dst(lane, S::clz(trunc(src(0, lane), wd), wd)); }); break;
    case Op::Brev: lanes.for_each([&](unsigned lane) { dst(lane, S::brev(trunc(src(0, lane), wd), wd)); }); break;
    case Op::Bfind:
      lanes.for_each(
          [&](unsigned lane) { dst(lane, S::bfind(trunc(src(0, lane), wd), wd, sg, in.has(ir::kShiftAmt))); });
      break;
    case Op::Bfe:
      lanes.for_each([&](unsigned lane) {
        dst(lane, S::bfe(trunc(src(0, lane), wd), static_cast<unsigned>(src(1, lane) & 0xff),
                         static_cast<unsigned>(src(2, lane) & 0xff), wd, sg));
      });
      break;
    case Op::Bfi:
      lanes.for_each([&](unsigned lane) {
        dst(lane, S::bfi(trunc(src(0, lane), wd), trunc(src(1, lane), wd), static_cast<unsigned>(src(2, lane) & 0xff),
                         static_cast<unsigned>(src(3, lane) & 0xff), wd));
      });
      break;
    case Op::Fns:
      lanes.for_each([&](unsigned lane) {
        dst(lane, S::fns(static_cast<std::uint32_t>(src(0, lane)), static_cast<std::uint32_t>(src(1, lane)),
                         static_cast<std::int32_t>(static_cast<std::uint32_t>(src(2, lane)))));
      });
      break;
    case Op::Bmsk:
      lanes.for_each([&](unsigned lane) {
        dst(lane, S::bmsk(static_cast<std::uint32_t>(src(0, lane)), static_cast<std::uint32_t>(src(1, lane)),
                          in.has(ir::kClamp)));
      });
      break;
    case Op::Szext:
      lanes.for_each([&](unsigned lane) {
        dst(lane, S::szext(static_cast<std::uint32_t>(src(0, lane)), static_cast<std::uint32_t>(src(1, lane)), sg,
                           in.has(ir::kClamp)));
      });
      break;
    case Op::Dp4a:
    case Op::Dp2a: {
      const bool as = ir::is_signed(in.type), bs = ir::is_signed(in.type2);
      lanes.for_each([&](unsigned lane) {
        const auto a = static_cast<std::uint32_t>(src(0, lane)), b = static_cast<std::uint32_t>(src(1, lane)),
                   c = static_cast<std::uint32_t>(src(2, lane));
        dst(lane, in.op == Op::Dp4a ? S::dp4a(a, b, c, as, bs) : S::dp2a(a, b, c, as, bs, in.has(ir::kHi)));
      });
      break;
    }
    case Op::Prmt:
      lanes.for_each([&](unsigned lane) {
        dst(lane, S::prmt(static_cast<std::uint32_t>(src(0, lane)), static_cast<std::uint32_t>(src(1, lane)),
                          static_cast<std::uint32_t>(src(2, lane)), static_cast<S::PrmtMode>(in.sub)));
      });
      break;
    case Op::Shf:
      lanes.for_each([&](unsigned lane) {
        dst(lane, S::shf(static_cast<std::uint32_t>(src(0, lane)), static_cast<std::uint32_t>(src(1, lane)),
                         static_cast<std::uint32_t>(src(2, lane)), in.has(ir::kLeft), in.has(ir::kClamp)));
      });
      break;
    case Op::Shl:
      lanes.for_each([&](unsigned lane) {
        dst(lane, S::shl(trunc(src(0, lane), wd), static_cast<std::uint32_t>(src(1, lane)), wd));
      });
      break;
    case Op::Shr:
      lanes.for_each([&](unsigned lane) {
        dst(lane, S::shr(trunc(src(0, lane), wd), static_cast<std::uint32_t>(src(1, lane)), wd, sg));
      });
      break;
    case Op::Lop3:
      lanes.for_each([&](unsigned lane) {
        dst(lane, S::lop3(static_cast<std::uint32_t>(src(0, lane)), static_cast<std::uint32_t>(src(1, lane)),
                          static_cast<std::uint32_t>(src(2, lane)), static_cast<std::uint8_t>(src(3, lane))));
      });
      break;
    case Op::And:
    case Op::Or:
    case Op::Xor:
      lanes.for_each([&](unsigned lane) {
        const std::uint64_t a = src(0, lane), b = src(1, lane);
        const std::uint64_t d = in.op == Op::And ? (a & b) : in.op == Op::Or ? (a | b) : (a ^ b);
        dst(lane, t == ScalarType::Pred ? (d & 1) : trunc(d, wd));
      });
      break;
    case Op::Not:
      lanes.for_each([&](unsigned lane) {
        const std::uint64_t a = src(0, lane);
        dst(lane, t == ScalarType::Pred ? (a == 0 ? 1 : 0) : trunc(~a, wd));
      });
      break;
    case Op::Cnot: lanes.for_each([&](unsigned lane) { dst(lane, trunc(src(0, lane), wd) == 0 ? 1 : 0); }); break;
    case Op::Rcp:
    case Op::Sqrt:
    case Op::Rsqrt:
    case Op::Ex2:
    case Op::Lg2:
    case Op::Sin:
    case Op::Cos:
    case Op::Tanh: {
      const bool approx = in.has(ir::kApprox);
      float_op([&](ScalarType ft, std::uint64_t a, std::uint64_t, std::uint64_t) -> std::uint64_t {
        switch (in.op) {
          case Op::Rcp: return S::frcp(ft, a, in.rnd, approx, ftz);
          case Op::Sqrt: return S::fsqrt(ft, a, in.rnd, approx, ftz);
          case Op::Rsqrt: return S::frsqrt(ft, a, ftz);
          case Op::Ex2: return S::fex2(ft, a, ftz);
          case Op::Lg2: return S::flg2(ft, a, ftz);
          case Op::Sin: return S::fsin(ft, a, ftz);
          case Op::Cos: return S::fcos(ft, a, ftz);
          default: return S::ftanh(ft, a);
        }
      });
      break;
    }
    case Op::Copysign:
      lanes.for_each([&](unsigned lane) { dst(lane, S::fcopysign(t, src(0, lane), src(1, lane))); });
      break;
    case Op::Testp:
      lanes.for_each(
          [&](unsigned lane) { dst(lane, S::ftestp(t, src(0, lane), static_cast<S::TestP>(in.sub)) ? 1 : 0); });
      break;
    case Op::Setp:
    case Op::Set: {
      const ScalarType st = in.type2;
      const unsigned sw = bits_of(st);
      const bool sf = ir::is_float(st), ss = ir::is_signed(st);
      const unsigned nbase = in.op == Op::Setp ? in.ndst : 1;  // first source
      const bool has_c = in.nops > nbase + 2;
      lanes.for_each([&](unsigned lane) {
        const std::uint64_t a = cx.read(in.ops[nbase], lane), b = cx.read(in.ops[nbase + 1], lane);
        bool r;
        if (is_half2(st)) {
          r = S::fcompare(half_of(st), a & 0xffff, b & 0xffff, in.cmp, ftz);  // low half (packed setp writes two preds)
        } else {
          r = sf ? S::fcompare(st, a, b, in.cmp, ftz) : S::icompare(trunc(a, sw), trunc(b, sw), sw, ss, in.cmp);
        }
        auto combine = [&](bool v) {
          if (!has_c) return v;
          const bool c = cx.read(in.ops[nbase + 2], lane) != 0;
          switch (in.boolop) {
            case ir::BoolOp::And: return v && c;
            case ir::BoolOp::Or: return v || c;
            case ir::BoolOp::Xor: return v != c;
            default: return v;
          }
        };
        if (in.op == Op::Setp) {
          if (is_half2(st)) {
            const bool hi = S::fcompare(half_of(st), (a >> 16) & 0xffff, (b >> 16) & 0xffff, in.cmp, ftz);
            cx.write(in.ops[0], lane, combine(r));
            if (in.ndst == 2) cx.write(in.ops[1], lane, combine(hi));
            return;
          }
          cx.write(in.ops[0], lane, combine(r) ? 1 : 0);
          if (in.ndst == 2) cx.write(in.ops[1], lane, combine(!r) ? 1 : 0);
        } else {
          const bool v = combine(r);
          std::uint64_t d;
          if (t == ScalarType::F32) d = v ? 0x3f800000u : 0;
          else d = v ? trunc(~0ull, wd) : 0;
          dst(lane, d);
        }
      });
      break;
    }
    case Op::Selp:
      lanes.for_each([&](unsigned lane) { dst(lane, src(2, lane) != 0 ? src(0, lane) : src(1, lane)); });
      break;
    case Op::Slct:
      lanes.for_each([&](unsigned lane) {
        const std::uint64_t c = src(2, lane);
        bool ge;
        if (in.type2 == ScalarType::F32) {
          const auto cb = static_cast<std::uint32_t>(c);
          const bool nan = (cb & 0x7fffffffu) > 0x7f800000u;
          ge = !nan && (!(cb >> 31) || (cb & 0x7fffffffu) == 0 || (ftz && (cb & 0x7f800000u) == 0));
        } else {
          ge = static_cast<std::int32_t>(static_cast<std::uint32_t>(c)) >= 0;
        }
        dst(lane, ge ? src(0, lane) : src(1, lane));
      });
      break;
    case Op::Mov: {
      const ir::Operand& d = in.ops[0];
      const ir::Operand& s = in.ops[1];
      if (s.kind == ir::Operand::Kind::Vec) {  // pack
        const unsigned ew = wd / s.count;
        lanes.for_each([&](unsigned lane) {
          std::uint64_t v = 0;
          for (unsigned i = 0; i < s.count; ++i) v |= trunc(cx.read_elem(s, i, lane), ew) << (i * ew);
          dst(lane, v);
        });
      } else if (d.kind == ir::Operand::Kind::Vec) {  // unpack
        const unsigned ew = wd / d.count;
        lanes.for_each([&](unsigned lane) {
          const std::uint64_t v = src(0, lane);
          for (unsigned i = 0; i < d.count; ++i) cx.write_elem(d, i, lane, trunc(v >> (i * ew), ew));
        });
      } else if (t == ScalarType::B128) {
        lanes.for_each([&](unsigned lane) {
          w.reg(d.reg, lane) = w.reg(s.reg, lane);
          w.reg(d.reg + 1, lane) = w.reg(s.reg + 1, lane);
        });
      } else {
        lanes.for_each(
            [&](unsigned lane) { dst(lane, t == ScalarType::Pred ? (src(0, lane) & 1) : trunc(src(0, lane), wd)); });
      }
      break;
    }
    case Op::Cvt: {
      const ScalarType st = in.type2;
      if (in.nsrc() == 2 && (t == ScalarType::F16x2 || t == ScalarType::BF16x2)) {
        lanes.for_each([&](unsigned lane) {
          dst(lane,
              S::cvt_pack_f32x2(t, static_cast<std::uint32_t>(src(0, lane)), static_cast<std::uint32_t>(src(1, lane)),
                                in.rnd, in.has(ir::kRelu), in.has(ir::kSatfinite)));
        });
      } else if (in.nsrc() == 2 && (t == ScalarType::E4M3x2 || t == ScalarType::E5M2x2)) {
        lanes.for_each([&](unsigned lane) {
          dst(lane, S::cvt_f8x2_from_f32(t, static_cast<std::uint32_t>(src(0, lane)),
                                         static_cast<std::uint32_t>(src(1, lane)), in.has(ir::kRelu)));
        });
      } else if (t == ScalarType::F16x2 && (st == ScalarType::E4M3x2 || st == ScalarType::E5M2x2)) {
        lanes.for_each([&](unsigned lane) {
          dst(lane, S::cvt_f16x2_from_f8x2(st, static_cast<std::uint16_t>(src(0, lane)), in.has(ir::kRelu)));
        });
      } else {
        const unsigned sw = bits_of(st);
        lanes.for_each([&](unsigned lane) {
          dst(lane,
              S::cvt(t, st, trunc(src(0, lane), sw), in.rnd, ftz, sat, in.has(ir::kRelu), in.has(ir::kSatfinite)));
        });
      }
      break;
    }
    case Op::Cvta: {
      std::uint64_t window = 0;
      switch (in.space) {
        case ir::Space::Shared: window = ir::kSharedWindow; break;
        case ir::Space::Local: window = ir::kLocalWindow; break;
        case ir::Space::ParamKernel: window = ir::kParamWindow; break;
        case ir::Space::Const: window = ir::kConstWindow; break;
        default: break;
      }
      const bool to = in.has(ir::kToSpace);
      lanes.for_each([&](unsigned lane) {
        const std::uint64_t a = src(0, lane);
        dst(lane, trunc(to ? a - window : a + window, wd));
      });
      break;
    }
    case Op::Isspacep:
      lanes.for_each([&](unsigned lane) {
        const std::uint64_t a = src(0, lane);
        auto in_win = [&](std::uint64_t base) { return a >= base && a < base + ir::kWindowSize; };
        bool r = false;
        switch (in.space) {
          case ir::Space::Shared: {  // the CTA's own shared memory: a shared::cta offset, or its own rank's
            const std::uint64_t tag = in_win(ir::kSharedWindow) ? (a - ir::kSharedWindow) >> kDsmemRankShift : ~0ull;
            r = tag == 0 || tag == std::uint64_t{cta.rank} + 1;
            break;
          }
          case ir::Space::SharedCluster: r = in_win(ir::kSharedWindow); break;
          case ir::Space::Local: r = in_win(ir::kLocalWindow); break;
          case ir::Space::ParamKernel: r = in_win(ir::kParamWindow); break;
          case ir::Space::Const: r = in_win(ir::kConstWindow); break;
          case ir::Space::Global:
            r = !in_win(ir::kSharedWindow) && !in_win(ir::kLocalWindow) && !in_win(ir::kParamWindow) &&
                !in_win(ir::kConstWindow);
            break;
          default: break;
        }
        dst(lane, r ? 1 : 0);
      });
      break;
    case Op::Activemask: {
      const LaneMask m = w.paths[static_cast<std::size_t>(w.current)].mask;
      lanes.for_each([&](unsigned lane) { dst(lane, m.bits); });
      break;
    }
    default:
      cx.fault(static_cast<unsigned>(std::countr_zero(lanes.bits | 1u)), "instruction {} is not implemented",
               ir::op_name(in.op));
  }
}

}  // namespace warpsim::func
