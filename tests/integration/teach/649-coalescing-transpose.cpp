// Section 6 on traces/transpose_naive: through the shared tile both the row loads and the transposed stores are
// coalesced (4 sectors of one line per request), the load sums equal the kernel's counters and the page draws one
// load and one store; and traces/bulk_stream, whose copies are TMA bulk copies, has neither section.
#include "teach_util.hpp"

#include <catch2/catch.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace teach_test;
using namespace warpsim::teach;

TEST_CASE("teach coalescing: transpose_naive loads and stores are coalesced") {
  Context ctx(options("transpose_naive"));
  const auto insts = ctx.mem_profile().global();
  REQUIRE(insts.size() == 8);  // 4 ld.global, 4 st.global
  std::uint64_t requests = 0, sectors = 0, stores = 0;
  for (const auto& p : insts) {
    INFO(p.text);
    CHECK(p.executions == 256);
    CHECK(p.sectors == 256 * 4);
    CHECK(p.lines == 256);
    CHECK(p.worst == 4);
    CHECK(p.ex_lines == 1);
    if (p.store) {
      ++stores;
    } else {
      requests += p.executions;
      sectors += p.sectors;
    }
  }
  CHECK(stores == 4);
  const auto& k = ctx.kernel();
  CHECK(requests == 1024);
  CHECK(sectors == 4096);
  CHECK(stat(k, "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum") == 1024.0);
  CHECK(stat(k, "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum") == 4096.0);
  const Section s = section_coalescing(ctx);
  CHECK(s.applies);
  CHECK(s.html.find("The 2 global instructions that moved the most sectors, one per access pattern") !=
        std::string::npos);
  CHECK(s.html.find("<code>@!%p3 ld.global.f32 %f1, [%rd6]</code> (PTX line 60, CUDA line 13)") !=
        std::string::npos);
  CHECK(s.html.find("<code>@!%p15 st.global.f32 [%rd14], %f5</code> (PTX line 122, CUDA line 18)") !=
        std::string::npos);
}

TEST_CASE("teach coalescing: bulk_stream has no lane accesses to coalesce or bank") {
  Context ctx(options("bulk_stream"));
  CHECK(ctx.mem_profile().global().empty());
  CHECK(ctx.mem_profile().shared().empty());
  const Section c = section_coalescing(ctx);
  CHECK_FALSE(c.applies);
  CHECK(c.html.find("makes no global or local access through the load/store unit") != std::string::npos);
  CHECK_FALSE(section_banks(ctx).applies);
}

}  // namespace WARPSIM_UNITY_ID
