// A store keeps the registers it reads until mem.smem_store_read_cycles (shared) or mem.global_store_read_cycles
// (global) after its issue: an instruction that writes one of them waits until then, one that only reads it does not
// (timing/scoreboard.hpp); and ptxas's list scheduler keeps such a writer that far behind the store, issuing
// independent work in between (lower/ptxas_model.cpp; traces/ubench_tile_phases' war_sts: STS, STS, STS, then the
// IMAD that overwrites the first's register). On tiny (hold 0 unless set), one warp.
#include "ptxas_test_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {
// Each thread stores v = tid to shared word tid, then `next` (which may overwrite v), then stores v + 1 and writes it
// (and the shared word) to out[tid]. compiler.schedule 0 keeps this order.
std::string store_then(const std::string& space, const std::string& next) {
  const bool shared = space == "shared";
  return ttest::header() + ".visible .entry k(.param .u64 out) {\n  .reg .b32 %r<8>;\n  .reg .b64 %rd<5>;\n" +
         "  .shared .align 4 .b32 s[32];\n"
         "  ld.param.u64 %rd1, [out];\n  cvta.to.global.u64 %rd1, %rd1;\n  mov.u32 %r1, %tid.x;\n"
         "  mul.wide.u32 %rd2, %r1, 4;\n  add.s64 %rd3, %rd1, %rd2;\n  mov.u32 %r2, s;\n  shl.b32 %r3, %r1, 2;\n"
         "  add.u32 %r2, %r2, %r3;\n  mov.u32 %r4, %r1;\n" +
         (shared ? "  st.shared.u32 [%r2], %r4;\n" : "  st.global.u32 [%rd3+128], %r4;\n") + next +
         "  add.u32 %r6, %r4, 1;\n" + (shared ? "  ld.shared.u32 %r7, [%r2];\n" : "  mov.u32 %r7, %r1;\n") +
         "  add.u32 %r6, %r6, %r7;\n  st.global.u32 [%rd3], %r6;\n  exit;\n}\n";
}
std::uint64_t cycles(const std::string& ptx, const std::vector<std::string>& extra) {
  std::vector<std::string> o{"compiler.schedule=0"};
  o.insert(o.end(), extra.begin(), extra.end());
  return ttest::run(ptx, 1, 32, 64, true, o).timing.cycles;
}
}  // namespace

TEST_CASE("709 an instruction that overwrites a shared store's register waits mem.smem_store_read_cycles") {
  const std::string over = store_then("shared", "  add.u32 %r4, %r4, 5;\n");
  const auto none = ttest::run(over, 1, 32, 64, true, {"compiler.schedule=0"});
  const auto held = ttest::run(over, 1, 32, 64, true, {"compiler.schedule=0", "mem.smem_store_read_cycles=60"});
  // out[t] = (t + 5 + 1) + t: the value stored first, read back after the overwrite; time changes no value.
  for (std::uint32_t t = 0; t < 32; ++t) CHECK(none.out[t] == 2 * t + 6);
  CHECK(held.out == none.out);
  // The add issued the cycle after the store; now 60 cycles after it.
  CHECK(held.timing.cycles == none.timing.cycles + 59);
  CHECK(cycles(over, {"mem.smem_store_read_cycles=100"}) == none.timing.cycles + 99);
  // The global hold does not apply to a shared store.
  CHECK(cycles(over, {"mem.global_store_read_cycles=60"}) == none.timing.cycles);
}

TEST_CASE("709 an instruction that only reads a store's register does not wait") {
  const std::string read = store_then("shared", "  add.u32 %r5, %r4, 5;\n");
  CHECK(cycles(read, {"mem.smem_store_read_cycles=60"}) == cycles(read, {}));
}

TEST_CASE("709 a global store holds its registers mem.global_store_read_cycles") {
  const std::string over = store_then("global", "  add.u32 %r4, %r4, 5;\n");
  const std::uint64_t none = cycles(over, {});
  CHECK(cycles(over, {"mem.global_store_read_cycles=60"}) == none + 59);
  CHECK(cycles(over, {"mem.smem_store_read_cycles=60"}) == none);
  // Its address registers too: overwriting %rd3 after the store waits as well.
  const std::string addr = store_then("global", "  add.s64 %rd4, %rd3, 0;\n  add.s64 %rd3, %rd4, 0;\n");
  CHECK(cycles(addr, {"mem.global_store_read_cycles=60"}) > cycles(addr, {}));
}

TEST_CASE("709 ptxas's scheduler puts independent work between a store and the writer of its register") {
  const std::string ptx = ptest::kernel("  .reg .b32 %r<9>;\n  .shared .align 4 .b32 s[64];\n", R"(
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, s;
  shl.b32 %r3, %r1, 2;
  add.u32 %r2, %r2, %r3;
  st.shared.u32 [%r2], %r1;
  mad.lo.u32 %r1, %r1, 3, 1;
  st.shared.u32 [%r2+128], %r1;
  add.u32 %r5, %r3, 9;
  xor.b32 %r6, %r5, 7;
  st.shared.u32 [%r2+132], %r6;
  exit;
)");
  // Without a hold the overwriting mad follows its store; with one, the independent add and xor go first.
  const auto plain = ptest::scheduled(ptx);
  const auto held = ptest::scheduled(ptx, {"mem.smem_store_read_cycles=20"});
  INFO(ptest::listing(held));
  CHECK(ptest::pc_of(plain, "mad.lo.u32") == ptest::pc_of(plain, "st.shared.u32 [%r2], %r1") + 1);
  CHECK(ptest::pc_of(held, "mad.lo.u32") > ptest::pc_of(held, "xor.b32"));
  CHECK(ptest::pc_of(held, "mad.lo.u32") > ptest::pc_of(held, "st.shared.u32 [%r2], %r1"));
}

}  // namespace WARPSIM_UNITY_ID
