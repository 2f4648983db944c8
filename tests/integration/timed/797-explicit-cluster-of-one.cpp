// An explicit cluster of 1 CTA (a cluster launch whose shape is 1x1x1: the run config's "cluster": [1, 1, 1],
// .reqnctapercluster 1, 1, 1, or .explicitcluster with that shape) goes through the cluster dispatcher, a launch
// without any cluster attribute does not:
//   dispatcher  on the H200 model an SM holds at most cluster.max_ctas_per_sm (8) CTAs of such a launch, as
//               cudaOccupancyMaxActiveClusters counts them (traces/cluster_occupancy: 1,056 clusters of 1 for a
//               32-thread CTA that fits 32 per SM), clusters go to the GPCs round-robin, and each costs the dispatcher
//               launch.cta_dispatch_interval + cluster.single_dispatch_cycles (clusters of 2 and more: cluster_size x
//               interval + cluster.dispatch_cycles); without a cluster shape: the occupancy calculator's CTAs per SM
//               and the plain interval.
//   timed run   on the one-SM test model (4 CTA slots, no launch latency) with an interval of 1 cycle, 3 cycles per
//               cluster of 1 and at most 2 CTAs of a cluster launch per SM: 8 CTAs of one warp each record %clock when
//               they start and when they end (after a loop of 64 iterations), so the starts show the dispatch spacing
//               and the overlaps the cap; the three ways of asking for a cluster of 1 give the same run, and the
//               cluster parameters change nothing for a launch without a cluster shape.
#include "../simt/simt_util.hpp"

#include <warpsim/config/gpu_config.hpp>
#include <warpsim/timing/dispatcher.hpp>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using warpsim::timing::CtaDispatcher;

namespace {

// CTAs launched at cycle 0 (interval 0) by a dispatcher, by SM.
std::map<unsigned, unsigned> launched_at_once(CtaDispatcher& d) {
  std::map<unsigned, unsigned> per_sm;
  while (const auto s = d.launch(0)) ++per_sm[*s];
  return per_sm;
}

}  // namespace

TEST_CASE("797 an explicit cluster of 1 holds cluster.max_ctas_per_sm CTAs per SM, no cluster shape the occupancy",
          "[timing][cluster]") {
  const auto cfg =
      warpsim::config::load_gpu_config("h200", {"launch.cta_dispatch_interval=0", "cluster.single_dispatch_cycles=0"});
  REQUIRE(cfg.cluster_max_ctas_per_sm == 8);
  {
    CtaDispatcher d(cfg, 32, 10000, 0, 1, true);
    CHECK(d.ctas_per_sm() == 8);
    const auto per_sm = launched_at_once(d);
    CHECK(per_sm.size() == 132);
    unsigned total = 0;
    for (const auto& [sm, n] : per_sm) {
      CHECK(n == 8);
      total += n;
    }
    CHECK(total == 1056);  // = cudaOccupancyMaxActiveClusters for clusters of 1 of this kernel on the H200
    CHECK(total == warpsim::timing::max_active_clusters(cfg, 32, 1));
  }
  {
    CtaDispatcher d(cfg, 32, 10000, 0, 1, false);
    CHECK(d.ctas_per_sm() == 32);
    const auto per_sm = launched_at_once(d);
    unsigned total = 0;
    for (const auto& [sm, n] : per_sm) total += n;
    CHECK(total == 132 * 32);
  }
  // Below the cap the occupancy rules: 3 CTAs per SM of the kernel, 3 of an explicit cluster of 1.
  CtaDispatcher d(cfg, 3, 10000, 0, 1, true);
  CHECK(d.ctas_per_sm() == 3);
  CHECK(warpsim::timing::cluster_ctas_per_sm(cfg, 32, true) == 8);
  CHECK(warpsim::timing::cluster_ctas_per_sm(cfg, 32, false) == 32);
  CHECK(warpsim::timing::cluster_ctas_per_sm(cfg, 3, true) == 3);
}

TEST_CASE("797 clusters of 1 go to the GPCs round-robin, one cluster after the other", "[timing][cluster]") {
  const auto cfg =
      warpsim::config::load_gpu_config("h200", {"launch.cta_dispatch_interval=0", "cluster.single_dispatch_cycles=0"});
  const auto gpc = warpsim::timing::sm_gpcs(cfg);
  CtaDispatcher d(cfg, 1, 24, 0, 1, true);
  std::vector<unsigned> gpcs;
  std::set<unsigned> sms;
  while (const auto s = d.launch(0)) {
    gpcs.push_back(gpc[*s]);
    sms.insert(*s);
  }
  REQUIRE(gpcs.size() == 24);
  CHECK(sms.size() == 24);  // one CTA per SM
  // 12 GPCs (cluster.group_of_sm): 0, 1, ..., 11, then 0 again.
  for (unsigned i = 0; i < 24; ++i) CHECK(gpcs[i] == i % 12);
}

TEST_CASE("797 a cluster of 1 costs the interval plus cluster.single_dispatch_cycles, no cluster shape the interval",
          "[timing][cluster]") {
  const auto cfg = warpsim::config::load_gpu_config(
      "tiny", {"sm.count=2", "launch.cta_dispatch_interval=1", "cluster.single_dispatch_cycles=3",
               "cluster.dispatch_cycles=5"});
  const auto times = [&](unsigned size, bool cluster_launch, unsigned ctas) {
    CtaDispatcher d(cfg, 4, ctas, 0, size, cluster_launch);
    std::vector<std::uint64_t> at;
    for (std::uint64_t now = 0; now <= 40 && !d.all_launched(); ++now)
      while (d.launch(now)) at.push_back(now);
    return at;
  };
  CHECK(times(1, true, 5) == std::vector<std::uint64_t>{0, 4, 8, 12, 16});  // 1 + 3 per cluster of 1
  CHECK(times(1, false, 5) == std::vector<std::uint64_t>{0, 1, 2, 3, 4});   // no cluster shape: 1 per CTA
  CHECK(times(2, true, 6) == std::vector<std::uint64_t>{0, 0, 7, 7, 14, 14});  // 2 x 1 + 5 per cluster of 2
  CHECK(times(2, false, 6) == std::vector<std::uint64_t>{0, 0, 7, 7, 14, 14});  // a shape of 2 is a cluster launch
}


namespace {

// out[3 c] = %clock at the start of CTA c, out[3 c + 1] = %clock at its end, out[3 c + 2] = %is_explicit_cluster.
const std::string kClock = simt::header() + R"(
.visible .entry k(.param .u64 out)
{
  .reg .pred %p<2>;
  .reg .b32 %r<12>;
  .reg .b64 %rd<4>;
  mov.u32 %r1, %clock;
  ld.param.u64 %rd1, [out];
  mov.u32 %r2, %ctaid.x;
  mul.lo.u32 %r3, %r2, 12;
  cvt.u64.u32 %rd2, %r3;
  add.s64 %rd3, %rd1, %rd2;
  mov.u32 %r4, 0;
  mov.u32 %r5, 0;
LOOP:
  add.u32 %r5, %r5, %r4;
  add.u32 %r4, %r4, 1;
  setp.lt.u32 %p1, %r4, 64;
  @%p1 bra LOOP;
  mov.u32 %r6, %is_explicit_cluster;
  st.global.u32 [%rd3+8], %r6;
  st.global.u32 [%rd3], %r1;
  mov.u32 %r7, %clock;
  st.global.u32 [%rd3+4], %r7;
  ret;
}
)";

struct Result {
  std::vector<std::uint32_t> out;
  std::uint64_t cycles = 0;
};

// `directive` goes after the entry's parameter list; `cluster` (JSON, may be empty) into the launch.
Result run(const std::string& name, const std::string& directive, const std::string& cluster,
           const std::vector<std::string>& overrides) {
  std::string ptx = kClock;
  const std::string entry = ".visible .entry k(.param .u64 out)";
  ptx.replace(ptx.find(entry), entry.size(), entry + directive);
  const std::string dir = simt::temp_dir(name);
  std::ofstream(dir + "/k.ptx") << ptx;
  std::ofstream(dir + "/run.json") << fmt::format(
      R"({{"gpu": "tiny", "kernels": [{{"ptx": "k.ptx", "entry": "k", "grid": 8, "block": 32, {}"registers": 16,
           "args": [{{"buffer": "out"}}]}}], "buffers": {{"out": {{"type": "u32", "count": 24, "init": "zero"}}}}}})",
      cluster.empty() ? "" : fmt::format(R"("cluster": {}, )", cluster));
  warpsim::sim::RunOptions opts;
  opts.functional_only = false;
  opts.gpu_overrides = {"compiler.schedule=0", "launch.cta_dispatch_interval=1", "cluster.max_ctas_per_sm=2"};
  opts.gpu_overrides.insert(opts.gpu_overrides.end(), overrides.begin(), overrides.end());  // later ones win
  const auto r = warpsim::sim::run_file(dir + "/run.json", opts);
  return {r.as<std::uint32_t>("out"), r.kernels.at(0).cycles};
}

// The most CTAs whose [start, end] intervals overlap at one time.
unsigned most_at_once(const std::vector<std::uint32_t>& out) {
  unsigned most = 0;
  for (unsigned c = 0; c < 8; ++c) {
    unsigned n = 0;
    for (unsigned d = 0; d < 8; ++d)
      if (out[3 * d] <= out[3 * c] && out[3 * c] <= out[3 * d + 1]) ++n;
    most = std::max(most, n);
  }
  return most;
}

}  // namespace

TEST_CASE("797 an explicit cluster of 1 is dispatched as a cluster launch, a launch without one as before",
          "[timed][cluster]") {
  const std::vector<std::string> single = {"cluster.single_dispatch_cycles=3"};
  const Result none = run("c1-none", "", "", single);
  const Result config = run("c1-config", "", "[1, 1, 1]", single);
  const Result req = run("c1-req", " .reqnctapercluster 1, 1, 1", "", single);
  const Result expl = run("c1-explicit", " .explicitcluster", "[1]", single);
  const auto times = [](const Result& r) {
    std::string t;
    for (unsigned c = 0; c < 8; ++c) t += fmt::format(" [{}, {}]", r.out[3 * c], r.out[3 * c + 1]);
    return fmt::format("{} cycles:{}", r.cycles, t);
  };
  INFO("no cluster: " << times(none) << "\ncluster of 1: " << times(config));
  for (unsigned c = 0; c < 8; ++c) {
    INFO("CTA " << c);
    CHECK(none.out[3 * c + 2] == 0);
    CHECK(config.out[3 * c + 2] == 1);
    CHECK(req.out[3 * c + 2] == 1);
    CHECK(expl.out[3 * c + 2] == 1);
  }
  // The three ways of asking for a cluster of 1 are the same launch.
  CHECK(config.out == req.out);
  CHECK(config.out == expl.out);
  CHECK(config.cycles == req.cycles);
  CHECK(config.cycles == expl.cycles);
  // No cluster: the first four CTAs start one cycle apart (the interval) and run together on the SM's 4 slots.
  for (unsigned c = 1; c < 4; ++c) CHECK(none.out[3 * c] - none.out[3 * (c - 1)] == 1);
  CHECK(most_at_once(none.out) == 4);
  // Clusters of 1: 1 + 3 cycles apart, at most 2 at once (cluster.max_ctas_per_sm).
  CHECK(config.out[3] - config.out[0] == 4);
  CHECK(most_at_once(config.out) == 2);
  CHECK(config.cycles > none.cycles);
  // The cluster parameters do not touch a launch without a cluster shape.
  const Result none2 = run("c1-none2", "", "", {"cluster.single_dispatch_cycles=50", "cluster.max_ctas_per_sm=1"});
  CHECK(none2.out == none.out);
  CHECK(none2.cycles == none.cycles);
  // Without the cap and the cost, a cluster of 1 starts its first CTAs as the launch without clusters does.
  const Result free = run("c1-free", "", "[1, 1, 1]", {"cluster.single_dispatch_cycles=0", "cluster.max_ctas_per_sm=4"});
  for (unsigned c = 1; c < 4; ++c) CHECK(free.out[3 * c] - free.out[3 * (c - 1)] == 1);
  CHECK(most_at_once(free.out) == 4);
}

}  // namespace WARPSIM_UNITY_ID
