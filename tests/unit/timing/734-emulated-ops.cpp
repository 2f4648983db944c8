// Emulated PTX operations (emul.<op>.latency / .instructions): an IEEE div/rcp/sqrt or an integer div/rem
// that ptxas expands into a SASS sequence delivers its result emul.<op>.latency cycles after it issues, keeps
// its warp from issuing for emul.<op>.instructions cycles, and counts that many SASS instructions. A latency
// of 0 (tiny's default) means "not emulated": the pipe's latency and one instruction.
#include "timing_test_util.hpp"

#include <fmt/format.h>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

struct Emulated {
  const char* name;   // emul.<name>.*
  const char* decl;   // register type
  const char* init;   // mov of %v1's first value
  const char* instr;  // one link of the chain on %v1
};

const Emulated kOps[] = {
    {"div_f32", "f32", "mov.f32 %v1, 0f3F800000;", "div.rn.f32 %v1, %v1, %v1;"},
    {"rcp_f32", "f32", "mov.f32 %v1, 0f3F800000;", "rcp.rn.f32 %v1, %v1;"},
    {"sqrt_f32", "f32", "mov.f32 %v1, 0f3F800000;", "sqrt.rn.f32 %v1, %v1;"},
    {"div_f64", "f64", "mov.f64 %v1, 0d3FF0000000000000;", "div.rn.f64 %v1, %v1, %v1;"},
    {"rcp_f64", "f64", "mov.f64 %v1, 0d3FF0000000000000;", "rcp.rn.f64 %v1, %v1;"},
    {"sqrt_f64", "f64", "mov.f64 %v1, 0d3FF0000000000000;", "sqrt.rn.f64 %v1, %v1;"},
    {"div_u32", "u32", "mov.u32 %v1, 7;", "div.u32 %v1, %v1, %v1;"},
    {"div_u32", "u32", "mov.u32 %v1, 7;", "rem.u32 %v1, %v1, %v1;"},
    {"div_s32", "s32", "mov.s32 %v1, 7;", "div.s32 %v1, %v1, %v1;"},
    {"div_u64", "u64", "mov.u64 %v1, 7;", "div.u64 %v1, %v1, %v1;"},
    {"div_s64", "s64", "mov.s64 %v1, 7;", "rem.s64 %v1, %v1, %v1;"},
};

// `n` copies of `instr` after `init`; `independent`: each writes its own register from %v1.
std::string chain(const Emulated& e, unsigned n, bool independent = false) {
  std::string body;
  for (unsigned i = 0; i < n; ++i) {
    std::string link = e.instr;
    if (independent) link.replace(link.find("%v1"), 3, fmt::format("%v{}", i + 2));
    body += "  " + link + "\n";
  }
  return ttest::header() +
         fmt::format(".visible .entry k(.param .u64 out) {{\n  .reg .{} %v<{}>;\n  {}\n", e.decl, n + 2, e.init) +
         body + "  exit;\n}\n";
}

}  // namespace

TEST_CASE("emulated op chain: mov latency + N x emul latency") {
  // tiny: pipe.uniform.latency 2. The mov issues at 0 (ready at 2); link k issues when link k-1's result lands,
  // at 2 + L(k-1) (L = 60 is above every pipe's interval and above I = 9, so neither holds it); the last result
  // lands at 2 + LN. exit issues at 2 + L(N-1) + I, before that.
  for (const auto& e : kOps) {
    INFO(e.instr);
    const std::vector<std::string> set{fmt::format("emul.{}.latency=60", e.name),
                                       fmt::format("emul.{}.instructions=9", e.name)};
    for (unsigned n : {1u, 5u}) {
      const auto r = ttest::run(chain(e, n), 1, 32, 1, true, set);
      CHECK(r.timing.cycles == 2 + 60 * n);
      // SASS: each link is 9 instructions, 8 more than its PTX instruction.
      CHECK(r.timing.stats.ptx_inst_executed == n + 2);
      CHECK(r.timing.stats.sass_inst_expanded == 8 * n);
      CHECK(r.timing.stats.smsp_inst_executed_sum == n + 2 + 8 * n);
      CHECK(r.timing.stats.smsp_thread_inst_executed_sum == 32 * (n + 2 + 8 * n));
    }
  }
}

TEST_CASE("independent emulated ops issue emul instructions apart") {
  // Four independent div.rn.f32 with L = 50, I = 10 (above pipe.sfu.interval 8): issued at 2, 12, 22, 32;
  // the last lands at 32 + 50 = 82.
  const auto r =
      ttest::run(chain(kOps[0], 4, true), 1, 32, 1, true, {"emul.div_f32.latency=50", "emul.div_f32.instructions=10"});
  CHECK(r.timing.cycles == 2 + 10 * 3 + 50);
  CHECK(r.timing.stats.smsp_inst_executed_sum == 6 + 4 * 9);
  // Two warps in different sub-partitions do not slow each other: both finish at 82.
  const auto two =
      ttest::run(chain(kOps[0], 4, true), 1, 64, 1, true, {"emul.div_f32.latency=50", "emul.div_f32.instructions=10"});
  CHECK(two.timing.cycles == 82);
  CHECK(two.timing.stats.sass_inst_expanded == 2 * 4 * 9);
}

TEST_CASE("emul latency 0 is not emulated, approximate division never is") {
  // div.rn.f32 on the sfu pipe (pipe.sfu.latency 20): 2 + 20N whatever emul.div_f32.instructions says.
  const auto plain = ttest::run(chain(kOps[0], 5), 1, 32, 1, true, {"emul.div_f32.instructions=10"});
  CHECK(plain.timing.cycles == 2 + 20 * 5);
  CHECK(plain.timing.stats.sass_inst_expanded == 0);
  CHECK(plain.timing.stats.smsp_inst_executed_sum == 7);
  // div.approx.f32 and div.full.f32 are single MUFU-based sequences, not the IEEE one.
  for (const char* instr : {"div.approx.f32 %v1, %v1, %v1;", "div.full.f32 %v1, %v1, %v1;"}) {
    INFO(instr);
    const Emulated approx{"div_f32", "f32", "mov.f32 %v1, 0f3F800000;", instr};
    const auto r =
        ttest::run(chain(approx, 5), 1, 32, 1, true, {"emul.div_f32.latency=60", "emul.div_f32.instructions=9"});
    CHECK(r.timing.cycles == 2 + 20 * 5);
    CHECK(r.timing.stats.sass_inst_expanded == 0);
  }
}

}  // namespace WARPSIM_UNITY_ID
