// The "Where the cycles went" section on traces/reduce: each unit's % of peak equals the hand computation from the
// run's counters and configs/gpus/h200.json's parameters, the H200 column from traces/reduce/h200.json's counters
// (the FMA and FP64 pipes' counts from an H100 running the same SASS),
// the pipe counts add up to the issued instructions, and the page names the bounding unit.
#include "teach/context.hpp"
#include "teach/perf_sol.hpp"

#include <warpsim/ir/opcodes.hpp>

#include <catch2/catch.hpp>

#include <numeric>
#include <string>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

TEST_CASE("sol: percent of peak per unit equals the hand computation on traces/reduce") {
  warpsim::teach::ReportOptions o;
  o.config_path = std::string(WARPSIM_SOURCE_DIR) + "/traces/reduce/reduce.json";
  warpsim::teach::Context ctx(o);
  const auto& st = ctx.kernel().stats;
  const double c = st.at("gpc__cycles_elapsed.max");
  const auto rows = warpsim::teach::sol_rows(ctx);
  REQUIRE(rows.size() == 8);
  CHECK(rows[0].unit == "Issue slots");
  CHECK(rows[0].peak_per_cycle == 132 * 4);
  CHECK(rows[0].pct == Approx(100.0 * st.at("smsp__inst_executed.sum") / (132 * 4 * c)));
  // traces/reduce/h200.json, launch 0: 3,720 warp-instructions in 4,655 cycles.
  REQUIRE(rows[0].measured_pct.has_value());
  CHECK(*rows[0].measured_pct == Approx(100.0 * 3720 / (132 * 4 * 4655.0)));
  CHECK(rows[1].unit == "FMA pipe");
  CHECK(rows[1].peak_per_cycle == 132 * 4 * 2 / 2.0);  // pipe.fp32.units 2, pipe.fp32.interval 2
  // reduce_u32 adds integers: its FMA-pipe work is the IMADs of its index arithmetic; the GPU's SASS has 664 (all
  // fmaheavy: ptxas also moves and shifts with IMAD), counted on an H100 running the same code.
  const auto pipes0 = warpsim::teach::pipe_issues(ctx);
  CHECK(pipes0[static_cast<std::size_t>(warpsim::ir::PipeClass::Fp32)] == 0);
  CHECK(rows[1].achieved == static_cast<double>(pipes0[static_cast<std::size_t>(warpsim::ir::PipeClass::Imad)]));
  REQUIRE(rows[1].measured_pct.has_value());
  CHECK(*rows[1].measured_pct == Approx(100.0 * 664 / (132 * 4 * 4655.0)));
  CHECK(rows[2].unit == "FP64 pipe");
  REQUIRE(rows[2].measured_pct.has_value());
  CHECK(*rows[2].measured_pct == 0);
  CHECK(rows[4].unit == "Shared memory");
  CHECK(rows[4].pct == Approx(100.0 * st.at("l1tex__data_pipe_lsu_wavefronts_mem_shared.sum") / (132 / 2.0 * c)));
  CHECK(rows[6].unit == "L2");
  CHECK(rows[6].peak_per_cycle == Approx(120 * 1.027));
  CHECK(rows[6].pct == Approx(100.0 * st.at("lts__t_sectors.sum") / (120 * 1.027 * c)));
  CHECK(*rows[6].measured_pct == Approx(100.0 * 4543 / (120 * 1.027 * 4655.0)));
  CHECK(rows[7].unit == "DRAM");
  CHECK(rows[7].pct ==
        Approx(100.0 * (st.at("dram__bytes_read.sum") + st.at("dram__bytes_write.sum")) / (1920.0 * c)));
  CHECK(*rows[7].measured_pct == Approx(100.0 * 11264 / (1920.0 * 4655)));
  // Every issue is counted in one pipe: the issued instructions are the PTX ones less the folded ones.
  const auto pipes = warpsim::teach::pipe_issues(ctx);
  CHECK(std::accumulate(pipes.begin(), pipes.end(), std::uint64_t{0}) ==
        static_cast<std::uint64_t>(st.at("warpsim__ptx_inst_executed.sum") - st.at("warpsim__ptx_inst_folded.sum")));
  const auto sec = warpsim::teach::section_sol(ctx);
  CHECK(sec.html.find("data-view=\"sol\"") != std::string::npos);
  CHECK(sec.html.find("data-bound=\"latency\"") != std::string::npos);  // 8 CTAs on a 132-SM GPU
  CHECK(sec.html.find("mem.l2_slices x mem.l2_sectors_per_cycle_per_slice") != std::string::npos);
}

TEST_CASE("sol: the FMA pipe counts the float adds of reduce_f32") {
  warpsim::teach::ReportOptions o;
  o.config_path = std::string(WARPSIM_SOURCE_DIR) + "/traces/reduce/reduce.json";
  o.kernel = "reduce_f32";
  warpsim::teach::Context ctx(o);
  const auto pipes = warpsim::teach::pipe_issues(ctx);
  const auto fp32 = pipes[static_cast<std::size_t>(warpsim::ir::PipeClass::Fp32)];
  CHECK(fp32 > 0);
  const auto rows = warpsim::teach::sol_rows(ctx);
  const auto imad = pipes[static_cast<std::size_t>(warpsim::ir::PipeClass::Imad)];
  const auto f16 = pipes[static_cast<std::size_t>(warpsim::ir::PipeClass::F16)];
  CHECK(rows[1].achieved == static_cast<double>(fp32 + imad + f16));
  CHECK(rows[1].pct == Approx(100.0 * static_cast<double>(fp32 + imad + f16) /
                              (132 * 4 * ctx.kernel().stats.at("gpc__cycles_elapsed.max"))));
  // traces/reduce/h200.json, launch 1: 368 FMA-pipe warp-instructions (137 fmaheavy) in 4,916 cycles.
  REQUIRE(rows[1].measured_pct.has_value());
  CHECK(*rows[1].measured_pct == Approx(100.0 * 368 / (132 * 4 * 4916.0)));
}

}  // namespace WARPSIM_UNITY_ID
