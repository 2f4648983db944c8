// 775: the whole GPU loop (timing::run_grid_timed) driven by a scripted source, no PTX: one warp runs a chain of N
// fp32 instructions, each reading and writing register slot 0.
#include "mock_source.hpp"

#include <warpsim/config/gpu_config.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim;

namespace {

const lower::Program kChain = mock::program({{lower::OpClass::Fp32, {0}, {0}}}, 1);

timing::GridTiming chain(unsigned n, const config::GpuConfig& cfg, mock::IssueLog* log = nullptr) {
  std::vector<std::uint32_t> pcs(n, 0);
  auto src = mock::same_ctas({{mock::steps(pcs)}});
  return mock::run(src, kChain, cfg, 1, 1, log);
}

}  // namespace

TEST_CASE("775 a dependent fp32 chain of N ends at kernel_latency + N x pipe.fp32.latency") {
  // launch.kernel_latency 10: the CTA is placed at 10 and instruction k (from 0) issues at 10 + 4k, once the one
  // before has landed (pipe.fp32.latency 4; not at 10 + 4k - 1). The last lands at 10 + 4(N-1) + 4 = 10 + 4N; that is
  // the kernel's end (no exit instruction: the warp is done after its last step).
  const auto cfg = config::load_gpu_config("tiny", {"launch.kernel_latency=10"});
  REQUIRE(cfg.pipe_fp32.latency == 4);
  for (unsigned n : {1u, 5u, 16u}) {
    INFO("N = " << n);
    mock::IssueLog log;
    const auto r = chain(n, cfg, &log);
    CHECK(r.cycles == 10 + 4 * n);
    std::vector<std::uint64_t> expect;
    for (unsigned k = 0; k < n; ++k) expect.push_back(10 + 4 * k);
    CHECK(log.cycles_of(0) == expect);
    CHECK(r.stats.smsp_inst_executed_sum == n);
    CHECK(r.stats.smsp_thread_inst_executed_sum == 32 * n);
    // Visited cycles: each issue (1 cycle issued), then the next cycle, from which the warp waits 3 cycles on its
    // register until the next issue. After the last issue the CTA retires at the next visit.
    CHECK(r.stats.warp_states.issued == n);
    CHECK(r.stats.warp_states.dependency == 3 * (n - 1));
    CHECK(r.stats.warp_states.memory == 0);
    CHECK(r.functional.warp_instructions == n);
  }
}

TEST_CASE("775 the chain follows pipe.fp32.latency") {
  // 7 per link: 0 + 7 x 10.
  const auto r = chain(10, config::load_gpu_config("tiny", {"pipe.fp32.latency=7"}));
  CHECK(r.cycles == 70);
  CHECK(r.stats.warp_states.dependency == 6 * 9);
}

}  // namespace WARPSIM_UNITY_ID
