// The CTA dispatcher: which SM the next CTA of a grid goes to, and when.
//
// Models: every CTA of a kernel needs the same resources, so an SM has room for one more CTA while it holds
// fewer than the occupancy calculator's ctas_per_sm (registers per sub-partition, shared memory with the
// reserved part, warps, threads and CTA slots, see occupancy.hpp); a grid larger than sm.count x ctas_per_sm
// runs in waves, a waiting CTA starting when a resident one retires. CTAs launch in linear order, whole
// (never split across SMs, never migrated), at most one every launch.cta_dispatch_interval cycles GPU-wide
// (0: any number in one cycle; a fractional interval is kept as an average: with 1.2, launches that follow one
// another without waiting for room come at cycles 0, 2, 3, 4, 5, 6, 8, ...). launch.cta_dispatch_order picks the SM:
//   round_robin  the next SM with room after the previous CTA's SM, in dispatch order: SMs are numbered GPC
//                by GPC (SM s is in TPC s / sm.per_tpc, TPC t in GPC t / gpc.tpcs) and visited round-robin
//                over GPCs first, then TPCs within a GPC, then SMs within a TPC (CTA 0 -> GPC 0, CTA 1 ->
//                GPC 1, ...), so consecutive CTAs spread over the GPU;
//   fill         the lowest-numbered SM with room (SM 0 fills up first);
//   gpc_spread   the GPU's own placement (measured on an H100 whose GPCs are the H200's: tools/measure/cta_placement.cu,
//                traces/cta_placement): the first wave is placed by gpc_spread_plan, round by round (a round is at
//                most one CTA per SM); in a round of every SM, the GPCs (cluster.group_of_sm's groups) come one
//                after another, those of a single TPC first, then by number, and within a GPC its TPCs in SM order,
//                both SMs of a TPC together; in a shorter round of m CTAs the single-TPC groups take theirs first, then
//                the rest is spread pass by pass (the first SM of TPCs, then the second) as evenly over the GPCs as
//                their TPCs allow (a GPC with too few TPCs takes what it has, the CTAs it cannot take go one each to
//                the lowest-numbered GPCs with room), each GPC's share on its first TPCs, and the CTAs go GPC by GPC
//                in that order. So consecutive CTAs share a GPC (128 CTAs: 8 on the single-TPC groups, then 8 or
//                16 per GPC), and 16 or 64 CTAs spread over all GPCs, one per TPC. After the first wave, as round_robin
//                in the order of a full round.
// Clusters (a cluster launch: a shape `cluster_size` > 1, or `cluster_launch`, a cluster shape given explicitly even
// of 1 CTA; CTAs handed out in cluster order: common/cluster.hpp): a cluster
// launches whole, its CTAs all in one cycle, on SMs of one GPC (sm_gpcs: cluster.group_of_sm, else SM s is in GPC
// s / sm.per_tpc / gpc.tpcs), when one GPC has room for all of them, an SM holding at most cluster.max_ctas_per_sm of
// the launch's CTAs (clusters of 1 CTA included, as the H200's driver counts them: traces/cluster_occupancy); GPCs
// are tried round-robin from the one after the previous cluster's, and within the GPC the CTAs go one per SM with
// room first (in dispatch order), then a second per SM, and so on (with cluster.distinct_sms: one per SM only, to
// the SMs with the most room). A cluster takes cluster_size x launch.cta_dispatch_interval + cluster.dispatch_cycles
// of the dispatcher's time (cluster.single_dispatch_cycles for a cluster of 1 CTA: the H200 takes 3.54 cycles more
// per such cluster than without clusters, 1.17 for clusters of 2 to 16: traces/ubench_cluster_bw). A launch without
// a cluster shape is dispatched CTA by CTA as above, without the cap. max_active_clusters is how many clusters fit
// at once (see there).
// Leaves out: several kernels sharing SMs, per-sub-partition fragmentation of warp slots, the dispatch order's own
// GPC layout (round_robin still numbers GPCs by gpc.count and gpc.tpcs, not by cluster.group_of_sm), gpc_spread's
// rotation of the GPC order (with 2 or 4 CTAs per SM the H100 starts at another GPC and interleaves the rounds GPC by
// GPC; a round that is not the last is placed whole here), why a cluster
// of 1 costs the H200 more to dispatch than a cluster of 2 (a measured constant, not a mechanism), and the
// hardware's choice of GPC and SMs for a cluster (not published).
#pragma once

#include <warpsim/config/gpu_config.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

namespace warpsim::timing {

// The round-robin visiting order of sm.count SMs (see above).
std::vector<unsigned> sm_dispatch_order(const config::GpuConfig& cfg);
// gpc_spread: the SMs of a launch's first min(ctas, sm.count x ctas_per_sm) CTAs, in CTA order (see above).
std::vector<unsigned> gpc_spread_plan(const config::GpuConfig& cfg, std::uint64_t ctas, unsigned ctas_per_sm);

class CtaDispatcher {
 public:
  static constexpr std::uint64_t kNever = std::numeric_limits<std::uint64_t>::max();

  // `start`: the cycle of the first possible launch (after launch.kernel_latency); `cluster_size`: CTAs per cluster;
  // `cluster_launch`: a cluster shape was given (a launch with clusters of 1 CTA goes through the cluster path too).
  CtaDispatcher(const config::GpuConfig& cfg, unsigned ctas_per_sm, std::uint64_t total_ctas, std::uint64_t start,
                unsigned cluster_size = 1, bool cluster_launch = false);

  // Launches the next CTA at cycle `now` if it may launch: one is left, the dispatch interval has passed and
  // an SM has room. Returns its SM.
  std::optional<unsigned> launch(std::uint64_t now);
  // A CTA on `sm` retired: its resources are free.
  void retire(unsigned sm);
  // The earliest cycle >= now at which launch() succeeds if nothing retires (kNever: no CTA left or no room).
  std::uint64_t next_launch(std::uint64_t now) const;

  bool all_launched() const { return launched_ == total_; }
  unsigned ctas_per_sm() const { return per_sm_; }

 private:
  std::optional<unsigned> pick() const;
  // Clusters: SMs of one GPC with room for a whole cluster (empty: none has room now).
  std::vector<unsigned> pick_cluster() const;
  // The cycle of allowed_at_: the first whole cycle at or after it.
  std::uint64_t first_cycle() const { return static_cast<std::uint64_t>(std::ceil(allowed_at_)); }

  config::DispatchOrder policy_;
  unsigned per_sm_;
  double interval_;
  std::uint64_t total_, launched_ = 0;
  double allowed_at_;  // the next launch's earliest time (its cycle: the ceiling)
  std::vector<unsigned> order_;     // round-robin visiting order
  std::vector<unsigned> plan_;      // gpc_spread: the first wave's SMs in CTA order
  std::vector<unsigned> resident_;  // CTAs per SM
  std::size_t cursor_ = 0;          // round_robin: position in order_ to try first
  unsigned cluster_ = 1;            // CTAs per cluster
  bool clustered_ = false;          // a cluster launch (cluster_ > 1, or an explicit cluster of 1)
  double cluster_cycles_ = 0;       // cluster.dispatch_cycles (cluster.single_dispatch_cycles for clusters of 1)
  bool distinct_ = false;           // cluster.distinct_sms
  std::vector<unsigned> gpc_of_;    // by SM
  unsigned gpcs_ = 1, gpc_cursor_ = 0;
  std::vector<unsigned> placing_;   // SMs of the cluster being launched, for its remaining CTAs (back first)
};

// How many clusters of `cluster_size` CTAs fit on the GPU at once when an SM holds `ctas_per_sm` CTAs of the kernel
// (cuOccupancyMaxActiveClusters): every CTA of a cluster must be resident on SMs of one GPC (sm_gpcs), an SM holding
// at most cluster.max_ctas_per_sm CTAs of a cluster launch (clusters of 1 CTA included), so a GPC of n SMs holds floor(n x per SM / cluster_size)
// clusters and the GPU the sum over its GPCs; with cluster.distinct_sms a GPC of fewer than cluster_size SMs holds
// none. Measured on the H200 (tools/measure/cluster_occupancy.cu, traces/cluster_occupancy): the driver's answer for
// 2,464 points (block sizes x dynamic shared memory x cluster sizes 1-16) is this rule with the measured GPCs, 8 CTAs
// per SM and distinct SMs (test 749).
std::uint64_t max_active_clusters(const config::GpuConfig& cfg, unsigned ctas_per_sm, unsigned cluster_size);
// CTAs of one kernel an SM holds: in a cluster launch (`cluster_launch`, clusters of 1 CTA included)
// cluster.max_ctas_per_sm caps `ctas_per_sm`, the occupancy calculator's answer; no cap without a cluster shape.
unsigned cluster_ctas_per_sm(const config::GpuConfig& cfg, unsigned ctas_per_sm, bool cluster_launch);
// How many GPCs (cluster placement groups) there are: cluster.group_of_sm's, else gpc.count.
unsigned gpc_groups(const config::GpuConfig& cfg);
// The number of SMs in each GPC (by GPC index).
std::vector<unsigned> gpc_sizes(const config::GpuConfig& cfg);
// The GPC of every SM by %smid: cluster.group_of_sm, else SMs numbered GPC by GPC (the first GPCs full).
std::vector<unsigned> sm_gpcs(const config::GpuConfig& cfg);

}  // namespace warpsim::timing
