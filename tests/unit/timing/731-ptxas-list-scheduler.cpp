// ptxas_schedule's list scheduler on hand-written blocks (tiny's latencies: pipe.uniform 2, pipe.int 4, ld.param
// = mem.const_latency 4, ld.global = mem.l1_hit_latency 40, ld.shared = mem.smem_latency 30, st = pipe.ldst 4):
// independent instructions move above a stalled consumer, register dependences (RAW, WAR, WAW) and the order of
// memory accesses that may conflict are kept, a global load may pass a shared store, a read-only one (.nc) stores
// and up to compiler.nc_load_barriers barriers but not a fence, and nothing crosses a clock read, a branch or an
// IEEE division's slow path. Every reordered kernel computes what the PTX order computes.
#include "ptxas_test_util.hpp"

#include <vector>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

const std::string kDecls =
    "  .reg .u32 %r<20>;\n  .reg .u64 %rd<10>;\n  .reg .pred %p<4>;\n  .shared .align 4 .u32 s[64];\n";

// The texts of `p`'s instructions in pc order.
std::vector<std::string> order(const warpsim::ir::Program& p) { return p.text; }

// The scheduled program computes the same `out` as the PTX order (one CTA of `block` threads).
void check_same_values(const std::string& ptx, unsigned block = 32, unsigned count = 64) {
  const auto before = ptest::run(ptest::load(ptx), 1, block, count);
  const auto after = ptest::run(ptest::scheduled(ptx), 1, block, count);
  CHECK(before == after);
}

}  // namespace

TEST_CASE("list scheduler: independent adds move above the add that waits for a global load") {
  const std::string ptx = ptest::kernel(kDecls, R"(
  mov.u32 %r10, %tid.x;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  ld.global.u32 %r1, [%rd1];
  add.u32 %r2, %r1, 1;
  add.u32 %r3, %r10, 2;
  add.u32 %r4, %r10, 3;
  add.u32 %r5, %r3, %r4;
  st.global.u32 [%rd1+4], %r2;
  st.global.u32 [%rd1+8], %r5;
  exit;
)");
  const auto p = ptest::scheduled(ptx);
  INFO(ptest::listing(p));
  // Heights (latency-weighted path to the region's end): st 4, add r5 8, add r3/r4 12, add r2 8, ld.global
  // 40+8 = 48, cvta 2+48 = 50, ld.param 4+50 = 54, mov %tid 2+12 = 14. One instruction per cycle, the highest
  // ready one first: t0 ld.param, t1 mov, t3 add r3 (r10 ready at 3), t4 cvta (rd1 ready at 4), t5 add r4,
  // t6 ld.global, t9 add r5, t46 add r2, t50 and t51 the stores (in PTX order: both global).
  CHECK(order(p) == std::vector<std::string>{"ld.param.u64 %rd1, [out]", "mov.u32 %r10, %tid.x", "add.u32 %r3, %r10, 2",
                                             "cvta.to.global.u64 %rd1, %rd1", "add.u32 %r4, %r10, 3",
                                             "ld.global.u32 %r1, [%rd1]", "add.u32 %r5, %r3, %r4",
                                             "add.u32 %r2, %r1, 1", "st.global.u32 [%rd1+4], %r2",
                                             "st.global.u32 [%rd1+8], %r5", "exit"});
  const auto dependent = ptest::pc_of(p, "add.u32 %r2,");
  for (const char* independent : {"add.u32 %r3,", "add.u32 %r4,", "add.u32 %r5,"})
    CHECK(ptest::pc_of(p, independent) < dependent);
  CHECK(ptest::pc_of(p, "ld.global") < dependent);
  CHECK(p.code.size() == ptest::load(ptx).code.size());
  check_same_values(ptx);
}

TEST_CASE("list scheduler: read-after-write, write-after-read and write-after-write are kept") {
  const std::string ptx = ptest::kernel(kDecls, R"(
  mov.u32 %r10, %tid.x;
  mov.u32 %r5, 100;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  ld.global.u32 %r1, [%rd1];
  add.u32 %r2, %r1, %r5;
  mov.u32 %r5, %r10;
  add.u32 %r6, %r5, 1;
  add.u32 %r7, %r1, 2;
  mov.u32 %r7, %r10;
  mov.u32 %r8, %r10;
  add.u32 %r9, %r8, 1;
  add.u32 %r6, %r6, %r9;
  st.global.u32 [%rd1+4], %r2;
  st.global.u32 [%rd1+8], %r6;
  st.global.u32 [%rd1+12], %r7;
  exit;
)");
  const auto p = ptest::scheduled(ptx);
  INFO(ptest::listing(p));
  const auto ld = ptest::pc_of(p, "ld.global");
  const auto use = ptest::pc_of(p, "add.u32 %r2, %r1, %r5;");
  CHECK(ld < use);                                     // RAW on %r1
  CHECK(use < ptest::pc_of(p, "mov.u32 %r5, %r10;"));  // WAR on %r5: the add reads the old %r5
  CHECK(ptest::pc_of(p, "mov.u32 %r5, 100;") < use);   // RAW on %r5
  CHECK(ptest::pc_of(p, "mov.u32 %r5, %r10;") < ptest::pc_of(p, "add.u32 %r6, %r5, 1;"));
  CHECK(ptest::pc_of(p, "add.u32 %r7, %r1, 2;") < ptest::pc_of(p, "mov.u32 %r7, %r10;"));  // WAW on %r7
  // The same shape without a conflicting register is hoisted above the stalled add: the scheduler wanted to.
  CHECK(ptest::pc_of(p, "mov.u32 %r8, %r10;") < use);
  CHECK(ptest::pc_of(p, "add.u32 %r9, %r8, 1;") < use);
  check_same_values(ptx);
}

namespace {

// A first block computing the address, then a block of: mov, `store`, `load` (into %r5), add, global store.
std::string mem_pair(const std::string& store, const std::string& load) {
  return ptest::kernel(kDecls, R"(
  mov.u32 %r10, %tid.x;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  bra.uni L1;
L1:
  mov.u32 %r2, 5;
  )" + store + "\n  " + load + R"(
  add.u32 %r6, %r5, 1;
  st.global.u32 [%rd1+12], %r6;
  exit;
)");
}

}  // namespace

TEST_CASE("list scheduler: a global load moves above a shared store, and above a store to its own space only at other bytes of its base register") {
  {
    // Heights: ld.global 40 + add 4 + st 4 = 48, mov 2 + st.shared 4 = 6: both ready at t0, the load first.
    const std::string ptx = mem_pair("st.shared.u32 [s], %r2;", "ld.global.u32 %r5, [%rd1+8];");
    const auto p = ptest::scheduled(ptx);
    INFO(ptest::listing(p));
    CHECK(ptest::pc_of(p, "ld.global") == ptest::pc_of(ptest::load(ptx), "mov.u32 %r2, 5;"));  // the block's first
    CHECK(ptest::pc_of(p, "ld.global") < ptest::pc_of(p, "st.shared"));
    check_same_values(ptx);
  }
  {
    // Same space: the shared load may read what the store wrote, so it stays after it.
    const std::string ptx = mem_pair("st.shared.u32 [s], %r2;", "ld.shared.u32 %r5, [s+4];");
    const auto p = ptest::scheduled(ptx);
    INFO(ptest::listing(p));
    CHECK(ptest::pc_of(p, "st.shared") < ptest::pc_of(p, "ld.shared"));
    CHECK(ptest::pc_of(p, "mov.u32 %r2, 5;") < ptest::pc_of(p, "st.shared"));
    check_same_values(ptx);
  }
  {
    // Same space, one base register, other bytes (0..3 against 8..11): the load moves above the store, as ptxas
    // moves traces/wgmma_gemm's epilogue loads of C[r + 4] above the store to C[r].
    const std::string ptx = mem_pair("st.global.u32 [%rd1], %r2;", "ld.global.u32 %r5, [%rd1+8];");
    const auto p = ptest::scheduled(ptx);
    INFO(ptest::listing(p));
    CHECK(ptest::pc_of(p, "ld.global") < ptest::pc_of(p, "st.global.u32 [%rd1], %r2;"));
    check_same_values(ptx);
  }
  {
    // The same bytes, or overlapping ones (a 64-bit store over 8..15, a byte store at 11; the load reads 8..11): the
    // load stays after it.
    for (const char* store : {"st.global.u32 [%rd1+8], %r2;", "st.global.v2.u32 [%rd1+8], {%r2, %r2};",
                              "st.global.u8 [%rd1+11], %r2;"}) {
      const std::string ptx = mem_pair(store, "ld.global.u32 %r5, [%rd1+8];");
      const auto p = ptest::scheduled(ptx);
      INFO(store << "\n" << ptest::listing(p));
      CHECK(ptest::pc_of(p, store) < ptest::pc_of(p, "ld.global"));
      check_same_values(ptx);
    }
  }
  {
    // Another base register may hold the same address (here it does): the load stays after the store.
    const std::string store = "add.u64 %rd2, %rd1, 8;\n  st.global.u32 [%rd2], %r2;";
    const std::string ptx = mem_pair(store, "ld.global.u32 %r5, [%rd1+8];");
    const auto p = ptest::scheduled(ptx);
    INFO(ptest::listing(p));
    CHECK(ptest::pc_of(p, "st.global.u32 [%rd2], %r2;") < ptest::pc_of(p, "ld.global"));
    check_same_values(ptx);
  }
  {
    // A store through a generic address may touch any space: the global load stays after it.
    const std::string ptx = mem_pair("st.u32 [%rd1], %r2;", "ld.global.u32 %r5, [%rd1+8];");
    const auto p = ptest::scheduled(ptx);
    INFO(ptest::listing(p));
    CHECK(ptest::pc_of(p, "st.u32 [%rd1], %r2;") < ptest::pc_of(p, "ld.global"));
  }
  {
    // Two weak loads commute: the global load, with the longer path to the end, moves above the shared one.
    const std::string ptx = mem_pair("ld.shared.u32 %r3, [s];", "ld.global.u32 %r5, [%rd1+8];");
    const auto p = ptest::scheduled(ptx);
    INFO(ptest::listing(p));
    CHECK(ptest::pc_of(p, "ld.global") < ptest::pc_of(p, "ld.shared"));
    check_same_values(ptx);
  }
  {
    // An acquire (or relaxed, or volatile) load keeps its place among loads: nothing passes it, it passes nothing.
    for (const char* first : {"ld.acquire.gpu.shared.u32 %r3, [s];", "ld.relaxed.gpu.shared.u32 %r3, [s];",
                              "ld.volatile.shared.u32 %r3, [s];"}) {
      const std::string ptx = mem_pair(first, "ld.global.u32 %r5, [%rd1+8];");
      const auto p = ptest::scheduled(ptx);
      INFO(ptest::listing(p));
      CHECK(ptest::pc_of(p, "shared.u32 %r3") < ptest::pc_of(p, "ld.global"));
    }
  }
  {
    // A store never moves above an earlier load, of any space (an acquire load orders what follows it).
    const std::string ptx = mem_pair("ld.shared.u32 %r3, [s];", "st.global.u32 [%rd1+8], %r2;");
    const auto p = ptest::scheduled(ptx);
    INFO(ptest::listing(p));
    CHECK(ptest::pc_of(p, "ld.shared") < ptest::pc_of(p, "st.global.u32 [%rd1+8]"));
  }
}

TEST_CASE("list scheduler: nothing crosses a clock or timer read") {
  const auto with = [](const std::string& fence) {
    return ptest::kernel(kDecls, R"(
  mov.u32 %r10, %tid.x;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  ld.global.u32 %r1, [%rd1];
  add.u32 %r2, %r1, 1;
  )" + fence + R"(
  add.u32 %r3, %r10, 2;
  add.u32 %r4, %r10, 3;
  st.global.u32 [%rd1+4], %r2;
  st.global.u32 [%rd1+8], %r3;
  st.global.u32 [%rd1+12], %r4;
  exit;
)");
  };
  // Without a fence the two adds move above the stalled add.
  {
    const auto p = ptest::scheduled(with(""));
    INFO(ptest::listing(p));
    CHECK(ptest::pc_of(p, "add.u32 %r3,") < ptest::pc_of(p, "add.u32 %r2,"));
    CHECK(ptest::pc_of(p, "add.u32 %r4,") < ptest::pc_of(p, "add.u32 %r2,"));
  }
  for (const std::string fence : {"mov.u64 %rd5, %clock64;", "mov.u32 %r9, %clock;", "mov.u64 %rd5, %globaltimer;"}) {
    INFO(fence);
    const auto p = ptest::scheduled(with(fence));
    INFO(ptest::listing(p));
    const auto f = ptest::pc_of(p, fence);
    CHECK(f == 5);  // in place
    for (const char* before : {"mov.u32 %r10,", "ld.param", "cvta", "ld.global", "add.u32 %r2,"})
      CHECK(ptest::pc_of(p, before) < f);
    for (const char* after : {"add.u32 %r3,", "add.u32 %r4,", "st.global.u32 [%rd1+4]", "st.global.u32 [%rd1+8]"})
      CHECK(ptest::pc_of(p, after) > f);
    // Inside the region before the fence the scheduler still reorders (ld.param first).
    CHECK(ptest::pc_of(p, "ld.param") == 0);
  }
}

TEST_CASE("list scheduler: nothing crosses a branch, a loop body is reordered inside itself") {
  const std::string ptx = ptest::kernel(kDecls, R"(
  mov.u32 %r10, %tid.x;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  mov.u32 %r11, 0;
LOOP:
  ld.global.u32 %r1, [%rd1];
  add.u32 %r2, %r1, 1;
  add.u32 %r11, %r11, 1;
  setp.lt.u32 %p1, %r11, 3;
  @%p1 bra LOOP;
  add.u32 %r3, %r10, 2;
  add.u32 %r4, %r10, 3;
  st.global.u32 [%rd1+4], %r2;
  st.global.u32 [%rd1+8], %r3;
  st.global.u32 [%rd1+12], %r4;
  exit;
)");
  const auto orig = ptest::load(ptx);
  const auto p = ptest::scheduled(ptx);
  INFO(ptest::listing(p));
  const auto br = ptest::pc_of(p, "bra LOOP");
  CHECK(br == ptest::pc_of(orig, "bra LOOP"));
  CHECK(p.code[br].op == warpsim::ir::Op::Bra);  // a backward branch is not if-converted
  for (const char* after : {"add.u32 %r3,", "add.u32 %r4,", "st.global.u32 [%rd1+4]"})
    CHECK(ptest::pc_of(p, after) > br);
  // The loop body (pcs 4..7): ld.global (height 44) at t0, the counter's add (8) at t1, setp at t5, the add
  // waiting for the load at t40.
  const std::uint32_t body = ptest::pc_of(orig, "ld.global");
  CHECK(p.text[body] == "ld.global.u32 %r1, [%rd1]");
  CHECK(p.text[body + 1] == "add.u32 %r11, %r11, 1");
  CHECK(p.text[body + 2] == "setp.lt.u32 %p1, %r11, 3");
  CHECK(p.text[body + 3] == "add.u32 %r2, %r1, 1");
  // The branch still targets the loop's first pc, which the scheduled block starts at.
  CHECK(p.code[br].ops[0].imm == body);
  check_same_values(ptx);
}

TEST_CASE("list scheduler: a read-only global load moves above barriers and stores, at most compiler.nc_load_barriers barriers") {
  // ptxas moves LDG.E.CONSTANT (ld.global.nc: data read-only while the kernel runs) above BAR.SYNC, the plain LDG.E
  // never (SASS of traces/j_sgemm16_256 and traces/sgemm_tiled).
  const std::string ptx = ptest::kernel(kDecls, R"(
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  mov.u32 %r10, %tid.x;
  st.shared.u32 [s], %r10;
  bar.sync 0;
  ld.shared.u32 %r1, [s];
  st.global.u32 [%rd1+16], %r1;
  bar.sync 0;
  ld.global.nc.u32 %r2, [%rd1+4];
  ld.global.u32 %r3, [%rd1+8];
  add.u32 %r4, %r2, %r3;
  st.global.u32 [%rd1+12], %r4;
  exit;
)");
  const std::vector<std::uint32_t> init = {0, 5, 7, 0, 0};
  {
    const auto p = ptest::scheduled(ptx, {"compiler.schedule=1"});
    INFO(ptest::listing(p));
    // Above both barriers and the global store, as soon as its address is ready (before every other ready one).
    CHECK(ptest::pc_of(p, "ld.global.nc") == ptest::pc_of(p, "cvta.to.global") + 1);
    CHECK(ptest::pc_of(p, "ld.global.u32 %r3") > ptest::pc_of(p, "st.global.u32 [%rd1+16]"));
    const auto before = ptest::run(ptest::load(ptx), 1, 32, 5, init);
    CHECK(before == ptest::run(p, 1, 32, 5, init));
    CHECK(before[3] == 12u);
  }
  {
    const auto p = ptest::scheduled(ptx, {"compiler.schedule=1", "compiler.nc_load_barriers=1"});
    INFO(ptest::listing(p));
    // Above the second barrier and the store, not the first: as soon as its address is ready after it.
    const auto bars = [&] {
      std::vector<std::uint32_t> v;
      for (std::uint32_t pc = 0; pc < p.code.size(); ++pc)
        if (p.text[pc] == "bar.sync 0") v.push_back(pc);
      return v;
    }();
    REQUIRE(bars.size() == 2);
    const auto nc = ptest::pc_of(p, "ld.global.nc");
    CHECK(nc > bars[0]);
    CHECK(nc == std::max(bars[0], ptest::pc_of(p, "cvta.to.global")) + 1);
    CHECK(nc < ptest::pc_of(p, "st.global.u32 [%rd1+16]"));
  }
  {
    const auto p = ptest::scheduled(ptx, {"compiler.schedule=1", "compiler.nc_load_barriers=0"});
    INFO(ptest::listing(p));
    CHECK(ptest::pc_of(p, "ld.global.nc") > ptest::pc_of(p, "st.global.u32 [%rd1+16]"));
  }
}

TEST_CASE("list scheduler: a fence still orders a read-only load, and an emulated operation with a slow path is a fence") {
  const std::string fenced = ptest::kernel(kDecls, R"(
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  mov.u32 %r10, %tid.x;
  st.global.u32 [%rd1+16], %r10;
  membar.gl;
  ld.global.nc.u32 %r2, [%rd1+4];
  add.u32 %r4, %r2, 1;
  st.global.u32 [%rd1+12], %r4;
  exit;
)");
  auto p = ptest::scheduled(fenced, {"compiler.schedule=1"});
  INFO(ptest::listing(p));
  CHECK(ptest::pc_of(p, "ld.global.nc") > ptest::pc_of(p, "membar.gl"));
  // div.rn.f32 branches to a slow path in SASS (traces/ubench_emulated_ops): nothing moves across it; div.u32 is
  // straight-line code, so the load below it is scheduled with what comes before it (here above the second cvt).
  const auto with_div = [](const std::string& div) {
    return ptest::kernel(kDecls + "  .reg .f32 %f<4>;\n", R"(
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  mov.u32 %r10, %tid.x;
  add.u32 %r11, %r10, 1;
  cvt.rn.f32.u32 %f1, %r10;
  cvt.rn.f32.u32 %f2, %r11;
  )" + div + R"(
  ld.global.nc.u32 %r2, [%rd1+4];
  add.u32 %r4, %r2, 1;
  st.global.u32 [%rd1+12], %r4;
  exit;
)");
  };
  const std::vector<std::string> emul = {"compiler.schedule=1", "emul.div_f32.latency=40", "emul.div_u32.latency=60"};
  p = ptest::scheduled(with_div("div.rn.f32 %f3, %f1, %f2;"), emul);
  INFO(ptest::listing(p));
  CHECK(ptest::pc_of(p, "ld.global.nc") > ptest::pc_of(p, "div.rn.f32"));
  CHECK(ptest::pc_of(p, "cvt.rn.f32.u32 %f2") < ptest::pc_of(p, "div.rn.f32"));
  p = ptest::scheduled(with_div("div.u32 %r12, %r10, %r11;"), emul);
  INFO(ptest::listing(p));
  CHECK(ptest::pc_of(p, "ld.global.nc") < ptest::pc_of(p, "cvt.rn.f32.u32 %f2"));
}

}  // namespace WARPSIM_UNITY_ID

namespace WARPSIM_UNITY_ID {

namespace {
// Four independent 16-byte shared loads summed into one value stored to out[tid] (16 registers of results if all are
// in flight), then `tail` and exit.
std::string four_loads(const std::string& decls, const std::string& tail) {
  return ptest::kernel("  .reg .u32 %r<40>;\n  .reg .u64 %rd<8>;\n  .shared .align 16 .u32 s[64];\n" + decls, R"(
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  mov.u32 %r1, %tid.x;
  shl.b32 %r2, %r1, 4;
  mov.u32 %r3, s;
  add.u32 %r4, %r3, %r2;
  st.shared.v4.u32 [%r4], {%r1, %r2, %r3, %r4};
  st.shared.v4.u32 [%r4+64], {%r2, %r3, %r4, %r1};
  st.shared.v4.u32 [%r4+128], {%r3, %r4, %r1, %r2};
  st.shared.v4.u32 [%r4+192], {%r4, %r1, %r2, %r3};
  bar.sync 0;
  ld.shared.v4.u32 {%r5, %r6, %r7, %r8}, [%r4];
  ld.shared.v4.u32 {%r9, %r10, %r11, %r12}, [%r4+64];
  ld.shared.v4.u32 {%r13, %r14, %r15, %r16}, [%r4+128];
  ld.shared.v4.u32 {%r17, %r18, %r19, %r20}, [%r4+192];
  add.u32 %r21, %r5, %r6;
  add.u32 %r22, %r21, %r7;
  add.u32 %r23, %r22, %r8;
  add.u32 %r24, %r23, %r9;
  add.u32 %r25, %r24, %r10;
  add.u32 %r26, %r25, %r11;
  add.u32 %r27, %r26, %r12;
  add.u32 %r28, %r27, %r13;
  add.u32 %r29, %r28, %r14;
  add.u32 %r30, %r29, %r15;
  add.u32 %r31, %r30, %r16;
  add.u32 %r32, %r31, %r17;
  add.u32 %r33, %r32, %r18;
  add.u32 %r34, %r33, %r19;
  add.u32 %r35, %r34, %r20;
  mul.wide.u32 %rd2, %r1, 4;
  add.u64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r35;
)" + tail + "  exit;\n");
}
}  // namespace

TEST_CASE("list scheduler: within the kernel's registers (compiler.register_limit), a load waits for the adds that free registers") {
  // Four independent 16-byte shared loads summed into one value: 16 registers of results if all are in flight. ptxas
  // issues them only as far ahead as its register count allows (SASS of traces/ubench_smem_wide: eight LDS.128, four
  // at a time, in 29 registers).
  const std::string ptx = four_loads("", "");
  const auto sched = [&](unsigned registers, const std::string& limit) {
    warpsim::ir::Program p = ptest::load(ptx);
    warpsim::lower::ptxas_schedule(p, ptest::tiny({"compiler.schedule=1", "compiler.register_limit=" + limit,
                                                   "compiler.reserved_registers=3"}),
                                   registers);
    return p;
  };
  // The shared loads issued before the first add (which waits for the first load).
  const auto loads_before_first_add = [](const warpsim::ir::Program& p) {
    unsigned n = 0;
    for (const std::string& t : p.text) {
      if (t.rfind("add.u32 %r21,", 0) == 0) break;
      if (t.rfind("ld.shared", 0) == 0) ++n;
    }
    return n;
  };
  INFO(ptest::listing(sched(0, "1")));
  CHECK(loads_before_first_add(sched(0, "1")) == 4);   // registers not known: no limit
  CHECK(loads_before_first_add(sched(20, "0")) == 4);  // the limit off
  CHECK(loads_before_first_add(sched(64, "1")) == 4);  // registers enough for all four
  // 20 registers, 17 for values: the output address %rd3 (2) and %r4 stay live, so three loads (12) fit and the
  // fourth waits for the first add (which frees one register, as the fourth load's last read of %r4 does); with 16
  // registers, two loads.
  const warpsim::ir::Program three = sched(20, "1"), two = sched(16, "1");
  INFO(ptest::listing(three));
  CHECK(loads_before_first_add(three) == 3);
  CHECK(ptest::pc_of(three, "ld.shared.v4.u32 {%r17") == ptest::pc_of(three, "add.u32 %r21,") + 1);
  INFO(ptest::listing(two));
  CHECK(loads_before_first_add(two) == 2);
  // Same values as the PTX order.
  const auto before = ptest::run(ptest::load(ptx), 1, 4, 4);
  CHECK(ptest::run(three, 1, 4, 4) == before);
  CHECK(ptest::run(two, 1, 4, 4) == before);
}

TEST_CASE("list scheduler: values an if-converted block defines once after a region are not live in it") {
  // The same four loads, then `if (tid == 0)` work on 64-bit values defined once under its guard (as nvcc's if
  // becomes after if-conversion). A guarded write normally does not end a value for liveness (the old one flows on
  // where the guard is false), but a slot written only there has no value above it: counting %rd5 and %rd6 as live
  // through the loads took 4 of the 17 registers (traces/ubench_tile_phases' tp_sb, whose epilogue records the CTA's
  // %smid and clocks under `if (tid == 0)`: 21,386 cycles against the GPU's 16,976 until this; 17,258 now).
  const std::string ptx = four_loads("  .reg .pred %p<2>;\n", R"(  bar.sync 0;
  setp.eq.u32 %p1, %r1, 0;
  @%p1 cvt.u64.u32 %rd5, %r35;
  @%p1 add.u64 %rd6, %rd5, %rd1;
  @%p1 st.global.u64 [%rd1+64], %rd6;
)");
  warpsim::ir::Program p = ptest::load(ptx);
  warpsim::lower::ptxas_schedule(
      p, ptest::tiny({"compiler.schedule=1", "compiler.register_limit=1", "compiler.reserved_registers=3"}), 20);
  INFO(ptest::listing(p));
  unsigned loads = 0;
  for (const std::string& t : p.text) {
    if (t.rfind("add.u32 %r21,", 0) == 0) break;
    if (t.rfind("ld.shared", 0) == 0) ++loads;
  }
  CHECK(loads == 3);  // as without the epilogue (two if %rd5 and %rd6 counted)
  CHECK(ptest::run(p, 1, 4, 20) == ptest::run(ptest::load(ptx), 1, 4, 20));
}

}  // namespace WARPSIM_UNITY_ID
