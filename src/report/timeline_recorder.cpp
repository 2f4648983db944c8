// Recording a timed run's CTA and warp intervals (see report/timeline.hpp).
#include <warpsim/report/timeline.hpp>

#include <warpsim/common/error.hpp>

namespace warpsim::report {

KernelTimeline& TimelineRecorder::current() {
  if (kernels_.empty()) kernels_.emplace_back();  // events without on_kernel_begin: one unnamed kernel
  return kernels_.back();
}

CtaRecord& TimelineRecorder::cta(std::uint64_t linear) {
  const auto it = cta_index_.find(linear);
  if (it == cta_index_.end()) throw Error(ErrorKind::Internal, "timeline: event for a CTA that never started");
  return current().ctas[it->second];
}

void TimelineRecorder::on_kernel_begin(const std::string& entry) {
  kernels_.emplace_back();
  kernels_.back().entry = entry;
  cta_index_.clear();
}

void TimelineRecorder::on_kernel_end(std::uint64_t cycles) { current().cycles = cycles; }

void TimelineRecorder::on_cta_start(std::uint32_t sm, std::uint64_t linear, Dim3 id, std::uint64_t cycle) {
  KernelTimeline& k = current();
  cta_index_[linear] = k.ctas.size();
  CtaRecord c;
  c.linear = linear;
  c.id = id;
  c.sm = sm;
  c.start = c.end = cycle;
  k.ctas.push_back(std::move(c));
}

void TimelineRecorder::on_warp_start(std::uint32_t sm, std::uint32_t subpartition, std::uint64_t linear,
                                     std::uint32_t warp, std::uint64_t cycle) {
  KernelTimeline& k = current();
  cta(linear).warps.push_back(k.warps.size());
  k.warps.push_back({linear, warp, sm, subpartition, cycle, cycle, 0});
}

void TimelineRecorder::on_warp_end(std::uint64_t linear, std::uint32_t warp, std::uint64_t cycle,
                                   std::uint64_t issued) {
  KernelTimeline& k = current();
  for (const std::size_t w : cta(linear).warps) {
    if (k.warps[w].warp != warp) continue;
    k.warps[w].end = cycle;
    k.warps[w].issued = issued;
    return;
  }
  throw Error(ErrorKind::Internal, "timeline: end of a warp that never started");
}

void TimelineRecorder::on_cta_end(std::uint64_t linear, std::uint64_t cycle) { cta(linear).end = cycle; }

void TimelineRecorder::on_issue(const timing::IssueEvent& e) {
  KernelTimeline& k = current();
  if (opts_.instructions) k.instructions.push_back(e);
  if (opts_.issue_counts) {
    auto& counts = k.issues_per_sm[e.sm];
    const std::size_t b = e.cycle / KernelTimeline::kIssueBucket;
    if (counts.size() <= b) counts.resize(b + 1, 0);
    ++counts[b];
  }
}

}  // namespace warpsim::report
