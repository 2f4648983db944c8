// Shared-memory wavefronts: stride 1 is conflict-free, stride n (n = 2, 4, 8, 16, 32) is n-way, and lanes
// reading one word are served by one wavefront (broadcast).
#include "timing_test_util.hpp"

#include <fmt/format.h>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

// Each thread stores its tid at sm[tid * stride] (u32 words), loads it back and writes it to out[tid].
std::string kernel(unsigned stride_words) {
  return ttest::header() + fmt::format(R"(
.visible .entry k(.param .u64 out) {{
  .reg .u32 %r<6>;
  .reg .u64 %rd<3>;
  .shared .align 4 .b8 sm[4096];
  mov.u32 %r1, %tid.x;
  mul.lo.u32 %r2, %r1, {};
  mov.u32 %r3, sm;
  add.u32 %r4, %r3, %r2;
  st.shared.u32 [%r4], %r1;
  ld.shared.u32 %r5, [%r4];
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  mul.wide.u32 %rd2, %r1, 4;
  add.u64 %rd1, %rd1, %rd2;
  st.global.u32 [%rd1], %r5;
  exit;
}}
)",
                                       stride_words * 4);
}

}  // namespace

TEST_CASE("shared-memory wavefronts and bank conflicts by stride") {
  struct Case {
    unsigned stride, wavefronts_each;
  };
  for (const Case c : {Case{1, 1}, Case{2, 2}, Case{4, 4}, Case{8, 8}, Case{16, 16}, Case{32, 32}, Case{33, 1}}) {
    INFO("stride " << c.stride);
    const auto r = ttest::run(kernel(c.stride), 1, 32, 32);
    const auto& s = r.timing.stats;
    CHECK(s.smem_wavefronts == 2 * c.wavefronts_each);  // one store, one load
    CHECK(s.smem_bank_conflicts_st == c.wavefronts_each - 1);
    CHECK(s.smem_bank_conflicts_ld == c.wavefronts_each - 1);
    for (unsigned i = 0; i < 32; ++i) CHECK(r.out[i] == i);
  }
}

TEST_CASE("shared-memory broadcast: every lane reads one word in one wavefront") {
  const auto r = ttest::run(kernel(0), 1, 32, 32);
  const auto& s = r.timing.stats;
  CHECK(s.smem_wavefronts == 2);
  CHECK(s.smem_bank_conflicts_st == 0);
  CHECK(s.smem_bank_conflicts_ld == 0);
}

TEST_CASE("a 32-way conflict delays the load's result by 31 cycles per access") {
  // The store's 32 wavefronts keep the shared-memory unit busy, then the load's 32 wavefronts take 31 cycles
  // more than one: 31 + 31 = 62 cycles over the conflict-free kernel.
  const auto fast = ttest::run(kernel(1), 1, 32, 32);
  const auto slow = ttest::run(kernel(32), 1, 32, 32);
  CHECK(slow.timing.cycles - fast.timing.cycles == 62);
}

}  // namespace WARPSIM_UNITY_ID
