// Workload test ubench_cas_contention (traces/ubench_cas_contention): every thread adds tid + 1 to word[slot] with
// an atomicCAS retry loop and writes its CAS count to iters[slot * 512 + tid]; thread 0 writes its loop's cycles to
// cyc[slot]. Launches: slot 0 one warp (32 threads), slot 1 4 CTAs x 128 threads (512). Each thread's add succeeds
// exactly once, so word[0] = 1 + .. + 32 = 528 and word[1] = 1 + .. + 512 = 131328 whatever the order.
// iters depends on the order of the CASes, so it is checked by what can be proven about any order:
//  - every thread in the launch wrote 1 <= iters <= the launch's thread count: its last CAS succeeded, and each
//    failed CAS saw a value other than the one the thread last read, so some other thread's CAS succeeded in
//    between (the intervals between one thread's consecutive CASes are disjoint, so each failure uses up a
//    distinct success of another thread: at most threads - 1 failures);
//  - within one warp the counts are distinct (so the warp's sum is at least 1 + .. + 32 = 528, and the launch's at
//    least warps x 528 >= threads): the word only grows (every add is positive and the final sum does not wrap), so
//    a success writes a value nobody has read yet, and no later lane of the same warp-level CAS can hold it as
//    `assumed`: at most one lane succeeds per execution of the warp's CAS. The lanes still looping all take the
//    back-edge together, so every execution of the CAS covers all of them, and a lane's count is the number of
//    the execution in which it succeeded: distinct per warp;
//  - slot 0 (one warp alone on word[0]) exactly: the simulator performs a warp's atomics lane by lane in
//    increasing lane order (src/func/exec_mem.cpp). All 32 lanes start from the one load of word[0] (0); by
//    induction, at execution e every looping lane holds the word's current value, the lowest looping lane
//    succeeds and the rest read its result. So lane l succeeds at execution l + 1: iters[l] = l + 1 (the H200 shows
//    the same order, but on the GPU it is not guaranteed). Slot 1's warps interleave, so its counts are not fixed.
// Elements of iters past a launch's threads stay 0; cyc nonzero in both slots.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: slot 1's per-thread counts (order-dependent), the cycle counts' values.
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  const std::uint32_t threads[2] = {32, 512};
  REQUIRE(r.config.kernels.size() == 2);
  const auto word0 = wl::initial<std::uint32_t>(r.config, "word");
  REQUIRE(word0.size() == 2u);
  std::vector<std::uint32_t> word = word0;
  for (std::uint32_t slot = 0; slot < 2; ++slot) {
    const auto& k = r.config.kernels[slot];
    REQUIRE(k.args.size() == 4);
    CHECK(k.args[3].bits == slot);
    for (std::uint32_t t = 0; t < threads[slot]; ++t) word[slot] += t + 1;  // one successful add per thread
  }
  CHECK(word[0] == 528u);
  CHECK(word[1] == 131328u);
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "word"), word, "word");

  const auto iters = wl::final_contents<std::uint32_t>(r, "iters");
  REQUIRE(iters.size() == 1024u);
  for (std::uint32_t slot = 0; slot < 2; ++slot) {
    INFO("slot " << slot);
    std::uint64_t sum = 0;
    for (std::uint32_t t = 0; t < 512; ++t) {
      const std::uint32_t n = iters[slot * 512 + t];
      INFO("iters[" << slot * 512 + t << "] = " << n);
      if (t < threads[slot]) {
        CHECK(n >= 1u);
        CHECK(n <= threads[slot]);
        sum += n;
      } else {
        CHECK(n == 0u);  // no such thread
      }
    }
    CHECK(sum >= threads[slot]);
    for (std::uint32_t w = 0; w < threads[slot] / 32; ++w) {
      std::vector<std::uint32_t> v(iters.begin() + slot * 512 + w * 32, iters.begin() + slot * 512 + w * 32 + 32);
      std::sort(v.begin(), v.end());
      INFO("warp " << w << ": counts " << v.front() << " .. " << v.back());
      CHECK(std::adjacent_find(v.begin(), v.end()) == v.end());  // distinct within the warp
      std::uint64_t warp_sum = 0;
      for (auto n : v) warp_sum += n;
      CHECK(warp_sum >= 528u);
    }
  }
  std::vector<std::uint32_t> slot0(32);
  for (std::uint32_t l = 0; l < 32; ++l) slot0[l] = l + 1;
  wl::check_equal(std::vector<std::uint32_t>(iters.begin(), iters.begin() + 32), slot0, "iters[0 .. 31] (slot 0)");

  const auto cyc = wl::final_contents<std::uint64_t>(r, "cyc");
  REQUIRE(cyc.size() == 2u);
  for (std::size_t i = 0; i < cyc.size(); ++i) {
    INFO("cyc[" << i << "] = " << cyc[i]);
    CHECK(cyc[i] != 0);
  }
  wl::check_launch(r, 0, "cas_loop", 1, 1);
  wl::check_launch(r, 1, "cas_loop", 4, 16);
}

TEST_CASE("ubench_cas_contention: atomicCAS retry loops on one word from one warp and from 16 warps (H200, sm_90a PTX)",
          "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_cas_contention")));
}

TEST_CASE(
    "ubench_cas_contention: atomicCAS retry loops on one word from one warp and from 16 warps (B200, sm_100a PTX)",
    "[workloads]") {
  check_run(wl::run_b200("ubench_cas_contention"));
}

}  // namespace WARPSIM_UNITY_ID
