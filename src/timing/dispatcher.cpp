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

CtaDispatcher::CtaDispatcher(const config::GpuConfig& cfg, unsigned ctas_per_sm, std::uint64_t total_ctas,
                             std::uint64_t start)
    : policy_(cfg.dispatch_order),
      per_sm_(std::max(ctas_per_sm, 1u)),
      interval_(cfg.cta_dispatch_interval),
      total_(total_ctas),
      allowed_at_(static_cast<double>(start)),
      order_(sm_dispatch_order(cfg)),
      resident_(order_.size(), 0) {}

std::optional<unsigned> CtaDispatcher::pick() const {
  const std::size_t n = order_.size();
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
  if (all_launched() || now < first_cycle()) return std::nullopt;
  const auto s = pick();
  if (!s) return std::nullopt;
  ++resident_[*s];
  ++launched_;
  // Launched at the first cycle it could: the interval counts from the fractional time (an average rate);
  // launched later (no room until now): from this cycle.
  allowed_at_ = (now == first_cycle() ? allowed_at_ : static_cast<double>(now)) + interval_;
  if (policy_ == config::DispatchOrder::RoundRobin) {
    const auto pos = static_cast<std::size_t>(std::find(order_.begin(), order_.end(), *s) - order_.begin());
    cursor_ = (pos + 1) % order_.size();
  }
  return s;
}

void CtaDispatcher::retire(unsigned sm) {
  if (resident_[sm] > 0) --resident_[sm];
}

std::uint64_t CtaDispatcher::next_launch(std::uint64_t now) const {
  if (all_launched() || !pick()) return kNever;
  return std::max(now, first_cycle());
}

}  // namespace warpsim::timing
