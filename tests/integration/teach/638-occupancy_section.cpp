// Section 2 of `warpsim report` ("Occupancy"), rendered from a Context as the page does: the seed article's H100
// worked example says 75 % limited by registers with each step's numbers (16,384 / 1,280 = 12 warps per
// sub-partition, 48 warps, 6 CTAs; 17,408 B per CTA, 13 CTAs), and the limits drawn as bars equal the calculator's
// (what `warpsim occupancy` prints) for vecadd (warps bind, 100 %) and for the two teaching workloads named after
// their limiter (occ_smem_limited: shared memory, 5 CTAs; occ_regs_limited: registers, 3 CTAs).
// Leaves out: the SVG charts' geometry (html.hpp's line_chart has its own tests) and the other sections.
#include <catch2/catch.hpp>

#include "teach/context.hpp"
#include "teach_util.hpp"

#include <warpsim/config/gpu_config.hpp>
#include <warpsim/timing/occupancy.hpp>

#include <fmt/format.h>

#include <string>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

using Catch::Matchers::Contains;

using teach_test::options;

// The bar row of one limit: its data attributes as the section writes them.
std::string bar(const char* limit, unsigned ctas, bool binding) {
  return fmt::format("<tr data-limit=\"{}\" data-ctas=\"{}\"{}>", limit, ctas, binding ? " class=\"binding\"" : "");
}

}  // namespace

TEST_CASE("teach occupancy: the seed article's H100 example is 75 % limited by registers, shown step by step",
          "[teach]") {
  warpsim::teach::Context ctx(options("vecadd"));
  const auto s = warpsim::teach::section_occupancy(ctx);
  CHECK(s.id == "occupancy");
  CHECK(s.applies);
  CHECK_THAT(s.html, Contains("data-view=\"occupancy-worked-example\""));
  CHECK_THAT(s.html, Contains("so 64 / 64 = <b>100 %</b>"));  // the article's answer, quoted
  CHECK_THAT(s.html, Contains("<b data-worked=\"occupancy\">75 %</b>"));
  CHECK_THAT(s.html, Contains("<b data-worked=\"limiter\">registers</b>"));
  CHECK_THAT(s.html, Contains("holds 65,536 registers of 4 bytes"));
  CHECK_THAT(s.html, Contains("65,536 / 1,280 = 51.2 warps, not 160"));
  CHECK_THAT(s.html, Contains("&lfloor;16,384 / 1,280&rfloor; = 12 warps each, &times; 4 = <b>48 warps</b>"));
  CHECK_THAT(s.html, Contains("&lfloor;48 / 8&rfloor; = <b>6 CTAs</b> by registers"));
  CHECK_THAT(s.html, Contains("16,384 + 1,024 = 17,408 B per CTA"));
  CHECK_THAT(s.html, Contains("&lfloor;233,472 / 17,408&rfloor; = 13 CTAs"));
  CHECK_THAT(s.html,
             Contains("min(6, 13, 8, 32) = 6 CTAs (registers) &times; 8 warps = 48 warps of 64 slots = <b>75 %</b>"));
  CHECK_THAT(s.html, Contains("at most <b>32 registers per thread</b>"));
}

TEST_CASE("teach occupancy: vecadd's limit bars equal the occupancy calculator's (warps bind, 100 %)", "[teach]") {
  warpsim::teach::Context ctx(options("vecadd"));
  const auto s = warpsim::teach::section_occupancy(ctx);
  const unsigned regs = ctx.kernel().registers_per_thread;
  warpsim::timing::OccupancyRequest q;
  q.threads_per_cta = 256;
  q.regs_per_thread = regs;
  q.smem_per_cta = 0;
  const auto o = warpsim::timing::explain_occupancy(warpsim::config::load_gpu_config("h200"), q);
  REQUIRE(o.ctas_per_sm == 8);
  CHECK(o.limiter == warpsim::timing::Limit::Warps);
  CHECK_THAT(s.html, Contains(bar("registers", o.ctas_by_registers, false)));
  CHECK_THAT(s.html, Contains(bar("shared_mem", 228, false)));  // 1 KiB reserved: 233,472 / 1,024
  CHECK_THAT(s.html, Contains(bar("warps", 8, true)));
  CHECK_THAT(s.html, Contains(bar("blocks", 32, false)));
  CHECK_THAT(s.html, Contains("data-occupancy=\"1.0000\""));
  CHECK_THAT(s.html, Contains("theoretical occupancy <b>100 %</b>, limited by <b>warps</b>"));
  CHECK_THAT(s.html, Contains("The grid's 4 CTAs run in 1 wave of up to 1,056 (132 SMs &times; 8)"));
  CHECK_THAT(s.html,
             Contains(fmt::format("<code>warpsim occupancy --gpu h200 --block 256 --regs {} --smem 0</code>", regs)));
}

TEST_CASE(
    "teach occupancy: occ_smem_limited binds on shared memory (5 CTAs) and occ_regs_limited on registers "
    "(3 CTAs)",
    "[teach]") {
  {
    warpsim::teach::Context ctx(options("occ_smem_limited"));
    const auto s = warpsim::teach::section_occupancy(ctx);
    CHECK_THAT(s.html, Contains(bar("shared_mem", 5, true)));
    CHECK_THAT(s.html, Contains(bar("warps", 16, false)));
    CHECK_THAT(s.html, Contains("40,960 B (40,960 B static) + 1,024 B reserved per CTA"));
    CHECK_THAT(s.html, Contains("&lfloor;233,472 / 41,984&rfloor; = <b>5 CTAs</b>"));
    CHECK_THAT(s.html, Contains("data-occupancy=\"0.3125\""));
  }
  {
    warpsim::teach::Context ctx(options("occ_regs_limited"));
    const auto s = warpsim::teach::section_occupancy(ctx);
    if (ctx.kernel().registers_per_thread == 80) {  // ptxas 13's count (the workload's README line)
      CHECK_THAT(s.html, Contains(bar("registers", 3, true)));
      CHECK_THAT(s.html, Contains("&lfloor;16,384 / 2,560&rfloor; = 6 warps, &times; 4 = 24 warps per SM"));
      CHECK_THAT(s.html, Contains("data-occupancy=\"0.3750\""));
    }
    CHECK_THAT(s.html, Contains(bar("warps", 8, false)));
  }
}

}  // namespace WARPSIM_UNITY_ID
