// --trace-warps lists exactly the warp-instructions the run issues (smsp__inst_executed less the extra SASS
// instructions of expanded operations), each warp's
// entries add up to its issued count, in issue order, within the warp's interval.
#include "outputs_util.hpp"

#include <catch2/catch.hpp>

#include <map>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace outputs_test;

TEST_CASE("trace-warps: one entry per executed warp-instruction") {
  for (const char* name : {"vecadd", "branch_demo", "reduce"}) {
    INFO("trace " << name);
    const Recorded r = record(name, {.instructions = true, .issue_counts = false});
    REQUIRE(r.kernels.size() == r.result.kernels.size());
    for (std::size_t i = 0; i < r.kernels.size(); ++i) {
      const auto& k = r.kernels[i];
      const auto& s = r.result.kernels[i].stats;
      CHECK(static_cast<double>(k.instructions.size()) ==
            s.at("smsp__inst_executed.sum") - s.at("warpsim__sass_inst_expanded.sum"));
      std::map<std::pair<std::uint64_t, std::uint32_t>, std::uint64_t> per_warp;
      std::uint64_t last = 0;
      for (const auto& e : k.instructions) {
        CHECK(e.cycle >= last);
        last = e.cycle;
        CHECK(e.ptx_line > 0);
        CHECK(e.active_mask != 0);
        ++per_warp[{e.cta, e.warp}];
      }
      for (const auto& w : k.warps) {
        CHECK(per_warp[{w.cta, w.warp}] == w.issued);
        CHECK(w.end <= k.cycles);
      }
      CHECK(k.issues_per_sm.empty());
    }
  }
}

}  // namespace WARPSIM_UNITY_ID
