// 787: a sub-partition's FMA units (timing/sub_partition.hpp): an FP32 instruction issues to whichever of
// pipe.fp32.units units is free first (the second when both are), an integer multiply (imad) only to the first; each
// holds its unit for its own interval (traces/ubench_pipe_tput: FFMA uses fmaheavy and fmalite, IMAD fmaheavy only).
#include <warpsim/config/gpu_config.hpp>
#include <warpsim/timing/sub_partition.hpp>

#include <catch2/catch.hpp>

using namespace warpsim::timing;
using warpsim::lower::OpClass;

TEST_CASE("787 FP32 instructions use both FMA units, integer multiplies the first only") {
  const auto cfg = warpsim::config::load_gpu_config("h200");
  REQUIRE(cfg.fp32_units == 2);
  REQUIRE(cfg.pipe_fp32.interval == 2);
  REQUIRE(cfg.pipe_imad.interval == 2);
  SubPartition sp(cfg);
  sp.issue(OpClass::Fp32, Cycle(0), 2, 0);  // both free: the second unit, busy until 2
  CHECK(sp.pipe_free(OpClass::Fp32) == Cycle(0));
  CHECK(sp.pipe_free(OpClass::Imad) == Cycle(0));
  sp.issue(OpClass::Fp32, Cycle(1), 2, 0);  // the first, until 3
  CHECK(sp.pipe_free(OpClass::Fp32) == Cycle(2));
  CHECK(sp.pipe_free(OpClass::Imad) == Cycle(3));
  sp.issue(OpClass::Imad, Cycle(3), 2, 0);  // the first again, until 5
  CHECK(sp.pipe_free(OpClass::Imad) == Cycle(5));
  CHECK(sp.pipe_free(OpClass::Fp32) == Cycle(2));
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
