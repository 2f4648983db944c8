// 586: the uniform datapath and the ALU/FMA balance of the ptxas model (lower/ptxas_model.hpp, lower.cpp):
// uniform_slots keeps a uniformly stepped loop counter uniform and finds the registers that vary through a branch
// on %tid; with compiler.uniform_datapath a loop's uniform counter work issues to the uniform pipe, not the ALU, and
// with compiler.fold the add of a uniform base that only addresses ld.shared issues nothing; with
// compiler.alu_fma_balance independent adds are shared between the ALU and the FMA pipe (SASS of
// traces/ubench_smem_tput and ubench_pipe_tput). Exact cycles on the tiny GPU (int and imad interval 2, uniform 1),
// two CTAs of 8 warps (the same values): 4 warps per sub-partition; values are the same either way.
#include "ptxas_test_util.hpp"

#include <warpsim/lower/lowered.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

// 64 iterations; per iteration four uniform instructions (%r3, %r5, %r6, %r2), one varying add (%r4), the
// compare and the branch.
const std::string kCounterLoop = ptest::kernel("  .reg .u32 %r<10>;\n  .reg .u64 %rd<6>;\n  .reg .pred %p<2>;\n", R"(
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd2, %rd1;
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, 0;
  mov.u32 %r3, 5;
  mov.u32 %r4, %r1;
L:
  add.u32 %r3, %r3, 3;
  xor.b32 %r5, %r3, 85;
  and.b32 %r6, %r5, 1023;
  add.u32 %r4, %r4, %r6;
  add.u32 %r2, %r2, 1;
  setp.lt.u32 %p1, %r2, 64;
  @%p1 bra L;
  mul.wide.u32 %rd3, %r1, 4;
  add.s64 %rd4, %rd2, %rd3;
  st.global.u32 [%rd4], %r4;
  exit;
)");

// 32 iterations of four independent adds of a varying register and a uniform step, plus the counter.
const std::string kFourAdds = ptest::kernel("  .reg .u32 %r<16>;\n  .reg .u64 %rd<6>;\n  .reg .pred %p<2>;\n", R"(
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd2, %rd1;
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, 0;
  mov.u32 %r4, %r1;
  mov.u32 %r5, %r1;
  mov.u32 %r6, %r1;
  mov.u32 %r7, %r1;
L:
  add.u32 %r4, %r4, 1;
  add.u32 %r5, %r5, 2;
  add.u32 %r6, %r6, 3;
  add.u32 %r7, %r7, 4;
  add.u32 %r2, %r2, 1;
  setp.lt.u32 %p1, %r2, 32;
  @%p1 bra L;
  add.u32 %r8, %r4, %r5;
  add.u32 %r9, %r6, %r7;
  add.u32 %r10, %r8, %r9;
  mul.wide.u32 %rd3, %r1, 4;
  add.s64 %rd4, %rd2, %rd3;
  st.global.u32 [%rd4], %r10;
  exit;
)");

std::uint32_t counter_loop_value(std::uint32_t t) {
  std::uint32_t r3 = 5, r4 = t;
  for (int i = 0; i < 64; ++i) {
    r3 += 3;
    r4 += (r3 ^ 85u) & 1023u;
  }
  return r4;
}

}  // namespace

TEST_CASE("586 uniform_slots: a uniformly stepped counter is uniform, values through a %tid branch vary") {
  const auto p = ptest::load(ptest::kernel("  .reg .u32 %r<10>;\n  .reg .pred %p<3>;\n", R"(
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, 0;
  mov.u32 %r3, 0;
  mov.u32 %r4, 0;
L:
  add.u32 %r2, %r2, 1;
  setp.lt.u32 %p1, %r2, 8;
  @%p1 bra L;
  setp.lt.u32 %p2, %r1, 5;
  @%p2 bra T;
  mov.u32 %r3, 1;
T:
  add.u32 %r5, %r2, 7;
M:
  add.u32 %r4, %r4, 1;
  setp.lt.u32 %p2, %r4, %r1;
  @%p2 bra M;
  add.u32 %r6, %r4, %r3;
  exit;
)"));
  const auto u = warpsim::lower::uniform_slots(p);
  const auto slot = [&](const std::string& text) { return p.code[ptest::pc_of(p, text)].ops[0].reg; };
  INFO(ptest::listing(p));
  CHECK(u[slot("add.u32 %r2, %r2, 1")] == 1);  // written twice, never under a varying branch
  CHECK(u[slot("add.u32 %r5, %r2, 7")] == 1);  // from it
  CHECK(u[slot("mov.u32 %r1, %tid.x")] == 0);
  CHECK(u[slot("mov.u32 %r3, 1")] == 0);       // written again where only some lanes go
  CHECK(u[slot("add.u32 %r4, %r4, 1")] == 0);  // a counter of a loop whose exit depends on %tid
  CHECK(u[slot("add.u32 %r6, %r4, %r3")] == 0);
}

TEST_CASE("586 uniform counter work issues to the uniform pipe, not the ALU") {
  const auto off = ttest::run(kCounterLoop, 2, 256, 256, true, {"compiler.uniform_datapath=0"});
  const auto on = ttest::run(kCounterLoop, 2, 256, 256, true, {"compiler.uniform_datapath=1"});
  for (std::uint32_t t = 0; t < 256; ++t) {
    INFO("thread " << t);
    REQUIRE(off.out[t] == counter_loop_value(t));
    REQUIRE(on.out[t] == counter_loop_value(t));
  }
  // Per iteration and sub-partition (4 warps): without, 6 ALU instructions per warp at interval 2 keep the ALU
  // 48 cycles (64 x 48 = 3,072 of the 3,256); with, the ALU has 2 per warp (the varying add and the compare: 16
  // cycles) and the issue port 7 (28 cycles; 30 per iteration here, 1,918 of the 2,102, as the uniform chain
  // %r3 -> %r5 -> %r6 -> %r4 and the compare's wait leave a few slots empty).
  CHECK(off.timing.cycles == 3256);
  CHECK(on.timing.cycles == 2102);
}

TEST_CASE("586 the add of a uniform base that only addresses ld.shared folds into the access ([R+UR])") {
  const auto p = ptest::load(ptest::kernel("  .reg .u32 %r<14>;\n  .shared .align 4 .b8 s[512];\n", R"(
  mov.u32 %r1, %tid.x;
  shl.b32 %r2, %r1, 2;
  and.b32 %r3, %r2, 508;
  mov.u32 %r4, s;
  add.u32 %r5, %r4, %r3;
  ld.shared.u32 %r6, [%r5];
  add.u32 %r7, %r4, %r3;
  ld.shared.u32 %r8, [%r7];
  add.u32 %r9, %r7, %r8;
  shl.b32 %r10, %r9, 2;
  add.u32 %r11, %r4, %r10;
  ld.shared.u32 %r12, [%r11];
  exit;
)"));
  const auto folded = [&](const std::vector<std::string>& set, const std::string& text) {
    return warpsim::lower::ptxas_folded(p, ptest::tiny(set))[ptest::pc_of(p, text)] != 0;
  };
  const std::vector<std::string> on = {"compiler.fold=1", "compiler.uniform_datapath=1"};
  CHECK(folded(on, "add.u32 %r5, %r4, %r3"));
  CHECK_FALSE(folded(on, "add.u32 %r7, %r4, %r3"));    // also read as a value
  CHECK(folded(on, "shl.b32 %r10, %r9, 2"));           // only added: it goes into the add (LEA) ...
  CHECK_FALSE(folded(on, "add.u32 %r11, %r4, %r10"));  // ... which stays (traces/ubench_bank_conflict's LEA)
  CHECK_FALSE(folded({"compiler.fold=1", "compiler.uniform_datapath=0"}, "add.u32 %r5, %r4, %r3"));
}

TEST_CASE("586 independent integer adds are shared between the ALU and the FMA pipe") {
  const auto off =
      ttest::run(kFourAdds, 2, 256, 256, true, {"compiler.uniform_datapath=1", "compiler.alu_fma_balance=0"});
  const auto on =
      ttest::run(kFourAdds, 2, 256, 256, true, {"compiler.uniform_datapath=1", "compiler.alu_fma_balance=1"});
  for (std::uint32_t t = 0; t < 256; ++t) {
    INFO("thread " << t);
    REQUIRE(off.out[t] == 4 * t + 32 * 10);
    REQUIRE(on.out[t] == 4 * t + 32 * 10);
  }
  // Per iteration and sub-partition: without, 4 adds and the compare on the ALU, 5 x 2 x 4 warps = 40 cycles;
  // with, an add goes to the FMA pipe while it has had no more of the block than the ALU, the compare counted for
  // the ALU from the start (FMA, FMA, ALU, FMA; pipe_iadd's SASS: 5 VIADD, 3 IADD3 and the ISETP): ALU
  // 2 x 2 x 4 = 16 cycles, FMA 3 x 2 x 4 = 24, the issue port 7 x 4 = 28 (32 x 40 = 1,280 of the 1,429 and
  // 32 x 28 = 896 of the 979).
  CHECK(off.timing.cycles == 1429);
  CHECK(on.timing.cycles == 979);
  // Which pipe each add got.
  auto prog = ptest::load(kFourAdds);
  const auto lowered =
      warpsim::lower::lower(prog, ptest::tiny({"compiler.uniform_datapath=1", "compiler.alu_fma_balance=1"}));
  const auto pipe = [&](const std::string& text) { return lowered.instrs[ptest::pc_of(lowered.code, text)].pipe; };
  using warpsim::lower::OpClass;
  CHECK(pipe("add.u32 %r4, %r4, 1") == OpClass::Imad);
  CHECK(pipe("add.u32 %r5, %r5, 2") == OpClass::Imad);
  CHECK(pipe("add.u32 %r6, %r6, 3") == OpClass::Int);
  CHECK(pipe("add.u32 %r7, %r7, 4") == OpClass::Imad);
  CHECK(pipe("add.u32 %r2, %r2, 1") == OpClass::Uniform);
  CHECK(pipe("setp.lt.u32 %p1, %r2, 32") == OpClass::Int);
}

}  // namespace WARPSIM_UNITY_ID
