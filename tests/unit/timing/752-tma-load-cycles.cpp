// One TMA load on the tiny GPU, cycle by cycle: a 2-D box of 8 x 4 uint32 (128 bytes, 4 sectors of one line) whose
// tensor map the unit has not cached. The try_wait issued right after the copy suspends its warp; the copy lands
// sm.tma_issue_cycles (10) + sm.tma_descriptor_cycles (100) after its issue, plus its sectors' DRAM round trip
// (they leave one per cycle at sm.tma_bytes_per_cycle = 32), plus sm.tma_land_cycles (5); the warp's next
// instruction (the loop's branch) issues in the cycle its bytes land. A read of the box right after the copy issues sees the old bytes.
#include "timing_test_util.hpp"

#include <warpsim/config/tensor_map.hpp>
#include <warpsim/timing/memory_system.hpp>

#include <array>
#include <cstring>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

const std::string kLoad = ttest::header() + R"(
.visible .entry k(.param .u64 out) {
  .reg .pred %p<4>;
  .reg .b32 %r<16>;
  .reg .b64 %rd<8>;
  .shared .align 128 .b8 buf[128];
  .shared .align 8 .b64 bar;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, bar;
  mov.u32 %r2, buf;
  mbarrier.init.shared.b64 [%r1], 1;
  mbarrier.arrive.expect_tx.shared.b64 %rd2, [%r1], 128;
  mov.u32 %r3, 0;
  cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r2], [%rd1, {%r3, %r3}], [%r1];
  ld.shared.u32 %r5, [%r2+4];
WAIT:
  mbarrier.try_wait.parity.shared.b64 %p1, [%r1], 0;
  @!%p1 bra WAIT;
  ld.shared.u32 %r4, [%r2+4];
  st.global.u32 [%rd1+128], %r4;
  st.global.u32 [%rd1+132], %r5;
  exit;
}
)";

constexpr std::uint32_t kCopyPc = 6, kTryWaitPc = 8, kAfterPc = 9;  // after: the bra behind the try_wait

struct Issues : warpsim::timing::TraceSink {
  std::uint64_t copy = 0, after = 0;
  unsigned try_waits = 0;
  bool wants_issues() const override { return true; }
  void on_issue(const warpsim::timing::IssueEvent& e) override {
    if (e.pc == kCopyPc) copy = e.cycle;
    if (e.pc == kTryWaitPc) ++try_waits;
    if (e.pc == kAfterPc) after = e.cycle;
  }
};

}  // namespace

TEST_CASE("752 one TMA load lands issue + descriptor + DRAM round trip + land cycles after its issue") {
  using namespace warpsim;
  // The map, written into out[0..31]: the 8 x 4 uint32 tensor at out[256..287] (byte 1024 of out).
  config::TensorMap m;
  m.dtype = config::TensorMapDtype::Uint32;
  m.rank = 2;
  m.global_address = ir::kBufferBase + 1024;
  m.dims = {8, 4, 0, 0, 0};
  m.strides = {32, 0, 0, 0};
  m.box = {8, 4, 0, 0, 0};
  m.element_strides = {1, 1, 0, 0, 0};
  const auto bytes = config::encode_tensor_map(m);
  std::vector<std::uint32_t> init(512, 0);
  std::memcpy(init.data(), bytes.data(), bytes.size());
  for (std::uint32_t i = 0; i < 32; ++i) init[256 + i] = 1000 + i;
  Issues t;
  const auto r = ttest::run(kLoad, 1, 1, 512, true, {}, init, 0, &t);
  CHECK(r.out[32] == 1001);  // after the wait: the box's word 1
  CHECK(r.out[33] == 0);     // before it: the old (zero) shared memory
  CHECK(t.try_waits == 1);   // suspended once, woken by the landing
  // The same requests to an empty L2 of the tiny model: the unit sends the four sectors at start + 0..3.
  const auto cfg = config::load_gpu_config("tiny");
  const std::uint64_t start = t.copy + cfg.tma_issue_cycles + cfg.tma_descriptor_cycles;
  timing::MemorySystem twin(cfg);
  std::uint64_t last = 0;
  for (std::uint64_t i = 0; i < 4; ++i)
    last = std::max(last, twin.access((ir::kBufferBase + 1024) / 32 + i, timing::MemOp::Load, start + i, 1, 0, i == 0));
  CHECK(t.after == last + cfg.tma_land_cycles);
  // 10 (issue) + 100 (descriptor) + 3 (the fourth sector leaves 3 cycles after the first) + 500 (its DRAM miss,
  // mem.dram_latency) + 5 (land).
  CHECK(t.after - t.copy == 618);
}

}  // namespace WARPSIM_UNITY_ID
