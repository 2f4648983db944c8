// dram__bytes_read/write and lts__t_sectors for a known kernel: 512 threads each load one u32 (2 KiB, read from DRAM
// once) and store 32 u32 (64 KiB: twice tiny's 32 KiB L2, so about half the dirty sectors are written back on eviction
// (20 sectors more than half: the loads' lines take room too) and the rest are flushed at the kernel's end:
// dram__bytes_write counts the first, as Nsight does, warpsim__dram_bytes_flushed the rest; the total is 64 KiB).
#include "mem_test_util.hpp"

#include <fmt/format.h>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

TEST_CASE("DRAM bytes read and written, L2 sectors") {
  std::string stores;
  for (unsigned k = 0; k < 32; ++k) stores += fmt::format("  st.global.u32 [%rd3+{}], %r2;\n", k * 512 * 4);
  const std::string ptx = ttest::header() + R"(
.visible .entry k(.param .u64 out) {
  .reg .u32 %r<4>;
  .reg .u64 %rd<5>;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  mov.u32 %r1, %ctaid.x;
  mov.u32 %r2, %tid.x;
  mad.lo.u32 %r3, %r1, 128, %r2;
  mul.wide.u32 %rd2, %r3, 4;
  add.u64 %rd3, %rd1, %rd2;
  ld.global.u32 %r2, [%rd3+131072];
)" + stores + "  exit;\n}\n";
  const auto r = ttest::run(ptx, 4, 128, (131072 + 2048) / 4).timing;
  CHECK(r.stats.mem.dram_bytes_read == 2048);
  CHECK(r.stats.mem.dram_bytes_write == 32768 + 20 * 32);
  CHECK(r.stats.mem.dram_bytes_flushed == 32768 - 20 * 32);
  CHECK(r.stats.mem.lts_sectors == 2048 / 32 + 65536 / 32);
  CHECK(r.stats.mem.lts_sector_misses == 2048 / 32 + 65536 / 32);
  CHECK(r.stats.global_ld_sectors == 64);
  const auto m = r.stats.to_map();
  CHECK(m.at("dram__bytes_read.sum") == 2048.0);
  CHECK(m.at("dram__bytes_write.sum") == 33408.0);
  CHECK(m.at("warpsim__dram_bytes_flushed.sum") == 32128.0);
  CHECK(m.at("lts__t_sectors.sum") == 2112.0);
}

}  // namespace WARPSIM_UNITY_ID
