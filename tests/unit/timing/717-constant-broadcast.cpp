// ld.const: all lanes reading one address is one constant-cache access (broadcast); 32 distinct addresses are 32
// accesses in series, each mem.const_latency (4 on tiny).
#include "timing_test_util.hpp"

#include <fmt/format.h>

#include <cstring>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

warpsim::timing::GridTiming run_const(unsigned stride_bytes) {
  using namespace warpsim;
  const std::string ptx = ttest::header() + fmt::format(R"(
.const .align 4 .u32 c[32];
.visible .entry k(.param .u64 out) {{
  .reg .u32 %r<4>;
  .reg .u64 %rd<4>;
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd1, %r1, {};
  mov.u64 %rd2, c;
  add.u64 %rd3, %rd2, %rd1;
  ld.const.u32 %r2, [%rd3];
  exit;
}}
)",
                                                        stride_bytes);
  auto parsed = ptx::parse(ptx, "k.ptx");
  if (!parsed.ok()) FAIL(parsed.format_errors());
  const ir::Program prog = ir::load_program(parsed.module, "k");
  const config::GpuConfig cfg = config::load_gpu_config("tiny");
  func::GlobalMemory global;
  const Addr base = global.add("out", 128, ir::kBufferBase);
  std::vector<std::uint8_t> cbank(prog.const_size, 0);
  func::Launch L;
  L.prog = &prog;
  L.grid = Dim3{1, 1, 1};
  L.block = Dim3{32, 1, 1};
  L.params.assign(prog.param_kernel_size, 0);
  std::memcpy(L.params.data() + prog.functions[0].params[0].offset, &base, 8);
  L.global = &global;
  L.const_bank = &cbank;
  L.num_sms = cfg.num_sms;
  L.model = cfg.reconvergence;
  return sim::run_timed(L, cfg);
}

}  // namespace

TEST_CASE("constant cache: broadcast is one access, 32 addresses are 32 in series") {
  const auto bcast = run_const(0);
  const auto serial = run_const(4);
  CHECK(bcast.stats.mem.const_accesses == 1);
  CHECK(serial.stats.mem.const_accesses == 32);
  CHECK(serial.cycles - bcast.cycles == 31 * 4);
}

}  // namespace WARPSIM_UNITY_ID
