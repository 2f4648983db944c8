// The CTA dispatcher (see timing/dispatcher.hpp for what it models and leaves out).
#include <warpsim/timing/dispatcher.hpp>

#include <algorithm>

namespace warpsim::timing {

std::vector<unsigned> sm_dispatch_order(const config::GpuConfig& cfg) {
  const unsigned per_tpc = std::max(cfg.sms_per_tpc, 1u), tpcs = std::max(cfg.tpcs_per_gpc, 1u);
  const unsigned gpcs = std::max(cfg.gpc_count, 1u), n = std::max(cfg.num_sms, 1u);
  std::vector<unsigned> order;
  for (unsigned i = 0; i < per_tpc; ++i)
    for (unsigned t = 0; t < tpcs; ++t)
      for (unsigned g = 0; g < gpcs; ++g) {
        const std::uint64_t sm = (std::uint64_t{g} * tpcs + t) * per_tpc + i;
        if (sm < n) order.push_back(static_cast<unsigned>(sm));
      }
  // SMs beyond gpc.count x gpc.tpcs x sm.per_tpc (the config check rejects them) would come last.
  for (unsigned s = static_cast<unsigned>(order.size()); s < n; ++s) order.push_back(s);
  return order;
}

std::vector<unsigned> gpc_spread_plan(const config::GpuConfig& cfg, std::uint64_t ctas, unsigned ctas_per_sm) {
  const auto gpc = sm_gpcs(cfg);
  const unsigned n = static_cast<unsigned>(gpc.size()), per_tpc = std::max(cfg.sms_per_tpc, 1u);
  const unsigned groups = gpc_groups(cfg);
  // Each GPC's TPCs (their SMs, in SM order), TPCs in SM order; a TPC is sm.per_tpc consecutive SMs.
  std::vector<std::vector<std::vector<unsigned>>> tpcs(groups);
  for (unsigned s = 0; s < n; ++s) {
    auto& t = tpcs[gpc[s]];
    if (t.empty() || t.back().front() / per_tpc != s / per_tpc) t.emplace_back();
    t.back().push_back(s);
  }
  std::vector<unsigned> singles, multis;  // single-TPC groups first, then the others, each by number
  for (unsigned g = 0; g < groups; ++g) (tpcs[g].size() == 1 ? singles : multis).push_back(g);
  std::vector<unsigned> plan;
  std::uint64_t left = std::min<std::uint64_t>(ctas, std::uint64_t{n} * std::max(ctas_per_sm, 1u));
  while (left > 0) {
    const unsigned m = static_cast<unsigned>(std::min<std::uint64_t>(left, n));
    left -= m;
    // take[g][t]: how many SMs of TPC t of GPC g this round uses (its first ones).
    std::vector<std::vector<unsigned>> take(groups);
    for (unsigned g = 0; g < groups; ++g) take[g].assign(tpcs[g].size(), 0);
    unsigned rest = m;
    for (const unsigned g : singles)
      for (auto& k : take[g]) {
        k = std::min<unsigned>(rest, static_cast<unsigned>(tpcs[g][0].size()));
        rest -= k;
      }
    for (unsigned p = 0; p < per_tpc && rest > 0; ++p) {
      std::vector<unsigned> avail(groups, 0), share(groups, 0);  // TPCs with a (p+1)-th SM; this pass's CTAs
      unsigned total = 0;
      for (const unsigned g : multis)
        for (const auto& t : tpcs[g]) avail[g] += t.size() > p ? 1 : 0;
      for (const unsigned g : multis) total += avail[g];
      unsigned give = std::min(rest, total);
      rest -= give;
      while (give > 0) {  // even shares, capped by the TPCs; what is left one each to the lowest-numbered GPCs
        std::vector<unsigned> open;
        for (const unsigned g : multis)
          if (share[g] < avail[g]) open.push_back(g);
        const unsigned q = give / static_cast<unsigned>(open.size());
        for (const unsigned g : open) {
          const unsigned add = q == 0 ? (give > 0 ? 1u : 0u) : std::min(q, avail[g] - share[g]);
          share[g] += add;
          give -= add;
        }
      }
      for (const unsigned g : multis)
        for (std::size_t t = 0, used = 0; t < tpcs[g].size() && used < share[g]; ++t)
          if (tpcs[g][t].size() > p) {
            ++take[g][t];
            ++used;
          }
    }
    for (const auto& order : {singles, multis})
      for (const unsigned g : order)
        for (std::size_t t = 0; t < tpcs[g].size(); ++t)
          for (unsigned k = 0; k < take[g][t]; ++k) plan.push_back(tpcs[g][t][k]);
  }
  return plan;
}

std::vector<unsigned> sm_gpcs(const config::GpuConfig& cfg) {
  if (!cfg.cluster_group_of_sm.empty()) return cfg.cluster_group_of_sm;
  const unsigned per_tpc = std::max(cfg.sms_per_tpc, 1u), tpcs = std::max(cfg.tpcs_per_gpc, 1u);
  const unsigned gpcs = std::max(cfg.gpc_count, 1u), n = std::max(cfg.num_sms, 1u);
  std::vector<unsigned> g(n);
  for (unsigned s = 0; s < n; ++s) g[s] = std::min(s / per_tpc / tpcs, gpcs - 1);
  return g;
}

unsigned gpc_groups(const config::GpuConfig& cfg) {
  const auto& m = cfg.cluster_group_of_sm;
  return m.empty() ? std::max(cfg.gpc_count, 1u) : *std::max_element(m.begin(), m.end()) + 1;
}

unsigned cluster_ctas_per_sm(const config::GpuConfig& cfg, unsigned ctas_per_sm, bool cluster_launch) {
  return cluster_launch ? std::min(ctas_per_sm, cfg.cluster_max_ctas_per_sm) : ctas_per_sm;
}

std::vector<unsigned> gpc_sizes(const config::GpuConfig& cfg) {
  std::vector<unsigned> sms(gpc_groups(cfg), 0);
  for (const unsigned g : sm_gpcs(cfg)) ++sms[g];
  return sms;
}

std::uint64_t max_active_clusters(const config::GpuConfig& cfg, unsigned ctas_per_sm, unsigned cluster_size) {
  if (cluster_size == 0) return 0;
  const unsigned per = cluster_ctas_per_sm(cfg, ctas_per_sm, true);  // a cluster launch, even of 1 CTA
  std::uint64_t n = 0;
  for (const std::uint64_t s : gpc_sizes(cfg))
    if (!cfg.cluster_distinct_sms || s >= cluster_size) n += s * per / cluster_size;
  return n;
}

CtaDispatcher::CtaDispatcher(const config::GpuConfig& cfg, unsigned ctas_per_sm, std::uint64_t total_ctas,
                             std::uint64_t start, unsigned cluster_size, bool cluster_launch)
    : policy_(cfg.dispatch_order),
      per_sm_(std::max(cluster_ctas_per_sm(cfg, ctas_per_sm, cluster_size > 1 || cluster_launch), 1u)),
      interval_(cfg.cta_dispatch_interval),
      total_(total_ctas),
      allowed_at_(static_cast<double>(start)),
      order_(cfg.dispatch_order == config::DispatchOrder::GpcSpread ? gpc_spread_plan(cfg, cfg.num_sms, 1)
                                                                     : sm_dispatch_order(cfg)),
      resident_(order_.size(), 0),
      cluster_(std::max(cluster_size, 1u)),
      clustered_(cluster_size > 1 || cluster_launch),
      cluster_cycles_(cluster_size > 1 ? cfg.cluster_dispatch_cycles : cfg.cluster_single_dispatch_cycles),
      distinct_(cfg.cluster_distinct_sms != 0),
      gpc_of_(sm_gpcs(cfg)),
      gpcs_(gpc_groups(cfg)) {
  if (policy_ == config::DispatchOrder::GpcSpread && !clustered_) plan_ = gpc_spread_plan(cfg, total_ctas, per_sm_);
}

std::vector<unsigned> CtaDispatcher::pick_cluster() const {
  for (unsigned k = 0; k < gpcs_; ++k) {
    const unsigned g = (gpc_cursor_ + k) % gpcs_;
    std::vector<unsigned> sms;
    std::vector<unsigned> room(order_.size(), 0);
    for (const unsigned s : order_)
      if (gpc_of_[s] == g) room[s] = per_sm_ - resident_[s];
    if (distinct_) {
      // One CTA on each of cluster_size SMs: those with the most room first (ties in dispatch order), which packs
      // floor(SMs x ctas_per_sm / cluster_size) clusters into a GPC, as max_active_clusters counts them.
      std::vector<unsigned> cand;
      for (const unsigned s : order_)
        if (room[s] > 0) cand.push_back(s);
      if (cand.size() < cluster_) continue;
      std::stable_sort(cand.begin(), cand.end(), [&](unsigned a, unsigned b) { return room[a] > room[b]; });
      cand.resize(cluster_);
      return cand;
    }
    // One CTA per SM with room, in dispatch order, then another, until the cluster is placed.
    for (bool placed = true; placed && sms.size() < cluster_;) {
      placed = false;
      for (const unsigned s : order_) {
        if (gpc_of_[s] != g || room[s] == 0 || sms.size() == cluster_) continue;
        --room[s];
        sms.push_back(s);
        placed = true;
      }
    }
    if (sms.size() == cluster_) return sms;
  }
  return {};
}

std::optional<unsigned> CtaDispatcher::pick() const {
  const std::size_t n = order_.size();
  if (launched_ < plan_.size() && resident_[plan_[launched_]] < per_sm_) return plan_[launched_];
  if (policy_ == config::DispatchOrder::Fill) {
    for (unsigned s = 0; s < n; ++s)
      if (resident_[s] < per_sm_) return s;
    return std::nullopt;
  }
  for (std::size_t k = 0; k < n; ++k) {
    const unsigned s = order_[(cursor_ + k) % n];
    if (resident_[s] < per_sm_) return s;
  }
  return std::nullopt;
}

std::optional<unsigned> CtaDispatcher::launch(std::uint64_t now) {
  if (clustered_) {
    // The rest of a cluster whose first CTA launched this cycle.
    if (!placing_.empty()) {
      const unsigned s = placing_.back();
      placing_.pop_back();
      ++resident_[s];
      ++launched_;
      return s;
    }
    if (all_launched() || now < first_cycle()) return std::nullopt;
    std::vector<unsigned> sms = pick_cluster();
    if (sms.empty()) return std::nullopt;
    gpc_cursor_ = (gpc_of_[sms.front()] + 1) % gpcs_;
    allowed_at_ = (now == first_cycle() ? allowed_at_ : static_cast<double>(now)) + interval_ * cluster_ + cluster_cycles_;
    std::reverse(sms.begin(), sms.end());
    placing_ = std::move(sms);
    return launch(now);
  }
  if (all_launched() || now < first_cycle()) return std::nullopt;
  const auto s = pick();
  if (!s) return std::nullopt;
  ++resident_[*s];
  ++launched_;
  // Launched at the first cycle it could: the interval counts from the fractional time (an average rate);
  // launched later (no room until now): from this cycle.
  allowed_at_ = (now == first_cycle() ? allowed_at_ : static_cast<double>(now)) + interval_;
  if (policy_ != config::DispatchOrder::Fill) {
    const auto pos = static_cast<std::size_t>(std::find(order_.begin(), order_.end(), *s) - order_.begin());
    cursor_ = (pos + 1) % order_.size();
  }
  return s;
}

void CtaDispatcher::retire(unsigned sm) {
  if (resident_[sm] > 0) --resident_[sm];
}

std::uint64_t CtaDispatcher::next_launch(std::uint64_t now) const {
  if (!placing_.empty()) return now;
  if (all_launched() || (clustered_ ? pick_cluster().empty() : !pick())) return kNever;
  return std::max(now, first_cycle());
}

}  // namespace warpsim::timing
