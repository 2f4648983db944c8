// 777: an instruction ptxas folds (lower::Issue::Folded) takes no issue slot and no time: its result is ready when its
// sources are, and smsp__inst_executed does not count it. A scripted warp runs pc 0, 1, 2 where pc 1 reads pc 0's
// result and pc 2 reads pc 1's.
#include "mock_source.hpp"

#include <warpsim/config/gpu_config.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim;
using Cycles = std::vector<std::uint64_t>;

namespace {

timing::GridTiming run(lower::Issue middle, mock::IssueLog& log) {
  const auto prog = mock::program(
      {{lower::OpClass::Fp32, {}, {0}}, {lower::OpClass::Int, {0}, {1}, middle}, {lower::OpClass::Fp32, {1}, {2}}}, 3);
  auto src = mock::same_ctas({{mock::steps({0, 1, 2})}});
  return mock::run(src, prog, config::load_gpu_config("tiny"), 1, 1, &log);
}

}  // namespace

TEST_CASE("777 a folded instruction issues nothing and adds no latency") {
  // pc 0 issues at 0, lands at 4. pc 1 is folded: run when the warp is scanned at 1, its result (slot 1) ready with
  // its source at 4. pc 2 issues at 4, lands at 8.
  mock::IssueLog log;
  const auto r = run(lower::Issue::Folded, log);
  CHECK(log.cycles_of(0) == Cycles{0, 4});
  REQUIRE(log.issues.size() == 2);
  CHECK(log.issues[0].pc == 0);
  CHECK(log.issues[1].pc == 2);
  CHECK(log.issues[1].ptx_line == mock::kFirstLine + 2);
  CHECK(r.cycles == 8);
  CHECK(r.stats.ptx_inst_executed == 3);
  CHECK(r.stats.ptx_inst_folded == 1);
  CHECK(r.stats.smsp_inst_executed_sum == 2);
  CHECK(r.stats.smsp_thread_inst_executed_sum == 2 * 32);
  CHECK(r.stats.warp_states.issued == 2);
}

TEST_CASE("777 the same instruction issued as SASS takes its slot and its pipe's latency") {
  // pc 1 on the int pipe at 4 (lands 8), pc 2 at 8, lands at 12.
  mock::IssueLog log;
  const auto r = run(lower::Issue::Sass, log);
  CHECK(log.cycles_of(0) == Cycles{0, 4, 8});
  CHECK(r.cycles == 12);
  CHECK(r.stats.ptx_inst_folded == 0);
  CHECK(r.stats.smsp_inst_executed_sum == 3);
  CHECK(r.stats.smsp_thread_inst_executed_sum == 3 * 32);
}

}  // namespace WARPSIM_UNITY_ID
