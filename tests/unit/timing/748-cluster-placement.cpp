// Cluster dispatch on the H200 model: every CTA of a cluster launches in the same cycle on SMs of one GPC, one per
// SM (cluster.distinct_sms), GPCs taken round-robin; when no GPC has room for a whole cluster none of it
// launches, and the room a retired cluster leaves is taken by the next. Also through a timed run: each CTA writes
// %smid, and the CTAs of each cluster of 4 (264 CTAs, more than fit at once) read SMs of one GPC.
#include "../../integration/simt/cluster_util.hpp"

#include <warpsim/config/gpu_config.hpp>
#include <warpsim/timing/dispatcher.hpp>

#include <set>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using warpsim::timing::CtaDispatcher;

TEST_CASE("748 a cluster's CTAs launch together on SMs of one GPC, and wait for a GPC with room for all",
          "[timing][cluster]") {
  const auto cfg =
      warpsim::config::load_gpu_config("h200", {"launch.cta_dispatch_interval=0", "cluster.dispatch_cycles=0"});
  const auto gpc = warpsim::timing::sm_gpcs(cfg);
  REQUIRE(gpc.size() == 132);
  // The GPCs measured on the H200 (cluster.group_of_sm): SMs 0, 1, 16, 17, ... in GPC 0, the last four TPCs alone.
  CHECK(gpc[0] == 0);
  CHECK(gpc[17] == 0);
  CHECK(gpc[18] == 1);
  CHECK(gpc[124] == 8);
  CHECK(gpc[131] == 11);
  const unsigned size = 4;
  const std::uint64_t clusters = 40;
  CtaDispatcher d(cfg, 1, clusters * size, 0, size);
  std::vector<unsigned> sms;
  while (const auto s = d.launch(0)) sms.push_back(*s);
  // 1 CTA per SM: GPCs of 18, 18, 16 x 5 and 8 SMs hold 4, 4, 4 x 5 and 2 clusters, those of 2 SMs none: 30 at once.
  REQUIRE(sms.size() == 30 * size);
  std::set<unsigned> used;
  for (std::size_t c = 0; c < sms.size() / size; ++c) {
    std::set<unsigned> mine;
    for (unsigned r = 0; r < size; ++r) {
      const unsigned s = sms[c * size + r];
      CHECK(gpc[s] == gpc[sms[c * size]]);
      mine.insert(s);
      used.insert(s);
    }
    CHECK(mine.size() == size);  // one CTA per SM
  }
  CHECK(used.size() == sms.size());
  CHECK(gpc[sms[0]] == 0);      // the first cluster on GPC 0,
  CHECK(gpc[sms[size]] == 1);   // the next on GPC 1 (round-robin)
  CHECK(d.next_launch(1) == CtaDispatcher::kNever);
  // One CTA of the first cluster retires: still no GPC has room for 4; the whole cluster retired: the next goes there.
  d.retire(sms[0]);
  CHECK(!d.launch(2));
  for (unsigned r = 1; r < size; ++r) d.retire(sms[r]);
  std::set<unsigned> next;
  for (unsigned r = 0; r < size; ++r) {
    const auto s = d.launch(3);
    REQUIRE(s);
    next.insert(*s);
  }
  CHECK(next == std::set<unsigned>(sms.begin(), sms.begin() + size));
}

TEST_CASE("748 in a timed run every cluster's CTAs read %smid of one GPC", "[timing][cluster]") {
  const std::string ptx = simt::header() + R"(
.visible .entry k(.param .u64 out)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %ctaid.x;
  mov.u32 %r2, %smid;
  mul.wide.u32 %rd2, %r1, 4;
  add.u64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r2;
  barrier.cluster.arrive;
  barrier.cluster.wait;
  ret;
}
)";
  const auto out =
      clusterx::run("cl-place", ptx, clusterx::Shape{"264", 1024, "4", 264}, true).as<std::uint32_t>("out");
  const auto gpc = warpsim::timing::sm_gpcs(warpsim::config::load_gpu_config("h200"));
  for (unsigned c = 0; c < 264; c += 4) {
    INFO("cluster " << c / 4);
    for (unsigned r = 0; r < 4; ++r) {
      REQUIRE(out[c + r] < 132);
      CHECK(gpc[out[c + r]] == gpc[out[c]]);  // 2 CTAs of 1024 threads fit per SM: two may share one
    }
  }
}

}  // namespace WARPSIM_UNITY_ID
