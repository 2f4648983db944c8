// A store is acknowledged mem.store_ack_cycles after its last sector reached its L2 slice (timing/lsu.hpp); a CTA
// whose threads have all exited keeps its resources until its warps' stores are acknowledged (Nsight's drain stall,
// traces/ubench_exit_drain), and the kernel ends at the last acknowledgement. On tiny (one SM, 4 CTA slots, L2 at
// 200 cycles) with one store per warp at the end of the FFMA chain of the dispatch tests.
#include "dispatch_test_util.hpp"

namespace {
// One FFMA, then every thread stores its result to out[tid] and exits.
std::string chain_store() {
  return ttest::header() +
         ".visible .entry k(.param .u64 out) {\n  .reg .f32 %f<2>;\n  .reg .b32 %r<2>;\n  .reg .b64 %rd<4>;\n"
         "  ld.param.u64 %rd1, [out];\n  cvta.to.global.u64 %rd1, %rd1;\n  mov.u32 %r1, %tid.x;\n"
         "  mul.wide.u32 %rd2, %r1, 4;\n  add.s64 %rd3, %rd1, %rd2;\n  mov.f32 %f1, 0f3F800000;\n"
         "  fma.rn.f32 %f1, %f1, %f1, %f1;\n  st.global.f32 [%rd3], %f1;\n  exit;\n}\n";
}
}  // namespace

TEST_CASE("745 the kernel ends when its last store is acknowledged") {
  const auto none = ttest::run(chain_store(), 1, 32, 32, true, {"mem.store_ack_cycles=0"});
  const auto ack = ttest::run(chain_store(), 1, 32, 32, true, {"mem.store_ack_cycles=100"});
  CHECK(none.out[0] == 0x40000000u);  // 1 * 1 + 1 = 2.0f: the values do not depend on time
  CHECK(ack.out == none.out);
  CHECK(ack.timing.cycles == none.timing.cycles + 100);
}

TEST_CASE("745 a CTA's slot is free only once its stores are acknowledged") {
  // Five one-warp CTAs, four slots: the fifth starts when the first retires. Without an acknowledgement that is
  // right after the first's exit; with 300 cycles, 300 cycles later, and the kernel ends 300 after that fifth
  // CTA's own store: 600 more than without.
  const auto none = ttest::run(chain_store(), 5, 32, 32, true, {"mem.store_ack_cycles=0"});
  const auto ack = ttest::run(chain_store(), 5, 32, 32, true, {"mem.store_ack_cycles=300"});
  CHECK(ack.timing.cycles == none.timing.cycles + 600);
  // Four CTAs fit at once: only the kernel's end moves.
  const auto four_none = ttest::run(chain_store(), 4, 32, 32, true, {"mem.store_ack_cycles=0"});
  const auto four_ack = ttest::run(chain_store(), 4, 32, 32, true, {"mem.store_ack_cycles=300"});
  CHECK(four_ack.timing.cycles == four_none.timing.cycles + 300);
}
