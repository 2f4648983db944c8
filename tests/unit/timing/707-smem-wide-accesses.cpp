// 64- and 128-bit shared-memory accesses: a warp's unit-stride v2.u32 access spans 64 words and takes 2
// wavefronts, v4.u32 takes 4, and neither counts as a conflict (ideal wavefronts = words / banks); a
// stride that puts every lane's 8 bytes into the same two banks is a 32-way conflict.
#include "timing_test_util.hpp"

#include <fmt/format.h>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

// Each thread stores {tid, tid+1, ...} (vec words) at sm[tid * stride_bytes], loads the first word back and
// writes it to out[tid].
std::string kernel(unsigned vec, unsigned stride_bytes) {
  const std::string regs = vec == 2 ? "{%r1, %r5}" : "{%r1, %r5, %r5, %r5}";
  return ttest::header() + fmt::format(R"(
.visible .entry k(.param .u64 out) {{
  .reg .u32 %r<8>;
  .reg .u64 %rd<3>;
  .shared .align 16 .b8 sm[8192];
  mov.u32 %r1, %tid.x;
  add.u32 %r5, %r1, 1;
  mul.lo.u32 %r2, %r1, {0};
  mov.u32 %r3, sm;
  add.u32 %r4, %r3, %r2;
  st.shared.v{1}.u32 [%r4], {2};
  ld.shared.v{1}.u32 {2}, [%r4];
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  mul.wide.u32 %rd2, %r1, 4;
  add.u64 %rd1, %rd1, %rd2;
  st.global.u32 [%rd1], %r1;
  exit;
}}
)",
                                       stride_bytes, vec, regs);
}

}  // namespace

TEST_CASE("64- and 128-bit shared-memory accesses take 2 and 4 wavefronts without conflicts") {
  struct Case {
    unsigned vec, stride, wavefronts_each, conflicts_each;
  };
  for (const Case c : {Case{2, 8, 2, 0}, Case{4, 16, 4, 0}, Case{2, 128, 32, 30}}) {
    INFO("v" << c.vec << " stride " << c.stride << " bytes");
    const auto r = ttest::run(kernel(c.vec, c.stride), 1, 32, 32);
    const auto& s = r.timing.stats;
    CHECK(s.smem_wavefronts == 2 * c.wavefronts_each);
    CHECK(s.smem_bank_conflicts_st == c.conflicts_each);
    CHECK(s.smem_bank_conflicts_ld == c.conflicts_each);
    for (unsigned i = 0; i < 32; ++i) CHECK(r.out[i] == i);
  }
}

}  // namespace WARPSIM_UNITY_ID
