// Shared helpers for the workload tests (tests/integration/workloads/5xx-*.cpp): where the workloads live,
// running a workload as configured (H200, sm_90a PTX) or on B200 with the sm_100a PTX,
// the initial contents of a run's buffers (regenerated with config::init_buffer, never read back from the
// simulator), exact element-by-element comparison with readable failure messages, and reference arithmetic
// that C++ does not offer directly: rounding an exact value to f32/f16/bf16 in any IEEE rounding mode,
// f16/bf16 decoding, ulp distances.
// Models: nothing of the simulator; this is the CPU side of the checks.
// Leaves out: NaN/infinity inputs to the rounding helper (the workloads use finite data).
#pragma once

#include <catch2/catch.hpp>

#include <warpsim/common/error.hpp>
#include <warpsim/config/run_config.hpp>
#include <warpsim/sim/simulation.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iomanip>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace wl {

namespace cfg = warpsim::config;
namespace sim = warpsim::sim;

// traces/<name>/<name>.json in the source tree.
inline std::string trace_json(const std::string& name) {
  return std::string(WARPSIM_SOURCE_DIR) + "/traces/" + name + "/" + name + ".json";
}
inline std::string trace_file(const std::string& name, const std::string& file) {
  return std::string(WARPSIM_SOURCE_DIR) + "/traces/" + name + "/" + file;
}

// The workload's run config with the GPU model swapped for B200 and every launch's PTX for its .sm_100a.ptx
// twin (regen_ptx.sh writes both), so each workload also exercises the sm_100a flavour of nvcc's PTX.
inline cfg::RunConfig b200_config(const std::string& name, const std::vector<std::string>& overrides = {}) {
  cfg::RunConfig c = cfg::load_run_config(trace_json(name), overrides);
  c.gpu = cfg::load_gpu_config("b200", overrides);
  for (auto& k : c.kernels) {
    const std::string from = ".sm_90a.ptx";
    const auto pos = k.ptx.rfind(from);
    REQUIRE(pos != std::string::npos);
    k.ptx.replace(pos, from.size(), ".sm_100a.ptx");
  }
  return c;
}
// Run options for a timed run (sim::RunOptions runs functionally by default).
inline sim::RunOptions timed_run() {
  sim::RunOptions o;
  o.functional_only = false;
  return o;
}
// The run config with only the launches at `indices`, in that order (to time a few of a workload's launches).
inline cfg::RunConfig only_launches(cfg::RunConfig c, const std::vector<std::size_t>& indices) {
  std::vector<cfg::LaunchSpec> picked;
  for (const std::size_t i : indices) picked.push_back(c.kernels.at(i));
  c.kernels = std::move(picked);
  return c;
}
inline sim::RunResult run_b200(const std::string& name, const sim::RunOptions& opts = {}) {
  return sim::run(b200_config(name, opts.gpu_overrides), opts);
}

inline const cfg::BufferSpec& buffer_spec(const cfg::RunConfig& c, const std::string& name) {
  for (const auto& b : c.buffers) {
    if (b.name == name) return b;
  }
  FAIL("run config has no buffer named " << name);
  throw 0;  // unreachable: FAIL throws
}

// The buffer's initial contents as T elements, from its init spec.
template <typename T>
std::vector<T> initial(const cfg::RunConfig& c, const std::string& name) {
  const auto& spec = buffer_spec(c, name);
  REQUIRE(cfg::elem_size(spec.type) == sizeof(T));
  const std::vector<std::byte> bytes = cfg::init_buffer(spec);
  REQUIRE(bytes.size() == spec.count * sizeof(T));
  std::vector<T> v(spec.count);
  std::memcpy(v.data(), bytes.data(), bytes.size());
  return v;
}

// The buffer's final contents after the run.
template <typename T>
std::vector<T> final_contents(const sim::RunResult& r, const std::string& name) {
  const auto& spec = buffer_spec(r.config, name);
  REQUIRE(cfg::elem_size(spec.type) == sizeof(T));
  std::vector<T> v = r.as<T>(name);
  REQUIRE(v.size() == spec.count);
  return v;
}

template <typename T>
std::string show(T v) {
  std::ostringstream os;
  if constexpr (std::is_same_v<T, float>) {
    os << std::setprecision(9) << v << " (0x" << std::hex << std::bit_cast<std::uint32_t>(v) << ")";
  } else if constexpr (std::is_same_v<T, double>) {
    os << std::setprecision(17) << v << " (0x" << std::hex << std::bit_cast<std::uint64_t>(v) << ")";
  } else if constexpr (sizeof(T) == 1) {
    os << static_cast<int>(v);
  } else {
    os << v << " (0x" << std::hex << static_cast<std::uint64_t>(static_cast<std::make_unsigned_t<T>>(v)) << ")";
  }
  return os.str();
}

// Bitwise comparison (so -0 vs +0 and float bit patterns count); reports the first few mismatches.
template <typename T>
void check_equal(const std::vector<T>& got, const std::vector<T>& want, const std::string& what) {
  REQUIRE(got.size() == want.size());
  std::size_t bad = 0;
  std::string first;
  for (std::size_t i = 0; i < got.size(); ++i) {
    if (std::memcmp(&got[i], &want[i], sizeof(T)) != 0) {
      if (bad < 6) first += "\n  [" + std::to_string(i) + "] got " + show(got[i]) + ", want " + show(want[i]);
      ++bad;
    }
  }
  INFO(what << ": " << bad << " of " << got.size() << " elements differ" << first);
  CHECK(bad == 0);
}

// Checks that a buffer the kernel only reads still holds its initial contents.
template <typename T>
void check_unchanged(const sim::RunResult& r, const std::string& name) {
  check_equal(final_contents<T>(r, name), initial<T>(r.config, name), name + " (input, must be unchanged)");
}

// One launch's summary: entry name, CTA count, warp count.
inline void check_launch(const sim::RunResult& r, std::size_t index, const std::string& entry, std::uint64_t ctas,
                         std::uint64_t warps) {
  REQUIRE(r.kernels.size() > index);
  CHECK(r.kernels[index].entry == entry);
  CHECK(r.kernels[index].ctas == ctas);
  CHECK(r.kernels[index].warps == warps);
  CHECK(r.kernels[index].warp_instructions > 0);
  CHECK(r.kernels[index].thread_instructions >= r.kernels[index].warp_instructions);
}

// ---- reference arithmetic ----

inline float f32(std::uint32_t bits) { return std::bit_cast<float>(bits); }
inline std::uint32_t bits(float f) { return std::bit_cast<std::uint32_t>(f); }
inline std::uint64_t bits(double d) { return std::bit_cast<std::uint64_t>(d); }

// f16 / bf16 bits -> exact value.
inline double half_value(std::uint16_t h) {
  const double sign = (h >> 15) ? -1.0 : 1.0;
  const int e = (h >> 10) & 0x1f;
  const int f = h & 0x3ff;
  if (e == 0x1f) return f ? std::nan("") : sign * INFINITY;
  if (e == 0) return sign * std::ldexp(static_cast<double>(f), -24);
  return sign * std::ldexp(static_cast<double>(1024 + f), e - 25);
}
inline double bf16_value(std::uint16_t b) { return std::bit_cast<float>(static_cast<std::uint32_t>(b) << 16); }

// The exact products of row r of A and row c of B (both k elements a row, as `value` reads them): their sum and the
// sum of their magnitudes (a GEMM's D = A B^T against an exact reference).
template <typename Elem, typename Value>
void row_dot(const std::vector<Elem>& a, const std::vector<Elem>& b, int k, int r, int c, Value value, double& sum,
             double& mag) {
  sum = 0;
  mag = 0;
  for (int i = 0; i < k; ++i) {
    const double p = value(a[static_cast<std::size_t>(r) * k + i]) * value(b[static_cast<std::size_t>(c) * k + i]);
    sum += p;
    mag += std::fabs(p);
  }
}

enum class Rnd { Nearest, Zero, Down, Up };  // .rn, .rz, .rm, .rp

// Error-free sum: s + e == a + b exactly, s = RN(a + b) (Knuth's two-sum; no overflow assumed).
inline void two_sum(double a, double b, double& s, double& e) {
  s = a + b;
  const double bb = s - a;
  e = (a - (s - bb)) + (b - bb);
}

// Rounds the exact value hi + lo, where hi = RN_double(hi + lo) and lo is the rest (as two_sum gives), to an
// IEEE binary format with `exp_bits` exponent bits and `frac_bits` fraction bits (f32: 8/23, f16: 5/10,
// bf16: 8/7), returning its bits. Subnormal results and overflow (to infinity or the largest finite value,
// per mode) follow IEEE 754. A zero hi returns a zero with hi's sign.
inline std::uint64_t round_exact(double hi, double lo, int exp_bits, int frac_bits, Rnd mode) {
  const std::uint64_t sign_bit = std::uint64_t{1} << (exp_bits + frac_bits);
  const bool neg = std::signbit(hi);
  const std::uint64_t sign = neg ? sign_bit : 0;
  if (hi == 0.0) return sign;
  const double m = std::fabs(hi);
  const double l = neg ? -lo : lo;  // exact magnitude = m + l
  // Direction on the magnitude: towards zero ("down") or away ("up").
  enum { Near, MagDown, MagUp } dir;
  switch (mode) {
    case Rnd::Nearest: dir = Near; break;
    case Rnd::Zero: dir = MagDown; break;
    case Rnd::Down: dir = neg ? MagUp : MagDown; break;
    default: dir = neg ? MagDown : MagUp; break;
  }
  const int bias = (1 << (exp_bits - 1)) - 1;
  const int emin = 1 - bias;
  const std::uint64_t inf_enc = ((std::uint64_t{1} << exp_bits) - 1) << frac_bits;
  const int e = std::ilogb(m);
  if (e > bias) return sign | (dir == MagDown ? inf_enc - 1 : inf_enc);
  const int qexp = std::max(e, emin) - frac_bits;  // the target's quantum at this magnitude is 2^qexp
  const double k = std::ldexp(m, -qexp);           // exact (power-of-two scaling)
  const double n = std::floor(k);
  const double frac = k - n;  // exact
  const auto ni = static_cast<std::uint64_t>(n);
  const std::uint64_t implicit = std::uint64_t{1} << frac_bits;
  const std::uint64_t field = static_cast<std::uint64_t>(std::max(e, emin) + bias);
  const std::uint64_t enc_n = ni >= implicit ? (field << frac_bits) + (ni - implicit) : ni;
  std::uint64_t down, up;
  bool tie_point = false, just_below = false;
  if (frac > 0.0) {
    down = enc_n;
    up = enc_n + 1;  // a carry into the exponent field (or to infinity) is the next value up
    tie_point = frac == 0.5;
  } else if (l == 0.0) {
    return sign | enc_n;  // exactly representable
  } else if (l > 0.0) {
    down = enc_n;  // just above n * quantum: nearest is n
    up = enc_n + 1;
  } else {
    down = enc_n - 1;  // just below n * quantum (encodings are monotonic across binades)
    up = enc_n;
    just_below = true;
  }
  std::uint64_t r;
  if (dir == MagDown) {
    r = down;
  } else if (dir == MagUp) {
    r = up;
  } else if (frac == 0.0) {
    r = just_below ? up : down;  // within a sliver of n * quantum
  } else if (tie_point) {
    r = l > 0.0 ? up : l < 0.0 ? down : ((down & 1) == 0 ? down : up);
  } else {
    r = frac > 0.5 ? up : down;
  }
  return sign | std::min(r, inf_enc);
}

inline float round_f32(double hi, double lo, Rnd mode) {
  return std::bit_cast<float>(static_cast<std::uint32_t>(round_exact(hi, lo, 8, 23, mode)));
}
inline std::uint16_t round_f16(double hi, double lo, Rnd mode) {
  return static_cast<std::uint16_t>(round_exact(hi, lo, 5, 10, mode));
}
inline std::uint16_t round_bf16(double hi, double lo, Rnd mode) {
  return static_cast<std::uint16_t>(round_exact(hi, lo, 8, 7, mode));
}

// Distance of `got` from the exact `ref` in units of the f32 ulp at ref.
inline double ulp_error_f32(float got, double ref) {
  if (std::isnan(got) || std::isinf(got)) return INFINITY;
  const double a = std::fabs(ref);
  const int e = a < 0x1p-126 ? -126 : std::ilogb(a);
  return std::fabs(static_cast<double>(got) - ref) / std::ldexp(1.0, e - 23);
}

// The ALU-chain microbenchmarks (ubench_{ffma,imad,sfu,fp64}_chain) share one shape: four launches (one warp
// n = 1024, one warp n = 2048, four warps n = 1024, and the unroll-by-32 entry `<entry>_u32` with one warp,
// n = 1024); thread tid of launch s writes out[s * 128 + tid] = step applied n times to start(tid), and lane 0
// of each warp writes a nonzero cycle count to cyc[s * 4 + warp]. Checks all of it exactly.
template <typename T, typename Start, typename Step>
void check_alu_chain(const sim::RunResult& r, const std::string& entry, Start start, Step step) {
  const int threads[4] = {32, 32, 128, 32};
  const int steps[4] = {1024, 2048, 1024, 1024};
  std::vector<T> out(512, T(0));
  std::vector<std::uint64_t> written(16, 0);
  for (int slot = 0; slot < 4; ++slot) {
    for (int tid = 0; tid < threads[slot]; ++tid) {
      T x = start(tid);
      for (int i = 0; i < steps[slot]; ++i) x = step(x);
      out[slot * 128 + tid] = x;
    }
    for (int w = 0; w < threads[slot] / 32; ++w) written[slot * 4 + w] = 1;
  }
  check_equal(final_contents<T>(r, "out"), out, "out");
  const auto cyc = final_contents<std::uint64_t>(r, "cyc");
  for (int i = 0; i < 16; ++i) {
    INFO("cyc[" << i << "] = " << cyc[i]);
    CHECK((cyc[i] != 0) == (written[i] != 0));
  }
  check_launch(r, 0, entry, 1, 1);
  check_launch(r, 1, entry, 1, 1);
  check_launch(r, 2, entry, 1, 4);
  check_launch(r, 3, entry + "_u32", 1, 1);
}

// The three 32x32-tile transposes (naive, padded, swizzled) of the 128 x 256 f32 matrix: every element of the
// 256 x 128 result, the input untouched, and the launch (32 CTAs, 256 warps).
// The one launch `entry` transposed the width x height f32 matrix `in` into `out` through 32x32 tiles with blocks
// of 32 x 8 (its args: in, out, width, height): out[c][r] = in[r][c] exactly, the input unchanged.
inline void check_transpose(const sim::RunResult& r, const std::string& entry, int width = 256, int height = 128) {
  REQUIRE(r.config.kernels.size() == 1);
  const auto& k = r.config.kernels[0];
  REQUIRE(k.args.size() == 4);
  CHECK(static_cast<int>(k.args[2].bits) == width);
  CHECK(static_cast<int>(k.args[3].bits) == height);
  const auto in = initial<float>(r.config, "in");
  REQUIRE(in.size() == static_cast<std::size_t>(width) * height);
  std::vector<float> out(in.size());
  for (int row = 0; row < height; ++row)
    for (int col = 0; col < width; ++col)
      out[static_cast<std::size_t>(col) * height + row] = in[static_cast<std::size_t>(row) * width + col];
  check_equal(final_contents<float>(r, "out"), out, "out");
  check_unchanged<float>(r, "in");
  const std::uint64_t ctas = static_cast<std::uint64_t>(width / 32) * (height / 32);
  check_launch(r, 0, entry, ctas, ctas * 8);
}

}  // namespace wl
