// ptxas_folded: which PTX instructions issue no SASS instruction of their own (cvta.to, register and immediate
// moves, shl by an immediate / mul.lo / mul.wide whose only uses are integer adds, an integer min/max merged into
// another as VIMNMX3), and assumed_latency, the latency the scheduler assumes for each instruction.
#include "ptxas_test_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

const std::string kFold = ptest::kernel("  .reg .u32 %r<30>;\n  .reg .u64 %rd<10>;\n  .reg .f32 %f<4>;\n", R"(
  mov.u32 %r10, %tid.x;
  mov.u32 %r11, %clock;
  mov.u32 %r12, %ctaid.x;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd2, %rd1;
  cvta.global.u64 %rd6, %rd2;
  mov.u32 %r1, %r10;
  mov.u32 %r2, 7;
  shl.b32 %r3, %r1, 2;
  add.u32 %r4, %r3, %r2;
  mul.wide.u32 %rd3, %r10, 4;
  add.s64 %rd4, %rd2, %rd3;
  shl.b32 %r5, %r1, 3;
  xor.b32 %r6, %r5, %r11;
  mul.lo.u32 %r7, %r10, 12;
  sub.u32 %r8, %r4, %r7;
  shl.b32 %r9, %r1, %r2;
  add.u32 %r13, %r9, 1;
  mul.hi.u32 %r14, %r10, 12;
  add.u32 %r15, %r14, 1;
  shl.b32 %r16, %r1, 1;
  add.u32 %r17, %r16, 1;
  shl.b32 %r18, %r1, 4;
  shl.b32 %r18, %r1, 5;
  add.u32 %r19, %r18, 1;
  shl.b32 %r20, %r1, 6;
  mul.wide.u32 %rd5, %r10, 8;
  add.s64 %rd7, %rd5, %rd2;
  ld.global.u32 %r21, [%rd5];
  mov.f32 %f1, 0f3F800000;
  mul.f32 %f2, %f1, %f1;
  add.f32 %f3, %f2, %f1;
  st.global.u32 [%rd4], %r16;
  st.global.u32 [%rd4+4], %r6;
  exit;
)");

}  // namespace

TEST_CASE("folding: cvta.to, moves, and shl/mul used only by adds fold, the rest does not") {
  const auto p = ptest::load(kFold);
  const auto f = warpsim::lower::ptxas_folded(p, ptest::tiny());
  REQUIRE(f.size() == p.code.size());
  const auto folded = [&](const std::string& text) {
    INFO(text);
    return f[ptest::pc_of(p, text)] == 1;
  };
  CHECK(folded("cvta.to.global.u64 %rd2, %rd1;"));
  CHECK(folded("mov.u32 %r1, %r10;"));  // register move
  CHECK(folded("mov.u32 %r2, 7;"));     // immediate move
  CHECK(folded("mov.f32 %f1, 0f3F800000;"));
  CHECK(folded("shl.b32 %r3, %r1, 2;"));         // only used by add: LEA
  CHECK(folded("mul.wide.u32 %rd3, %r10, 4;"));  // only used by add.s64: IMAD.WIDE
  CHECK(folded("mul.lo.u32 %r7, %r10, 12;"));    // only used by sub: IMAD
  CHECK_FALSE(folded("mov.u32 %r10, %tid.x;"));  // special registers: S2R
  CHECK_FALSE(folded("mov.u32 %r11, %clock;"));  // CS2R
  CHECK_FALSE(folded("mov.u32 %r12, %ctaid.x;"));
  CHECK_FALSE(folded("ld.param.u64 %rd1, [out];"));
  CHECK_FALSE(folded("cvta.global.u64 %rd6, %rd2;"));  // to generic: not the identity
  CHECK_FALSE(folded("shl.b32 %r5, %r1, 3;"));         // used by xor
  CHECK_FALSE(folded("shl.b32 %r9, %r1, %r2;"));       // shift by a register
  CHECK_FALSE(folded("mul.hi.u32 %r14, %r10, 12;"));
  CHECK_FALSE(folded("shl.b32 %r16, %r1, 1;"));  // used by an add and by a store
  CHECK_FALSE(folded("shl.b32 %r18, %r1, 4;"));  // %r18 has two definitions
  CHECK_FALSE(folded("shl.b32 %r18, %r1, 5;"));
  CHECK_FALSE(folded("shl.b32 %r20, %r1, 6;"));        // never used
  CHECK_FALSE(folded("mul.wide.u32 %rd5, %r10, 8;"));  // also a load's address
  CHECK_FALSE(folded("mul.f32 %f2, %f1, %f1;"));       // float multiply: not address arithmetic
  CHECK_FALSE(folded("add.u32 %r4, %r3, %r2;"));
  CHECK_FALSE(folded("ld.global.u32 %r21, [%rd5];"));
  CHECK_FALSE(folded("exit;"));
  std::size_t n = 0;
  for (auto x : f) n += x;
  CHECK(n == 7);
}

TEST_CASE("folding: a nop (an if-converted branch) is folded") {
  const std::string ptx = ptest::kernel("  .reg .u32 %r<4>;\n", "  mov.u32 %r1, %tid.x;\n  nop;\n  exit;\n");
  const auto p = ptest::load(ptx);
  const auto f = warpsim::lower::ptxas_folded(p, ptest::tiny());
  CHECK(f[ptest::pc_of(p, "nop;")] == 1);
  CHECK(f[ptest::pc_of(p, "exit;")] == 0);
}

TEST_CASE("assumed latency: pipes, memory spaces and emulated operations from the GPU model") {
  const std::string ptx =
      ptest::kernel("  .reg .u32 %r<10>;\n  .reg .u64 %rd<4>;\n  .reg .f32 %f<4>;\n  .shared .align 4 .u32 s[4];\n", R"(
  ld.param.u64 %rd1, [out];
  ld.global.u32 %r1, [%rd1];
  ld.shared.u32 %r2, [s];
  add.u32 %r3, %r1, %r2;
  add.f32 %f1, %f1, %f1;
  div.rn.f32 %f2, %f1, %f1;
  div.u32 %r4, %r3, %r1;
  mov.u32 %r5, %r4;
  exit;
)");
  const auto p = ptest::load(ptx);
  const auto lat = [&](const warpsim::config::GpuConfig& cfg, const std::string& text) {
    return warpsim::lower::assumed_latency(p.code[ptest::pc_of(p, text)], cfg);
  };
  const auto tiny = ptest::tiny();
  CHECK(lat(tiny, "ld.param") == 4);     // mem.const_latency
  CHECK(lat(tiny, "ld.global") == 40);   // mem.l1_hit_latency
  CHECK(lat(tiny, "ld.shared") == 30);   // mem.smem_latency
  CHECK(lat(tiny, "add.u32") == 4);      // pipe.int
  CHECK(lat(tiny, "add.f32") == 4);      // pipe.fp32
  CHECK(lat(tiny, "div.rn.f32") == 20);  // not emulated on tiny: pipe.sfu
  CHECK(lat(tiny, "div.u32") == 4);      // pipe.int
  CHECK(lat(tiny, "mov.u32") == 2);      // pipe.uniform
  const auto emul = ptest::tiny({"emul.div_f32.latency=77", "emul.div_u32.latency=55", "mem.l1_hit_latency=33"});
  CHECK(lat(emul, "div.rn.f32") == 77);
  CHECK(lat(emul, "div.u32") == 55);
  CHECK(lat(emul, "ld.global") == 33);
  // compiler.global_load_latency, when set, replaces mem.l1_hit_latency for global loads only
  const auto assumed = ptest::tiny({"mem.l1_hit_latency=33", "compiler.global_load_latency=80"});
  CHECK(lat(assumed, "ld.global") == 80);
  CHECK(lat(assumed, "ld.shared") == 30);
  CHECK(lat(assumed, "ld.param") == 4);
}

TEST_CASE("folding: a 32-bit integer min or max read once by another of its kind is the three-input VIMNMX3") {
  // colmax_u32's chain m = max(max(max(max(m, a), b), c), d) is two VIMNMX3.U32 in SASS (traces/j_colsum).
  const std::string ptx = ptest::kernel("  .reg .u32 %r<20>;\n  .reg .u64 %rd<4>;\n  .reg .f32 %f<4>;\n", R"(
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %clock;
  add.u32 %r3, %r1, %r2;
  add.u32 %r4, %r3, %r2;
  max.u32 %r5, %r1, %r2;
  max.u32 %r6, %r5, %r3;
  max.u32 %r7, %r6, %r4;
  max.u32 %r8, %r7, %r1;
  min.u32 %r9, %r1, %r2;
  max.u32 %r10, %r9, %r3;
  max.s32 %r11, %r1, %r2;
  max.s32 %r12, %r11, %r3;
  max.s32 %r13, %r11, %r4;
  cvt.rn.f32.u32 %f1, %r1;
  max.f32 %f2, %f1, %f1;
  max.f32 %f3, %f2, %f1;
  st.global.u32 [%rd1], %r8;
  st.global.u32 [%rd1+4], %r10;
  st.global.u32 [%rd1+8], %r12;
  st.global.u32 [%rd1+12], %r13;
  st.global.f32 [%rd1+16], %f3;
  exit;
)");
  const auto p = ptest::load(ptx);
  const auto f = warpsim::lower::ptxas_folded(p, ptest::tiny());
  const auto folded = [&](const std::string& text) {
    INFO(text);
    return f[ptest::pc_of(p, text)] == 1;
  };
  CHECK(folded("max.u32 %r5,"));        // read once, by a max.u32
  CHECK_FALSE(folded("max.u32 %r6,"));  // takes a merged one: one level deep
  CHECK(folded("max.u32 %r7,"));
  CHECK_FALSE(folded("max.u32 %r8,"));   // read by a store
  CHECK_FALSE(folded("min.u32 %r9,"));   // read by a max
  CHECK_FALSE(folded("max.s32 %r11,"));  // read twice
  CHECK_FALSE(folded("max.f32 %f2,"));   // FMNMX has two inputs
}

namespace {

// Shared loads and stores for the vectorisation rule: %r1 and %r2 are two base registers into `s`.
const std::string kVector =
    ptest::kernel("  .reg .u32 %r<40>;\n  .reg .u64 %rd<4>;\n  .shared .align 16 .b8 s[1024];\n", R"(
  mov.u32 %r10, %tid.x;
  mov.u32 %r1, s;
  add.u32 %r2, %r1, 256;
  ld.shared.u32 %r20, [%r1];
  ld.shared.u32 %r21, [%r2];
  ld.shared.u32 %r22, [%r1+4];
  ld.shared.u32 %r23, [%r2+4];
  ld.shared.u32 %r24, [%r1+8];
  ld.shared.u32 %r25, [%r1+12];
  ld.shared.u32 %r26, [%r1+16];
  ld.shared.u32 %r27, [%r2+36];
  ld.shared.u32 %r28, [%r2+40];
  st.shared.u32 [%r1+32], %r10;
  st.shared.u32 [%r1+36], %r10;
  ld.shared.u32 %r29, [%r1+40];
  ld.shared.u32 %r30, [%r1+44];
  st.shared.u32 [%r1+48], %r10;
  add.u32 %r1, %r1, 64;
  st.shared.u32 [%r1+4], %r10;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd2, %rd1;
  add.u32 %r31, %r20, %r21;
  st.global.u32 [%rd2], %r31;
  exit;
)");

}  // namespace

TEST_CASE("vectorising: consecutive shared accesses from one base inside a 16-byte chunk are one wide access") {
  const auto p = ptest::load(kVector);
  const auto f = warpsim::lower::ptxas_folded(p, ptest::tiny());
  const auto flag = [&](const std::string& text) { return f[ptest::pc_of(p, text)]; };
  using warpsim::lower::kMerged;
  // %r1 + 0, 4, 8, 12: one LDS.128 (the loads from %r2 in between do not break it); %r1 + 16 opens the next chunk.
  CHECK(flag("ld.shared.u32 %r20, [%r1]") == 0);
  CHECK(flag("ld.shared.u32 %r22, [%r1+4]") == kMerged);
  CHECK(flag("ld.shared.u32 %r24, [%r1+8]") == kMerged);
  CHECK(flag("ld.shared.u32 %r25, [%r1+12]") == kMerged);
  CHECK(flag("ld.shared.u32 %r26, [%r1+16]") == 0);
  // %r2 + 0, 4: an LDS.64; %r2 + 36 is not 16-byte aligned, so 36 and 40 stay two loads.
  CHECK(flag("ld.shared.u32 %r21, [%r2]") == 0);
  CHECK(flag("ld.shared.u32 %r23, [%r2+4]") == kMerged);
  CHECK(flag("ld.shared.u32 %r27, [%r2+36]") == 0);
  CHECK(flag("ld.shared.u32 %r28, [%r2+40]") == 0);
  // Stores group the same way; a store ends the groups of loads, a load the groups of stores.
  CHECK(flag("st.shared.u32 [%r1+32], %r10") == 0);
  CHECK(flag("st.shared.u32 [%r1+36], %r10") == kMerged);
  CHECK(flag("ld.shared.u32 %r29, [%r1+40]") == 0);
  CHECK(flag("ld.shared.u32 %r30, [%r1+44]") == 0);  // 40 is not a chunk start
  CHECK(flag("st.shared.u32 [%r1+48], %r10") == 0);
  // A write to the base register ends its group.
  CHECK(flag("st.shared.u32 [%r1+4], %r10") == 0);
}

TEST_CASE("vectorising: merged accesses issue nothing and pass the shared-memory unit as one wide access") {
  // One warp, tiny: with compiler.fold the 4 + 2 merged loads issue nothing (smsp counts 6 fewer than with
  // fold 0 beyond the other folds), and the values are the same.
  const auto folded = ttest::run(kVector, 1, 32, 1, true, {"compiler.fold=1"});
  const auto plain = ttest::run(kVector, 1, 32, 1, true, {"compiler.fold=0"});
  CHECK(folded.out == plain.out);
  const auto& s = folded.timing.stats;
  // folded: mov s (1), mov %r1 ... : the moves of s and the cvta fold (2 per warp), plus the 4 merged loads
  // (%r22, %r24, %r25, %r23) and the merged store (%r1+36)
  CHECK(s.ptx_inst_folded == 2 + 5);
  CHECK(s.smsp_inst_executed_sum == plain.timing.stats.smsp_inst_executed_sum - 7);
  // Each group passes the banks as one wide access: every lane reads the same words, so the LDS.128, the LDS.64 and
  // the STS.64 take one wavefront each (tiny serves a warp in one phase) where their 4 + 2 + 2 parts took 8.
  CHECK(plain.timing.stats.smem_wavefronts == 15);
  CHECK(s.smem_wavefronts == 10);
}


namespace {

// Global loads and stores for the vectorisation rule: ptxas fuses them only where a vector access proves the base
// register's alignment (ld.global.v2 [%rd4]: %rd4 = 0 mod 8; ld.global.v4 [%rd6]: 0 mod 16; %rd5 = %rd4 + 4).
const std::string kGlobalVector = ptest::kernel("  .reg .u32 %r<40>;\n  .reg .u64 %rd<12>;\n", R"(
  mov.u32 %r10, %tid.x;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd2, %rd1;
  mul.wide.u32 %rd3, %r10, 64;
  add.s64 %rd4, %rd2, %rd3;
  add.s64 %rd5, %rd4, 4;
  add.s64 %rd6, %rd4, 32;
  add.s64 %rd7, %rd2, 4;
  ld.global.v2.u32 {%r1, %r2}, [%rd4];
  ld.global.v4.u32 {%r11, %r12, %r13, %r14}, [%rd6];
  add.u32 %r3, %r1, %r2;
  add.u32 %r4, %r11, %r14;
  st.global.u32 [%rd4], %r3;
  st.global.u32 [%rd4+4], %r4;
  st.global.u32 [%rd5+4], %r12;
  st.global.u32 [%rd5+8], %r13;
  ld.global.u32 %r20, [%rd6];
  ld.global.u32 %r21, [%rd6+4];
  ld.global.u32 %r22, [%rd6+8];
  ld.global.u32 %r23, [%rd6+12];
  ld.global.u32 %r24, [%rd6+16];
  ld.global.u32 %r25, [%rd6+20];
  ld.global.u32 %r26, [%rd6+24];
  ld.global.u32 %r27, [%rd7];
  ld.global.u32 %r28, [%rd7+4];
  ld.volatile.global.u32 %r29, [%rd4+8];
  ld.volatile.global.u32 %r30, [%rd4+12];
  add.u32 %r31, %r20, %r21;
  add.u32 %r31, %r31, %r22;
  add.u32 %r31, %r31, %r23;
  add.u32 %r31, %r31, %r24;
  add.u32 %r31, %r31, %r25;
  add.u32 %r31, %r31, %r26;
  add.u32 %r31, %r31, %r27;
  add.u32 %r31, %r31, %r28;
  add.u32 %r31, %r31, %r29;
  add.u32 %r31, %r31, %r30;
  st.global.u32 [%rd5+20], %r31;
  st.global.u32 [%rd5+24], %r31;
  exit;
)");

}  // namespace

TEST_CASE("vectorising: global accesses merge only where a vector access proves the base's alignment") {
  const auto p = ptest::load(kGlobalVector);
  std::vector<std::uint8_t> wide;
  const auto f = warpsim::lower::ptxas_folded(p, ptest::tiny(), &wide);
  const auto flag = [&](const std::string& text) { return f[ptest::pc_of(p, text)]; };
  const auto bytes = [&](const std::string& text) { return wide[ptest::pc_of(p, text)]; };
  using warpsim::lower::kMerged;
  // %rd4 = 0 mod 8 (ld.global.v2): the pair at 0 and 4 is one STG.64.
  CHECK(flag("st.global.u32 [%rd4], %r3") == 0);
  CHECK(flag("st.global.u32 [%rd4+4], %r4") == kMerged);
  CHECK(bytes("st.global.u32 [%rd4], %r3") == 8);
  CHECK(bytes("st.global.u32 [%rd4+4], %r4") == 8);
  // %rd5 = %rd4 + 4: [%rd5+4] is 8-byte aligned, so it and [%rd5+8] pair up.
  CHECK(flag("st.global.u32 [%rd5+4], %r12") == 0);
  CHECK(flag("st.global.u32 [%rd5+8], %r13") == kMerged);
  CHECK(bytes("st.global.u32 [%rd5+8], %r13") == 8);
  // %rd6 = 0 mod 16 (ld.global.v4): four loads are one LDG.128; the next three an LDG.64 and one alone.
  CHECK(flag("ld.global.u32 %r20, [%rd6]") == 0);
  CHECK(flag("ld.global.u32 %r21, [%rd6+4]") == kMerged);
  CHECK(flag("ld.global.u32 %r22, [%rd6+8]") == kMerged);
  CHECK(flag("ld.global.u32 %r23, [%rd6+12]") == kMerged);
  CHECK(bytes("ld.global.u32 %r23, [%rd6+12]") == 16);
  CHECK(flag("ld.global.u32 %r24, [%rd6+16]") == 0);
  CHECK(flag("ld.global.u32 %r25, [%rd6+20]") == kMerged);
  CHECK(bytes("ld.global.u32 %r24, [%rd6+16]") == 8);
  CHECK(flag("ld.global.u32 %r26, [%rd6+24]") == 0);
  CHECK(bytes("ld.global.u32 %r26, [%rd6+24]") == 0);
  // Nothing is known of %rd7 (the parameter plus 4: a u32 pointer), and volatile accesses stay apart.
  CHECK(flag("ld.global.u32 %r28, [%rd7+4]") == 0);
  CHECK(flag("ld.volatile.global.u32 %r30, [%rd4+12]") == 0);
  // %rd5 + 20 = %rd4 + 24: 8-byte aligned, a pair again.
  CHECK(flag("st.global.u32 [%rd5+20], %r31") == 0);
  CHECK(flag("st.global.u32 [%rd5+24], %r31") == kMerged);
}

TEST_CASE("vectorising: merged global accesses issue nothing and reach the LSU as one wide access") {
  const auto folded = ttest::run(kGlobalVector, 1, 32, 32 * 16, true, {"compiler.fold=1"});
  const auto plain = ttest::run(kGlobalVector, 1, 32, 32 * 16, true, {"compiler.fold=0"});
  CHECK(folded.out == plain.out);
  const auto& s = folded.timing.stats;
  // Merged: 1 + 1 stores, 3 + 1 loads of %rd6, 1 store of %rd5: 7 of them issue nothing.
  CHECK(s.smsp_inst_executed_sum + 7 <= plain.timing.stats.smsp_inst_executed_sum);
  // Global load requests: 2 vector loads + LDG.128 + LDG.64 + 1 + 2 (%rd7) + 2 (volatile) = 9, against 13.
  CHECK(plain.timing.stats.global_ld_requests == 13);
  CHECK(s.global_ld_requests == 9);
  // Each lane's 64 bytes are its own, so the sectors are the same whichever way they are read: 16-byte groups
  // of 32 lanes 64 bytes apart touch 32 sectors, as 4-byte loads do.
  CHECK(s.global_ld_sectors == plain.timing.stats.global_ld_sectors - 4 * 32);
}


TEST_CASE("vectorising: a fused global access is one memory event with the wide bytes, and its parts carry no sectors") {
  struct Events : warpsim::timing::TraceSink {
    std::map<std::string, std::pair<unsigned, std::uint32_t>> by_text;  // text -> (bytes per lane, sectors)
    std::map<std::string, bool> merged;
    bool wants_mem() const override { return true; }
    void on_mem(const warpsim::timing::MemEvent& e) override {
      if (e.access == nullptr || e.access->space != warpsim::ir::Space::Global) return;
      by_text[std::string(e.text)] = {e.access->bytes, e.sectors};
      merged[std::string(e.text)] = e.merged;
    }
  } ev;
  ttest::run(kGlobalVector, 1, 32, 32 * 16, true, {"compiler.fold=1"}, {}, 0, &ev);
  const auto at = [&](const std::string& text) {
    for (const auto& [t, v] : ev.by_text)
      if (t.find(text) != std::string::npos) return v;
    FAIL("no event for " << text);
    return std::pair<unsigned, std::uint32_t>{};
  };
  // The LDG.128 of %rd6: 16 bytes a lane, each lane's 16 bytes in one sector of its own (lanes 64 bytes apart).
  CHECK(at("ld.global.u32 %r20, [%rd6]") == std::pair<unsigned, std::uint32_t>{16, 32});
  CHECK(at("ld.global.u32 %r21, [%rd6+4]") == std::pair<unsigned, std::uint32_t>{4, 0});
  CHECK(ev.merged.at("ld.global.u32 %r21, [%rd6+4]"));
  // The STG.64 at %rd4 and the load left alone at %rd6+24.
  CHECK(at("st.global.u32 [%rd4], %r3") == std::pair<unsigned, std::uint32_t>{8, 32});
  CHECK(at("ld.global.u32 %r26, [%rd6+24]") == std::pair<unsigned, std::uint32_t>{4, 32});
}


namespace {

// The proof must run whenever the access does: a vector access in a block the branch may skip proves nothing
// outside it; one in a block every path reaches (a post-dominator) proves it for the accesses before it.
const std::string kGlobalProofPlace = ptest::kernel("  .reg .pred %p<2>;\n  .reg .u32 %r<20>;\n  .reg .u64 %rd<8>;\n", R"(
  mov.u32 %r10, %tid.x;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd2, %rd1;
  mul.wide.u32 %rd3, %r10, 64;
  add.s64 %rd4, %rd2, %rd3;
  mul.wide.u32 %rd6, %r10, 16;
  add.s64 %rd5, %rd2, %rd6;
  ld.global.u32 %r6, [%rd5+2048];
  ld.global.u32 %r7, [%rd5+2052];
  setp.eq.u32 %p1, %r10, 0;
  @%p1 bra $SKIP;
  ld.global.v2.u32 {%r1, %r2}, [%rd4];
  add.u32 %r3, %r1, %r2;
  st.global.u32 [%rd4+8], %r3;
  st.global.u32 [%rd4+12], %r3;
$SKIP:
  ld.global.u32 %r4, [%rd4+16];
  ld.global.u32 %r5, [%rd4+20];
  add.u32 %r8, %r4, %r5;
  add.u32 %r8, %r8, %r6;
  add.u32 %r8, %r8, %r7;
  st.global.v2.u32 [%rd5+2056], {%r8, %r8};
  exit;
)");

}  // namespace

TEST_CASE("vectorising: a global access's alignment proof must run whenever it does") {
  const auto p = ptest::load(kGlobalProofPlace);
  const auto f = warpsim::lower::ptxas_folded(p, ptest::tiny());
  const auto flag = [&](const std::string& text) { return f[ptest::pc_of(p, text)]; };
  using warpsim::lower::kMerged;
  // In the block of the ld.global.v2: fused.
  CHECK(flag("st.global.u32 [%rd4+12], %r3") == kMerged);
  // After the join, which the v2 load does not post-dominate: left apart.
  CHECK(flag("ld.global.u32 %r5, [%rd4+20]") == 0);
  // Before the branch: the st.global.v2 [%rd5+2056] after the join runs on every path from here, so %rd5 is 8-byte
  // aligned for these two.
  CHECK(flag("ld.global.u32 %r7, [%rd5+2052]") == kMerged);
  // The kernel's values do not change (the functional model runs each PTX access).
  const auto folded = ttest::run(kGlobalProofPlace, 1, 32, 4096, true, {"compiler.fold=1"});
  const auto plain = ttest::run(kGlobalProofPlace, 1, 32, 4096, true, {"compiler.fold=0"});
  CHECK(folded.out == plain.out);
}


TEST_CASE("vectorising: two 8-byte global accesses fuse into a 128-bit one only on a 16-byte proof") {
  const std::string ptx = ptest::kernel("  .reg .u32 %r<8>;\n  .reg .u64 %rd<16>;\n", R"(
  mov.u32 %r1, %tid.x;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd2, %rd1;
  mul.wide.u32 %rd3, %r1, 64;
  add.s64 %rd4, %rd2, %rd3;
  add.s64 %rd5, %rd2, 8;
  ld.global.v4.u32 {%r2, %r3, %r4, %r5}, [%rd4];
  ld.global.v2.u32 {%r6, %r7}, [%rd5];
  ld.global.u64 %rd10, [%rd4+16];
  ld.global.u64 %rd11, [%rd4+24];
  ld.global.u64 %rd12, [%rd5+16];
  ld.global.u64 %rd13, [%rd5+24];
  add.s64 %rd14, %rd10, %rd11;
  add.s64 %rd14, %rd14, %rd12;
  add.s64 %rd14, %rd14, %rd13;
  st.global.u64 [%rd4+32], %rd14;
  exit;
)");
  const auto p = ptest::load(ptx);
  std::vector<std::uint8_t> wide;
  const auto f = warpsim::lower::ptxas_folded(p, ptest::tiny(), &wide);
  const auto flag = [&](const std::string& text) { return f[ptest::pc_of(p, text)]; };
  // %rd4 = 0 mod 16 (the v4 load): [%rd4+16] and [%rd4+24] are one LDG.128.
  CHECK(flag("ld.global.u64 %rd11, [%rd4+24]") == warpsim::lower::kMerged);
  CHECK(wide[ptest::pc_of(p, "ld.global.u64 %rd10, [%rd4+16]")] == 16);
  // %rd5 is only known 8-byte aligned (the v2 load): two 8-byte loads stay apart.
  CHECK(flag("ld.global.u64 %rd13, [%rd5+24]") == 0);
  CHECK(wide[ptest::pc_of(p, "ld.global.u64 %rd12, [%rd5+16]")] == 0);
}

}  // namespace WARPSIM_UNITY_ID
