// mem.cp_async_smem_write_cycles on the tiny GPU, cycle by cycle: the bytes a cp.async's LSU writes into shared memory
// itself (zero-filled lanes; every lane of a .ca copy) keep the SM's shared-memory banks that many cycles per 128-byte
// wavefront of the write (a store of the cp-size at the lanes' destinations, bank conflicts included), and the copy
// lands no sooner than its last wavefront is written (a .cg copy's data from L2 takes none:
// the L1's fill writes it; not tested here). traces/ubench_cp_async: 2,048 zero-fill LDGSTS of 512 bytes from 16 warps take 10.25
// cycles each on the H200, where landing after mem.cp_async_zfill_latency alone gave 3.6.
#include "timing_test_util.hpp"

#include <map>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

// Test 753's kernel with `copy` in place of its cp.async (pc 7), wait_group at 9, the ld.shared at 10.
std::string kernel(const std::string& copy) {
  return ttest::header() + R"(
.visible .entry k(.param .u64 out) {
  .reg .b32 %r<8>;
  .reg .b64 %rd<6>;
  .shared .align 16 .b8 buf[512];
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

TEST_CASE("597 a zero-fill cp.async's shared-memory write keeps the banks mem.cp_async_smem_write_cycles per wavefront") {
  // 32 lanes x 4 zero bytes = one 128-byte wavefront. Issued at 17, the copy lands after the larger of tiny's
  // mem.cp_async_zfill_latency (4: 21) and the write (17 + 50 = 67 with 50 cycles per wavefront; 17 + ceil(2.25) = 20
  // with the H200's 2.25, so 21): the ld.shared after wait_group issues then, the store 30 later, exit 1 after.
  for (const auto& [per_wavefront, land] : {std::pair{"0", 21u}, std::pair{"2.25", 21u}, std::pair{"50", 67u}}) {
    INFO("mem.cp_async_smem_write_cycles " << per_wavefront);
    Issues t;
    const auto r = ttest::run(kernel("cp.async.ca.shared.global [%r4], [%rd3+128], 4, 0;"), 1, 32, 64, true,
                              {std::string("mem.cp_async_smem_write_cycles=") + per_wavefront}, init(), 0, &t);
    for (unsigned i = 0; i < 32; ++i) CHECK(r.out[i] == 0u);
    CHECK(t.at[7] == 17);
    CHECK(t.at[10] == land);
    CHECK(t.at[11] == land + 30);
    CHECK(r.timing.cycles == land + 33);
    CHECK(r.timing.stats.async.ldgsts == 1);  // an all-zero-fill LDGSTS is counted too
  }
}

TEST_CASE("597 the write time of a 16-byte zero fill is four wavefronts") {
  // 32 lanes x 16 zero bytes = 512 bytes = 4 wavefronts. The destination's mul.lo and add put the copy's issue at
  // 22 (the mul's result after tiny's 4-cycle latency, the add's 1 later); it lands at 22 + 4 x 50 = 222.
  Issues t;
  const std::string copy = "mul.lo.u32 %r6, %r1, 16;\n  add.u32 %r7, %r3, %r6;\n"
                           "  cp.async.cg.shared.global [%r7], [%rd1], 16, 0;";
  const auto r = ttest::run(kernel(copy), 1, 32, 64, true, {"mem.cp_async_smem_write_cycles=50"}, init(), 0, &t);
  // The ld.shared reads word `lane` of the zero-filled 512 bytes.
  for (unsigned i = 0; i < 32; ++i) CHECK(r.out[i] == 0u);
  CHECK(t.at[9] == 22);  // the cp.async, two instructions later than in the other kernels
  CHECK(t.at[12] == 222);
}

TEST_CASE("597 the LSU's write counts the destination's bank conflicts") {
  // 32 lanes x 4 zero bytes at words (l / 4) + 32 (l mod 4): 8 banks, 4 words each, a 4-way conflict = 4 wavefronts
  // (the same 128 bytes at consecutive words are 1: the first test). The copy issues at pc 12 and lands 4 x 50
  // cycles later, when the ld.shared after wait_group (pc 15) issues.
  Issues t;
  const std::string copy = "shr.u32 %r6, %r1, 2;\n  and.b32 %r7, %r1, 3;\n  mad.lo.u32 %r6, %r7, 32, %r6;\n"
                           "  shl.b32 %r6, %r6, 2;\n  add.u32 %r7, %r3, %r6;\n"
                           "  cp.async.ca.shared.global [%r7], [%rd1], 4, 0;";
  const auto r = ttest::run(kernel(copy), 1, 32, 64, true, {"mem.cp_async_smem_write_cycles=50"}, init(), 0, &t);
  CHECK(t.at[15] == t.at[12] + 200);
  CHECK(r.timing.stats.smem_wavefronts == 4 + 1);  // the write's 4 and the ld.shared's 1
}

TEST_CASE("597 a .ca copy's write overlaps its global read") {
  // The full copy reads a line from DRAM (test 753: it returns at 520 after issue at 17), far later than its one
  // wavefront's write (67): the landing, and the kernel, are the same with 0 and 50 cycles per wavefront.
  std::uint64_t cycles[2] = {};
  for (int i = 0; i < 2; ++i) {
    const auto r = ttest::run(kernel("cp.async.ca.shared.global [%r4], [%rd3+128], 4;"), 1, 32, 64, true,
                              {i == 0 ? "mem.cp_async_smem_write_cycles=0" : "mem.cp_async_smem_write_cycles=50"},
                              init());
    for (unsigned l = 0; l < 32; ++l) CHECK(r.out[l] == 1000 + l);
    cycles[i] = r.timing.cycles;
  }
  CHECK(cycles[0] == 553);
  CHECK(cycles[1] == 553);
}

}  // namespace WARPSIM_UNITY_ID
