// The Chrome Trace Event writer, for Perfetto (ui.perfetto.dev) and chrome://tracing (README.md "Timelines").
//
// Layout: pid = SM id ("SM n"), tid 0.. the CTAs of that SM, tid 1000*(k+1)+j the warps of sub-partition k.
// Slices on one thread must not overlap (the viewers assume nesting), so CTAs and warps that overlap in time
// go to extra threads of the same group ("CTAs +1", "sub-partition k +1", ...), chosen first-fit in start
// order. Kernels follow each other in time: kernel i starts where kernel i-1 ended, shown on a "kernels"
// process. ts and dur are cycles (the viewers label them microseconds).
// Leaves out: per-instruction slices (see the timeline's "instructions"), flow arrows.
#include <warpsim/report/timeline.hpp>

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <set>

namespace warpsim::report {
namespace {

using ojson = nlohmann::ordered_json;

constexpr std::uint32_t kKernelsPid = 1000000;
constexpr std::uint32_t kSubTid = 1000;      // sub-partition k's threads start at kSubTid * (k + 1)
constexpr std::size_t kCounterPoints = 200;  // IPC buckets per SM per kernel, at most

struct Emitter {
  std::vector<std::string> events;
  void add(const ojson& e) { events.push_back(e.dump()); }
  void meta(const char* name, std::uint32_t pid, std::uint32_t tid, const ojson& args) {
    add({{"name", name}, {"ph", "M"}, {"pid", pid}, {"tid", tid}, {"ts", 0}, {"args", args}});
  }
};

// First-fit lanes: the lowest lane whose last slice ended by `start`.
std::size_t lane_for(std::vector<std::uint64_t>& ends, std::uint64_t start, std::uint64_t end) {
  for (std::size_t j = 0; j < ends.size(); ++j)
    if (ends[j] <= start) {
      ends[j] = end;
      return j;
    }
  ends.push_back(end);
  return ends.size() - 1;
}

}  // namespace

std::string perfetto_json(const std::string& gpu, const std::vector<KernelTimeline>& kernels) {
  Emitter em;
  std::set<std::uint32_t> sms;
  std::map<std::uint32_t, std::size_t> cta_lanes;                             // sm -> lanes used
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::size_t> warp_lanes;  // (sm, sub) -> lanes used
  std::uint64_t base = 0;
  for (const KernelTimeline& k : kernels) {
    em.add({{"name", k.entry},
            {"cat", "kernel"},
            {"ph", "X"},
            {"pid", kKernelsPid},
            {"tid", 0},
            {"ts", base},
            {"dur", k.cycles},
            {"args", {{"ctas", k.ctas.size()}, {"warps", k.warps.size()}}}});
    std::map<std::uint32_t, std::vector<std::uint64_t>> cta_ends;
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::vector<std::uint64_t>> warp_ends;
    std::map<std::uint32_t, std::map<std::uint64_t, std::int64_t>> resident;  // sm -> cycle -> change
    for (const CtaRecord& c : k.ctas) {
      sms.insert(c.sm);
      const std::uint64_t end = std::max(c.end, c.start);
      const std::size_t lane = lane_for(cta_ends[c.sm], c.start, end);
      cta_lanes[c.sm] = std::max(cta_lanes[c.sm], lane + 1);
      em.add({{"name", fmt::format("CTA ({},{},{})", c.id.x, c.id.y, c.id.z)},
              {"cat", "cta"},
              {"ph", "X"},
              {"pid", c.sm},
              {"tid", lane},
              {"ts", base + c.start},
              {"dur", end - c.start},
              {"args", {{"kernel", k.entry}, {"linear", c.linear}, {"warps", c.warps.size()}}}});
      resident[c.sm][c.start] += static_cast<std::int64_t>(c.warps.size());
      resident[c.sm][end] -= static_cast<std::int64_t>(c.warps.size());
    }
    std::vector<const WarpRecord*> order;
    for (const WarpRecord& w : k.warps) order.push_back(&w);
    std::stable_sort(order.begin(), order.end(), [](const auto* a, const auto* b) { return a->start < b->start; });
    for (const WarpRecord* w : order) {
      const std::uint64_t end = std::max(w->end, w->start);
      const auto key = std::make_pair(w->sm, w->subpartition);
      const std::size_t lane = lane_for(warp_ends[key], w->start, end);
      warp_lanes[key] = std::max(warp_lanes[key], lane + 1);
      em.add({{"name", fmt::format("warp {} of CTA {}", w->warp, w->cta)},
              {"cat", "warp"},
              {"ph", "X"},
              {"pid", w->sm},
              {"tid", kSubTid * (w->subpartition + 1) + lane},
              {"ts", base + w->start},
              {"dur", end - w->start},
              {"args", {{"kernel", k.entry}, {"issued", w->issued}}}});
    }
    for (const auto& [sm, changes] : resident) {
      std::int64_t n = 0;
      for (const auto& [cycle, d] : changes) {
        n += d;
        em.add({{"name", "resident warps"},
                {"ph", "C"},
                {"pid", sm},
                {"tid", 0},
                {"ts", base + cycle},
                {"args", {{"warps", n}}}});
      }
    }
    // IPC per SM: issues per cycle over buckets of a whole number of recording buckets.
    const std::uint64_t span = std::max<std::uint64_t>(k.cycles, 1);
    const std::uint64_t per = std::max<std::uint64_t>(1, (span + KernelTimeline::kIssueBucket * kCounterPoints - 1) /
                                                             (KernelTimeline::kIssueBucket * kCounterPoints));
    const std::uint64_t width = per * KernelTimeline::kIssueBucket;
    for (const auto& [sm, counts] : k.issues_per_sm) {
      sms.insert(sm);
      for (std::size_t b = 0; b * per < counts.size(); ++b) {
        std::uint64_t n = 0;
        for (std::size_t i = b * per; i < std::min(counts.size(), (b + 1) * per); ++i) n += counts[i];
        em.add({{"name", "IPC"},
                {"ph", "C"},
                {"pid", sm},
                {"tid", 0},
                {"ts", base + b * width},
                {"args", {{"ipc", static_cast<double>(n) / static_cast<double>(width)}}}});
      }
      const std::uint64_t buckets = (counts.size() + per - 1) / per;
      em.add({{"name", "IPC"},
              {"ph", "C"},
              {"pid", sm},
              {"tid", 0},
              {"ts", base + buckets * width},
              {"args", {{"ipc", 0.0}}}});
    }
    base += k.cycles;
  }
  // Names and order of processes and threads.
  em.meta("process_name", kKernelsPid, 0, {{"name", "kernels"}});
  em.meta("process_sort_index", kKernelsPid, 0, {{"sort_index", -1}});
  em.meta("thread_name", kKernelsPid, 0, {{"name", "kernels"}});
  for (const std::uint32_t sm : sms) {
    em.meta("process_name", sm, 0, {{"name", fmt::format("SM {}", sm)}});
    em.meta("process_sort_index", sm, 0, {{"sort_index", sm}});
    const std::size_t nc = std::max<std::size_t>(cta_lanes[sm], 1);
    for (std::size_t j = 0; j < nc; ++j) {
      const std::string name = j == 0 ? std::string("CTAs") : fmt::format("CTAs +{}", j);
      em.meta("thread_name", sm, static_cast<std::uint32_t>(j), {{"name", name}});
      em.meta("thread_sort_index", sm, static_cast<std::uint32_t>(j), {{"sort_index", j}});
    }
  }
  for (const auto& [key, lanes] : warp_lanes)
    for (std::size_t j = 0; j < lanes; ++j) {
      const auto tid = static_cast<std::uint32_t>(kSubTid * (key.second + 1) + j);
      const std::string name = fmt::format("sub-partition {}", key.second) + (j == 0 ? "" : fmt::format(" +{}", j));
      em.meta("thread_name", key.first, tid, {{"name", name}});
      em.meta("thread_sort_index", key.first, tid, {{"sort_index", tid}});
    }
  std::string out = "{\"traceEvents\": [\n";
  for (std::size_t i = 0; i < em.events.size(); ++i) out += (i == 0 ? "" : ",\n") + em.events[i];
  ojson other;
  other["format"] = "warpsim-perfetto/1";
  other["gpu"] = gpu;
  other["time_unit"] = "ts and dur are GPU cycles (viewers label them microseconds)";
  out += fmt::format("\n],\n\"displayTimeUnit\": \"ns\",\n\"otherData\": {}\n}}\n", other.dump());
  return out;
}

}  // namespace warpsim::report
