// Section 6 on traces/vecadd: each of the two loads and the store is one request per warp (32 warps), 4 sectors of
// one line for a full warp, 1 sector for the last warp's 8 lanes (n = 1000); the table's load sums equal the
// kernel's l1tex request and sector counters.
#include "teach_util.hpp"

#include <catch2/catch.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace teach_test;
using namespace warpsim::teach;

TEST_CASE("teach coalescing: vecadd requests and sectors per instruction") {
  Context ctx(options("vecadd"));
  const auto insts = ctx.mem_profile().global();
  REQUIRE(insts.size() == 3);
  std::uint64_t requests = 0, sectors = 0;
  for (const auto& p : insts) {
    CHECK(p.space == warpsim::ir::Space::Global);
    CHECK(p.bytes == 4);
    CHECK(p.executions == 32);
    CHECK(p.sectors == 31 * 4 + 1);
    CHECK(p.lines == 32);
    CHECK(p.worst == 4);
    CHECK(p.ex_sectors == 4);
    CHECK(p.ex_lines == 1);
    CHECK(p.ex_lanes == 0xffffffffu);
    if (!p.store) requests += p.executions, sectors += p.sectors;
  }
  CHECK(insts[2].store);
  const auto& k = ctx.kernel();
  CHECK(requests == 64);
  CHECK(sectors == 250);
  CHECK(stat(k, "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum") == 64.0);
  CHECK(stat(k, "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum") == 250.0);
}

TEST_CASE("teach coalescing: vecadd page draws one line of four sectors per access") {
  Context ctx(options("vecadd"));
  const Section s = section_coalescing(ctx);
  CHECK(s.id == "coalescing");
  CHECK(s.applies);
  CHECK(s.html.find("<div class=\"view\" data-view=\"coalescing\">") == 0);
  CHECK(s.html.find("32 lanes of 4 bytes, <b>1 request, 4 sectors</b> in 1 line.") != std::string::npos);
  CHECK(s.html.find("<td>32</td><td>125</td><td>3.91</td><td>1</td><td>4</td></tr>") != std::string::npos);
  CHECK(s.html.find("Global loads in the table: 64 requests, 250 sectors. The kernel's counters: "
                    "<code>l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum</code> = 64, "
                    "<code>l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum</code> = 250.") != std::string::npos);
  CHECK(s.html.find("sector 3 (bytes 96-127)") != std::string::npos);
}

TEST_CASE("teach coalescing: global load sums equal the kernel counters on other workloads") {
  for (const std::string w : {"sgemm_tiled", "histogram", "atomics_global", "lane_loop", "tma_pipeline"}) {
    INFO(w);
    Context ctx(options(w));
    std::uint64_t requests = 0, sectors = 0;
    for (const auto& p : ctx.mem_profile().global())
      if (p.space == warpsim::ir::Space::Global && !p.store && !p.atomic) {
        requests += p.executions;
        sectors += p.sectors;
      }
    const auto& k = ctx.kernel();
    CHECK(stat(k, "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum") == static_cast<double>(requests));
    CHECK(stat(k, "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum") == static_cast<double>(sectors));
  }
}

}  // namespace WARPSIM_UNITY_ID
