// Workload test ubench_emulated_ops (traces/ubench_emulated_ops): eleven launches of one warp, each a dependent
// chain of n = 256 steps of one operation that ptxas expands into a sequence: x = d / x (div.rn.f32/f64), x =
// rcp.rn(x) (f32/f64), x = sqrt.rn(x) (f32/f64), x = d / x on u32, s32, u64, s64, and x = d % x + 3 on u32. A CPU
// mirror of each chain (IEEE division, reciprocal 1 / x and square root on the host, which are correctly rounded
// to nearest even, so they equal the .rn results; integer division truncating towards zero as in PTX) from the
// config's x0 and d gives the final value; every lane of slot s must have written its bits (zero-extended to
// 64 bits for 4-byte types, as memcpy into a zeroed u64 gives) to out[s * 32 + lane]; cyc nonzero in all 11 slots.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: the cycle counts' values (a timing-model matter), special operands (the chains stay normal).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

template <typename T, typename Step>
std::uint64_t chain(std::uint64_t x0_bits, std::uint64_t d_bits, int n, Step step) {
  T x, d;
  if constexpr (sizeof(T) == 4) {
    const auto x32 = static_cast<std::uint32_t>(x0_bits), d32 = static_cast<std::uint32_t>(d_bits);
    std::memcpy(&x, &x32, 4);
    std::memcpy(&d, &d32, 4);
  } else {
    std::memcpy(&x, &x0_bits, 8);
    std::memcpy(&d, &d_bits, 8);
  }
  for (int i = 0; i < n; ++i) x = step(x, d);
  std::uint64_t bits = 0;
  std::memcpy(&bits, &x, sizeof(T));  // zero-extends 4-byte values, as the kernel's memcpy into bits = 0
  return bits;
}

// Opaque to the optimiser, so the host computes each operation in its own type at run time.
template <typename T>
T opaque(T v) {
  volatile T w = v;
  return w;
}

}  // namespace

static void check_run(const wl::sim::RunResult& r) {
  const char* entries[11] = {"div_rn_f32", "rcp_rn_f32", "sqrt_rn_f32", "div_rn_f64", "rcp_rn_f64", "sqrt_rn_f64",
                             "div_u32",    "rem_u32",    "div_s32",     "div_u64",    "div_s64"};
  REQUIRE(r.config.kernels.size() == 11);
  std::vector<std::uint64_t> out(352, 0);
  for (int slot = 0; slot < 11; ++slot) {
    const auto& k = r.config.kernels[slot];
    INFO("launch " << slot << " (" << entries[slot] << ")");
    REQUIRE(k.entry == entries[slot]);
    REQUIRE(k.args.size() == 6);
    const std::uint64_t x0 = k.args[2].bits, d = k.args[3].bits;
    const int n = static_cast<int>(k.args[4].bits);
    CHECK(n == 256);
    CHECK(static_cast<int>(k.args[5].bits) == slot);
    std::uint64_t v = 0;
    switch (slot) {
      case 0: v = chain<float>(x0, d, n, [](float x, float dd) { return opaque(dd) / opaque(x); }); break;
      case 1: v = chain<float>(x0, d, n, [](float x, float) { return 1.0f / opaque(x); }); break;
      case 2: v = chain<float>(x0, d, n, [](float x, float) { return std::sqrt(opaque(x)); }); break;
      case 3: v = chain<double>(x0, d, n, [](double x, double dd) { return opaque(dd) / opaque(x); }); break;
      case 4: v = chain<double>(x0, d, n, [](double x, double) { return 1.0 / opaque(x); }); break;
      case 5: v = chain<double>(x0, d, n, [](double x, double) { return std::sqrt(opaque(x)); }); break;
      case 6: v = chain<std::uint32_t>(x0, d, n, [](std::uint32_t x, std::uint32_t dd) { return dd / x; }); break;
      case 7: v = chain<std::uint32_t>(x0, d, n, [](std::uint32_t x, std::uint32_t dd) { return dd % x + 3u; }); break;
      case 8: v = chain<std::int32_t>(x0, d, n, [](std::int32_t x, std::int32_t dd) { return dd / x; }); break;
      case 9: v = chain<std::uint64_t>(x0, d, n, [](std::uint64_t x, std::uint64_t dd) { return dd / x; }); break;
      default: v = chain<std::int64_t>(x0, d, n, [](std::int64_t x, std::int64_t dd) { return dd / x; }); break;
    }
    for (int lane = 0; lane < 32; ++lane) out[slot * 32 + lane] = v;
    wl::check_launch(r, slot, entries[slot], 1, 1);
  }
  // Spot values the chains must reach (worked by hand): 3 / 2 = 1.5 and 3 / 1.5 = 2 exactly, so an even number of
  // steps returns to 2; the integer chains alternate 7 <-> d / 7 (or sit at 7 = 1000003 % 7 + 3) and end on 7.
  CHECK(out[0 * 32] == wl::bits(2.0f));
  CHECK(out[3 * 32] == wl::bits(2.0));
  CHECK(out[2 * 32] == wl::bits(1.0f));  // sqrt iterated 256 times from 2 reaches 1
  CHECK(out[5 * 32] == wl::bits(1.0));
  CHECK(out[6 * 32] == 7u);
  CHECK(out[7 * 32] == 7u);
  CHECK(out[8 * 32] == 0xfffffff9u);  // -7 as s32, zero-extended
  CHECK(out[9 * 32] == 7u);
  CHECK(out[10 * 32] == static_cast<std::uint64_t>(std::int64_t{-7}));
  wl::check_equal(wl::final_contents<std::uint64_t>(r, "out"), out, "out");
  const auto cyc = wl::final_contents<std::uint64_t>(r, "cyc");
  for (std::size_t i = 0; i < cyc.size(); ++i) {
    INFO("cyc[" << i << "] = " << cyc[i]);
    CHECK(cyc[i] != 0);
  }
}

TEST_CASE("ubench_emulated_ops: IEEE div/rcp/sqrt and integer div/rem chains (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_emulated_ops")));
}

TEST_CASE("ubench_emulated_ops: IEEE div/rcp/sqrt and integer div/rem chains (B200, sm_100a PTX)", "[workloads]") {
  check_run(wl::run_b200("ubench_emulated_ops"));
}

}  // namespace WARPSIM_UNITY_ID
