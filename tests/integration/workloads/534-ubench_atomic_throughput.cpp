// Workload test ubench_atomic_throughput (traces/ubench_atomic_throughput): each active lane issues 256
// atomicAdd(&g[idx], 1) and writes the sum of the returned values to out[slot * 512 + global thread id].
// Launches: slot 0 one warp, all lanes on g[0]; slot 1 one warp, lane l on g[l]; slot 2 one warp, lane 0 only on
// g[0]; slot 3 4 CTAs x 128 threads, all on g[0]. A CPU replay gives g exactly (g[0] = 32*256 + 256 + 256 +
// 512*256 = 139776: slot 1's lane 0 also adds to g[0]; g[1..31] = 256). Which thread gets which value of a shared
// counter depends on the order of the atomics, so for slots 0 and 3 only the sum of out over the launch's threads
// is checked: the returns of k atomic increments of one word that starts at v are exactly v .. v + k - 1 (u32,
// wrapping). Slot 1 (one word per lane: returns g[l]'s start .. +255) and slot 2 (one lane) are checked per
// thread; threads that issue no atomics write 0, and out elements past a launch's threads stay 0. cyc nonzero in
// all 4 slots.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: the per-thread split of slots 0 and 3 (order-dependent on the GPU), the cycle counts' values.
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  constexpr std::uint32_t kN = 256;
  const std::uint32_t threads[4] = {32, 32, 32, 512};
  const int modes[4] = {0, 1, 2, 0};
  std::vector<std::uint32_t> g = wl::initial<std::uint32_t>(r.config, "g");
  REQUIRE(g.size() == 32u);
  const auto out = wl::final_contents<std::uint32_t>(r, "out");
  REQUIRE(out.size() == 2048u);
  REQUIRE(r.config.kernels.size() == 4);
  for (int slot = 0; slot < 4; ++slot) {
    INFO("slot " << slot << " (mode " << modes[slot] << ")");
    const auto& k = r.config.kernels[slot];
    REQUIRE(k.args.size() == 6);
    CHECK(k.args[3].bits == kN);  // the replay below assumes these launch parameters
    CHECK(k.args[4].bits == static_cast<std::uint64_t>(modes[slot]));
    CHECK(k.args[5].bits == static_cast<std::uint64_t>(slot));
    std::vector<std::uint32_t> want(512, 0);  // per thread, where deterministic
    std::uint32_t want_sum = 0;
    if (modes[slot] == 1) {
      for (std::uint32_t t = 0; t < threads[slot]; ++t) {
        for (std::uint32_t k = 0; k < kN; ++k) want[t] += g[t & 31]++;
      }
      for (std::uint32_t t = 0; t < threads[slot]; ++t) want_sum += want[t];
    } else {
      // All increments hit g[0]; their returns are g[0]'s start .. start + count - 1, in some order.
      std::uint32_t count = 0;
      for (std::uint32_t t = 0; t < threads[slot]; ++t) {
        if (modes[slot] != 2 || (t & 31) == 0) count += kN;
      }
      for (std::uint32_t k = 0; k < count; ++k) want_sum += g[0]++;
      if (modes[slot] == 2) want[0] = want_sum;  // one lane: its sum is the whole
    }
    std::uint32_t got_sum = 0;
    for (std::uint32_t t = 0; t < 512; ++t) got_sum += out[slot * 512 + t];
    CHECK(got_sum == want_sum);
    if (modes[slot] != 0) {
      wl::check_equal(std::vector<std::uint32_t>(out.begin() + slot * 512, out.begin() + slot * 512 + 512), want,
                      "out[" + std::to_string(slot * 512) + " ..]");
    } else {
      for (std::uint32_t t = threads[slot]; t < 512; ++t) {
        INFO("out[" << slot * 512 + t << "] (no such thread) = " << out[slot * 512 + t]);
        CHECK(out[slot * 512 + t] == 0);
      }
    }
  }
  CHECK(g[0] == 32u * 256 + 256 + 256 + 512u * 256);
  for (std::uint32_t l = 1; l < 32; ++l) CHECK(g[l] == 256u);
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "g"), g, "g");
  const auto cyc = wl::final_contents<std::uint64_t>(r, "cyc");
  for (std::size_t i = 0; i < cyc.size(); ++i) {
    INFO("cyc[" << i << "] = " << cyc[i]);
    CHECK(cyc[i] != 0);
  }
  for (int slot = 0; slot < 3; ++slot) wl::check_launch(r, slot, "atomic_tput", 1, 1);
  wl::check_launch(r, 3, "atomic_tput", 4, 16);
}

TEST_CASE("ubench_atomic_throughput: global atomicAdd from many lanes on one word and on 32 words (H200, sm_90a PTX)",
          "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_atomic_throughput")));
}

TEST_CASE("ubench_atomic_throughput: global atomicAdd from many lanes on one word and on 32 words (B200, sm_100a PTX)",
          "[workloads]") {
  check_run(wl::run_b200("ubench_atomic_throughput"));
}

}  // namespace WARPSIM_UNITY_ID
