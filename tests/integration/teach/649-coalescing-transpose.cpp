// Section 6 on traces/transpose_naive: the row loads are coalesced (4 sectors per request) and the column stores
// of the transposed tile are not (each lane in its own 128-byte line: 32 sectors per request); the load sums
// equal the kernel's counters.
#include "mem_util.hpp"

#include <catch2/catch.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace mem_test;
using namespace warpsim::teach;

TEST_CASE("teach coalescing: transpose_naive row loads against strided stores") {
  Context ctx(options("transpose_naive"));
  const auto insts = ctx.mem_profile().global();
  REQUIRE(insts.size() == 8);
  std::uint64_t requests = 0, sectors = 0;
  for (const auto& p : insts) {
    INFO(p.text);
    CHECK(p.executions == 256);
    if (p.store) {
      CHECK(p.sectors == 256 * 32);
      CHECK(p.lines == 256 * 32);
      CHECK(p.ex_lines == 32);
    } else {
      CHECK(p.sectors == 256 * 4);
      CHECK(p.lines == 256);
      requests += p.executions;
      sectors += p.sectors;
    }
  }
  const auto& k = ctx.kernel();
  CHECK(stat(k, "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum") == static_cast<double>(requests));
  CHECK(stat(k, "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum") == static_cast<double>(sectors));
  CHECK(sectors == 4096);
  const Section s = section_coalescing(ctx);
  CHECK(s.applies);
  CHECK(s.html.find("32 lanes of 4 bytes, <b>1 request, 32 sectors</b> in 32 lines.") != std::string::npos);
  CHECK(s.html.find("<td>256</td><td>8,192</td><td>32</td><td>32</td><td>32</td></tr>") != std::string::npos);
}

}  // namespace WARPSIM_UNITY_ID
