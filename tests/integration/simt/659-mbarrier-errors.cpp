// mbarrier misuse is a fault naming the CTA, warp, lane and PTX line: use before init and after inval, a count
// outside the PTX ISA's range, more arrivals than are pending, a tx-count beyond 2^20-1, a .noComplete arrival
// that completes its phase; a phase that can never complete is a deadlock report naming the mbarrier's address,
// phase and counts and the warps waiting on it (functional and timed runs); the .shared::cluster (remote) arrive form
// on an uninitialized mbarrier is the same use-before-init fault (clusters: 666 and 668).
#include "async_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

// A one-warp kernel whose thread 0 runs `body` on the mbarrier `bar` (shared offset 0).
std::string kernel(const std::string& body) {
  return simt::header() + R"(
.visible .entry k(.param .u64 in, .param .u64 out)
{
  .reg .pred %p<4>;
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  .shared .align 8 .b64 bar;
  mov.u32 %r1, %tid.x;
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra DONE;
)" + body + R"(
DONE:
  ret;
}
)";
}

void check_fault(const std::string& name, const std::string& body, const std::string& what, const std::string& instr) {
  for (const bool timed : {false, true}) {
    INFO((timed ? "timed" : "functional"));
    warpsim::ErrorKind kind{};
    const std::string msg = asyncx::error_of(name, kernel(body), 32, timed, &kind);
    INFO(msg);
    CHECK(kind == warpsim::ErrorKind::Execution);
    CHECK(msg.find("CTA (0,0,0) warp 0 lane 0 (thread (0,0,0)) at ") != std::string::npos);
    CHECK(msg.find(": " + what + "\n  in: " + instr) != std::string::npos);
  }
}

}  // namespace

TEST_CASE("659 an mbarrier used before mbarrier.init is a fault", "[simt][mbarrier]") {
  check_fault("mbar-noinit", "  mbarrier.arrive.shared.b64 %rd1, [bar];\n",
              "mbarrier.arrive on shared address 0x0, which holds no initialized mbarrier (used before "
              "mbarrier.init, or after mbarrier.inval)",
              "mbarrier.arrive.shared.b64 %rd1, [bar]");
}

TEST_CASE("659 an mbarrier used after mbarrier.inval is a fault", "[simt][mbarrier]") {
  check_fault("mbar-inval",
              "  mbarrier.init.shared.b64 [bar], 1;\n  mbarrier.inval.shared.b64 [bar];\n"
              "  mbarrier.test_wait.parity.shared.b64 %p2, [bar], 0;\n",
              "mbarrier.test_wait on shared address 0x0, which holds no initialized mbarrier (used before "
              "mbarrier.init, or after mbarrier.inval)",
              "mbarrier.test_wait.parity.shared.b64 %p2, [bar], 0");
}

TEST_CASE("659 mbarrier.init with a count of 0 is a fault", "[simt][mbarrier]") {
  check_fault("mbar-count0", "  mbarrier.init.shared.b64 [bar], 0;\n",
              "mbarrier.init count 0 is outside the PTX ISA's range 1 to 2^20-1", "mbarrier.init.shared.b64 [bar], 0");
}

TEST_CASE("659 more arrivals than are pending is a fault", "[simt][mbarrier]") {
  check_fault("mbar-over", "  mbarrier.init.shared.b64 [bar], 2;\n  mbarrier.arrive.shared.b64 %rd1, [bar], 3;\n",
              "mbarrier.arrive of 3 arrivals on the mbarrier at shared 0x0 is more than the 2 arrivals pending in its "
              "current phase (expected arrivals 2)",
              "mbarrier.arrive.shared.b64 %rd1, [bar], 3");
}

TEST_CASE("659 a tx-count beyond 2^20-1 is a fault, as is one below -(2^20-1)", "[simt][mbarrier]") {
  check_fault("mbar-txover",
              "  mbarrier.init.shared.b64 [bar], 1;\n  mbarrier.expect_tx.shared.b64 [bar], 1048575;\n"
              "  mbarrier.expect_tx.shared.b64 [bar], 1;\n",
              "mbarrier.expect_tx makes the tx-count of the mbarrier at shared 0x0 1048576 (the PTX ISA's range is "
              "-(2^20-1) to 2^20-1)",
              "mbarrier.expect_tx.shared.b64 [bar], 1");
  check_fault("mbar-txunder",
              "  mbarrier.init.shared.b64 [bar], 1;\n  mbarrier.complete_tx.shared.b64 [bar], 1048575;\n"
              "  mbarrier.complete_tx.shared.b64 [bar], 2;\n",
              "mbarrier.complete_tx makes the tx-count of the mbarrier at shared 0x0 -1048577 (the PTX ISA's range is "
              "-(2^20-1) to 2^20-1)",
              "mbarrier.complete_tx.shared.b64 [bar], 2");
}

TEST_CASE("659 a .noComplete arrival that would complete the phase is a fault", "[simt][mbarrier]") {
  check_fault("mbar-nocomplete",
              "  mbarrier.init.shared.b64 [bar], 2;\n  mbarrier.arrive.noComplete.shared.b64 %rd1, [bar], 2;\n",
              "mbarrier.arrive.noComplete completes the phase of the mbarrier at shared 0x0 (its last 2 pending "
              "arrivals)",
              "mbarrier.arrive.noComplete.shared.b64 %rd1, [bar], 2");
}

TEST_CASE("659 a phase that can never complete is a deadlock naming the mbarrier and its waiting warps",
          "[simt][mbarrier]") {
  // Every thread of one warp arrives once on an mbarrier that expects 64 arrivals, then waits for phase 0.
  const std::string ptx = simt::header() + R"(
.visible .entry k(.param .u64 in, .param .u64 out)
{
  .reg .pred %p<4>;
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  .shared .align 8 .b64 pad;
  .shared .align 8 .b64 bar;
  mov.u32 %r1, %tid.x;
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra SKIP;
  mbarrier.init.shared.b64 [bar], 64;
SKIP:
  bar.sync 0;
  mbarrier.arrive.shared.b64 %rd1, [bar];
WAIT:
  mbarrier.try_wait.parity.shared.b64 %p2, [bar], 0;
  @!%p2 bra WAIT;
  ret;
}
)";
  for (const bool timed : {false, true}) {
    INFO((timed ? "timed" : "functional"));
    warpsim::ErrorKind kind{};
    const std::string msg = asyncx::error_of("mbar-deadlock", ptx, 32, timed, &kind);
    INFO(msg);
    CHECK(kind == warpsim::ErrorKind::Deadlock);
    CHECK(msg.find("deadlock: every unfinished warp waits and nothing can release it\nCTA (0,0,0) on SM 0: 0 of 32 "
                   "threads exited\n  mbarrier at shared 0x8: phase 0 (parity 0), 32 of 64 arrivals pending, "
                   "tx-count 0\n  warp 0 lanes 0-31 wait for a phase of the mbarrier at shared 0x8 "
                   "(mbarrier.try_wait.parity.shared.b64 %p2, [bar], 0) at ") != std::string::npos);
    CHECK(msg.find("/k.ptx:20\n") != std::string::npos);  // the try_wait's line
  }
}

TEST_CASE("659 a .shared::cluster arrive on an uninitialized mbarrier is a use-before-init fault", "[simt][mbarrier]") {
  warpsim::ErrorKind kind{};
  const std::string msg = asyncx::error_of(
      "mbar-cluster", kernel("  mbarrier.arrive.release.cluster.shared::cluster.b64 _, [bar];\n"), 32, false, &kind);
  INFO(msg);
  CHECK(kind == warpsim::ErrorKind::Execution);
  CHECK(msg.find("CTA (0,0,0) warp 0 lane 0 (thread (0,0,0)) at ") != std::string::npos);
  CHECK(msg.find("mbarrier.arrive on shared address 0x0, which holds no initialized mbarrier (used before "
                 "mbarrier.init, or after mbarrier.inval)\n  in: mbarrier.arrive.release.cluster.shared::cluster.b64 _, "
                 "[bar]") != std::string::npos);
}

}  // namespace WARPSIM_UNITY_ID
