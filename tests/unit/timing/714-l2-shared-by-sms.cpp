// L2 is shared by the SMs, L1 is not: with two SMs, CTA 0 loads line X (DRAM) and again (its L1 hits); CTA 1, on the
// other SM, first loads another line, then X: its L1 misses and X hits in L2.
#include "mem_test_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

TEST_CASE("a line one SM brought in hits L2 for another SM") {
  // 8000 bytes of shared memory (+1024 reserved) per CTA: one CTA per tiny SM, so each gets its own SM.
  const std::string ptx = ttest::header() + R"(
.visible .entry k(.param .u64 out) {
  .reg .pred %p;
  .reg .u32 %r<4>;
  .reg .u64 %rd<4>;
  .shared .align 4 .b8 big[8000];
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  mov.u32 %r1, %tid.x;
  setp.eq.u32 %p, %r1, 0;
  mov.u32 %r1, %ctaid.x;
  mul.wide.u32 %rd2, %r1, 4096;
  add.u64 %rd3, %rd1, %rd2;
  @%p ld.global.u32 %r2, [%rd3];
  @%p ld.global.u32 %r2, [%rd1];
  exit;
}
)";
  const auto r = ttest::run(ptx, 2, 32, 2048, true, {"sm.count=2"}).timing;
  CHECK(r.stats.mem.l1_sector_hits == 1);  // CTA 0's second load
  CHECK(r.stats.mem.l1_sector_misses == 3);
  CHECK(r.stats.mem.lts_sectors == 3);
  CHECK(r.stats.mem.lts_sector_hits == 1);  // CTA 1's load of X
  CHECK(r.stats.mem.lts_sector_misses == 2);
  CHECK(r.stats.mem.dram_bytes_read == 64);
  // CTA 1 ends last: its first load (DRAM, 500) then X from L2 (200), after the same prologue as CTA 0; its first
  // sector arrives in the same cycle as CTA 0's, in the same L2 slice, so it starts one cycle later
  const auto one = ttest::run(ptx, 1, 32, 2048, true, {"sm.count=2"}).timing;  // CTA 0 alone: 500 + 40
  CHECK(r.cycles - one.cycles == 200 - 40 + 1);
}

}  // namespace WARPSIM_UNITY_ID
