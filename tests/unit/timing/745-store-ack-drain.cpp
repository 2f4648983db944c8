// A store is acknowledged mem.store_ack_cycles after its last sector reached its L2 slice (timing/lsu.hpp); a CTA
// whose threads have all exited keeps its resources until its warps' stores are acknowledged (Nsight's drain stall,
// traces/ubench_exit_drain), and the kernel ends at the last acknowledgement. On tiny (one SM, 4 CTA slots, L2 at
// 200 cycles) with one store per warp after one FFMA. A GPU-scope fence (membar.gl) holds its warp until the
// acknowledgement, then sm.fence_gpu_cycles more (traces/ubench_exit_drain's exit_fence); a CTA-scope one does not.
#include "dispatch_test_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {
// One FFMA, then every thread stores its result to out[tid] and exits.
std::string chain_store(const std::string& after_store = "") {
  return ttest::header() +
         ".visible .entry k(.param .u64 out) {\n  .reg .f32 %f<2>;\n  .reg .b32 %r<2>;\n  .reg .b64 %rd<4>;\n"
         "  ld.param.u64 %rd1, [out];\n  cvta.to.global.u64 %rd1, %rd1;\n  mov.u32 %r1, %tid.x;\n"
         "  mul.wide.u32 %rd2, %r1, 4;\n  add.s64 %rd3, %rd1, %rd2;\n  mov.f32 %f1, 0f3F800000;\n"
         "  fma.rn.f32 %f1, %f1, %f1, %f1;\n  st.global.f32 [%rd3], %f1;\n" + after_store + "  exit;\n}\n";
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

TEST_CASE("745 membar.gl waits for the warp's stores to be acknowledged, then sm.fence_gpu_cycles") {
  const std::vector<std::string> ack{"mem.store_ack_cycles=100"};
  auto with = [&](const std::string& fence, unsigned cycles) {
    std::vector<std::string> o = ack;
    o.push_back("sm.fence_gpu_cycles=" + std::to_string(cycles));
    return ttest::run(chain_store(fence + "  mov.f32 %f1, 0f00000000;\n"), 1, 32, 32, true, o).timing.cycles;
  };
  const std::uint64_t plain = ttest::run(chain_store(), 1, 32, 32, true, ack).timing.cycles;
  // The fence's warp exits only after the acknowledgement (the kernel's end was that already) plus its own time.
  CHECK(with("  membar.gl;\n", 0) == plain + 2);  // the fence waits; mov and exit issue after it
  CHECK(with("  membar.gl;\n", 500) == plain + 2 + 500);
  CHECK(with("  fence.sc.gpu;\n", 500) == plain + 2 + 500);
  CHECK(with("  fence.acq_rel.sys;\n", 500) == plain + 2 + 500);
  // CTA scope: no wait, the kernel still ends at the acknowledgement.
  CHECK(with("  membar.cta;\n", 500) == plain);
  CHECK(with("  fence.acq_rel.cta;\n", 500) == plain);
}

}  // namespace WARPSIM_UNITY_ID
