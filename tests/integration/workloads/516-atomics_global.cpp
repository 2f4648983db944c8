// Workload test atomics_global (traces/atomics_global): 512 threads apply every global atomic to a few
// words. Final values are order independent and compared exactly (the f32/f64 adds use values whose sums
// are exact in any order; atomicInc/atomicDec are all the same operation, so applying them 512 times in any
// order gives the same value). Return values depend on the order, so they are checked as sets:
// atomicAdd(+1) returns a permutation of init..init+511 (the f32 add of 1.0 likewise), and atomicExch's
// returns plus the final value are exactly {initial value} + {every thread's tid + 1000}.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: memory ordering between different words.
#include "workload_util.hpp"

#include <algorithm>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  const auto x = wl::initial<std::uint32_t>(r.config, "x");
  auto u = wl::initial<std::uint32_t>(r.config, "u");
  auto s = wl::initial<std::int32_t>(r.config, "s");
  auto q = wl::initial<std::uint64_t>(r.config, "q");
  auto f = wl::initial<float>(r.config, "f");
  auto d = wl::initial<double>(r.config, "d");
  const std::uint32_t u0 = u[0], u9 = u[9];
  const float f1 = f[1];
  REQUIRE(x.size() == 512);

  for (std::uint32_t tid = 0; tid < 512; ++tid) {
    const std::uint32_t v = x[tid];
    u[0] += 1;
    u[1] = std::min(u[1], v);
    u[2] = std::max(u[2], v);
    u[3] = u[3] >= 17u ? 0u : u[3] + 1u;
    u[4] = (u[4] == 0u || u[4] > 13u) ? 13u : u[4] - 1u;
    u[5] &= ~(1u << (v & 31u));
    u[6] |= 1u << (v % 29u);
    u[7] ^= v;
    u[8] += v & 0xffu;
    u[9] = tid + 1000u;
    u[10] += v & 0xfu;
    u[11] += 3u;
    const std::int32_t sv = static_cast<std::int32_t>(v % 201u) - 100;
    s[0] = static_cast<std::int32_t>(static_cast<std::uint32_t>(s[0]) + static_cast<std::uint32_t>(sv));
    s[1] = std::min(s[1], sv);
    s[2] = std::max(s[2], sv);
    s[3] = static_cast<std::int32_t>(static_cast<std::uint32_t>(s[3]) - static_cast<std::uint32_t>(sv));
    const std::uint64_t qv = (std::uint64_t{v} << 21) | tid;
    q[0] += qv;
    q[1] = std::min(q[1], qv);
    q[2] = std::max(q[2], qv);
    q[3] &= ~(std::uint64_t{1} << (v & 63u));
    q[4] |= std::uint64_t{1} << (v % 61u);
    q[5] ^= qv;
    q[6] += v & 0xffffu;
    q[7] = static_cast<std::uint64_t>(
        std::min(static_cast<std::int64_t>(q[7]), static_cast<std::int64_t>(sv) * std::int64_t{1000000007}));
    f[0] += static_cast<float>(v & 63u) * 0.25f;  // every partial sum is a multiple of 0.25 below 2^13: exact
    f[1] += 1.0f;
    d[0] += static_cast<double>(v & 0xfffffu) * 0x1p-10;  // multiples of 2^-10 below 2^19: exact
    d[1] += 0.5;
  }
  const auto got_u = wl::final_contents<std::uint32_t>(r, "u");
  // u[9] (exch) is order dependent: checked below with the returns.
  auto want_u = u;
  want_u[9] = got_u[9];
  wl::check_equal(got_u, want_u, "u");
  wl::check_equal(wl::final_contents<std::int32_t>(r, "s"), s, "s");
  wl::check_equal(wl::final_contents<std::uint64_t>(r, "q"), q, "q");
  wl::check_equal(wl::final_contents<float>(r, "f"), f, "f");
  wl::check_equal(wl::final_contents<double>(r, "d"), d, "d");

  // atomicAdd(&u[0], 1) returns: a permutation of u0 .. u0 + 511.
  auto ret_add = wl::final_contents<std::uint32_t>(r, "ret_add");
  std::sort(ret_add.begin(), ret_add.end());
  std::vector<std::uint32_t> perm(512);
  for (std::uint32_t i = 0; i < 512; ++i) perm[i] = u0 + i;
  wl::check_equal(ret_add, perm, "ret_add (sorted)");

  // atomicAdd(&f[1], 1.0f) returns: a permutation of f1 .. f1 + 511.
  auto ret_fadd = wl::final_contents<float>(r, "ret_fadd");
  std::sort(ret_fadd.begin(), ret_fadd.end());
  std::vector<float> fperm(512);
  for (std::uint32_t i = 0; i < 512; ++i) fperm[i] = f1 + static_cast<float>(i);
  wl::check_equal(ret_fadd, fperm, "ret_fadd (sorted)");

  // atomicExch(&u[9], tid + 1000): returns + final value == {u9} + {tid + 1000 for all tids}.
  auto exch = wl::final_contents<std::uint32_t>(r, "ret_exch");
  exch.push_back(got_u[9]);
  std::sort(exch.begin(), exch.end());
  std::vector<std::uint32_t> want_exch{u9};
  for (std::uint32_t t = 0; t < 512; ++t) want_exch.push_back(t + 1000u);
  std::sort(want_exch.begin(), want_exch.end());
  wl::check_equal(exch, want_exch, "ret_exch + final u[9] (sorted)");

  wl::check_unchanged<std::uint32_t>(r, "x");
  wl::check_launch(r, 0, "atomics_global", 4, 16);
}

TEST_CASE("atomics_global: u32/s32/u64/s64/f32/f64 global atomics (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("atomics_global")));
}

TEST_CASE("atomics_global: u32/s32/u64/s64/f32/f64 global atomics (B200, sm_100a PTX)", "[workloads]") {
  check_run(wl::run_b200("atomics_global"));
}

}  // namespace WARPSIM_UNITY_ID
