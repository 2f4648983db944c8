// sm.branch_taken_cycles: after a taken branch (the warp continues elsewhere than the next pc) the warp issues
// again no sooner than that many cycles after the branch; a branch that falls through costs nothing extra.
#include "timing_test_util.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

// tiny: pipe.uniform 2, pipe.int latency 4 interval 2, pipe.branch 2. mov at 0 (ready 2). Iteration k: add at
// a_k (ready a_k + 4), setp at a_k + 4 (ready a_k + 8), bra at a_k + 8, the next add at a_k + 8 + max(1, B) (one
// issue per cycle; the int pipe is free since a_k + 6). a_1 = 2. The last bra falls through: exit at a_N + 9,
// the kernel ends at a_N + 10 = 12 + (N - 1)(8 + max(1, B)).
std::uint64_t expected(unsigned n, unsigned b) { return 12 + std::uint64_t{n - 1} * (8 + std::max(1u, b)); }

}  // namespace

TEST_CASE("a taken loop branch delays the warp's next issue by sm.branch_taken_cycles") {
  for (unsigned n : {1u, 10u}) {
    for (unsigned b : {0u, 1u, 5u, 20u}) {
      INFO("iterations " << n << ", sm.branch_taken_cycles " << b);
      const auto r = ttest::run(ttest::counted_loop(n), 1, 32, 1, true, {fmt::format("sm.branch_taken_cycles={}", b)});
      CHECK(r.timing.cycles == expected(n, b));
      CHECK(r.timing.stats.smsp_inst_executed_sum == 2 + 3 * n);
    }
  }
  CHECK(expected(10, 0) == 93);
  CHECK(expected(10, 5) - expected(10, 0) == 9 * (5 - 1));  // B - 1 per taken branch
}

TEST_CASE("a forward unconditional branch is taken, one to the next instruction is not") {
  const auto kernel = [](const std::string& skipped) {
    return ttest::header() +
           ".visible .entry k(.param .u64 out) {\n  .reg .u32 %r<4>;\n  mov.u32 %r1, 0;\n"
           "  bra.uni L;\n" +
           skipped + "L:\n  exit;\n}\n";
  };
  // mov at 0 (ready 2), bra at 1, exit at max(2, 1 + B), the kernel ends one cycle later (and not before 2).
  for (unsigned b : {0u, 10u}) {
    INFO("sm.branch_taken_cycles " << b);
    const std::vector<std::string> set{fmt::format("sm.branch_taken_cycles={}", b)};
    CHECK(ttest::run(kernel("  add.u32 %r2, %r1, 1;\n"), 1, 32, 1, true, set).timing.cycles == std::max(3u, 2 + b));
    CHECK(ttest::run(kernel(""), 1, 32, 1, true, set).timing.cycles == 3);
  }
}

}  // namespace WARPSIM_UNITY_ID
