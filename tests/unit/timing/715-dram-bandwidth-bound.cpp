// A streaming kernel is bound by DRAM bandwidth: 1 MiB read once takes 1 MiB / mem.dram_bytes_per_cycle cycles plus
// one DRAM latency (and the prologue), not the latency-bound time.
#include "mem_test_util.hpp"

#include <fmt/format.h>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

TEST_CASE("streaming 1 MiB takes bytes / dram_bytes_per_cycle") {
  // 64 CTAs x 128 threads; thread t of CTA c loads 8 x 16 bytes at ((c * 8 + k) * 128 + t) * 16: each warp load is
  // 512 contiguous bytes (16 sectors) and every byte of the buffer is read once.
  std::string loads;
  for (unsigned k = 0; k < 8; ++k)
    loads += fmt::format("  ld.global.v4.u32 {{%r{0}, %r{1}, %r{2}, %r{3}}}, [%rd3+{4}];\n", 10 + 4 * k, 11 + 4 * k,
                         12 + 4 * k, 13 + 4 * k, k * 128 * 16);
  const std::string ptx = ttest::header() + R"(
.visible .entry k(.param .u64 out) {
  .reg .u32 %r<64>;
  .reg .u64 %rd<4>;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  mov.u32 %r1, %ctaid.x;
  mov.u32 %r2, %tid.x;
  mad.lo.u32 %r3, %r1, 1024, %r2;
  mul.wide.u32 %rd2, %r3, 16;
  add.u64 %rd3, %rd1, %rd2;
)" + loads + "  exit;\n}\n";
  constexpr std::uint64_t kBytes = 1u << 20;
  const auto r = ttest::run(ptx, 64, 128, kBytes / 4).timing;
  CHECK(r.stats.mem.dram_bytes_read == kBytes);
  CHECK(r.stats.mem.dram_bytes_write == 0);
  // tiny: 32 bytes/cycle -> 32768 cycles of transfer, + mem.dram_latency 500 for the last sector, + 21 cycles before
  // the queue starts (prologue, first loads through L1 and the L2 slices)
  CHECK(r.cycles == 32768 + 500 + 21);
  CHECK(static_cast<double>(r.cycles) < 1.02 * static_cast<double>(kBytes / 32));
}

}  // namespace WARPSIM_UNITY_ID
