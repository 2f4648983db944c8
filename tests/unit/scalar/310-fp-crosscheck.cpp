// Randomised cross-checks (fixed seed) of the fast paths against the exact 128-bit softfloat:
// host round-to-nearest f32/f64, the double-with-error-terms path for f16/bf16 and directed f32 modes,
// bit-manipulation f32 -> f16/bf16 and host int -> float conversions. Directed f64 results (softfloat
// only) are checked to bracket the host round-to-nearest result one ulp apart.
#include <catch2/catch.hpp>

#include "func/scalar/fp_paths.hpp"
#include "scalar_test_util.hpp"

#include <array>
#include <cmath>
#include <random>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace scalar_test;
namespace dt = warpsim::func::scalar::detail;
using dt::FOp;
using dt::FpFormat;

namespace {

constexpr int kCases = 40000;

class Gen {
 public:
  explicit Gen(std::uint64_t seed) : rng_(seed) {}

  std::uint64_t value(const FpFormat& f) {
    const std::uint64_t all = f.width == 64 ? ~0ull : (1ull << f.width) - 1;
    const std::uint64_t sign = (rng_() & 1) << (f.width - 1);
    const std::uint64_t frac = rng_() & dt::frac_mask(f);
    const int top = (1 << f.ebits) - 1;
    switch (rng_() % 8) {
      case 0:
      case 1: return rng_() & all;
      case 2:
      case 3:  // near 1.0
        return sign | (static_cast<std::uint64_t>(f.bias - 3 + static_cast<int>(rng_() % 7)) << f.mbits) | frac;
      case 4: {
        const std::array<std::uint64_t, 8> special{
            0, 1, f.max_finite, dt::one_bits(f), dt::exp_mask(f), f.nan, 1ull << f.mbits, dt::frac_mask(f)};
        return sign | special[rng_() % special.size()];
      }
      case 5: return sign | (static_cast<std::uint64_t>(rng_() % 3) << f.mbits) | frac;  // subnormal or tiny normal
      case 6: return sign | (static_cast<std::uint64_t>(top - 1 - static_cast<int>(rng_() % 3)) << f.mbits) | frac;
      default: {  // few significant bits: products and sums land exactly on ties
        const int keep = static_cast<int>(rng_() % 4);
        const std::uint64_t few = frac & ~((1ull << (f.mbits - keep)) - 1);
        return sign | (static_cast<std::uint64_t>(f.bias - 12 + static_cast<int>(rng_() % 25)) << f.mbits) | few;
      }
    }
  }

  // A value close to -x or x (for cancellation), or an independent one.
  std::uint64_t near(const FpFormat& f, std::uint64_t x) {
    const std::uint64_t all = f.width == 64 ? ~0ull : (1ull << f.width) - 1;
    switch (rng_() % 3) {
      case 0: return (x ^ dt::sign_mask(f)) + (rng_() % 5) - 2;
      case 1: return ((x + (rng_() % 5) - 2) & all);
      default: return value(f);
    }
  }

  std::uint64_t raw() { return rng_(); }

 private:
  std::mt19937_64 rng_;
};

std::uint64_t public_op(FOp op, ScalarType t, std::uint64_t a, std::uint64_t b, std::uint64_t c, Rnd r) {
  switch (op) {
    case FOp::Add: return sc::fadd(t, a, b, r, false, false);
    case FOp::Mul: return sc::fmul(t, a, b, r, false, false);
    case FOp::Fma: return sc::ffma(t, a, b, c, r, false, false);
    case FOp::Div: return sc::fdiv(t, a, b, r, false, false, false);
    case FOp::Sqrt: return sc::fsqrt(t, a, r, false, false);
  }
  return 0;
}

// Operands for op: the second near the first (cancellation), the addend of fma near -(a * b).
void operands(Gen& g, const FpFormat& f, FOp op, std::uint64_t& a, std::uint64_t& b, std::uint64_t& c) {
  a = g.value(f);
  b = op == FOp::Add ? g.near(f, a) : g.value(f);
  c = g.value(f);
  if (op == FOp::Fma && g.raw() % 2 == 0) {
    const std::uint64_t p = dt::sf_arith(FOp::Mul, f, a, b, 0, Rnd::RN);
    c = g.near(f, p ^ dt::sign_mask(f));
  }
}

void crosscheck(ScalarType t, const FpFormat& f, Rnd r, std::uint64_t seed) {
  Gen g(seed);
  for (FOp op : {FOp::Add, FOp::Mul, FOp::Fma, FOp::Div, FOp::Sqrt}) {
    for (int i = 0; i < kCases; ++i) {
      std::uint64_t a = 0, b = 0, c = 0;
      operands(g, f, op, a, b, c);
      const std::uint64_t fast = public_op(op, t, a, b, c, r);
      const std::uint64_t exact = dt::sf_arith(op, f, a, b, c, r);
      if (fast != exact) {
        INFO("op " << static_cast<int>(op) << " mode " << static_cast<int>(r) << std::hex << " a=" << a << " b=" << b
                   << " c=" << c << " fast=" << fast << " exact=" << exact);
        REQUIRE(fast == exact);
      }
    }
  }
}

}  // namespace

TEST_CASE("host round-to-nearest f32 matches softfloat", "[scalar][fp][crosscheck]") {
  crosscheck(F32, dt::kF32, Rnd::RN, 1);
}

TEST_CASE("host round-to-nearest f64 matches softfloat", "[scalar][fp][crosscheck]") {
  crosscheck(F64, dt::kF64, Rnd::RN, 2);
}

TEST_CASE("directed f32 modes through double match softfloat", "[scalar][fp][crosscheck]") {
  crosscheck(F32, dt::kF32, Rnd::RZ, 3);
  crosscheck(F32, dt::kF32, Rnd::RM, 4);
  crosscheck(F32, dt::kF32, Rnd::RP, 5);
}

TEST_CASE("f16 and bf16 arithmetic through double matches softfloat in every mode", "[scalar][fp][crosscheck]") {
  std::uint64_t seed = 10;
  for (Rnd r : {Rnd::RN, Rnd::RZ, Rnd::RM, Rnd::RP}) {
    crosscheck(F16, dt::kF16, r, seed++);
    crosscheck(BF16, dt::kBF16, r, seed++);
  }
}

TEST_CASE("directed f64 results bracket the host round-to-nearest result", "[scalar][fp][crosscheck]") {
  Gen g(20);
  for (FOp op : {FOp::Add, FOp::Mul, FOp::Fma, FOp::Div, FOp::Sqrt}) {
    for (int i = 0; i < kCases; ++i) {
      std::uint64_t a = 0, b = 0, c = 0;
      operands(g, dt::kF64, op, a, b, c);
      const double rn = f64(public_op(op, F64, a, b, c, Rnd::RN));
      const double rm = f64(public_op(op, F64, a, b, c, Rnd::RM));
      const double rp = f64(public_op(op, F64, a, b, c, Rnd::RP));
      const double rz = f64(public_op(op, F64, a, b, c, Rnd::RZ));
      INFO("op " << static_cast<int>(op) << std::hex << " a=" << a << " b=" << b << " c=" << c);
      if (std::isnan(rn)) {
        REQUIRE((std::isnan(rm) && std::isnan(rp) && std::isnan(rz)));
        continue;
      }
      REQUIRE(rm <= rn);
      REQUIRE(rn <= rp);
      if (rm != rp) {
        const double up = std::isinf(rm) ? rm : std::nextafter(rm, INFINITY);
        // Overflow: rm is the largest finite value and rp is inf, or rm is -inf and rp the lowest finite.
        REQUIRE((b64(up) == b64(rp) || (std::isinf(rm) && rp == -0x1.fffffffffffffp1023)));
        REQUIRE((rn == rm || rn == rp));
        REQUIRE(b64(rz) == b64(std::signbit(rn) ? rp : rm));
      } else if (rn != 0.0) {
        REQUIRE(b64(rm) == b64(rn));
        REQUIRE(b64(rz) == b64(rn));
      }
    }
  }
}

TEST_CASE("f32 -> f16/bf16 bit tricks match round_pack", "[scalar][cvt][crosscheck]") {
  Gen g(30);
  for (int i = 0; i < 8 * kCases; ++i) {
    const auto x = static_cast<std::uint32_t>(g.value(dt::kF32));
    const dt::Unpacked u = dt::unpack(dt::kF32, x);
    std::uint64_t h = 0x7fff;
    std::uint64_t bh = 0x7fff;
    if (u.kind == dt::Unpacked::Zero) {
      h = dt::zero_bits(dt::kF16, u.sign);
      bh = dt::zero_bits(dt::kBF16, u.sign);
    } else if (u.kind == dt::Unpacked::Inf) {
      h = dt::inf_bits(dt::kF16, u.sign);
      bh = dt::inf_bits(dt::kBF16, u.sign);
    } else if (u.kind == dt::Unpacked::Finite) {
      h = dt::round_pack(dt::kF16, u.sign, u.exp, u.sig, false, Rnd::RN);
      bh = dt::round_pack(dt::kBF16, u.sign, u.exp, u.sig, false, Rnd::RN);
    }
    INFO(std::hex << "x=" << x);
    REQUIRE(sc::f32_to_f16(f32(x)) == h);
    REQUIRE(sc::f32_to_bf16(f32(x)) == bh);
  }
}

TEST_CASE("host int -> f32/f64 round-to-nearest matches round_pack", "[scalar][cvt][crosscheck]") {
  Gen g(31);
  for (int i = 0; i < 8 * kCases; ++i) {
    const std::uint64_t x = g.raw() >> (g.raw() % 64);
    const std::uint64_t s = (g.raw() & 1) != 0 ? 0 - x : x;
    const bool neg = static_cast<std::int64_t>(s) < 0;
    const std::uint64_t mag = neg ? 0 - s : s;
    for (ScalarType d : {F32, F64}) {
      const FpFormat& f = d == F32 ? dt::kF32 : dt::kF64;
      INFO(std::hex << "s=" << s);
      const std::uint64_t want_s = mag == 0 ? 0 : dt::round_pack(f, neg, 0, mag, false, Rnd::RN);
      REQUIRE(sc::cvt(d, ScalarType::S64, s, Rnd::RN, false, false) == want_s);
      const std::uint64_t want_u = s == 0 ? 0 : dt::round_pack(f, false, 0, s, false, Rnd::RN);
      REQUIRE(sc::cvt(d, ScalarType::U64, s, Rnd::RN, false, false) == want_u);
    }
  }
}

TEST_CASE("cvt fast paths agree with the general path", "[scalar][cvt][crosscheck]") {
  // .ftz forces the general path; it changes nothing for these pairs because an f32 subnormal source
  // rounds to +-0 (integers, f16) and f16 values are never f32 subnormals.
  Gen g(32);
  for (int i = 0; i < 4 * kCases; ++i) {
    const auto x = static_cast<std::uint32_t>(g.value(dt::kF32));
    const auto h = static_cast<std::uint16_t>(g.value(dt::kF16));
    INFO(std::hex << "x=" << x << " h=" << h);
    for (Rnd r : {Rnd::None, Rnd::RZI}) {
      REQUIRE(sc::cvt(ScalarType::S32, F32, x, r, false, false) == sc::cvt(ScalarType::S32, F32, x, r, true, false));
      REQUIRE(sc::cvt(ScalarType::U32, F32, x, r, false, false) == sc::cvt(ScalarType::U32, F32, x, r, true, false));
    }
    const std::uint64_t h16 = sc::cvt(F16, F32, x, Rnd::RN, false, false);
    REQUIRE(h16 == sc::cvt(F16, F32, x, Rnd::RN, true, false));
    REQUIRE(sc::cvt(F32, F16, h, Rnd::None, false, false) == sc::cvt(F32, F16, h, Rnd::None, true, false));
    REQUIRE(sc::cvt(F32, ScalarType::S32, x, Rnd::RN, false, false) ==
            sc::cvt(F32, ScalarType::S32, x, Rnd::RN, true, false));
    REQUIRE(sc::cvt(F32, ScalarType::U32, x, Rnd::RN, false, false) ==
            sc::cvt(F32, ScalarType::U32, x, Rnd::RN, true, false));
    const std::uint64_t d = sc::cvt(F64, F32, x, Rnd::None, false, false);
    REQUIRE(sc::cvt(F32, F64, d, Rnd::RN, false, false) == (std::isnan(f32(x)) ? 0x7fffffff : x));
  }
}

}  // namespace WARPSIM_UNITY_ID
