// cp.async's two costs beyond the global load it makes (traces/ubench_cp_async), on the tiny GPU, cycle by cycle:
// mem.cp_async_cycles_per_line, the time its read keeps the L1's SM-wide stages per line (its sectors leave evenly
// over it, so the last one reaches DRAM later), which a plain load does not pay; and mem.cp_async_zfill_latency, the
// issue-to-landing time of a copy whose lanes all zero-fill (src-size 0: nothing is read).
#include "timing_test_util.hpp"

#include <map>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

// The kernel of test 746 with `copy` in place of its cp.async.
std::string kernel(const std::string& copy) {
  return ttest::header() + R"(
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
  )" + copy + R"(
  cp.async.commit_group;
  cp.async.wait_group 0;
  ld.shared.u32 %r5, [%r4];
  st.global.u32 [%rd3], %r5;
  exit;
}
)";
}
const std::string kFull = "cp.async.ca.shared.global [%r4], [%rd3+128], 4;";
const std::string kZfill = "cp.async.ca.shared.global [%r4], [%rd3+128], 4, 0;";

struct Issues : warpsim::timing::TraceSink {
  std::map<std::uint32_t, std::uint64_t> at;  // pc -> issue cycle (warp 0)
  bool wants_issues() const override { return true; }
  void on_issue(const warpsim::timing::IssueEvent& e) override { at[e.pc] = e.cycle; }
};

std::vector<std::uint32_t> init() {
  std::vector<std::uint32_t> v(64);
  for (unsigned i = 0; i < 32; ++i) v[32 + i] = 1000 + i;
  return v;
}

}  // namespace

TEST_CASE("753 a cp.async's read keeps the L1 stages mem.cp_async_cycles_per_line per line") {
  // As in test 746, the cp.async issues at 17 and its 4 sectors (one line) go to DRAM (mem.dram_latency 500). With
  // mem.cp_async_cycles_per_line 0 (tiny's) the L1 passes them at its 4 sectors per cycle, all at 17, and the last
  // returns at 17 + 503 (one DRAM cycle per further sector): the ld.shared after wait_group issues at 520. With 50
  // the line keeps the stages 50 cycles and its sectors leave at 17 + floor(i * 50 / 4) = 17, 29, 42, 54: the last
  // returns at 554, and the ld.shared issues then (the store 30 later, exit 1 after, its 4 sectors by 587).
  for (const auto& [per_line, land, end] : {std::tuple{"0", 520u, 553u}, std::tuple{"50", 554u, 587u}}) {
    INFO("mem.cp_async_cycles_per_line " << per_line);
    Issues t;
    const auto r = ttest::run(kernel(kFull), 1, 32, 64, true, {std::string("mem.cp_async_cycles_per_line=") + per_line},
                              init(), 0, &t);
    for (unsigned i = 0; i < 32; ++i) CHECK(r.out[i] == 1000 + i);
    CHECK(t.at[7] == 17);  // cp.async
    CHECK(t.at[10] == land);
    CHECK(r.timing.cycles == end);
  }
}

TEST_CASE("753 mem.cp_async_cycles_per_line leaves plain loads alone") {
  // The same kernel with the copy replaced by ld.global + st.shared: the load takes the tag rate (0 on tiny) whatever
  // mem.cp_async_cycles_per_line says.
  const std::string ld = "ld.global.ca.u32 %r6, [%rd3+128];\n  st.shared.u32 [%r4], %r6;";
  std::uint64_t cycles[2] = {};
  for (int i = 0; i < 2; ++i) {
    const auto r = ttest::run(kernel(ld), 1, 32, 64, true, {i == 0 ? "mem.cp_async_cycles_per_line=0"
                                                                   : "mem.cp_async_cycles_per_line=50"},
                              init());
    for (unsigned l = 0; l < 32; ++l) CHECK(r.out[l] == 1000 + l);
    cycles[i] = r.timing.cycles;
  }
  CHECK(cycles[0] == cycles[1]);
}

TEST_CASE("753 a cp.async whose lanes all zero-fill lands mem.cp_async_zfill_latency after issue") {
  // src-size 0: no lane reads, the copy writes 4 zero bytes per lane. Issued at 17, it lands at 17 + the latency, and
  // the ld.shared after wait_group issues then (tiny's 4: 21; 88, the H200's: 105); the store 30 later, exit 1 after,
  // its 4 sectors reach the slice one per cycle.
  for (const auto& [latency, land] : {std::pair{"4", 21u}, std::pair{"88", 105u}}) {
    INFO("mem.cp_async_zfill_latency " << latency);
    Issues t;
    const auto r = ttest::run(kernel(kZfill), 1, 32, 64, true,
                              {std::string("mem.cp_async_zfill_latency=") + latency}, init(), 0, &t);
    for (unsigned i = 0; i < 32; ++i) CHECK(r.out[i] == 0u);
    CHECK(t.at[7] == 17);
    CHECK(t.at[10] == land);
    CHECK(t.at[11] == land + 30);
    CHECK(r.timing.cycles == land + 33);
  }
  const auto f = ttest::run(kernel(kZfill), 1, 32, 64, false, {}, init());
  for (unsigned i = 0; i < 32; ++i) CHECK(f.out[i] == 0u);
}

}  // namespace WARPSIM_UNITY_ID
