// 592: launch.cta_dispatch_order = gpc_spread (timing/dispatcher.hpp; not the H100 and H200 models' default, see
// configs/gpus/h200.json) places a launch's first CTAs as the GPU does:
// every launch of one CTA per SM measured on an H100 whose GPCs are the H200's (traces/cta_placement, tools/measure/
// cta_placement.cu: 8 to 264 CTAs, three launches each) gives the same SM for every CTA after the first eight, which
// go to the four single-TPC groups (SMs 124-131) in an order that alternates from launch to launch (compared as a
// set), on the H100 and the H200 models. Also the worked shapes of the rule on a tiny GPU: single-TPC groups
// first, pass by pass over the TPCs, shares capped by a GPC's TPCs and the rest one each to the lowest GPCs.
// Leaves out: launches of 2 and 4 CTAs per SM (the H100 starts their GPC order at another GPC and interleaves the
// rounds: traces/README.md, "CTA placement"; not modelled).
#include <warpsim/config/gpu_config.hpp>
#include <warpsim/timing/dispatcher.hpp>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using warpsim::timing::gpc_spread_plan;

TEST_CASE("592 gpc_spread places one CTA per SM as the H100 measured in traces/cta_placement", "[timing][dispatch]") {
  std::ifstream in(std::string(WARPSIM_SOURCE_DIR) + "/traces/cta_placement/cta_placement.h100.json");
  REQUIRE(in);
  const auto m = nlohmann::json::parse(in);
  for (const char* gpu : {"h100", "h200"}) {
    const auto cfg = warpsim::config::load_gpu_config(gpu, {"launch.cta_dispatch_order=gpc_spread"});
    unsigned compared = 0;
    for (const auto& c : m.at("cases")) {
      if (c.at("ctas_per_sm").get<int>() != 1) continue;
      const auto measured = c.at("smid").get<std::vector<unsigned>>();
      const std::size_t first_wave = std::min<std::size_t>(measured.size(), cfg.num_sms);
      INFO(gpu << ", grid " << measured.size() << ", launch " << c.at("rep").get<int>());
      auto plan = gpc_spread_plan(cfg, measured.size(), 1);
      REQUIRE(plan.size() == first_wave);
      std::vector<unsigned> want(measured.begin(), measured.begin() + static_cast<std::ptrdiff_t>(first_wave));
      const auto head = static_cast<std::ptrdiff_t>(std::min<std::size_t>(8, first_wave));
      std::sort(plan.begin(), plan.begin() + head);
      std::sort(want.begin(), want.begin() + head);
      CHECK(plan == want);
      ++compared;
    }
    CHECK(compared == 21);  // grids 8, 16, 64, 128, 132, 132 and 264, three launches each
  }
}

TEST_CASE("592 gpc_spread's shares on a tiny GPU", "[timing][dispatch]") {
  // 18 SMs (sm.per_tpc 2): GPC 0 = TPCs {0,1} {2,3} {4,5} {6,7}, GPC 1 = {8,9} {10,11}, GPC 2 = {12,13} {14,15}, and
  // a single-TPC group 3 = {16,17}.
  const auto cfg = warpsim::config::load_gpu_config(
      "tiny", {"sm.count=18", "gpc.count=3", "gpc.tpcs=4",
               "cluster.group_of_sm=[0,0,0,0,0,0,0,0,1,1,1,1,2,2,2,2,3,3]", "launch.cta_dispatch_order=gpc_spread"});
  // A full round: the single-TPC group first (both SMs), then GPCs by number, TPC by TPC.
  CHECK(gpc_spread_plan(cfg, 18, 1) ==
        std::vector<unsigned>{16, 17, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15});
  // 5 CTAs: 2 on the single-TPC group, then one first SM per GPC.
  CHECK(gpc_spread_plan(cfg, 5, 1) == std::vector<unsigned>{16, 17, 0, 8, 12});
  // 9 CTAs: 7 first SMs over GPCs of 4, 2 and 2 TPCs: shares of 2, the one left to GPC 0 (the others have no more).
  CHECK(gpc_spread_plan(cfg, 9, 1) == std::vector<unsigned>{16, 17, 0, 2, 4, 8, 10, 12, 14});
  // 12 CTAs: all 8 first SMs, then 2 second SMs, one each to the lowest GPCs (0 and 1), on their first TPCs.
  CHECK(gpc_spread_plan(cfg, 12, 1) == std::vector<unsigned>{16, 17, 0, 1, 2, 4, 6, 8, 9, 10, 12, 14});
  // Two CTAs per SM and 24 CTAs: a full round, then a round of 6 spread as above.
  const auto two = gpc_spread_plan(cfg, 24, 2);
  REQUIRE(two.size() == 24);
  CHECK(std::vector<unsigned>(two.begin() + 18, two.end()) == std::vector<unsigned>{16, 17, 0, 2, 8, 12});
  // The dispatcher follows the plan, then goes round-robin in the full round's order.
  warpsim::timing::CtaDispatcher d(cfg, 1, 20, 0);
  std::vector<unsigned> sms;
  for (int i = 0; i < 5; ++i) sms.push_back(d.launch(0).value());
  CHECK(sms == std::vector<unsigned>{16, 17, 0, 1, 2});
}

}  // namespace WARPSIM_UNITY_ID
