// 481: the functional executor as an instruction source (func/functional_source.hpp): CTAs start and finish
// through it, next_pc and issue follow the program, %clock reads the attached Timebase, and asynchronous effects
// are held until complete() (or applied at once when immediate).
#include <warpsim/common/error.hpp>
#include <warpsim/func/functional_source.hpp>
#include <warpsim/ir/program.hpp>
#include <warpsim/ptx/parser.hpp>

#include <catch2/catch.hpp>

#include <cstring>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim;

namespace {

const char* kPtx = R"(.version 9.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 out) {
  .reg .b32 %r<3>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %clock;
  mov.u32 %r2, %tid.x;
  mul.wide.u32 %rd2, %r2, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r1;
  ret;
}
)";

struct Fixture {
  ir::Program prog;
  func::GlobalMemory global;
  func::Launch L;
  Fixture(unsigned threads) {
    auto parsed = ptx::parse(kPtx, "k.ptx");
    REQUIRE(parsed.ok());
    prog = ir::load_program(parsed.module, "k");
    const Addr base = global.add("out", 4 * threads, ir::kBufferBase);
    L.prog = &prog;
    L.grid = Dim3{1, 1, 1};
    L.block = Dim3{threads, 1, 1};
    L.params.assign(prog.param_kernel_size, 0);
    std::memcpy(L.params.data() + prog.functions[0].params[0].offset, &base, 8);
    L.global = &global;
  }
  std::uint32_t out(unsigned i) {
    std::uint32_t v = 0;
    global.read(*global.region("out"), 4 * i, 4, reinterpret_cast<std::uint8_t*>(&v));
    return v;
  }
};

class FixedTime final : public source::Timebase {
 public:
  std::uint64_t cycles() const override { return 777; }
  std::uint64_t nanoseconds() const override { return 555; }
};

}  // namespace

TEST_CASE("481 a CTA runs instruction by instruction through the source and is counted when it finishes") {
  Fixture f(40);  // two warps, the second with 8 lanes
  func::FunctionalSource src(f.L);
  const source::CtaSlot c = src.start_cta(0, 3);
  REQUIRE(src.warps(c) == 2);
  CHECK(src.cta_linear(c) == 0);
  std::uint32_t pc = src.next_pc(c, 1);
  std::uint64_t steps = 0;
  while (!src.warp_done(c, 1)) {
    const source::Issued& r = src.issue(c, 1);
    REQUIRE(r.kind == source::Issued::Kind::Executed);
    CHECK(r.pc == pc);
    CHECK(r.active == LaneMask::first(8));
    if (f.prog.code[r.pc].op == ir::Op::St) {
      CHECK(r.has_mem);
      CHECK(r.mem.space == ir::Space::Global);
      CHECK(r.mem.addr[7] == r.mem.addr[0] + 28);
    }
    pc = src.next_pc(c, 1);
    ++steps;
  }
  CHECK(steps == 7);
  CHECK(src.next_pc(c, 1) == source::kNoPc);
  CHECK_FALSE(src.cta_done(c));  // warp 0 has not run
  while (!src.warp_done(c, 0)) src.issue(c, 0);
  REQUIRE(src.cta_done(c));
  src.finish_cta(c);
  CHECK(src.counts().ctas == 1);
  CHECK(src.counts().warps == 2);
  CHECK(src.counts().warp_instructions == 14);
  CHECK(src.counts().thread_instructions == 7 * 40);
  // Without a Timebase %clock reads the warp's instruction count, the mov itself included (its second).
  CHECK(f.out(0) == 2);
}

TEST_CASE("481 an attached Timebase is what %clock reads, for the scope it is attached") {
  Fixture f(32);
  func::FunctionalSource src(f.L);
  const FixedTime t;
  {
    const source::TimebaseScope scope(src, &t);
    const source::CtaSlot c = src.start_cta(0, 0);
    while (!src.warp_done(c, 0)) src.issue(c, 0);
  }
  CHECK(f.out(5) == 777);
  CHECK(f.L.clock != nullptr);  // the source's own clock is back
}

TEST_CASE("481 asynchronous effects wait for complete() unless the source is immediate") {
  Fixture f(32);
  func::FunctionalSource src(f.L);
  int applied = 0;
  CHECK(src.defer([&] { ++applied; }) == source::kNoAsync);  // functional runs: at once
  CHECK(applied == 1);
  src.set_immediate(false);
  const source::AsyncId a = src.defer([&] { applied += 10; });
  const source::AsyncId b = src.defer([&] { applied += 100; });
  CHECK(a != source::kNoAsync);
  CHECK(b != a);
  CHECK(src.pending() == 2);
  CHECK(applied == 1);
  src.complete(b);
  CHECK(applied == 101);
  src.complete(a);
  CHECK(applied == 111);
  CHECK(src.pending() == 0);
  CHECK_THROWS_WITH(src.complete(a), Catch::Contains("asynchronous operation 1 is not pending"));
}

TEST_CASE("481 the source's deadlock report names the CTA and where its warps wait") {
  Fixture f(32);
  func::FunctionalSource src(f.L);
  const source::CtaSlot c = src.start_cta(0, 0);
  try {
    src.deadlock(c);
    FAIL("deadlock() returned");
  } catch (const Error& e) {
    CHECK(e.kind() == ErrorKind::Deadlock);
    CHECK_THAT(e.what(), Catch::Contains("deadlock: every unfinished warp waits") && Catch::Contains("CTA (0,0,0)"));
  }
}

}  // namespace WARPSIM_UNITY_ID
