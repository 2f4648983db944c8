// 776: two warps on one sub-partition (sm.sub_partitions=1), each with three independent fp32 instructions (slots 0,
// 1, 2, nothing read): with pipe.fp32.interval 1 either warp could issue every cycle, so the scheduler alone decides
// the order. Driven through the whole GPU loop by a scripted source.
#include "mock_source.hpp"

#include <warpsim/config/gpu_config.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim;
using Cycles = std::vector<std::uint64_t>;

namespace {

const lower::Program kIndependent = mock::program(
    {{lower::OpClass::Fp32, {}, {0}}, {lower::OpClass::Fp32, {}, {1}}, {lower::OpClass::Fp32, {}, {2}}}, 3);

struct Run {
  timing::GridTiming t;
  Cycles warp0, warp1;
};

Run run(const std::string& policy, lower::OpClass pipe = lower::OpClass::Fp32) {
  lower::Program prog = kIndependent;
  for (auto& t : prog.instrs) t.pipe = pipe;
  const auto cfg = config::load_gpu_config("tiny", {"sm.sub_partitions=1", "sm.scheduler=" + policy});
  auto src = mock::same_ctas({{mock::steps({0, 1, 2})}, {mock::steps({0, 1, 2})}});
  mock::IssueLog log;
  Run r{mock::run(src, prog, cfg, 1, 2, &log), {}, {}};
  r.warp0 = log.cycles_of(0);
  r.warp1 = log.cycles_of(1);
  return r;
}

}  // namespace

TEST_CASE("776 gto: warp 0 (oldest, then greedy) issues all three, then warp 1") {
  const Run r = run("gto");
  CHECK(r.warp0 == Cycles{0, 1, 2});
  CHECK(r.warp1 == Cycles{3, 4, 5});
  CHECK(r.t.cycles == 5 + 4);  // the last issue plus pipe.fp32.latency
  CHECK(r.t.stats.warp_states.issued == 6);
  CHECK(r.t.stats.warp_states.not_selected == 3);  // warp 1 ready at 0, 1, 2
}

TEST_CASE("776 gty: warp 1 (youngest, then greedy) first") {
  const Run r = run("gty");
  CHECK(r.warp1 == Cycles{0, 1, 2});
  CHECK(r.warp0 == Cycles{3, 4, 5});
  CHECK(r.t.cycles == 9);
}

TEST_CASE("776 lrr: the warps alternate, starting with the lowest slot") {
  const Run r = run("lrr");
  CHECK(r.warp0 == Cycles{0, 2, 4});
  CHECK(r.warp1 == Cycles{1, 3, 5});
  CHECK(r.t.cycles == 9);
}

TEST_CASE("776 the pipe's interval is the sub-partition's: two warps share it") {
  // The int pipe, pipe.int.interval 2: one issue every other cycle, whichever warp; gto as above. The last issue at
  // 10 lands at 10 + pipe.int.latency 4.
  const Run r = run("gto", lower::OpClass::Int);
  CHECK(r.warp0 == Cycles{0, 2, 4});
  CHECK(r.warp1 == Cycles{6, 8, 10});
  CHECK(r.t.cycles == 14);
}

}  // namespace WARPSIM_UNITY_ID
