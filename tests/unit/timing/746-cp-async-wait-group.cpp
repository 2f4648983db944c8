// cp.async + commit_group + wait_group 0 on the tiny GPU, cycle by cycle: the copy issues like a load to the ldst
// pipe, its global load goes to DRAM, the bytes land when it returns, and the warp waiting in wait_group issues its
// next instruction (the ld.shared that reads the copied word) in that cycle.
#include "timing_test_util.hpp"

#include <map>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

const std::string kKernel = ttest::header() + R"(
.visible .entry k(.param .u64 out) {
  .reg .b32 %r<8>;
  .reg .b64 %rd<6>;
  .shared .align 16 .b8 buf[128];
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  shl.b32 %r2, %r1, 2;
  mov.u32 %r3, buf;
  add.u32 %r4, %r3, %r2;
  cp.async.ca.shared.global [%r4], [%rd3+128], 4;
  cp.async.commit_group;
  cp.async.wait_group 0;
  ld.shared.u32 %r5, [%r4];
  st.global.u32 [%rd3], %r5;
  exit;
}
)";

struct Issues : warpsim::timing::TraceSink {
  std::map<std::uint32_t, std::uint64_t> at;  // pc -> issue cycle (warp 0)
  bool wants_issues() const override { return true; }
  void on_issue(const warpsim::timing::IssueEvent& e) override { at[e.pc] = e.cycle; }
};

}  // namespace

TEST_CASE("746 cp.async lands when its global load returns and releases wait_group in that cycle") {
  // tiny: pipe latencies ldst 4 (interval 1), uniform 2, int 4 (interval 2); mem.smem_latency 30; a cold 128-byte
  // warp load (4 sectors of one line) from DRAM: mem.dram_latency 500 for the first sector, then
  // mem.dram_bytes_per_cycle 32 = one more cycle per 32-byte sector: the last lands 503 cycles after issue.
  //   ld.param 0 (%rd1 at 4), mov %tid 1 (%r1 at 3), mul.wide 3 (%rd2 at 7), add.s64 7 (%rd3 at 11),
  //   shl 9 (int pipe free at 9; %r2 at 13), mov buf 10 (%r3 at 12), add.u32 13 (%r4 at 17),
  //   cp.async 17 (lands at 17 + 503 = 520), commit_group 18, wait_group 19 (waits),
  //   ld.shared 520 (%r5 at 550), st.global 550, exit 551; the store's 4 sectors reach their L2 slice one per cycle
  //   (mem.l2_sectors_per_cycle_per_slice 1), the last at 553: 553 cycles.
  Issues t;
  std::vector<std::uint32_t> init(64);
  for (unsigned i = 0; i < 32; ++i) init[32 + i] = 1000 + i;
  const auto r = ttest::run(kKernel, 1, 32, 64, true, {}, init, 0, &t);
  for (unsigned i = 0; i < 32; ++i) CHECK(r.out[i] == 1000 + i);
  CHECK(t.at[7] == 17);   // cp.async
  CHECK(t.at[8] == 18);   // commit_group
  CHECK(t.at[9] == 19);   // wait_group 0
  CHECK(t.at[10] == 520);  // ld.shared: the cycle the copy landed
  CHECK(t.at[11] == 550);
  CHECK(t.at[12] == 551);
  CHECK(r.timing.cycles == 553);
  // Functionally the same words.
  const auto f = ttest::run(kKernel, 1, 32, 64, false, {}, init);
  CHECK(f.out == r.out);
}

}  // namespace WARPSIM_UNITY_ID
