// Workload test tma_swizzle (traces/tma_swizzle): seven launches, each one 2-D TMA tile load of a 64 x 256 float
// tensor whose shared memory is copied to out[base ...]. The CPU lays each box out as the H200 did (h200.json): without
// a swizzle the rows are packed; with one, row r starts at r x the span (a 64-byte row under 128B swizzle leaves the
// other 64 bytes of its 128 as the kernel set them, -1) and 16-byte chunk c of a 1024-byte-aligned box moves to c XOR
// (address bits 7..) within the span; elements outside the tensor are zero or the NaN fill 0x7ff77ff7. The kernel
// expects words x 4 transaction bytes, which is each box's bytes (the footprint of the narrow box is twice that).
// out's words past the last box stay zero and A is unchanged. Runs as configured (H200, sm_90a PTX, timing model) and
// on B200 with the sm_100a PTX (assumed to lay boxes out as the H200).
// Leaves out: the times (compared by `warpsim validate`).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

void check_run(const wl::sim::RunResult& r) {
  REQUIRE(r.config.kernels.size() == 7);
  const auto a = wl::initial<float>(r.config, "A");
  std::vector<std::uint32_t> want(2048, 0);
  for (std::size_t k = 0; k < 7; ++k) {
    wl::check_launch(r, k, "tma_tile", 1, 4);
    const auto& args = r.config.kernels[k].args;
    const auto x0 = static_cast<std::int32_t>(args[2].bits), y0 = static_cast<std::int32_t>(args[3].bits);
    const auto words = static_cast<std::uint32_t>(args[4].bits), base = static_cast<std::uint32_t>(args[5].bits);
    const auto& map = args[0].tensor_map.map;
    const unsigned span = map.swizzle == wl::cfg::TensorMapSwizzle::None ? 0 : 16u << static_cast<unsigned>(map.swizzle);
    const unsigned row = static_cast<unsigned>(map.box[0]) * 4;
    const unsigned pitch = span == 0 ? row : span;
    const std::uint32_t fill = map.oob_fill == wl::cfg::TensorMapOobFill::Nan ? 0x7ff77ff7u : 0u;
    REQUIRE(words == map.box[0] * map.box[1]);  // the transaction bytes the kernel expects: the box's
    for (unsigned w = 0; w < words; ++w) {
      const unsigned b = 4 * w;
      const unsigned p = span == 0 ? b : b ^ ((b >> 3) & ((span / 16 - 1) << 4));  // before the swizzle
      if (p % pitch >= row) {
        want[base + w] = wl::bits(-1.0f);  // the gap after a narrow row: the kernel's marker
        continue;
      }
      const int x = x0 + static_cast<int>((p % pitch) / 4), y = y0 + static_cast<int>(p / pitch);
      want[base + w] = x < 0 || x >= 256 || y < 0 || y >= 64 ? fill : wl::bits(a[static_cast<std::size_t>(y * 256 + x)]);
    }
  }
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "out"), want, "out");
  wl::check_unchanged<float>(r, "A");
}

}  // namespace

TEST_CASE("tma_swizzle: TMA tile loads for each swizzle mode and out-of-bounds boxes (H200, sm_90a PTX)",
          "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("tma_swizzle")));
}

TEST_CASE("tma_swizzle on B200 (sm_100a PTX)", "[workloads]") { check_run(wl::run_b200("tma_swizzle")); }

}  // namespace WARPSIM_UNITY_ID
