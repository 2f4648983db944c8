// 787: a sub-partition's FMA units (timing/sub_partition.hpp): FP32 instructions take the pipe.fp32.units units in
// turn, an integer multiply (imad) only the first; each holds its unit for its own interval (traces/ubench_pipe_tput:
// FFMA uses fmaheavy and fmalite, IMAD fmaheavy only).
#include <warpsim/config/gpu_config.hpp>
#include <warpsim/timing/sub_partition.hpp>

#include <catch2/catch.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::timing;
using warpsim::lower::OpClass;

TEST_CASE("787 FP32 instructions take both FMA units in turn, integer multiplies the first only") {
  const auto cfg = warpsim::config::load_gpu_config("h200");
  REQUIRE(cfg.fp32_units == 2);
  REQUIRE(cfg.pipe_fp32.interval == 2);
  REQUIRE(cfg.pipe_imad.interval == 2);
  SubPartition sp(cfg);
  sp.issue(OpClass::Fp32, Cycle(0), 2, 0);  // the first unit, busy until 2; the next FP32 takes the second
  CHECK(sp.pipe_free(OpClass::Fp32) == Cycle(0));
  CHECK(sp.pipe_free(OpClass::Imad) == Cycle(2));
  sp.issue(OpClass::Fp32, Cycle(1), 2, 0);  // the second, until 3; the next FP32 takes the first again
  CHECK(sp.pipe_free(OpClass::Fp32) == Cycle(2));
  CHECK(sp.pipe_free(OpClass::Imad) == Cycle(2));
  sp.issue(OpClass::Imad, Cycle(2), 2, 0);  // the first, until 4: the next FP32 waits for it
  CHECK(sp.pipe_free(OpClass::Imad) == Cycle(4));
  CHECK(sp.pipe_free(OpClass::Fp32) == Cycle(4));
  CHECK(sp.pipe_free(OpClass::Int) == Cycle(0));  // the integer ALU is another pipe
}

TEST_CASE("787 one FMA unit: FP32 and integer multiplies take turns on it") {
  const auto cfg = warpsim::config::load_gpu_config("h200", {"pipe.fp32.units=1"});
  SubPartition sp(cfg);
  sp.issue(OpClass::Fp32, Cycle(0), 2, 0);
  CHECK(sp.pipe_free(OpClass::Fp32) == Cycle(2));
  CHECK(sp.pipe_free(OpClass::Imad) == Cycle(2));
  sp.issue(OpClass::Imad, Cycle(2), 2, 0);
  CHECK(sp.pipe_free(OpClass::Fp32) == Cycle(4));
}

}  // namespace WARPSIM_UNITY_ID
