// 779: when every unfinished warp of a resident CTA waits (its next_pc is kNoPc for ever), the GPU loop asks the
// source for its deadlock report (InstructionSource::deadlock, which throws ErrorKind::Deadlock) at the first visited
// cycle where nothing can issue.
#include "mock_source.hpp"

#include <warpsim/config/gpu_config.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim;

namespace {

const lower::Program kChain = mock::program({{lower::OpClass::Fp32, {0}, {0}}}, 1);

// Runs the scripted CTA; returns the cycle the source's clock showed when deadlock() was called.
std::uint64_t deadlock_cycle(mock::ScriptedSource& src, std::uint32_t warps) {
  try {
    (void)mock::run(src, kChain, config::load_gpu_config("tiny"), 1, warps);
  } catch (const Error& e) {
    CHECK(e.kind() == ErrorKind::Deadlock);
    CHECK(std::string(e.what()) == "mock: every warp of CTA 0 waits");
    return src.deadlock_at;
  }
  FAIL("no deadlock");
  return 0;
}

}  // namespace

TEST_CASE("779 two warps that wait for ever: deadlock() once, at cycle 1") {
  // Warp 0 issues at 0 and then waits; warp 1 waits from the start. Cycle 0 issued something, so cycle 1 is visited:
  // nothing is ready and nothing ever will be.
  auto src = mock::same_ctas({{mock::steps({0}), true}, {{}, true}});
  CHECK(deadlock_cycle(src, 2) == 1);
  CHECK(src.deadlocked == std::vector<std::uint64_t>{0});
}

TEST_CASE("779 a warp that waits for ever after the others exited") {
  // Warp 0 runs a chain of 3 (issues at 0, 4, 8) and exits; warp 1 never runs. The CTA is not done, and at 9 (after
  // the last issue) nothing can issue: deadlock, although warp 0's last result lands at 12.
  auto src = mock::same_ctas({{mock::steps({0, 0, 0})}, {{}, true}});
  CHECK(deadlock_cycle(src, 2) == 9);
  CHECK(src.deadlocked == std::vector<std::uint64_t>{0});
}

}  // namespace WARPSIM_UNITY_ID
