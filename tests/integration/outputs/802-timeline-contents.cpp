// The timeline of a tiny case: vecadd (4 CTAs of 8 warps) on one SM that holds one CTA at a time, so the
// CTAs run one after another on SM 0; every interval is ordered and the warps' issued counts add up to
// smsp__inst_executed (vecadd has no expanded operations).
#include "outputs_util.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace outputs_test;

TEST_CASE("timeline: vecadd on one SM with room for one CTA") {
  const Recorded r =
      record("vecadd", {},
             {"sm.count=1", "cluster.group_of_sm=[]", "sm.max_ctas=1", "launch.max_cluster_size=1", "launch.max_cluster_size_nonportable=1"});
  REQUIRE(r.kernels.size() == 1);
  const auto& k = r.kernels[0];
  CHECK(k.entry == "vecadd");
  CHECK(k.cycles == r.result.kernels[0].cycles);
  REQUIRE(k.ctas.size() == 4);
  REQUIRE(k.warps.size() == 32);
  std::uint64_t issued = 0;
  for (std::size_t i = 0; i < k.ctas.size(); ++i) {
    const auto& c = k.ctas[i];
    CHECK(c.sm == 0);
    CHECK(c.linear == i);
    CHECK(c.id == warpsim::Dim3{static_cast<std::uint32_t>(i), 0, 0});
    CHECK(c.start <= c.end);
    CHECK(c.end <= k.cycles);
    if (i > 0) CHECK(c.start >= k.ctas[i - 1].end);  // one CTA at a time
    REQUIRE(c.warps.size() == 8);
    for (std::size_t j = 0; j < c.warps.size(); ++j) {
      const auto& w = k.warps.at(c.warps[j]);
      CHECK(w.cta == c.linear);
      CHECK(w.warp == j);
      CHECK(w.sm == 0);
      CHECK(w.subpartition < 4);
      CHECK(w.start == c.start);
      CHECK(w.start <= w.end);
      CHECK(w.end <= k.cycles);
      // vecadd's 22 PTX instructions for in-range threads (the range check's bra is now `@p exit`, as the SASS's
      // `@P0 EXIT`) less the 4 ptxas folds: three cvta.to.global and the mul.wide whose uses are all adds (the
      // SASS has 20, with LDC and ULDC)
      CHECK(w.issued == 18);
      issued += w.issued;
    }
  }
  CHECK(static_cast<double>(issued) == r.result.kernels[0].stats.at("smsp__inst_executed.sum"));
}

TEST_CASE("timeline: the JSON document has the documented fields") {
  const Recorded r = record("vecadd", {});
  const auto doc = nlohmann::json::parse(warpsim::report::timeline_json("h200", r.kernels));
  CHECK(doc.at("format") == "warpsim-timeline/1");
  CHECK(doc.at("gpu") == "h200");
  const auto& k = doc.at("kernels").at(0);
  CHECK(k.at("entry") == "vecadd");
  CHECK(k.at("cycles").get<std::uint64_t>() == r.result.kernels[0].cycles);
  CHECK(k.at("ctas").size() == 4);
  CHECK(k.at("ctas").at(3).at("id") == nlohmann::json::array({3, 0, 0}));
  for (const char* f : {"linear", "sm", "start", "end", "warps"}) CHECK(k.at("ctas").at(0).contains(f));
  CHECK(k.at("warps").size() == 32);
  for (const char* f : {"cta", "warp", "sm", "subpartition", "start", "end", "issued"})
    CHECK(k.at("warps").at(0).contains(f));
  CHECK(!k.contains("instructions"));  // only with --trace-warps
}

}  // namespace WARPSIM_UNITY_ID
