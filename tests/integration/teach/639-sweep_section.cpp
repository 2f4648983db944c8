// Section 3 of `warpsim report` ("Occupancy is not speed") and its --sweep option: parse errors name --sweep and
// say what is wrong; an axis that is neither smem, regs nor a GPU-model parameter, and values out of range, fail
// before anything is simulated; a small --sweep regs gives one row per point with the calculator's CTAs per SM and,
// for vecadd's 4 CTAs on 132 SMs, the timed run's cycles at every point (flat); vecadd's default sweep has one
// point per CTA count from 1 to 8 (at most 6) at the most dynamic shared memory that lets it fit; a config too big
// for a default sweep says which --sweep to pass; occ_dyn_smem's two launches are its sweep.
// Leaves out: ubench_occupancy_sweep's page (its timed run alone takes tens of seconds; `warpsim report` on it is
// in the report's README text).
#include <catch2/catch.hpp>

#include "teach/context.hpp"
#include "teach_util.hpp"

#include <warpsim/common/error.hpp>

#include <fmt/format.h>

#include <string>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

using Catch::Matchers::Contains;

using teach_test::options;

std::string parse_error(const std::string& text) {
  try {
    warpsim::teach::parse_sweep(text);
  } catch (const warpsim::Error& e) {
    CHECK(e.kind() == warpsim::ErrorKind::Input);
    return e.what();
  }
  return "(no error)";
}

std::string section_error(const std::string& workload, const std::string& sweep) {
  auto o = options(workload);
  o.sweeps.push_back(warpsim::teach::parse_sweep(sweep));
  warpsim::teach::Context ctx(o);
  try {
    warpsim::teach::section_sweep(ctx);
  } catch (const warpsim::Error& e) {
    CHECK(e.kind() == warpsim::ErrorKind::Input);
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST_CASE("teach sweep: --sweep parse errors name the option and what is wrong", "[teach]") {
  CHECK(parse_error("smem") == "--sweep smem: expected NAME=FROM:TO:POINTS, e.g. smem=0:200000:8");
  CHECK(parse_error("smem=1:2") == "--sweep smem=1:2: expected NAME=FROM:TO:POINTS, e.g. smem=0:200000:8");
  CHECK(parse_error("smem=a:2:3") ==
        "--sweep smem=a:2:3: \"a\" is not a number (expected NAME=FROM:TO:POINTS, e.g. smem=0:200000:8)");
  CHECK(parse_error("smem=0:10:1") == "--sweep smem=0:10:1: POINTS must be a whole number from 2 to 64");
  CHECK(parse_error("smem=0:10:2.5") == "--sweep smem=0:10:2.5: POINTS must be a whole number from 2 to 64");
  CHECK(parse_error("smem=5:1:3") == "--sweep smem=5:1:3: TO must be greater than FROM");
  const auto s = warpsim::teach::parse_sweep("smem=0:200000:8");
  CHECK(s.name == "smem");
  CHECK(s.from == 0);
  CHECK(s.to == 200000);
  CHECK(s.points == 8);
}

TEST_CASE("teach sweep: unknown axes and out-of-range values fail naming --sweep", "[teach]") {
  CHECK_THAT(section_error("vecadd", "foo=1:2:3"),
             Contains("--sweep foo=1:2:3: foo is neither a sweep axis (smem, regs) nor a GPU-model parameter "
                      "accepting 1: --set: foo: unknown GPU parameter"));
  CHECK(section_error("vecadd", "regs=0:300:3") == "--sweep regs=0:300:3: 0 registers per thread is not in 1..255");
  CHECK(section_error("vecadd", "smem=-5:10:2") ==
        "--sweep smem=-5:10:2: -5 bytes of dynamic shared memory is out of range");
}

TEST_CASE("teach sweep: a small regs sweep of vecadd has one row per point and flat cycles", "[teach]") {
  auto o = options("vecadd");
  o.sweeps.push_back(warpsim::teach::parse_sweep("regs=32:128:3"));
  warpsim::teach::Context ctx(o);
  const auto s = warpsim::teach::section_sweep(ctx);
  CHECK(s.applies);
  CHECK_THAT(s.html, Contains("data-view=\"sweep\""));
  const auto cycles = ctx.kernel().cycles;
  REQUIRE(cycles > 0);
  // 32 registers: 1,024 per warp, 16 warps per sub-partition, 8 CTAs (warps bind); 80: 2,560, 6, 24 warps, 3 CTAs;
  // 128: 4,096, 4, 16 warps, 2 CTAs. Four CTAs on 132 SMs: CTAs per SM cannot change the time.
  CHECK_THAT(s.html, Contains(fmt::format("<tr data-x=\"32\" data-cycles=\"{}\" data-ctas=\"8\">", cycles)));
  CHECK_THAT(s.html, Contains(fmt::format("<tr data-x=\"80\" data-cycles=\"{}\" data-ctas=\"3\">", cycles)));
  CHECK_THAT(s.html, Contains(fmt::format("<tr data-x=\"128\" data-cycles=\"{}\" data-ctas=\"2\">", cycles)));
  CHECK_THAT(s.html, Contains("<li data-flat=\"2-3\">"));
  CHECK_THAT(s.html, Contains("<li data-flat=\"3-8\">"));
}

TEST_CASE("teach sweep: vecadd's default sweep has a point per CTA count, a big config gets none", "[teach]") {
  {
    warpsim::teach::Context ctx(options("vecadd"));
    const auto s = warpsim::teach::section_sweep(ctx);
    CHECK(s.applies);
    // The most dynamic shared memory with c CTAs per SM: (233,472 / c rounded down to 128) - 1,024 reserved.
    for (const auto& [x, ctas] : {std::pair<const char*, int>{"0", 8},
                                  {"32,256", 7},
                                  {"37,888", 6},
                                  {"57,344", 4},
                                  {"76,800", 3},
                                  {"232,448", 1}})
      CHECK_THAT(s.html, Contains(fmt::format("<tr data-x=\"{}\" data-cycles=\"{}\" data-ctas=\"{}\">", x,
                                              ctx.kernel().cycles, ctas)));
    CHECK_THAT(s.html, Contains("(6 points, the launch itself included)"));
    CHECK_THAT(s.html, Contains("The grid's 4 CTAs are fewer than the 132 SMs"));
  }
  {
    warpsim::teach::Context ctx(options("occ_smem_limited"));
    const auto s = warpsim::teach::section_sweep(ctx);
    CHECK_FALSE(s.applies);
    CHECK_THAT(s.html, Contains("No sweep by default for this config"));
    CHECK_THAT(s.html, Contains("--sweep smem=0:191488:6"));  // 227 KiB less the 40 KiB static tile
  }
}

TEST_CASE("teach sweep: occ_dyn_smem's two launches (1 KB and 48 KB) are the sweep, no extra simulation", "[teach]") {
  warpsim::teach::Context ctx(options("occ_dyn_smem"));
  const auto s = warpsim::teach::section_sweep(ctx);
  CHECK(s.applies);
  const auto& k = ctx.timed().kernels;
  REQUIRE(k.size() == 2);
  // 48 KB + 1 KiB reserved: 233,472 / 50,176 = 4 CTAs (two waves of 528); 1 KB: 8 CTAs, warps bind (one wave).
  CHECK_THAT(s.html,
             Contains(fmt::format("<tr data-x=\"4\" data-cycles=\"{}\" data-ctas=\"4\"><td class=\"l\">dyn_smem: "
                                  "49,152 B dynamic</td><td>4</td><td>4 (shared_mem)</td><td>50 %</td><td>2</td>",
                                  k[1].cycles)));
  CHECK_THAT(s.html,
             Contains(fmt::format("<tr data-x=\"8\" data-cycles=\"{}\" data-ctas=\"8\"><td class=\"l\">dyn_smem: "
                                  "1,024 B dynamic</td><td>8</td><td>8 (warps)</td><td>100 %</td><td>1</td>",
                                  k[0].cycles)));
  CHECK_THAT(s.html, Contains("<p data-span=\"4-8\">From 4 to 8 CTAs per SM (2 times the resident warps"));
}

}  // namespace WARPSIM_UNITY_ID
