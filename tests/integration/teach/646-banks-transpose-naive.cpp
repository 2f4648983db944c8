// Section 5 on traces/transpose_naive: the column reads of tile[32][32] are the worst instruction, 32 wavefronts
// (31 conflicts) per access in every one of the 256 warps; the per-instruction sums equal the kernel's Nsight-named
// counters; the page draws the access and shows the padded and swizzled variants beside it.
#include "teach_util.hpp"

#include <catch2/catch.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace teach_test;
using namespace warpsim::teach;

TEST_CASE("teach banks: transpose_naive per-instruction wavefronts and conflicts") {
  Context ctx(options("transpose_naive"));
  const auto insts = ctx.mem_profile().shared();
  REQUIRE(insts.size() == 8);  // 4 st.shared (rows), 4 ld.shared (columns)
  std::uint64_t ld = 0, st = 0, wf = 0;
  for (const auto& p : insts) {
    CHECK(p.executions == 256);  // 32 CTAs x 8 warps
    CHECK(p.bytes == 4);
    if (p.store) {
      CHECK(p.wavefronts == 256);
      CHECK(p.conflicts() == 0);
      CHECK(p.worst == 1);
    } else {
      CHECK(p.wavefronts == 256 * 32);
      CHECK(p.conflicts() == 256 * 31);
      CHECK(p.worst == 32);
      CHECK(p.ex_wavefronts == 32);
      CHECK(p.ex_ideal == 1);
      CHECK(p.ex_lanes == 0xffffffffu);
      // Lane i reads tile[i][c]: a 128-byte stride, so every lane is in the same bank.
      for (unsigned lane = 1; lane < 32; ++lane) CHECK(p.ex_addr[lane] - p.ex_addr[lane - 1] == 128);
    }
    (p.store ? st : ld) += p.conflicts();
    wf += p.wavefronts;
  }
  const auto& k = ctx.kernel();
  CHECK(ld == 31744);
  CHECK(stat(k, "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum") == 31744.0);
  CHECK(stat(k, "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum") == static_cast<double>(st));
  CHECK(st == 0);
  CHECK(stat(k, "l1tex__data_pipe_lsu_wavefronts_mem_shared.sum") == static_cast<double>(wf));
  CHECK(wf == 33792);
}

TEST_CASE("teach banks: transpose_naive page draws 32 wavefronts beside padded and swizzled") {
  Context ctx(options("transpose_naive"));
  const Section s = section_banks(ctx);
  CHECK(s.id == "banks");
  CHECK(s.applies);
  CHECK(s.html.find("<div class=\"view\" data-view=\"banks\">") == 0);
  CHECK(s.html.find("need <b>32 wavefronts</b> where 1 would do without conflicts (31 bank conflicts)") !=
        std::string::npos);
  CHECK(s.html.find("lane 31: byte address ") != std::string::npos);
  CHECK(s.html.find("wavefront 32 of 32</title>") != std::string::npos);
  CHECK(s.html.find("<th>transpose_naive</th><th>transpose_padded</th><th>transpose_swizzled</th>") !=
        std::string::npos);
  CHECK(s.html.find("<tr><td class=\"l\">worst access: wavefronts</td><td>32</td><td>1</td><td>1</td></tr>") !=
        std::string::npos);
  CHECK(s.html.find("<tr><td class=\"l\">bank conflicts (table)</td><td>31,744</td><td>0</td><td>0</td></tr>") !=
        std::string::npos);
  CHECK(s.html.find("<code>l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum</code> = 31,744") !=
        std::string::npos);
}

}  // namespace WARPSIM_UNITY_ID
