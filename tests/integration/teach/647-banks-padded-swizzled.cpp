// Section 5 on traces/transpose_padded and transpose_swizzled: every shared access is conflict-free (one
// wavefront), the sums equal the kernel's counters, and a kernel without shared memory (vecadd) gets the
// section's sentence instead.
#include "teach_util.hpp"

#include <catch2/catch.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace teach_test;
using namespace warpsim::teach;

TEST_CASE("teach banks: padded and swizzled transposes are conflict-free") {
  for (const std::string w : {"transpose_padded", "transpose_swizzled"}) {
    INFO(w);
    Context ctx(options(w));
    const auto insts = ctx.mem_profile().shared();
    REQUIRE(insts.size() == 8);
    std::uint64_t wf = 0;
    for (const auto& p : insts) {
      CHECK(p.executions == 256);
      CHECK(p.worst == 1);
      CHECK(p.conflicts() == 0);
      CHECK(p.wavefronts == 256);
      wf += p.wavefronts;
    }
    const auto& k = ctx.kernel();
    CHECK(stat(k, "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum") == 0.0);
    CHECK(stat(k, "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum") == 0.0);
    CHECK(stat(k, "l1tex__data_pipe_lsu_wavefronts_mem_shared.sum") == static_cast<double>(wf));
    const Section s = section_banks(ctx);
    CHECK(s.applies);
    CHECK(s.html.find("need <b>1 wavefront</b> where 1 would do without conflicts (0 bank conflicts)") !=
          std::string::npos);
    CHECK(s.html.find("<tr><td class=\"l\">worst access: wavefronts</td><td>32</td><td>1</td><td>1</td></tr>") !=
          std::string::npos);
  }
}

TEST_CASE("teach banks: per-instruction sums equal the kernel counters with wide accesses and shared atomics") {
  for (const std::string w : {"sgemm_tiled", "histogram", "reduce", "ubench_bank_conflict", "cluster_dsmem"}) {
    INFO(w);
    Context ctx(options(w));
    const auto insts = ctx.mem_profile().shared();
    REQUIRE_FALSE(insts.empty());
    std::uint64_t ld = 0, st = 0, atom = 0, wf = 0;
    for (const auto& p : insts) {
      (p.atomic ? atom : p.store ? st : ld) += p.conflicts();
      wf += p.wavefronts;
    }
    const auto& k = ctx.kernel();
    CHECK(stat(k, "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum") == static_cast<double>(ld));
    CHECK(stat(k, "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum") == static_cast<double>(st));
    CHECK(stat(k, "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_atom.sum") == static_cast<double>(atom));
    CHECK(stat(k, "l1tex__data_pipe_lsu_wavefronts_mem_shared.sum") == static_cast<double>(wf));
    CHECK(wf > 0);
  }
}

TEST_CASE("teach banks: vecadd has no shared memory") {
  Context ctx(options("vecadd"));
  const Section s = section_banks(ctx);
  CHECK_FALSE(s.applies);
  CHECK(s.html ==
        "<p class=\"note\">Kernel <code>vecadd</code> makes no shared-memory access of its own (ld/st/atom on "
        "shared memory), so no bank can conflict.</p>");
}

}  // namespace WARPSIM_UNITY_ID
