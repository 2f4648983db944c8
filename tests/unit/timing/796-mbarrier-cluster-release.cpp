// A .release.cluster mbarrier arrive (local or remote, arrive.expect_tx too) is preceded in ptxas's SASS by
// MEMBAR.ALL.CTA, MEMBAR.ALL.GPU, ERRBAR and CGAERRBAR (ptxas 13.0, sm_90a); the .cta and .relaxed forms are a
// bare SYNCS.ARRIVE. The warp reaches such an arrive sm.mbarrier_cluster_release_cycles after the instruction
// before it issued, or after its stores are acknowledged if that is later; the .cta form issues as before. The
// H200's value is fitted on traces/ubench_tma's rings (configs/gpus/h200.json); here it is set to 100.
#include "timing_test_util.hpp"

#include <map>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

const std::string kKernel = ttest::header() + R"(
.visible .entry k(.param .u64 out) {
  .reg .b32 %r<4>;
  .reg .b64 %rd<8>;
  .shared .align 8 .b64 bar;
  ld.param.u64 %rd1, [out];
  mbarrier.init.shared.b64 [bar], 8;
  mov.u32 %r1, 7;
  mbarrier.arrive.release.cluster.shared::cta.b64 %rd2, [bar];
  mbarrier.arrive.release.cta.shared::cta.b64 %rd3, [bar];
  mbarrier.arrive.relaxed.cluster.shared::cta.b64 %rd4, [bar];
  mbarrier.arrive.expect_tx.release.cluster.shared::cta.b64 %rd5, [bar], 0;
  st.global.u32 [%rd1], %r1;
  mbarrier.arrive.release.cluster.shared::cta.b64 %rd6, [bar];
  exit;
}
)";

struct Issues : warpsim::timing::TraceSink {
  std::map<std::uint32_t, std::uint64_t> at;  // pc -> issue cycle of warp 0
  bool wants_issues() const override { return true; }
  void on_issue(const warpsim::timing::IssueEvent& e) override {
    if (e.warp == 0) at[e.pc] = e.cycle;
  }
};

}  // namespace

TEST_CASE("796 a .release.cluster mbarrier arrive waits for its fence, the .cta and .relaxed forms do not") {
  // pcs: 0 ld.param, 1 init, 2 mov, 3 arrive.release.cluster, 4 arrive.release.cta, 5 arrive.relaxed.cluster,
  // 6 arrive.expect_tx.release.cluster, 7 st.global, 8 arrive.release.cluster, 9 exit.
  Issues off, on, ack;
  ttest::run(kKernel, 1, 32, 1, true, {}, {}, 0, &off);
  const auto r = ttest::run(kKernel, 1, 32, 1, true, {"sm.mbarrier_cluster_release_cycles=100"}, {}, 0, &on);
  CHECK(r.out[0] == 7);
  // tiny's value 0: priced as the .cta form, one instruction a cycle.
  for (std::uint32_t pc = 0; pc <= 9; ++pc) CHECK(off.at[pc] == pc);
  // 100: the fence issues with the instruction before (mov at 2) and holds the warp 100 cycles after it.
  CHECK(on.at[3] == 2 + 1 + 100);
  CHECK(on.at[4] == 104);  // .release.cta: no fence
  CHECK(on.at[5] == 105);  // .relaxed.cluster: no fence
  CHECK(on.at[6] == 105 + 1 + 100);  // arrive.expect_tx.release.cluster
  CHECK(on.at[7] == 207);
  CHECK(on.at[8] == 207 + 1 + 100);  // tiny acknowledges the store as its slice takes it: no longer wait
  CHECK(on.at[9] == 309);
  // With mem.store_ack_cycles 300 the fence waits for the store's acknowledgement first.
  ttest::run(kKernel, 1, 32, 1, true, {"sm.mbarrier_cluster_release_cycles=100", "mem.store_ack_cycles=300"}, {}, 0,
             &ack);
  CHECK(ack.at[7] == 207);
  CHECK(ack.at[8] == 207 + 300 + 100);  // the store (taken at 207) acknowledged 300 later, then the fence
}

}  // namespace WARPSIM_UNITY_ID
